import { describe, expect, it } from 'vitest';
import { parseBaseline } from '../../src/audit/baseline.ts';
import { findSuppressions } from '../../src/audit/suppressions.ts';
import type { UploadManifest } from '../../src/audit/upload-manifest.ts';
import { seal } from '../../src/engine/record-seal.ts';
import {
  pendingService,
  RECORD_OF_ANOTHER_SERVICE,
  MAX_PENDING_RECORD_BYTES,
  MAX_PROJECT_FIELD_LENGTH,
  PENDING_RECORD_VERSION,
  pendingAuditIds,
  pendingRecordText,
  readPendingRecord,
  type PendingAudit,
  type PendingRecord,
} from '../../src/engine/pending-record.ts';
import { MAX_AUDIT_ID_LENGTH } from '../../src/engine/reuse.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const HEAD = '0123456789abcdef0123456789abcdef01234567';
const CHECK = 'Smart contract audit';
const NOW = Date.parse('2026-11-29T06:00:00.000Z');
const where = {
  apiKey: KEY,
  repository: 'acme/vaults',
  headSha: HEAD,
  checkName: CHECK,
  service: 'https://audits.example/api',
};
const expected = { ...where, now: NOW };

/** What the core's upload held: an audited file with a suppression comment, a dependency. */
const manifest: UploadManifest = {
  files: [
    {
      relativePath: 'src/Vault.sol',
      repositoryPath: 'packages/core/src/Vault.sol',
      dependency: false,
    },
    {
      relativePath: 'lib/solmate/src/ERC20.sol',
      repositoryPath: 'packages/core/lib/solmate/src/ERC20.sol',
      dependency: true,
    },
  ],
  suppressions: new Map([
    [
      'src/Vault.sol',
      findSuppressions('x();\n// audit-ignore-next-line reentrancy-eth -- guarded\ny();\n'),
    ],
  ]),
};

const record: PendingRecord = {
  projectName: 'vaults',
  audits: [
    { name: 'vaults/core', path: 'packages/core', auditId: 'audit-1', manifest },
    { name: 'vaults/periphery', path: 'packages/periphery', auditId: 'audit-2' },
  ],
  several: true,
  failOn: 'medium',
  scope: 'changed-lines',
  timeoutMinutes: 45,
  startedAt: '2026-11-29T05:55:00.000Z',
  pullRequest: 7,
  comment: true,
  service: 'https://audits.example/api',
  headCommit: {
    sha: 'c'.repeat(40),
    refused: [{ path: '../outside.sol', reason: 'climbs out of the project' }],
  },
  baseline: parseBaseline(
    JSON.stringify({
      version: 1,
      accepted: [{ fingerprint: 'f1', reason: 'known', severity: 'low' }],
    }),
    'b.json',
  ),
};

/** The written record as an object, and back to text: a forger's starting point. */
const fields = (text = pendingRecordText(record, where)) =>
  JSON.parse(text) as Record<string, unknown>;
const text = (value: unknown) => JSON.stringify(value);

describe('the pending record', () => {
  it('reads back what was written, for the same key, commit and check name', () => {
    const written = pendingRecordText(record, where);
    expect(readPendingRecord(written, expected)).toEqual(record);
    expect(pendingAuditIds(record)).toBe(
      '{"packages/core":"audit-1","packages/periphery":"audit-2"}',
    );
  });

  it('reads back a run of one project with no pull request, its id the plain `audit-id`', () => {
    const one: PendingRecord = {
      ...record,
      audits: [{ name: 'vaults', path: '.', auditId: 'audit-9' }],
      several: false,
      pullRequest: undefined,
      timeoutMinutes: 0.5,
    };
    expect(readPendingRecord(pendingRecordText(one, where), expected)).toEqual(one);
    expect(pendingAuditIds(one)).toBe('audit-9');
  });

  it("reads back each audit's upload digest, when it has one, and refuses one that is none", () => {
    const digest = 'ab'.repeat(32);
    const withDigest: PendingRecord = {
      ...record,
      audits: [{ ...record.audits[0]!, digest }, record.audits[1]!],
    };
    expect(readPendingRecord(pendingRecordText(withDigest, where), expected)).toEqual(withDigest);
    const bad = { ...withDigest, audits: [{ ...record.audits[0]!, digest: 'AB'.repeat(32) }] };
    expect(readPendingRecord(pendingRecordText(bad, where), expected)).toBe(
      'the record has no usable digest',
    );
  });

  it('is compact JSON that never holds the key', () => {
    const written = pendingRecordText(record, where);
    expect(written).not.toContain(KEY);
    expect(written).toBe(JSON.stringify(JSON.parse(written)));
    expect(fields(written)['v']).toBe(PENDING_RECORD_VERSION);
  });

  it('does not read in another repository, on another commit, under another check name, or with another key', () => {
    const written = pendingRecordText(record, where);
    const refusal =
      'the record was not written with this API key for this repository, commit and check';
    expect(readPendingRecord(written, { ...expected, repository: 'fork/vaults' })).toBe(refusal);
    expect(readPendingRecord(written, { ...expected, headSha: 'f'.repeat(40) })).toBe(refusal);
    expect(readPendingRecord(written, { ...expected, checkName: 'Audit (nightly)' })).toBe(refusal);
    expect(readPendingRecord(written, { ...expected, apiKey: `${KEY}x` })).toBe(refusal);
  });

  it("reads a record of another service sealed with this key, naming it; leaves one of another service and key to that service's finishing run", () => {
    const written = pendingRecordText(record, where);
    expect(readPendingRecord(written, { ...expected, service: 'https://other.example' })).toEqual(
      record,
    );
    const theirs = { ...expected, apiKey: `${KEY}-other` };
    expect(readPendingRecord(written, { ...theirs, service: 'https://other.example' })).toBe(
      RECORD_OF_ANOTHER_SERVICE,
    );
    expect(readPendingRecord(written, theirs)).toMatch(/not written with this API key/);
  });

  it('is one service whatever the trailing slashes of its `base-url`', () => {
    for (const url of [
      'https://audits.example/api',
      'https://audits.example/api/',
      'https://audits.example/api//',
    ])
      expect(pendingService(new URL(url))).toBe('https://audits.example/api');
    expect(pendingService(new URL('https://audits.example/'))).toBe('https://audits.example');
  });

  it.each<[string, unknown]>([
    ['audits', [['vaults/core', 'packages/core', 'audit-3']]],
    ['audits', [...(fields()['audits'] as unknown[])].reverse()],
    ['several', false],
    ['failOn', 'none'],
    ['scope', 'all'],
    ['timeout', 10_080],
    ['at', '2026-11-29T05:59:00.000Z'],
    ['pr', 8],
    ['pr', null],
    ['baseline', null],
    ['name', 'other'],
    ['comment', false],
    ['commit', null],
    ['svc', 'https://other.example'],
    ['v', 2],
  ])('refuses the record with %s tampered (%j)', (field, value) => {
    const result = readPendingRecord(text({ ...fields(), [field]: value }), expected);
    expect(typeof result).toBe('string');
  });

  it('refuses a record with no seal, or a seal of another kind of record', () => {
    const unsealed = fields();
    delete unsealed['seal'];
    expect(readPendingRecord(text(unsealed), expected)).toMatch(/not written with this API key/);
    const reuseSeal = seal(KEY, 'reuse', [String(PENDING_RECORD_VERSION), HEAD, CHECK]);
    expect(readPendingRecord(text({ ...fields(), seal: reuseSeal }), expected)).toMatch(
      /not written with this API key/,
    );
  });

  it.each([
    ['not JSON', '{"v":3,', 'the record is not JSON'],
    ['an array', '[1]', 'the record is not a JSON object'],
    ['null', 'null', 'the record is not a JSON object'],
    ['another format', '{"v":"1"}', 'the record is of another format'],
    ['fields of the wrong type', '{"v":3,"audits":{},"seal":"x"}', /not written with this/],
  ])('refuses hostile JSON: %s', (_, hostile, why) => {
    expect(readPendingRecord(hostile, expected)).toMatch(why);
  });

  it('refuses a record larger than its bound before parsing it', () => {
    const padded = `${pendingRecordText(record, where)}${' '.repeat(MAX_PENDING_RECORD_BYTES)}`;
    expect(readPendingRecord(padded, expected)).toBe(
      `the record is larger than ${MAX_PENDING_RECORD_BYTES} bytes`,
    );
  });

  /** The record with the core's manifest changed. */
  function withManifest(changes: Partial<UploadManifest>): Partial<PendingRecord> {
    const [core, periphery] = record.audits as [PendingAudit, PendingAudit];
    return { audits: [{ ...core, manifest: { ...manifest, ...changes } }, periphery] };
  }

  /** A record the key's holder sealed, whose content is out of bounds: checked after the seal. */
  const sealedWith = (changes: Partial<PendingRecord>) =>
    readPendingRecord(pendingRecordText({ ...record, ...changes }, where), expected);

  it.each<[string, Partial<PendingRecord>, string | RegExp]>([
    ['no audits', { audits: [] }, /1 to 50 audits/],
    [
      'more audits than a run has projects',
      {
        audits: Array.from({ length: 51 }, (_, n) => ({
          name: `p${n}`,
          path: `p${n}`,
          auditId: `a${n}`,
        })),
      },
      /1 to 50 audits/,
    ],
    [
      'an audit id holding the key',
      { audits: [{ name: 'v', path: '.', auditId: `x${KEY}` }] },
      'the record has no usable audit id',
    ],
    [
      'an audit id too long',
      { audits: [{ name: 'v', path: '.', auditId: 'a'.repeat(MAX_AUDIT_ID_LENGTH + 1) }] },
      'the record has no usable audit id',
    ],
    [
      'a blank audit id',
      { audits: [{ name: 'v', path: '.', auditId: ' ' }] },
      'the record has no usable audit id',
    ],
    [
      'a name too long',
      { audits: [{ name: 'n'.repeat(MAX_PROJECT_FIELD_LENGTH + 1), path: '.', auditId: 'a' }] },
      /no usable name or folder/,
    ],
    [
      'an invisible character in a project name',
      { audits: [{ name: 'v\u202e', path: '.', auditId: 'a' }] },
      'the record has a project with no usable name or folder',
    ],
    [
      'a folder twice',
      {
        audits: [
          { name: 'a', path: 'p', auditId: '1' },
          { name: 'b', path: 'p', auditId: '2' },
        ],
      },
      'the record lists a folder twice',
    ],
    [
      'several audits of one project',
      { several: false },
      'the record lists several audits for one project',
    ],
    ['an unknown severity', { failOn: 'severe' as never }, /no usable severity/],
    ['an unknown scope', { scope: 'some' as never }, 'the record has no usable scope'],
    ['a time limit of more than a week', { timeoutMinutes: 10_081 }, /no usable time limit/],
    ['no time limit', { timeoutMinutes: 0 }, /no usable time limit/],
    ['a date more than a day ahead', { startedAt: '2026-11-30T06:00:01.000Z' }, /no usable date/],
    ['no date', { startedAt: 'yesterday' }, /no usable date/],
    ['a pull request number that is none', { pullRequest: 1.5 }, /no usable pull request/],
    [
      'a file listed twice',
      withManifest({ files: [manifest.files[0]!, manifest.files[0]!] }),
      'the record lists a file twice',
    ],
    [
      "a suppression comment of a dependency's",
      withManifest({
        suppressions: new Map([
          ['lib/solmate/src/ERC20.sol', manifest.suppressions.get('src/Vault.sol')!],
        ]),
      }),
      'the record has a suppression comment that is not one of an audited file',
    ],
    [
      'an empty file name',
      withManifest({
        files: [{ relativePath: '', repositoryPath: 'x', dependency: false }],
        suppressions: new Map(),
      }),
      'the record has a file that is not a name, a dependency mark and a path',
    ],
    [
      'a project name with an invisible character',
      { projectName: 'v\u200d' },
      /no usable project name/,
    ],
    [
      'an audited commit that is no commit id',
      { headCommit: { sha: 'main', refused: [] } },
      'the record has no usable audited commit',
    ],
    [
      'a baseline entry with no reason',
      { baseline: new Map([['f1', { fingerprint: 'f1', reason: ' ' }]]) },
      'the record has no usable baseline',
    ],
  ])('refuses a sealed record with %s', (_, changes, why) => {
    expect(sealedWith(changes)).toMatch(why);
  });

  it('keeps what an upload may hold: a file name with a tab or a zero-width joiner, a suppression comment of any length (its reason cut)', () => {
    const long = `audit-ignore-line reentrancy-eth -- ${'x'.repeat(17_000)}`;
    const odd: UploadManifest = {
      files: [
        { relativePath: 'src/A\tB.sol', repositoryPath: 'src/A\tB.sol', dependency: false },
        {
          relativePath: 'src/Va\u200dult.sol',
          repositoryPath: 'src/Va\u200dult.sol',
          dependency: false,
        },
      ],
      suppressions: new Map([
        ['src/A\tB.sol', [{ line: 2, rules: ['reentrancy-eth'], text: long }]],
      ]),
    };
    const written = { ...record, audits: [{ ...record.audits[0]!, manifest: odd }] };
    const read = readPendingRecord(pendingRecordText(written, where), expected);
    if (typeof read === 'string') throw new Error(read);
    const [kept] = read.audits[0]!.manifest!.suppressions.get('src/A\tB.sol')!;
    expect(read.audits[0]!.manifest!.files).toEqual(odd.files);
    expect(kept).toMatchObject({ line: 2, rules: ['reentrancy-eth'] });
    expect(kept!.text).toHaveLength(16_384);
    expect(kept!.text.endsWith('…')).toBe(true);
  });

  it('takes a date exactly a day ahead of its clock, the longest id and fifty projects', () => {
    const audits = Array.from({ length: 50 }, (_, n) => ({
      name: `vaults/p${n}`,
      path: `packages/p${n}`,
      auditId: 'a'.repeat(MAX_AUDIT_ID_LENGTH),
    }));
    const startedAt = new Date(NOW + 24 * 60 * 60 * 1000).toISOString();
    expect(sealedWith({ audits, startedAt })).toEqual({ ...record, audits, startedAt });
  });
});
