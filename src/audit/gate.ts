/**
 * The severity gate: whether the findings that count (triage status `active`) fail the job at
 * the chosen `fail-on` level.
 */
import {
  compareFindings,
  countBySeverity,
  SEVERITIES,
  severityRank,
  type Finding,
  type Severity,
  type SeverityCounts,
} from './findings.ts';
import { activeFindings, countByStatus, type TriagedFinding } from './triage.ts';

export const FAIL_ON_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'none'] as const;
export type FailOn = (typeof FAIL_ON_LEVELS)[number];

/** The outcome of the whole run, as reported; only pass and fail come from the gate. */
export type Verdict = 'pass' | 'fail' | 'timeout' | 'error' | 'skipped';

export interface GateResult {
  verdict: 'pass' | 'fail';
  /** The findings that failed the gate, most severe first. */
  blocking: Finding[];
  reason: string;
}

/**
 * Whether a finding of this severity fails the job. `info` is the most inclusive level there
 * is, so it means "any finding": gas findings, which rank below info, fail it too. `none`
 * never fails. A severity the action could not read fails every level but `none`.
 */
export function isBlocking(severity: Severity, failOn: FailOn): boolean {
  if (failOn === 'none') return false;
  if (failOn === 'info' || severity === 'unknown') return true;
  return severityRank(severity) >= severityRank(failOn);
}

/** Only active findings count; the reason says how many others there were and why. */
export function evaluateGate(triaged: readonly TriagedFinding[], failOn: FailOn): GateResult {
  const findings = activeFindings(triaged);
  const blocking = findings.filter((f) => isBlocking(f.severity, failOn)).sort(compareFindings);
  const all = describeCounts(countBySeverity(findings));
  const excluded = describeExcluded(triaged);
  const notCounted = excluded === '' ? '' : `; not counted: ${excluded}`;
  const none = excluded === '' ? 'no findings' : 'no findings that count';
  if (failOn === 'none') {
    return {
      verdict: 'pass',
      blocking,
      reason: `fail-on is none, so findings never fail the job (${all || none})${notCounted}`,
    };
  }
  if (blocking.length > 0) {
    const noun = blocking.length === 1 ? 'finding' : 'findings';
    return {
      verdict: 'fail',
      blocking,
      reason: `${blocking.length} ${noun} at or above ${failOn} (${describeCounts(countBySeverity(blocking))})${notCounted}`,
    };
  }
  return {
    verdict: 'pass',
    blocking,
    reason:
      (findings.length > 0
        ? `no findings at or above ${failOn} (${all})`
        : `${none} (fail-on: ${failOn})`) + notCounted,
  };
}

/** "3 outside the change, 1 accepted, 1 suppressed": the findings that did not count. */
function describeExcluded(triaged: readonly TriagedFinding[]): string {
  const counts = countByStatus(triaged);
  return (
    [
      [counts['outside-change'], 'outside the change'],
      [counts.accepted, 'accepted'],
      [counts.suppressed, 'suppressed'],
    ] as const
  )
    .filter(([count]) => count > 0)
    .map(([count, why]) => `${count} ${why}`)
    .join(', ');
}

/** "1 critical, 3 info": the non-zero counts, most severe first. */
function describeCounts(counts: SeverityCounts): string {
  return SEVERITIES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');
}
