import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { UploadManifest } from '../../src/audit/upload-manifest.ts';
import {
  EXTERNAL_ID_MAX_CHARS,
  RECORD_IN_TEXT,
  pendingRecordOf,
  recordOfCheckRun,
  refusedPendingReport,
  renderPendingCheckRun,
  unreadablePendingRecord,
} from '../../src/action/pending-check.ts';
import {
  MAX_PENDING_RECORD_BYTES,
  readPendingRecord,
  type PendingRecord,
} from '../../src/engine/pending-record.ts';
import { projectReport, reportOf } from '../support/report.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const target = { headSha: 'e'.repeat(40), checkName: 'Smart contract audit' };
const key = {
  ...target,
  apiKey: KEY,
  repository: 'acme/vaults',
  service: 'https://audits.example',
};
const expected = { ...key, now: Date.now() };

/** An upload of `count` files in a Foundry layout's folders, its names made unique by `tag`. */
function manifestOf(count: number, tag: (n: number) => string): UploadManifest {
  return {
    files: Array.from({ length: count }, (_, n) => ({
      relativePath: `${n % 2 === 0 ? 'src/vaults' : 'lib/openzeppelin-contracts/contracts/token'}/${tag(n)}.sol`,
      repositoryPath: `packages/core/${n % 2 === 0 ? 'src/vaults' : 'lib/openzeppelin-contracts/contracts/token'}/${tag(n)}.sol`,
      dependency: n % 2 === 1,
    })),
    suppressions: new Map(),
  };
}

const record = (audits: number): PendingRecord => ({
  projectName: 'vaults',
  audits: Array.from({ length: audits }, (_, n) => ({
    name: `vaults/packages/p${n}`,
    path: `packages/p${n}`,
    auditId: `audit-${n}-${'x'.repeat(30)}`,
  })),
  several: audits > 1,
  failOn: 'low',
  scope: 'all',
  timeoutMinutes: 30,
  startedAt: '2026-11-29T06:00:00.000Z',
  pullRequest: 5,
  comment: true,
  baseline: undefined,
  headCommit: undefined,
  service: 'https://audits.example',
});

const render = (pending: PendingRecord) =>
  renderPendingCheckRun(reportOf({ verdict: 'pending' }), 'summary', pending, key);

describe('the pending check run', () => {
  it('holds a short record in external_id', () => {
    const left = render(record(1));
    expect(left.externalId.length).toBeLessThanOrEqual(EXTERNAL_ID_MAX_CHARS);
    expect(left.output).toEqual({
      title: 'Pending: the audit is still running',
      summary: 'summary',
    });
    const text = recordOfCheckRun({ externalId: left.externalId, text: null });
    expect(readPendingRecord(text ?? '', expected)).toEqual(record(1));
  });

  it("holds a longer record in the output's text, out of sight, and says so in external_id", () => {
    const long = record(20);
    const left = render(long);
    expect(left.externalId).toBe(RECORD_IN_TEXT);
    expect(left.output.text).toMatch(/^<!-- contract-audit-pending-record [\w-]+ -->$/);
    const text = recordOfCheckRun({ externalId: left.externalId, text: left.output.text ?? '' });
    expect(readPendingRecord(text ?? '', expected)).toEqual(long);
  });

  it("keeps an upload's file list of thousands of files, compressed in the text", () => {
    const large = record(1);
    large.audits = [{ ...large.audits[0]!, manifest: manifestOf(5_000, (n) => `Contract${n}`) }];
    const left = render(large);
    expect(left.output.text!.length).toBeLessThan(65_535);
    expect(unreadablePendingRecord(left, large, key)).toBeUndefined();
    const text = recordOfCheckRun({ externalId: left.externalId, text: left.output.text! });
    expect(readPendingRecord(text!, expected)).toEqual(large);
  });

  it.each([
    ['does not inflate', Buffer.from('not deflated at all').toString('base64url')],
    [
      'inflates past the bound',
      deflateRawSync(Buffer.alloc(MAX_PENDING_RECORD_BYTES + 1, 32)).toString('base64url'),
    ],
  ])('gives a record in the text that %s as empty, which the reader refuses', (_, encoded) => {
    const text = recordOfCheckRun({
      externalId: RECORD_IN_TEXT,
      text: `<!-- contract-audit-pending-record ${encoded} -->`,
    });
    expect(text).toBe('');
    expect(readPendingRecord(text!, expected)).toBe('the record is not JSON');
  });

  it.each([
    ['no external_id', { externalId: null, text: 'x' }],
    ["a waiting run's audit id", { externalId: 'audit-1', text: 'Audit ID: audit-1' }],
    ["a waiting run's audit ids", { externalId: '{"packages/a":"a-1"}', text: null }],
    ['an empty one', { externalId: '', text: null }],
  ])('finds no record in a check run with %s', (_, checkRun) => {
    expect(recordOfCheckRun(checkRun)).toBeUndefined();
  });

  it.each([
    ['no text', null],
    ['a text without the record', 'Audit ID: a'],
    ['an unclosed record', '<!-- contract-audit-pending-record abc'],
    ['a record that is not base64url', '<!-- contract-audit-pending-record a+b/c= -->'],
  ])(
    'gives the record as empty, for the reader to refuse, when external_id says it is in the text but it has %s',
    (_, text) => {
      expect(recordOfCheckRun({ externalId: RECORD_IN_TEXT, text })).toBe('');
    },
  );

  it("is made of the report's audits and what the run was asked", () => {
    const report = reportOf({
      several: true,
      failOn: 'high',
      projects: [
        projectReport('v/a', 'pending', 0, { path: 'a', auditId: 'a-1' }),
        projectReport('v/b', 'error', 0, { path: 'b', auditId: undefined }),
      ],
    });
    expect(
      pendingRecordOf(report, {
        scope: 'changed-lines',
        timeoutMs: 90_000,
        startedAt: Date.parse('2026-11-29T06:00:00Z'),
        pullRequest: undefined,
        comment: false,
        service: new URL('https://audits.example/'),
      }),
    ).toEqual({
      projectName: 'vault',
      audits: [{ name: 'v/a', path: 'a', auditId: 'a-1' }],
      several: true,
      failOn: 'high',
      scope: 'changed-lines',
      timeoutMinutes: 1.5,
      startedAt: '2026-11-29T06:00:00.000Z',
      pullRequest: undefined,
      comment: false,
      baseline: undefined,
      headCommit: undefined,
      service: 'https://audits.example',
    });
  });

  it('says why a record would not read back, before it is left: an invisible character, a size past the reader’s', () => {
    expect(unreadablePendingRecord(render(record(50)), record(50), key)).toBeUndefined();
    const joined = {
      ...record(1),
      audits: [{ ...record(1).audits[0]!, name: 'Vaults 👩\u200d💻' }],
    };
    expect(unreadablePendingRecord(render(joined), joined, key)).toBe(
      'the record has a project with no usable name or folder',
    );
    // Files whose names do not compress: within each field's bound, past the output text's.
    const wide = record(1);
    const random = (n: number) => `${n}-${randomBytes(24).toString('hex')}`;
    wide.audits = [{ ...wide.audits[0]!, manifest: manifestOf(2_000, random) }];
    expect(unreadablePendingRecord(render(wide), wide, key)).toBe(
      'the record does not fit on the check run',
    );
  });

  it('makes a run whose record cannot be left an error, saying why and how to collect its audits by hand', () => {
    const pending = reportOf({
      verdict: 'pending',
      reason: 'The audit is still running at the service.',
      resumeHint: 'The check run stays in progress until a finishing run completes it.',
    });
    const refused = refusedPendingReport(
      pending,
      record(1),
      'the record has a project with no usable name or folder',
    );
    expect(refused).toEqual({
      ...pending,
      verdict: 'error',
      reason: expect.stringMatching(
        /^This pending run's record cannot be kept on the check run \(the record has a project with no usable name or folder\), so no finishing run could complete it\. A record keeps each project's name and folder up to 300 characters .*; to audit these projects as they are, run with `wait: true`, or split them over jobs\.$/,
      ),
      resumeHint: `The audit goes on at the service. To collect its results by hand without uploading again, run with \`audit-id: ${record(1).audits[0]!.auditId}\`.`,
    });
    // Several projects' ids are a JSON object, quoted for YAML.
    const several = refusedPendingReport({ ...pending, several: true }, record(2), 'too large');
    expect(several.resumeHint).toMatch(
      /^The audits go on at the service\. To collect every project's results .* run with `audit-id: '\{"packages\/p0":"audit-0-x+","packages\/p1":"audit-1-x+"\}'`\.$/,
    );
  });
});
