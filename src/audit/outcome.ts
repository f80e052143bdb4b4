import { ConfigurationError, ServiceError, errorMessage } from '../errors.ts';
import type { AuditSnapshot } from './findings.ts';
import { evaluateGate, type FailOn, type Verdict } from './gate.ts';
import type { Scope } from './scope.ts';
import { countFindings, type FindingCounts, type Triage, type TriagedFinding } from './triage.ts';
import type { ProjectSummary } from '../project/find-contracts.ts';

/** What a run ended with: everything the outputs, reports and the job's result are made from. */
export interface Outcome {
  verdict: Verdict;
  /** Plain text: why this verdict. */
  reason: string;
  auditId: string | undefined;
  rawStatus: string | undefined;
  reportUrl: string | undefined;
  /** Set only when the audit completed: an empty list then means "no findings", never "no results". */
  findings: TriagedFinding[] | undefined;
  /** Of `findings`: all zero when there are none. */
  counts: FindingCounts;
  /** The scope in effect, after any fallback to `all`. */
  scope: Scope;
  scopeNote: string | undefined;
  fileCount: number | undefined;
  /** How to collect an audit that was started but not reported. */
  resumeHint: string | undefined;
  /** The projects found, once detection ran: the `projects` output. */
  projects?: ProjectSummary[];
}

/** What is known of a run so far, so a failure late on still reports it. */
export interface Progress {
  auditId: string | undefined;
  /** True when `auditId` came from the `audit-id` input rather than from this run's upload. */
  resumed: boolean;
  fileCount: number | undefined;
  projects?: ProjectSummary[];
}

function base(progress: Progress): Outcome {
  return {
    verdict: 'error',
    reason: '',
    auditId: progress.auditId,
    rawStatus: undefined,
    reportUrl: undefined,
    findings: undefined,
    counts: countFindings([]),
    scope: 'all',
    scopeNote: undefined,
    fileCount: progress.fileCount,
    resumeHint: undefined,
    projects: progress.projects,
  };
}

export function skippedOutcome(reason: string, progress: Progress): Outcome {
  return { ...base(progress), verdict: 'skipped', reason };
}

/**
 * A run without a key: skipped on a fork's or Dependabot's pull request (GitHub gives such runs
 * no secrets), a configuration error anywhere else.
 */
export function noApiKeyOutcome(
  untrustedPullRequest: 'fork' | 'dependabot' | undefined,
  progress: Progress,
): Outcome {
  if (!untrustedPullRequest) {
    throw new ConfigurationError(
      'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
        '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
    );
  }
  const origin =
    untrustedPullRequest === 'fork'
      ? 'this pull request comes from a fork'
      : 'this run was triggered by Dependabot';
  return skippedOutcome(
    `No API key: ${origin}, and GitHub does not give repository secrets to such runs. ` +
      'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.',
    progress,
  );
}

/**
 * `lastProblem`: the last error the wait went on through, when no answer came after it, such as
 * the 404s of an audit the service did not show yet.
 */
export function timeoutOutcome(
  progress: Progress & { auditId: string },
  timeoutMs: number,
  last: AuditSnapshot | undefined,
  lastProblem?: string,
): Outcome {
  const status =
    lastProblem !== undefined
      ? `the last poll got no status: ${lastProblem}`
      : `last status: ${last?.rawStatus ?? 'unknown'}`;
  return {
    ...base(progress),
    verdict: 'timeout',
    reason:
      `The audit did not finish within ${formatDuration(timeoutMs)} ` +
      `(${status}). No results were obtained.`,
    rawStatus: last?.rawStatus,
    reportUrl: last?.reportUrl,
    resumeHint:
      'The audit goes on at the service. To collect its results without uploading again, re-run with ' +
      `\`audit-id: ${progress.auditId}\` (and a larger \`timeout-minutes\` if needed).`,
  };
}

/** The service finished the audit without results: its message is the reason. */
export function serviceFailureOutcome(progress: Progress, snapshot: AuditSnapshot): Outcome {
  // The sentence goes on after the service's words: their own full stop would double it.
  const message = snapshot.message?.replace(/[\s.]+$/, '');
  return {
    ...base(progress),
    verdict: 'error',
    reason:
      (snapshot.state === 'failed'
        ? `The service reports the audit as ${snapshot.rawStatus}` +
          (message ? `: ${message}` : ' (no message given)')
        : `The audit ended (${snapshot.rawStatus}) but the service reports an error` +
          (message ? `: ${message}` : '')) + '. No results were obtained.',
    rawStatus: snapshot.rawStatus,
    reportUrl: snapshot.reportUrl,
  };
}

export function resultsOutcome(
  progress: Progress,
  snapshot: AuditSnapshot,
  triage: Triage,
  failOn: FailOn,
): Outcome {
  const gate = evaluateGate(triage.counts, failOn);
  // Findings the service itself says are not all there cannot pass a gate, nor prove a fail.
  const incomplete = snapshot.incomplete?.replace(/[\s.]+$/, '');
  return {
    ...base(progress),
    verdict: incomplete === undefined ? gate.verdict : 'error',
    reason:
      incomplete === undefined
        ? gate.reason
        : `The audit ended (${snapshot.rawStatus}), but the service's answer says its findings are ` +
          `incomplete: ${incomplete}. The ${triage.findings.length} finding(s) it sent are shown; ` +
          `on them alone the gate says: ${gate.reason}.`,
    rawStatus: snapshot.rawStatus,
    reportUrl: snapshot.reportUrl,
    findings: triage.findings,
    counts: triage.counts,
    scope: triage.scope,
    scopeNote: triage.scopeNote,
  };
}

/** An error ends the run with verdict `error`; the reason says what to fix, or that it is a bug. */
export function errorOutcome(error: unknown, progress: Progress): Outcome {
  let reason: string;
  if (error instanceof ConfigurationError) reason = error.message;
  else if (error instanceof ServiceError) reason = `The audit service: ${error.message}`;
  else reason = `Unexpected error (a bug in this action; please report it): ${errorMessage(error)}`;
  return {
    ...base(progress),
    reason,
    resumeHint:
      progress.auditId && !progress.resumed
        ? `The audit ${progress.auditId} was started; re-run with \`audit-id: ${progress.auditId}\` ` +
          'to collect its results without uploading again.'
        : undefined,
  };
}

export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms / 600) / 100} min`;
}
