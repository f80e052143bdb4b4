import { describe, expect, it } from 'vitest';
import {
  combineOutcomes,
  errorOutcome,
  formatDuration,
  noApiKeyOutcome,
  resultsOutcome,
  serviceFailureOutcome,
  skippedOutcome,
  timeoutOutcome,
} from '../../src/audit/outcome.ts';
import { ConfigurationError, DeadlineError, ServiceError } from '../../src/errors.ts';
import { findingsOf } from '../support/findings.ts';
import { allActive, triageOf } from '../support/triage.ts';

const started = { auditId: 'a-1', resumed: false, fileCount: 3 };
const snapshot = {
  auditId: 'a-1',
  state: 'failed' as const,
  rawStatus: 'error',
  message: 'solc crashed',
  reportUrl: undefined,
  findings: undefined,
  incomplete: undefined,
};

describe('outcomes', () => {
  it('says what to fix for a configuration error, and names a bug as a bug', () => {
    const none = { auditId: undefined, resumed: false, fileCount: undefined };
    expect(errorOutcome(new ConfigurationError('Input `fail-on` is wrong.'), none).reason).toBe(
      'Input `fail-on` is wrong.',
    );
    expect(errorOutcome(new ServiceError('key rejected', 401), none).reason).toBe(
      'The audit service: key rejected',
    );
    expect(errorOutcome(new TypeError('x is undefined'), none).reason).toBe(
      'Unexpected error (a bug in this action; please report it): x is undefined',
    );
  });

  it('ends a run whose time ran out during discovery as a timeout, with its reason', () => {
    const none = { auditId: undefined, resumed: false, fileCount: undefined };
    const outcome = errorOutcome(new DeadlineError('ran out during discovery'), none);
    expect(outcome).toMatchObject({ verdict: 'timeout', reason: 'ran out during discovery' });
    expect(errorOutcome(new ConfigurationError('x'), none).verdict).toBe('error');
  });

  it('keeps the audit id of an audit this run started, with how to resume', () => {
    const outcome = errorOutcome(new ServiceError('HTTP 500 after 5 attempts', 500), started);
    expect(outcome).toMatchObject({
      verdict: 'error',
      auditId: 'a-1',
      fileCount: 3,
      findings: undefined,
    });
    expect(outcome.resumeHint).toContain('re-run with `audit-id: a-1`');
    // A resumed audit that cannot be read is not "started" by this run: no hint to resume it again.
    expect(
      errorOutcome(new ServiceError('not found', 404), { ...started, resumed: true }).resumeHint,
    ).toBeUndefined();
  });

  it('never reads as no findings when there are no results', () => {
    for (const outcome of [
      timeoutOutcome(started, 90_000, { ...snapshot, state: 'running', rawStatus: 'in_progress' }),
      serviceFailureOutcome(started, snapshot),
      errorOutcome(new ServiceError('boom', 502), started),
    ]) {
      expect(outcome.findings).toBeUndefined();
      expect(outcome.verdict).not.toBe('pass');
    }
  });

  it('explains a timeout and a service failure', () => {
    expect(timeoutOutcome(started, 90_000, undefined).reason).toBe(
      'The audit did not finish within 1.5 min (last status: unknown). No results were obtained.',
    );
    expect(
      timeoutOutcome(started, 60_000, undefined, 'audit a1 not found (HTTP 404) — check `base-url`')
        .reason,
    ).toBe(
      'The audit did not finish within 1 min (the last poll got no status: audit a1 not found (HTTP 404) — check `base-url`). No results were obtained.',
    );
    expect(serviceFailureOutcome(started, snapshot).reason).toBe(
      'The service reports the audit as error: solc crashed. No results were obtained.',
    );
    expect(
      serviceFailureOutcome(started, {
        ...snapshot,
        state: 'completed',
        rawStatus: 'completed',
        message: 'db down',
      }).reason,
    ).toBe(
      'The audit ended (completed) but the service reports an error: db down. No results were obtained.',
    );
    expect(serviceFailureOutcome(started, { ...snapshot, message: 'solc crashed.  ' }).reason).toBe(
      'The service reports the audit as error: solc crashed. No results were obtained.',
    );
    expect(skippedOutcome('nothing to do', started)).toMatchObject({
      verdict: 'skipped',
      reason: 'nothing to do',
    });
  });

  it('formats durations for people', () => {
    expect(formatDuration(600)).toBe('0.6 s');
    expect(formatDuration(30 * 60_000)).toBe('30 min');
    expect(formatDuration(90_000)).toBe('1.5 min');
  });
});

describe('resultsOutcome', () => {
  const completed = { ...snapshot, state: 'completed' as const, rawStatus: 'completed' };
  const triage = triageOf(allActive(findingsOf('low')));

  it('takes the verdict from the gate when the answer holds all its findings', () => {
    expect(resultsOutcome(started, completed, triage, 'high')).toMatchObject({
      verdict: 'pass',
      reason: 'no findings at or above high (1 low)',
    });
  });

  it('is an error, quoting the service, when the answer says its findings are incomplete', () => {
    const outcome = resultsOutcome(
      started,
      { ...completed, incomplete: 'summary.high is 3, but the findings list holds 0 high.' },
      triage,
      'high',
    );
    expect(outcome.verdict).toBe('error');
    expect(outcome.reason).toBe(
      "The audit ended (completed), but the service's answer says its findings are incomplete: " +
        'summary.high is 3, but the findings list holds 0 high. The 1 finding(s) it sent are shown; ' +
        'on them alone the gate says: no findings at or above high (1 low).',
    );
    expect(outcome.findings).toHaveLength(1);
  });
});

describe('noApiKeyOutcome', () => {
  const none = { auditId: undefined, resumed: false, fileCount: undefined };

  it('skips a fork or Dependabot pull request, saying why nothing was sent', () => {
    expect(noApiKeyOutcome('fork', none)).toMatchObject({
      verdict: 'skipped',
      reason: expect.stringMatching(
        /^No API key: this pull request comes from a fork, and GitHub does not give repository secrets/,
      ),
    });
    expect(noApiKeyOutcome('dependabot', none).reason).toMatch(
      /^No API key: this run was triggered by Dependabot,/,
    );
  });

  it('is a configuration error anywhere else, saying how to pass the key', () => {
    const outcome = noApiKeyOutcome(undefined, none);
    expect(outcome.verdict).toBe('error');
    expect(outcome.reason).toContain('api-key: ${{ secrets.AUDIT_API_KEY }}');
  });
});

describe('the outcome of several projects', () => {
  const completed = {
    ...snapshot,
    state: 'completed' as const,
    rawStatus: 'completed',
    message: undefined,
  };
  const passed = resultsOutcome(
    { auditId: 'p-1', resumed: false, fileCount: 2 },
    { ...completed, auditId: 'p-1', findings: [] },
    triageOf(allActive(findingsOf('low'))),
    'high',
  );
  const failed = resultsOutcome(
    { auditId: 'f-1', resumed: false, fileCount: 5 },
    { ...completed, auditId: 'f-1', findings: [] },
    triageOf(allActive(findingsOf('critical', 'medium'))),
    'high',
  );
  const timedOut = timeoutOutcome(
    { auditId: 't-1', resumed: false, fileCount: 1 },
    60_000,
    undefined,
  );

  it("is one project's own outcome when there is one", () => {
    expect(combineOutcomes([{ name: 'acme', path: '.', outcome: failed }])).toBe(failed);
  });

  it('takes the worst verdict, every finding marked with its project in the model order, and the counts of all', () => {
    const combined = combineOutcomes([
      { name: 'acme/a', path: 'a', outcome: passed },
      { name: 'acme/b', path: 'b', outcome: failed },
    ]);
    expect(combined.verdict).toBe('fail');
    expect(combined.reason).toMatch(/^2 projects: 1 fail, 1 pass\. acme\/b: /);
    expect(combined.findings?.map((entry) => [entry.finding.severity, entry.project])).toEqual([
      ['critical', 'acme/b'],
      ['medium', 'acme/b'],
      ['low', 'acme/a'],
    ]);
    expect(combined.counts.total).toBe(3);
    expect(combined.fileCount).toBe(7);
    expect(combined.auditId).toBe('{"a":"p-1","b":"f-1"}');
    expect(combined.audits?.map((audit) => [audit.name, audit.verdict, audit.auditId])).toEqual([
      ['acme/a', 'pass', 'p-1'],
      ['acme/b', 'fail', 'f-1'],
    ]);
    expect(combined.resumeHint).toBeUndefined();
  });

  it('is no better than a project without results: a timeout outranks a fail, and one input resumes them all', () => {
    const combined = combineOutcomes([
      { name: 'acme/b', path: 'b', outcome: failed },
      { name: 'acme/t', path: 't', outcome: timedOut },
    ]);
    expect(combined.verdict).toBe('timeout');
    // The results that came are kept.
    expect(combined.findings).toHaveLength(2);
    expect(combined.resumeHint).toContain(`\`audit-id: '{"b":"f-1","t":"t-1"}'\``);
    const errored = errorOutcome(new Error('boom'), {
      auditId: undefined,
      resumed: false,
      fileCount: 1,
    });
    expect(
      combineOutcomes([
        { name: 'acme/t', path: 't', outcome: timedOut },
        { name: 'acme/e', path: 'e', outcome: errored },
      ]).verdict,
    ).toBe('error');
  });

  it('has no results when no project has any', () => {
    const combined = combineOutcomes([
      { name: 'acme/t', path: 't', outcome: timedOut },
      { name: 'acme/u', path: 'u', outcome: timedOut },
    ]);
    expect(combined.findings).toBeUndefined();
    expect(combined.counts.total).toBe(0);
  });

  it('lists a finding in a dependency once, and never over the project that audits that file', () => {
    const [own] = findingsOf('high');
    const twice = (project: string) =>
      resultsOutcome(
        { auditId: project, resumed: false, fileCount: 1 },
        { ...completed, auditId: project, findings: [] },
        triageOf([{ finding: own!, status: 'dependency', note: undefined }]),
        'high',
      );
    const owner = resultsOutcome(
      { auditId: 'o', resumed: false, fileCount: 1 },
      { ...completed, auditId: 'o', findings: [] },
      triageOf(allActive([own!])),
      'high',
    );
    const importers = combineOutcomes([
      { name: 'acme/a', path: 'a', outcome: twice('a') },
      { name: 'acme/b', path: 'b', outcome: twice('b') },
    ]);
    expect(importers.findings?.map((entry) => [entry.status, entry.project])).toEqual([
      ['dependency', 'acme/a'],
    ]);
    expect(importers.repeatedDependencyFindings).toBe(1);
    const withOwner = combineOutcomes([
      { name: 'acme/a', path: 'a', outcome: twice('a') },
      { name: 'acme/o', path: 'o', outcome: owner },
    ]);
    expect(withOwner.findings?.map((entry) => [entry.status, entry.project])).toEqual([
      ['active', 'acme/o'],
    ]);
    expect(withOwner.counts.counted.high).toBe(1);
    // What one audit reports twice is its own to say: kept.
    const doubled = resultsOutcome(
      { auditId: 'd', resumed: false, fileCount: 1 },
      { ...completed, auditId: 'd', findings: [] },
      triageOf([
        { finding: own!, status: 'dependency', note: undefined },
        { finding: own!, status: 'dependency', note: undefined },
      ]),
      'high',
    );
    const alone = combineOutcomes([
      { name: 'acme/d', path: 'd', outcome: doubled },
      { name: 'acme/e', path: 'e', outcome: passed },
    ]);
    expect(alone.findings?.filter((entry) => entry.status === 'dependency')).toHaveLength(2);
    expect(alone.repeatedDependencyFindings).toBe(0);
  });
});
