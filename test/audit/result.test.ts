import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { describe, expect, it } from 'vitest';
import {
  errorResult,
  formatDuration,
  completedResult,
  serviceFailureResult,
  skippedResult,
  timeoutResult,
} from '../../src/audit/result.ts';
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

describe('audit results', () => {
  it('says what to fix for a configuration error, and names a bug as a bug', () => {
    const none = { auditId: undefined, resumed: false, fileCount: undefined };
    expect(
      errorResult(new ConfigurationError('Input `fail-on` is wrong.'), none, {
        vocabulary: ACTION_VOCABULARY,
      }).reason,
    ).toBe('Input `fail-on` is wrong.');
    expect(
      errorResult(new ServiceError('key rejected', 401), none, { vocabulary: ACTION_VOCABULARY })
        .reason,
    ).toBe('The audit service: key rejected');
    expect(
      errorResult(new TypeError('x is undefined'), none, { vocabulary: ACTION_VOCABULARY }).reason,
    ).toBe('Unexpected error (a bug in this action; please report it): x is undefined');
  });

  it('ends a run whose time ran out during discovery as a timeout, with its reason', () => {
    const none = { auditId: undefined, resumed: false, fileCount: undefined };
    const outcome = errorResult(new DeadlineError('ran out during discovery'), none, {
      vocabulary: ACTION_VOCABULARY,
    });
    expect(outcome).toMatchObject({ verdict: 'timeout', reason: 'ran out during discovery' });
    expect(
      errorResult(new ConfigurationError('x'), none, { vocabulary: ACTION_VOCABULARY }).verdict,
    ).toBe('error');
  });

  it('keeps the audit id of an audit this run started, with how to resume', () => {
    const outcome = errorResult(new ServiceError('HTTP 500 after 5 attempts', 500), started, {
      vocabulary: ACTION_VOCABULARY,
    });
    expect(outcome).toMatchObject({
      verdict: 'error',
      auditId: 'a-1',
      fileCount: 3,
      findings: undefined,
    });
    expect(outcome.resumable).toBe('error');
    // A resumed audit that cannot be read is not "started" by this run: not to be resumed again.
    expect(
      errorResult(
        new ServiceError('not found', 404),
        { ...started, resumed: true },
        { vocabulary: ACTION_VOCABULARY },
      ).resumable,
    ).toBeUndefined();
  });

  it('never reads as no findings when there are no results', () => {
    for (const outcome of [
      timeoutResult(started, 90_000, { ...snapshot, state: 'running', rawStatus: 'in_progress' }),
      serviceFailureResult(started, snapshot),
      errorResult(new ServiceError('boom', 502), started, { vocabulary: ACTION_VOCABULARY }),
    ]) {
      expect(outcome.findings).toBeUndefined();
      expect(outcome.verdict).not.toBe('pass');
    }
  });

  it('explains a timeout and a service failure', () => {
    expect(timeoutResult(started, 90_000, undefined).reason).toBe(
      'The audit did not finish within 1.5 min (last status: unknown). No results were obtained.',
    );
    expect(
      timeoutResult(started, 60_000, undefined, 'audit a1 not found (HTTP 404) — check `base-url`')
        .reason,
    ).toBe(
      'The audit did not finish within 1 min (the last poll got no status: audit a1 not found (HTTP 404) — check `base-url`). No results were obtained.',
    );
    expect(serviceFailureResult(started, snapshot).reason).toBe(
      'The service reports the audit as error: solc crashed. No results were obtained.',
    );
    expect(
      serviceFailureResult(started, {
        ...snapshot,
        state: 'completed',
        rawStatus: 'completed',
        message: 'db down',
      }).reason,
    ).toBe(
      'The audit ended (completed) but the service reports an error: db down. No results were obtained.',
    );
    expect(serviceFailureResult(started, { ...snapshot, message: 'solc crashed.  ' }).reason).toBe(
      'The service reports the audit as error: solc crashed. No results were obtained.',
    );
    expect(skippedResult('nothing to do', started)).toMatchObject({
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

describe('completedResult', () => {
  const completed = { ...snapshot, state: 'completed' as const, rawStatus: 'completed' };
  const triage = triageOf(allActive(findingsOf('low')));

  it('takes the verdict from the gate when the answer holds all its findings', () => {
    expect(
      completedResult(started, completed, triage, {
        failOn: 'high',
        vocabulary: ACTION_VOCABULARY,
      }),
    ).toMatchObject({
      verdict: 'pass',
      reason: 'no findings at or above high (1 low)',
    });
  });

  it('is an error, quoting the service, when the answer says its findings are incomplete', () => {
    const outcome = completedResult(
      started,
      { ...completed, incomplete: 'summary.high is 3, but the findings list holds 0 high.' },
      triage,
      { failOn: 'high', vocabulary: ACTION_VOCABULARY },
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
