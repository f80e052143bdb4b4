import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_RECORD_BYTES,
  readRecord,
  recordText,
  uploadDigest,
  type ReuseRecord,
} from '../../src/engine/reuse.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

async function files(contents: Record<string, string>) {
  const folder = await mkdtemp(path.join(tmpdir(), 'digest-'));
  return Promise.all(
    Object.entries(contents).map(async ([relativePath, text], index) => {
      const absolutePath = path.join(folder, `${index}.sol`);
      await writeFile(absolutePath, text);
      return { relativePath, absolutePath };
    }),
  );
}

describe('uploadDigest', () => {
  it('is the same for the same names and bytes in any order, and never holds the key', async () => {
    const a = await files({ 'src/A.sol': 'contract A {}', 'src/B.sol': 'contract B {}' });
    const digest = await uploadDigest('vaults', 'https://audit.example.com', a);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await uploadDigest('vaults', 'https://audit.example.com', [...a].reverse())).toBe(
      digest,
    );
    expect(digest).not.toContain(KEY);
  });

  it('changes with a byte, a name, the project, the service, or bytes moved between fields', async () => {
    const base = await uploadDigest('vaults', 'https://a.example', await files({ 'A.sol': 'ab' }));
    const variants = [
      uploadDigest('vaults', 'https://a.example', await files({ 'A.sol': 'ac' })),
      uploadDigest('vaults', 'https://a.example', await files({ 'B.sol': 'ab' })),
      uploadDigest('vaults/core', 'https://a.example', await files({ 'A.sol': 'ab' })),
      uploadDigest('vaults', 'https://b.example', await files({ 'A.sol': 'ab' })),
      // The same bytes, split otherwise between name and content.
      uploadDigest('vaults', 'https://a.example', await files({ 'A.sola': 'b' })),
    ];
    const digests = await Promise.all(variants);
    expect(new Set([base, ...digests]).size).toBe(digests.length + 1);
  });
});

describe('readRecord', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const digest = 'd'.repeat(64);
  const good: ReuseRecord = {
    digest,
    auditId: 'audit-7',
    auditedAt: '2026-11-25T08:30:00.000Z',
    runUrl: 'https://github.com/acme/vaults/actions/runs/42',
  };
  const expected = {
    digest,
    apiKey: KEY,
    now,
    maxAgeMs: 7 * 24 * 60 * 60 * 1000,
    runUrlPrefix: 'https://github.com/acme/vaults/actions/runs/',
  };
  const read = (record: object | string) =>
    readRecord(typeof record === 'string' ? record : JSON.stringify(record), expected);

  it('takes a record this action wrote', () => {
    expect(readRecord(recordText(good), expected)).toEqual(good);
  });

  it.each([
    ['not JSON', '{ "version": 1', 'not JSON'],
    ['an array', [], 'not a JSON object'],
    ['another format', { ...good, version: 2 }, 'another format'],
    ['another upload', { ...good, version: 1, digest: 'e'.repeat(64) }, 'another upload'],
    ['no id', { ...good, version: 1, auditId: '' }, 'no usable audit id'],
    ['an id of another type', { ...good, version: 1, auditId: 7 }, 'no usable audit id'],
    ['an id too long', { ...good, version: 1, auditId: 'a'.repeat(201) }, 'no usable audit id'],
    ['a control character', { ...good, version: 1, auditId: 'a\nb' }, 'control character'],
    ['a format character', { ...good, version: 1, auditId: 'a\u202eb' }, 'control character'],
    ['the key', { ...good, version: 1, auditId: `x-${KEY}` }, 'holds the API key'],
    [
      'the key spelled in hex',
      { ...good, version: 1, auditId: Buffer.from(KEY).toString('hex') },
      'holds the API key',
    ],
    ['no date', { ...good, version: 1, auditedAt: 'yesterday' }, 'no usable date'],
    [
      'a date in the future',
      { ...good, version: 1, auditedAt: '2026-12-30T00:00:00Z' },
      'no usable date',
    ],
    ['an old date', { ...good, version: 1, auditedAt: '2026-11-19T00:00:00Z' }, 'older than'],
  ])('refuses a record with %s', (_, record, why) => {
    expect(read(record)).toEqual(expect.stringContaining(why));
  });

  it('refuses a record larger than any this action writes', () => {
    const padded = JSON.stringify({ ...good, version: 1, pad: 'x'.repeat(MAX_RECORD_BYTES) });
    expect(read(padded)).toEqual(expect.stringContaining('larger than'));
  });

  it('keeps a run link only when it is one of this repository', () => {
    for (const runUrl of [
      'https://evil.example/acme/vaults/actions/runs/42',
      'https://github.com/acme/other/actions/runs/42',
      'javascript:alert(1)',
      42,
    ]) {
      expect(read({ ...good, version: 1, runUrl })).toMatchObject({ runUrl: undefined });
    }
  });
});
