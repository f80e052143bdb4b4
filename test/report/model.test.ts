import { describe, expect, it } from 'vitest';
import {
  completedResult,
  errorResult,
  pendingResult,
  timeoutResult,
  type AuditResult,
} from '../../src/audit/result.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { buildReport } from '../../src/report/model.ts';
import { findingsOf } from '../support/findings.ts';
import { allActive, triageOf } from '../support/triage.ts';

/** A completed audit's answer; each test gives its findings. */
const completed = {
  auditId: 'a-1',
  state: 'completed' as const,
  rawStatus: 'completed',
  message: undefined,
  reportUrl: undefined,
  findings: undefined,
  incomplete: undefined,
};

/** The report of a run of these projects' results: several when more than one. */
function report(parts: [name: string, path: string, result: AuditResult][]) {
  return buildReport(
    {
      projects: parts.map(([name, path, result]) => ({ name, path, ...result })),
      several: parts.length > 1,
    },
    { projectName: 'acme', failOn: 'high', vocabulary: ACTION_VOCABULARY },
  );
}

describe('the report of several projects', () => {
  const passed = completedResult(
    { auditId: 'p-1', resumed: false, fileCount: 2 },
    { ...completed, auditId: 'p-1', findings: [] },
    triageOf(allActive(findingsOf('low'))),
    { failOn: 'high', vocabulary: ACTION_VOCABULARY },
  );
  const failed = completedResult(
    { auditId: 'f-1', resumed: false, fileCount: 5 },
    { ...completed, auditId: 'f-1', findings: [] },
    triageOf(allActive(findingsOf('critical', 'medium'))),
    { failOn: 'high', vocabulary: ACTION_VOCABULARY },
  );
  const timedOut = timeoutResult(
    { auditId: 't-1', resumed: false, fileCount: 1 },
    60_000,
    undefined,
  );

  it("is one project's own result when the run is of one", () => {
    const one = report([['acme', '.', failed]]);
    expect(one).toMatchObject({
      verdict: failed.verdict,
      reason: failed.reason,
      auditId: 'f-1',
      findings: failed.findings,
      counts: failed.counts,
      several: false,
      repeatedDependencyFindings: 0,
    });
    expect(one.projects).toEqual([
      expect.objectContaining({ name: 'acme', path: '.', verdict: 'fail', auditId: 'f-1' }),
    ]);
  });

  it('takes the worst verdict, every finding marked with its project in the model order, and the counts of all', () => {
    const combined = report([
      ['acme/a', 'a', passed],
      ['acme/b', 'b', failed],
    ]);
    expect(combined.verdict).toBe('fail');
    expect(combined.reason).toMatch(/^2 projects: 1 fail, 1 pass\. acme\/b: /);
    expect(combined.findings.map((entry) => [entry.finding.severity, entry.project])).toEqual([
      ['critical', 'acme/b'],
      ['medium', 'acme/b'],
      ['low', 'acme/a'],
    ]);
    expect(combined.counts.total).toBe(3);
    expect(combined.fileCount).toBe(7);
    expect(combined.auditId).toBe('{"a":"p-1","b":"f-1"}');
    expect(combined.projects.map((audit) => [audit.name, audit.verdict, audit.auditId])).toEqual([
      ['acme/a', 'pass', 'p-1'],
      ['acme/b', 'fail', 'f-1'],
    ]);
    expect(combined.resumeHint).toBeUndefined();
  });

  it('is no better than a project without results: a timeout outranks a fail, and one input resumes them all', () => {
    const combined = report([
      ['acme/b', 'b', failed],
      ['acme/t', 't', timedOut],
    ]);
    expect(combined.verdict).toBe('timeout');
    // The results that came are kept.
    expect(combined.findings).toHaveLength(2);
    expect(combined.resumeHint).toContain(`\`audit-id: '{"b":"f-1","t":"t-1"}'\``);
    const errored = errorResult(
      new Error('boom'),
      {
        auditId: undefined,
        resumed: false,
        fileCount: 1,
      },
      { vocabulary: ACTION_VOCABULARY },
    );
    expect(
      report([
        ['acme/t', 't', timedOut],
        ['acme/e', 'e', errored],
      ]).verdict,
    ).toBe('error');
  });

  const pending = pendingResult(
    { auditId: 'w-1', resumed: false, fileCount: 3 },
    {
      ...completed,
      auditId: 'w-1',
      state: 'running',
      rawStatus: 'in_progress',
      message: undefined,
    },
  );

  it('is pending while a project is, saying which finished with what: its verdict waits on that audit', () => {
    const combined = report([
      ['acme/a', 'a', passed],
      ['acme/w', 'w', pending],
    ]);
    expect(combined.verdict).toBe('pending');
    expect(combined.reason).toMatch(
      /^1 of 2 projects finished \(1 pass\); 1 still running\. acme\/w: The audit is still running/,
    );
    expect(combined.resumeHint).toBe(
      'The audits that did not report go on at the service; this run did not wait for them. ' +
        `${ACTION_VOCABULARY.pendingCompletion} To collect every project's results by hand ` +
        `without uploading again, run with \`audit-id: '{"a":"p-1","w":"w-1"}'\`.`,
    );
  });

  it('is pending while a project is, whatever the others gave: the run that finishes it collects them all', () => {
    const failing = report([
      ['acme/b', 'b', failed],
      ['acme/w', 'w', pending],
      ['acme/t', 't', timedOut],
    ]);
    expect(failing.verdict).toBe('pending');
    expect(failing.reason).toMatch(
      /^2 of 3 projects finished \(1 timeout, 1 fail\); 1 still running\. acme\/b: .*; acme\/w: The audit is still running.*; acme\/t: The audit did not finish/,
    );
    expect(failing.findings).toHaveLength(2);
    expect(
      report([
        ['acme/w', 'w', pending],
        ['acme/v', 'v', pending],
      ]).reason,
    ).toMatch(/^0 of 2 projects finished; 2 still running\./);
  });

  it('is not pending once a project ended without an audit: no later run has anything of it to collect', () => {
    const refused = errorResult(
      new Error('upload refused'),
      { auditId: undefined, resumed: false, fileCount: 1 },
      { vocabulary: ACTION_VOCABULARY },
    );
    const combined = report([
      ['acme/e', 'e', refused],
      ['acme/w', 'w', pending],
    ]);
    expect(combined.verdict).toBe('error');
    expect(combined.reason).toMatch(/^2 projects: 1 error, 1 pending\./);
    const skipped = { ...passed, verdict: 'skipped' as const, auditId: undefined };
    expect(
      report([
        ['acme/s', 's', skipped],
        ['acme/w', 'w', pending],
      ]).verdict,
    ).toBe('pending');
  });

  it("is its one project's pending result when the run is of one", () => {
    const alone = report([['acme', '.', pending]]);
    expect(alone).toMatchObject({ verdict: 'pending', auditId: 'w-1', rawStatus: 'in_progress' });
    expect(alone.resumeHint).toMatch(
      /^The audit goes on at the service; this run did not wait for it\. .* run with `audit-id: w-1`\.$/,
    );
  });

  it('has no results when no project has any', () => {
    const combined = report([
      ['acme/t', 't', timedOut],
      ['acme/u', 'u', timedOut],
    ]);
    expect(combined.resultsObtained).toBe(false);
    expect(combined.findings).toEqual([]);
    expect(combined.counts.total).toBe(0);
  });

  it('lists a finding in a dependency once, and never over the project that audits that file', () => {
    const [own] = findingsOf('high');
    const twice = (project: string) =>
      completedResult(
        { auditId: project, resumed: false, fileCount: 1 },
        { ...completed, auditId: project, findings: [] },
        triageOf([{ finding: own!, status: 'dependency', note: undefined }]),
        { failOn: 'high', vocabulary: ACTION_VOCABULARY },
      );
    const owner = completedResult(
      { auditId: 'o', resumed: false, fileCount: 1 },
      { ...completed, auditId: 'o', findings: [] },
      triageOf(allActive([own!])),
      { failOn: 'high', vocabulary: ACTION_VOCABULARY },
    );
    const importers = report([
      ['acme/a', 'a', twice('a')],
      ['acme/b', 'b', twice('b')],
    ]);
    expect(importers.findings.map((entry) => [entry.status, entry.project])).toEqual([
      ['dependency', 'acme/a'],
    ]);
    expect(importers.repeatedDependencyFindings).toBe(1);
    const withOwner = report([
      ['acme/a', 'a', twice('a')],
      ['acme/o', 'o', owner],
    ]);
    expect(withOwner.findings.map((entry) => [entry.status, entry.project])).toEqual([
      ['active', 'acme/o'],
    ]);
    expect(withOwner.counts.counted.high).toBe(1);
    // What one audit reports twice is its own to say: kept.
    const doubled = completedResult(
      { auditId: 'd', resumed: false, fileCount: 1 },
      { ...completed, auditId: 'd', findings: [] },
      triageOf([
        { finding: own!, status: 'dependency', note: undefined },
        { finding: own!, status: 'dependency', note: undefined },
      ]),
      { failOn: 'high', vocabulary: ACTION_VOCABULARY },
    );
    const alone = report([
      ['acme/d', 'd', doubled],
      ['acme/e', 'e', passed],
    ]);
    expect(alone.findings.filter((entry) => entry.status === 'dependency')).toHaveLength(2);
    expect(alone.repeatedDependencyFindings).toBe(0);
  });
});

describe('the report of a run', () => {
  const facts = { projectName: 'acme', failOn: 'high' as const, vocabulary: ACTION_VOCABULARY };
  const started = { auditId: 'a-1', resumed: false, fileCount: 4 };

  it('says how to collect an audit that timed out, or that was started and then failed', () => {
    const timedOut = buildReport(
      {
        projects: [{ name: 'acme', path: '.', ...timeoutResult(started, 60_000, undefined) }],
        several: false,
      },
      facts,
    );
    expect(timedOut.resumeHint).toBe(
      'The audit goes on at the service. To collect its results without uploading again, re-run with ' +
        '`audit-id: a-1` (and a larger `timeout-minutes` if needed).',
    );
    const failed = buildReport(
      {
        projects: [
          {
            name: 'acme',
            path: '.',
            ...errorResult(new Error('reset'), started, { vocabulary: ACTION_VOCABULARY }),
          },
        ],
        several: false,
      },
      facts,
    );
    expect(failed.resumeHint).toBe(
      'The audit a-1 was started; re-run with `audit-id: a-1` to collect its results without uploading again.',
    );
    const finished = completedResult(started, { ...completed, findings: [] }, triageOf([]), {
      failOn: 'high',
      vocabulary: ACTION_VOCABULARY,
    });
    expect(
      buildReport({ projects: [{ name: 'acme', path: '.', ...finished }], several: false }, facts)
        .resumeHint,
    ).toBeUndefined();
  });

  it('is the stop of a run that ended before any audit, with the projects found and the commit judged', () => {
    const headCommit = { sha: 'c0ffee', refused: [] };
    const detectedProjects = [{ name: 'acme', path: '.', frameworks: ['Foundry'] }];
    const stopped = buildReport(
      {
        projects: [],
        several: false,
        stopped: errorResult(new Error('boom'), {}, { vocabulary: ACTION_VOCABULARY }),
        detectedProjects,
        headCommit,
      },
      { ...facts, runUrl: 'https://github.com/o/r/actions/runs/1' },
    );
    expect(stopped).toMatchObject({
      verdict: 'error',
      projectName: 'acme',
      failOn: 'high',
      resultsObtained: false,
      findings: [],
      projects: [],
      several: false,
      allReused: false,
      resumeHint: undefined,
      detectedProjects: detectedProjects,
      headCommit,
      runUrl: 'https://github.com/o/r/actions/runs/1',
    });
  });

  it('says every audit was reused only when each project reused one', () => {
    const reused = { auditId: 'r', auditedAt: '2026-11-01T00:00:00.000Z', runUrl: undefined };
    const finished = completedResult(started, { ...completed, findings: [] }, triageOf([]), {
      failOn: 'high',
      vocabulary: ACTION_VOCABULARY,
    });
    const run = (...flags: boolean[]) =>
      buildReport(
        {
          projects: flags.map((flag, i) => ({
            name: `acme/${i}`,
            path: String(i),
            ...finished,
            ...(flag && { reused }),
          })),
          several: flags.length > 1,
        },
        facts,
      );
    expect(run(true)).toMatchObject({ allReused: true, reused });
    expect(run(true, true)).toMatchObject({ allReused: true, reused: undefined });
    expect(run(true, false).allReused).toBe(false);
    expect(run(false).allReused).toBe(false);
  });

  it('is a report of several for one project of a run of several, its id an object', () => {
    const finished = completedResult(started, { ...completed, findings: [] }, triageOf([]), {
      failOn: 'high',
      vocabulary: ACTION_VOCABULARY,
    });
    const one = buildReport(
      { projects: [{ name: 'acme/core', path: 'core', ...finished }], several: true },
      facts,
    );
    expect(one).toMatchObject({ several: true, auditId: '{"core":"a-1"}', rawStatus: undefined });
    expect(one.reason).toBe('1 project: 1 pass.');
  });
});
