/**
 * The severity gate: whether the findings that count (triage status `active`) fail the job at
 * the chosen `fail-on` level.
 */
import { SEVERITIES, severityRank, type Severity, type SeverityCounts } from './findings.ts';
import { describeNotCounted, STATUS_WORDS, type FindingCounts } from './triage.ts';
import type { Vocabulary } from '../vocabulary.ts';

export const FAIL_ON_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'none'] as const;
export type FailOn = (typeof FAIL_ON_LEVELS)[number];

/**
 * The verdict of an audit or a whole run, as reported; only pass and fail come from the gate.
 * `pending`: an audit was started and not waited for; it goes on at the service, to be collected
 * later.
 */
export type Verdict = 'pass' | 'fail' | 'timeout' | 'error' | 'skipped' | 'pending';
/** A verdict that ends the audit's part of a run: every one but `pending`. */
export type SettledVerdict = Exclude<Verdict, 'pending'>;

export interface GateResult {
  verdict: 'pass' | 'fail';
  reason: string;
}

/** Whether the run has the audit's results: only pass and fail come from them. */
export function hasResults(verdict: Verdict): boolean {
  return verdict === 'pass' || verdict === 'fail';
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
/** `vocabulary`: the door's, in whose words a gate that never fails says so. */
export function evaluateGate(
  counts: FindingCounts,
  failOn: FailOn,
  vocabulary: Pick<Vocabulary, 'option' | 'failing'>,
): GateResult {
  const blocking = Object.fromEntries(
    SEVERITIES.map((s) => [s, isBlocking(s, failOn) ? counts.counted[s] : 0]),
  ) as SeverityCounts;
  const blockingCount = SEVERITIES.reduce((sum, s) => sum + blocking[s], 0);
  const all = describeCounts(counts.counted);
  const excluded = describeExcluded(counts);
  const notCounted = excluded === '' ? '' : `; not counted: ${excluded}`;
  const none = excluded === '' ? 'no findings' : 'no findings that count';
  if (failOn === 'none') {
    return {
      verdict: 'pass',
      reason: `${vocabulary.option('fail-on')} is none, so findings never ${vocabulary.failing} (${all || none})${notCounted}`,
    };
  }
  if (blockingCount > 0) {
    const noun = blockingCount === 1 ? 'finding' : 'findings';
    return {
      verdict: 'fail',
      reason: `${blockingCount} ${noun} at or above ${failOn} (${describeCounts(blocking)})${notCounted}`,
    };
  }
  return {
    verdict: 'pass',
    reason:
      (counts.byStatus.active > 0
        ? `no findings at or above ${failOn} (${all})`
        : `${none} (failing at ${failOn} or above)`) + notCounted,
  };
}

/** "3 outside the change, 1 accepted, 1 suppressed": the findings that did not count. */
function describeExcluded({ byStatus }: FindingCounts): string {
  return describeNotCounted(byStatus, STATUS_WORDS).join(', ');
}

/** "1 critical, 3 info": the non-zero counts, most severe first. */
function describeCounts(counts: SeverityCounts): string {
  return SEVERITIES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');
}
