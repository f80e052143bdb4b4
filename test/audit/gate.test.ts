import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { describe, expect, it } from 'vitest';
import { SEVERITIES, type Severity } from '../../src/audit/findings.ts';
import {
  evaluateGate,
  FAIL_ON_LEVELS,
  isBlocking,
  type FailOn,
  type GateResult,
} from '../../src/audit/gate.ts';
import { countFindings, type FindingStatus, type TriagedFinding } from '../../src/audit/triage.ts';
import { allActive } from '../support/triage.ts';
import { findingsOf, makeFinding } from '../support/findings.ts';

/** One finding of every severity, least severe first so sorting is visible. */
const oneOfEach = () => findingsOf(...[...SEVERITIES].reverse());

/** The gate reads the counts triage makes once. */
const gate = (triaged: readonly TriagedFinding[], failOn: FailOn): GateResult =>
  evaluateGate(countFindings(triaged), failOn, ACTION_VOCABULARY);

describe('evaluateGate', () => {
  const expected: Record<FailOn, { verdict: 'pass' | 'fail'; reason: string }> = {
    critical: {
      verdict: 'fail',
      reason: '2 findings at or above critical (1 critical, 1 unknown)',
    },
    high: {
      verdict: 'fail',
      reason: '3 findings at or above high (1 critical, 1 high, 1 unknown)',
    },
    medium: {
      verdict: 'fail',
      reason: '4 findings at or above medium (1 critical, 1 high, 1 unknown, 1 medium)',
    },
    low: {
      verdict: 'fail',
      reason: '5 findings at or above low (1 critical, 1 high, 1 unknown, 1 medium, 1 low)',
    },
    info: {
      verdict: 'fail',
      reason:
        '7 findings at or above info (1 critical, 1 high, 1 unknown, 1 medium, 1 low, 1 info, 1 gas)',
    },
    none: {
      verdict: 'pass',
      reason:
        '`fail-on` is none, so findings never fail the job (1 critical, 1 high, 1 unknown, 1 medium, 1 low, 1 info, 1 gas)',
    },
  };

  it.each(FAIL_ON_LEVELS)('with one finding of each severity, fail-on %s', (failOn) => {
    const result = gate(allActive(oneOfEach()), failOn);
    expect(result.verdict).toBe(expected[failOn].verdict);
    expect(result.reason).toBe(expected[failOn].reason);
  });

  it.each(FAIL_ON_LEVELS)('passes with no findings at fail-on %s', (failOn) => {
    const result = gate(allActive([]), failOn);
    expect(result).toEqual({
      verdict: 'pass',
      reason:
        failOn === 'none'
          ? '`fail-on` is none, so findings never fail the job (no findings)'
          : `no findings (failing at ${failOn} or above)`,
    });
  });

  it('passes when every finding is below the threshold, and says what there was', () => {
    const result = gate(allActive(findingsOf('info', 'info', 'info', 'gas')), 'low');
    expect(result).toEqual({
      verdict: 'pass',
      reason: 'no findings at or above low (3 info, 1 gas)',
    });
  });

  it('fails on gas findings only when fail-on is info', () => {
    const gas = findingsOf('gas', 'gas');
    expect(gate(allActive(gas), 'info')).toMatchObject({
      verdict: 'fail',
      reason: '2 findings at or above info (2 gas)',
    });
    expect(gate(allActive(gas), 'low').verdict).toBe('pass');
  });

  it('counts the blocking findings by severity, most severe first', () => {
    const findings = [
      makeFinding({ severity: 'high', file: 'b.sol', startLine: 1, title: 'b' }),
      makeFinding({ severity: 'critical', file: 'z.sol', startLine: 9, title: 'z' }),
      makeFinding({ severity: 'high', file: 'a.sol', startLine: 5, title: 'a5' }),
      makeFinding({ severity: 'low', file: 'a.sol', startLine: 2, title: 'a2' }),
    ];
    expect(gate(allActive(findings), 'high').reason).toBe(
      '3 findings at or above high (1 critical, 2 high)',
    );
  });
});

describe('evaluateGate with findings that do not count', () => {
  const triaged = (...entries: [Severity, FindingStatus][]): TriagedFinding[] =>
    entries.map(([severity, status]) => ({
      finding: makeFinding({ severity }),
      status,
      note: status === 'accepted' ? 'reviewed' : undefined,
    }));

  it('counts only active findings, and says how many did not count and why', () => {
    const result = gate(
      triaged(
        ['high', 'active'],
        ['critical', 'outside-change'],
        ['critical', 'outside-change'],
        ['critical', 'outside-change'],
        ['high', 'accepted'],
        ['critical', 'suppressed'],
      ),
      'high',
    );
    expect(result.verdict).toBe('fail');
    expect(result.reason).toBe(
      '1 finding at or above high (1 high); not counted: 3 outside the change, 1 accepted, 1 suppressed',
    );
  });

  it('passes when only findings that do not count are at the level', () => {
    expect(gate(triaged(['low', 'active'], ['critical', 'accepted']), 'high')).toEqual({
      verdict: 'pass',
      reason: 'no findings at or above high (1 low); not counted: 1 accepted',
    });
    expect(gate(triaged(['critical', 'suppressed']), 'high').reason).toBe(
      'no findings that count (failing at high or above); not counted: 1 suppressed',
    );
    expect(gate(triaged(['critical', 'outside-change']), 'none').reason).toBe(
      '`fail-on` is none, so findings never fail the job (no findings that count); not counted: 1 outside the change',
    );
  });
});

describe('isBlocking', () => {
  it('blocks a severity at or above the level, an unread one at every level but none', () => {
    const table = Object.fromEntries(
      FAIL_ON_LEVELS.map((failOn) => [failOn, SEVERITIES.filter((s) => isBlocking(s, failOn))]),
    );
    expect(table).toEqual({
      critical: ['critical', 'unknown'],
      high: ['critical', 'high', 'unknown'],
      medium: ['critical', 'high', 'unknown', 'medium'],
      low: ['critical', 'high', 'unknown', 'medium', 'low'],
      info: ['critical', 'high', 'unknown', 'medium', 'low', 'info', 'gas'],
      none: [],
    });
  });
});
