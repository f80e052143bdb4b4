/**
 * A pending report's check run, as publish leaves it: its record sealed for the head commit and
 * check name, or, when a finishing run would not read that record, the run's report as an error.
 */
import { describe, expect, it } from 'vitest';
import { pendingCheckRunOf } from '../../src/action/publish-pending.ts';
import { readPendingRecord } from '../../src/engine/pending-record.ts';
import { projectReport, reportOf } from '../support/report.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const target = { headSha: 'e'.repeat(40), checkName: 'Smart contract audit' };
const run = {
  settings: {
    scope: 'changed-files' as const,
    timeoutMs: 45 * 60_000,
    apiKey: KEY,
    baseUrl: new URL('https://audits.example'),
    pullRequestComment: true,
  },
  startedAt: Date.parse('2026-11-29T06:00:00Z'),
  context: {
    pullRequest: { number: 5, headSha: target.headSha, changedFiles: 1 },
    repository: 'acme/vaults',
  },
  target,
};
const pendingReport = (name: string) =>
  reportOf({
    verdict: 'pending',
    projects: [projectReport(name, 'pending', 0, { path: '.', auditId: 'audit-1' })],
  });

describe('pendingCheckRunOf', () => {
  it('leaves the record of what finishing the run needs, sealed for its commit and check', () => {
    const { left, refused } = pendingCheckRunOf(pendingReport('vaults'), 'summary', run);
    expect(refused).toBeUndefined();
    expect(left?.output.summary).toBe('summary');
    expect(
      readPendingRecord(left?.externalId ?? '', {
        ...target,
        apiKey: KEY,
        repository: 'acme/vaults',
        service: 'https://audits.example',
        now: Date.now(),
      }),
    ).toEqual({
      projectName: 'vault',
      audits: [{ name: 'vaults', path: '.', auditId: 'audit-1' }],
      several: false,
      failOn: 'high',
      scope: 'changed-files',
      timeoutMinutes: 45,
      startedAt: '2026-11-29T06:00:00.000Z',
      pullRequest: 5,
      comment: true,
      baseline: undefined,
      headCommit: undefined,
      service: 'https://audits.example',
    });
  });

  it('leaves none a finishing run would not read: the run is an error saying why', () => {
    const report = pendingReport('Vaults 👩\u200d💻');
    const { left, refused } = pendingCheckRunOf(report, 'summary', run);
    expect(left).toBeUndefined();
    expect(refused).toMatchObject({
      verdict: 'error',
      reason: expect.stringContaining('(the record has a project with no usable name or folder)'),
      resumeHint: expect.stringContaining('`audit-id: audit-1`'),
      projects: report.projects,
    });
  });
});
