import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal } from '../../src/engine/record-seal.ts';
import {
  MAX_AUDIT_ID_LENGTH,
  MAX_RECORD_BYTES,
  RECORD_VERSION,
  UPLOAD_FORMAT_VERSION,
  readRecord,
  recordText,
  uploadDigest,
  type ReuseRecord,
} from '../../src/engine/reuse.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

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

describe('uploadDigest, field by field', () => {
  const digestOf = async (project: string, origin: string, contents: Record<string, string>) =>
    uploadDigest(project, origin, await files(contents));

  it('is the same for the same files listed in any order', async () => {
    const contents = { 'b.sol': '2', 'a.sol': '1', 'src/c.sol': '3', 'B.sol': '4', 'a.vy': '5' };
    const listed = await files(contents);
    const digest = await uploadDigest('vaults', 'https://a.example', listed);
    const orders = [
      [...listed].reverse(),
      [...listed.slice(2), ...listed.slice(0, 2)],
      [listed[3]!, listed[0]!, listed[4]!, listed[2]!, listed[1]!],
    ];
    for (const order of orders) {
      expect(await uploadDigest('vaults', 'https://a.example', order)).toBe(digest);
    }
  });

  it('is SHA-256 over exactly the fields it names, each prefixed by its length in bytes', async () => {
    // Names sort by UTF-16 code unit, as the digest sorts them: 'B' before 'a' before 'é'.
    const contents = {
      'src/é.sol': 'contract Ü {}',
      'src/a.sol': 'contract A {}',
      'src/B.sol': '',
    };
    const hash = createHash('sha256');
    const field = (bytes: Buffer) => {
      const length = Buffer.alloc(8);
      length.writeBigUInt64BE(BigInt(bytes.length));
      hash.update(length).update(bytes);
    };
    for (const text of ['contract-audit-upload/1', 'vaults/core', 'https://a.example']) {
      field(Buffer.from(text));
    }
    for (const name of ['src/B.sol', 'src/a.sol', 'src/é.sol'] as const) {
      field(Buffer.from(name));
      field(Buffer.from(contents[name]));
    }
    expect(UPLOAD_FORMAT_VERSION).toBe(1);
    expect(await digestOf('vaults/core', 'https://a.example', contents)).toBe(hash.digest('hex'));
  });

  it('differs when bytes move between a file name and its content, or between two fields', async () => {
    const origin = 'https://a.example';
    expect(await digestOf('vaults', origin, { 'A.sol': 'xy' })).not.toBe(
      await digestOf('vaults', origin, { 'A.solx': 'y' }),
    );
    // Two files, and one holding both as they would hash with a fixed 8-byte separator.
    const zeros = '\u0000'.repeat(8);
    expect(await digestOf('vaults', origin, { 'A.sol': 'x', 'B.sol': 'y' })).not.toBe(
      await digestOf('vaults', origin, { 'A.sol': `x${zeros}B.sol${zeros}y` }),
    );
    expect(await digestOf('vaults', origin, { 'A.sol': 'x' })).not.toBe(
      await digestOf('vaultsh', 'ttps://a.example', { 'A.sol': 'x' }),
    );
  });
});

describe('readRecord', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const digest = 'd'.repeat(64);
  const runs = 'https://github.com/acme/vaults/actions/runs/';
  const good: ReuseRecord = {
    digest,
    auditId: 'audit-7',
    auditedAt: '2026-11-25T08:30:00.000Z',
    runUrl: `${runs}42`,
  };
  const key = { apiKey: KEY, runUrlPrefix: runs };
  const expected = {
    ...key,
    digest,
    now,
    maxAgeMs: 7 * 24 * 60 * 60 * 1000,
    vocabulary: ACTION_VOCABULARY,
  };
  /** A record sealed with the key, whatever it says: what only a run given the key can write. */
  const written = (changes: Partial<ReuseRecord>) => recordText({ ...good, ...changes }, key);
  const read = (record: object | string) =>
    readRecord(typeof record === 'string' ? record : JSON.stringify(record), expected);
  const fields = (text: string) => JSON.parse(text) as Record<string, unknown>;

  it('takes a record this action wrote', () => {
    expect(readRecord(recordText(good, key), expected)).toEqual(good);
    expect(fields(recordText(good, key))).toEqual({
      version: RECORD_VERSION,
      auditId: 'audit-7',
      at: '2026-11-25T08:30:00.000Z',
      run: '42',
      seal: expect.stringMatching(/^[\w-]{22}$/),
    });
  });

  it('takes a record with no run, and says none', () => {
    const text = recordText({ ...good, runUrl: undefined }, key);
    expect(fields(text)).not.toHaveProperty('run');
    expect(read(text)).toEqual({ ...good, runUrl: undefined });
  });

  it('records no run that is not one of this repository, and shows none it cannot rebuild', () => {
    for (const runUrl of [
      'https://evil.example/acme/vaults/actions/runs/42',
      `${runs}42/attempts/2`,
      `${runs}`,
      `${runs}${'9'.repeat(20)}`,
    ]) {
      const text = recordText({ ...good, runUrl }, key);
      expect(fields(text)).not.toHaveProperty('run');
      expect(read(text)).toMatchObject({ auditId: 'audit-7', runUrl: undefined });
    }
    // A run that cannot be linked to where this repository's runs are not known.
    expect(readRecord(recordText(good, key), { ...expected, runUrlPrefix: undefined })).toEqual({
      ...good,
      runUrl: undefined,
    });
    // Nor is one recorded then, whatever the link says (`undefined` is no prefix of it).
    for (const runUrl of [good.runUrl, 'undefined42']) {
      const text = recordText({ ...good, runUrl }, { ...key, runUrlPrefix: undefined });
      expect(fields(text)).not.toHaveProperty('run');
    }
  });

  it.each([
    ['not JSON', '{ "version": 2', 'not JSON'],
    ['an array', '[]', 'not a JSON object'],
    ['null', 'null', 'not a JSON object'],
    ['a number', '2', 'not a JSON object'],
    ['a string', '"text"', 'not a JSON object'],
    ['another format', { ...fields(written({})), version: 3 }, 'another format'],
    ['no id', written({ auditId: '' }), 'no usable audit id'],
    ['an id of spaces', written({ auditId: '   ' }), 'no usable audit id'],
    [
      'an id too long',
      written({ auditId: 'a'.repeat(MAX_AUDIT_ID_LENGTH + 1) }),
      'no usable audit id',
    ],
    ['a control character', written({ auditId: 'a\nb' }), 'control character'],
    ['a format character', written({ auditId: 'a\u202eb' }), 'control character'],
    ['the key', written({ auditId: `x-${KEY}` }), 'holds the API key'],
    [
      'the key spelled in hex',
      written({ auditId: Buffer.from(KEY).toString('hex') }),
      'holds the API key',
    ],
    ['no date', written({ auditedAt: 'yesterday' }), 'no usable date'],
    ['a date in the future', written({ auditedAt: '2026-12-30T00:00:00Z' }), 'no usable date'],
    ['an old date', written({ auditedAt: '2026-11-19T00:00:00Z' }), 'older than'],
  ])('refuses a record with %s', (_, record, why) => {
    expect(read(record)).toEqual(expect.stringContaining(why));
  });

  it('takes the longest id, a date exactly a day ahead of its clock, and one exactly as old as allowed', () => {
    const longest = 'a'.repeat(MAX_AUDIT_ID_LENGTH);
    expect(read(written({ auditId: longest }))).toMatchObject({ auditId: longest });
    const day = 24 * 60 * 60 * 1000;
    for (const at of [now + day, now - expected.maxAgeMs]) {
      const auditedAt = new Date(at).toISOString();
      expect(read(written({ auditedAt }))).toMatchObject({ auditedAt });
    }
    expect(read(written({ auditedAt: new Date(now + day + 1).toISOString() }))).toBe(
      'the record has no usable date',
    );
    expect(read(written({ auditedAt: new Date(now - expected.maxAgeMs - 1).toISOString() }))).toBe(
      'the record is older than `reuse-max-age-days`',
    );
  });

  it('reads a record of exactly its size bound, and refuses one a byte larger', () => {
    const text = recordText(good, key);
    const padded = `${text}${' '.repeat(MAX_RECORD_BYTES - text.length)}`;
    expect(Buffer.byteLength(padded)).toBe(MAX_RECORD_BYTES);
    expect(read(padded)).toEqual(good);
    expect(read(`${padded} `)).toBe(`the record is larger than ${MAX_RECORD_BYTES} bytes`);
  });

  describe('refuses, as not written with this API key, a record', () => {
    const NOT_SEALED = 'the record was not written with this API key for this upload';
    const real = fields(recordText(good, key));
    const clean = { ...real, auditId: 'audit-of-clean-code' };
    const sealOf = (apiKey: string, kind: 'reuse' | 'pendingCheck', values: unknown[]) =>
      seal(apiKey, kind, values as (string | undefined)[]);

    it.each([
      ['with no seal', { ...clean, seal: undefined }],
      ['with an empty seal', { ...clean, seal: '' }],
      ['with a seal that is no string', { ...clean, seal: 7 }],
      ['with a made-up seal', { ...clean, seal: 'A'.repeat(22) }],
      ['with the seal of the record it was copied from', clean],
      [
        'sealed with another key',
        {
          ...clean,
          seal: sealOf('sk_live_another', 'reuse', ['2', digest, clean.auditId, real.at, '42']),
        },
      ],
      [
        'sealed as a pending check-run record',
        {
          ...clean,
          seal: sealOf(KEY, 'pendingCheck', ['2', digest, clean.auditId, real.at, '42']),
        },
      ],
      [
        'sealed for another upload',
        recordText({ ...good, digest: 'e'.repeat(64), auditId: clean.auditId }, key),
      ],
      ['whose run was changed', { ...real, run: '43' }],
      ['whose run was dropped', { ...real, run: undefined }],
      ['whose date was moved', { ...real, at: '2026-11-26T08:30:00.000Z' }],
      ['whose date is spelled otherwise', { ...real, at: '2026-11-25T08:30:00Z' }],
      ['whose id is of another type', { ...real, auditId: 7 }],
      ['whose run is of another type', { ...real, run: 42 }],
      ['whose seal is padded', { ...real, seal: `${String(real.seal)}==` }],
      // JSON.parse keeps the last of two same names: what is checked is what is used.
      [
        'naming its id twice',
        `${recordText(good, key).slice(0, -1)},"auditId":"audit-of-clean-code"}`,
      ],
    ])('%s', (_, record) => {
      expect(read(record)).toBe(NOT_SEALED);
    });

    it.each([
      [
        'of the format before seals',
        { version: 1, digest, auditId: 'audit-7', auditedAt: good.auditedAt },
      ],
      // JSON.parse makes `__proto__` an own field: nothing is read through it.
      ['whose fields hide behind __proto__', `{"__proto__":${recordText(good, key)}}`],
    ])('%s, as of another format', (_, record) => {
      expect(read(record)).toBe('the record is of another format');
    });

    // Sealed with the key, but over fields this action never writes: their types are checked
    // all the same, so such a record is refused, never read.
    it.each([
      ['whose id is a number', { auditId: 7 }],
      ['whose date is a number', { at: 7 }],
      ['whose run is a number', { run: 42 }],
    ])('sealed with the key, %s', (_, change) => {
      const sealedWithKey = (values: Record<string, unknown>) => ({
        ...values,
        seal: sealOf(KEY, 'reuse', ['2', digest, values.auditId, values.at, values.run]),
      });
      // The same seal over the fields as written reads as the record.
      expect(read(sealedWithKey(real))).toEqual(good);
      expect(read(sealedWithKey({ ...real, ...change }))).toBe(NOT_SEALED);
    });

    it('when the key was rotated since it was written', () => {
      expect(readRecord(recordText(good, key), { ...expected, apiKey: `${KEY}-rotated` })).toBe(
        NOT_SEALED,
      );
    });
  });
});
