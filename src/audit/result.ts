import { ConfigurationError, DeadlineError, ServiceError, errorMessage } from '../errors.ts';
import type { BaselineEntry } from './baseline.ts';
import type { AuditSnapshot } from './findings.ts';
import { evaluateGate, type FailOn, type Verdict } from './gate.ts';
import type { Scope } from './scope.ts';
import { countFindings, type FindingCounts, type Triage, type TriagedFinding } from './triage.ts';
import type { UploadManifest } from './upload-manifest.ts';
import type { Log } from '../log.ts';
import type { ProjectSummary } from '../project/project-summary.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** What one audit ended with: everything a project's part of the reports is made from. */
export interface AuditResult {
  verdict: Verdict;
  /** Plain text: why this verdict. */
  reason: string;
  auditId: string | undefined;
  /** The service's own word for the audit's status, when it gave one. */
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
  /** Set when an audit goes on at the service unreported: why it was left. */
  resumable?: 'timeout' | 'error' | 'pending';
  /** Set when the results are those of an earlier audit of a byte-identical upload. */
  reused?: ReusedAudit;
  /** A pending audit's upload digest, when reuse made one: to record the audit once finished. */
  digest?: string;
  /** A pending audit's upload as its triage will read it, kept to finish it later. */
  manifest?: UploadManifest;
}

/** One project's audit in a run. */
export interface ProjectResult extends AuditResult {
  /** The upload's name. */
  name: string;
  /** Its folder relative to the workspace, `.` for the workspace. */
  path: string;
}

/**
 * What the engine ends a run with: each project's result (one project is a list of one), or,
 * when the run ended before any audit, why; and what is true of the run as a whole.
 */
export interface RunResult {
  /** In the order of the run's projects; empty exactly when `stopped` is set. */
  projects: ProjectResult[];
  /** The run is of several projects (its audit ids are one object), even with one result. */
  several: boolean;
  /** Why a run ended before any project's audit: a skip, a configuration error, a timeout. */
  stopped?: AuditResult;
  /** The projects found, once detection ran: the list a door shows of them. */
  detectedProjects?: ProjectSummary[];
  /** On `workflow_run`: the pull request's head commit whose files were judged, read from GitHub. */
  headCommit?: JudgedCommit;
  /** The baseline the findings were triaged against: a pending run keeps it with its audits. */
  baseline?: ReadonlyMap<string, BaselineEntry>;
}

/** A run that ended before any project's audit, with what was known of it. */
export function stoppedRun(
  stopped: AuditResult,
  facts: Pick<RunResult, 'detectedProjects' | 'headCommit'> = {},
): RunResult {
  return { projects: [], several: false, stopped, ...facts };
}

/** The commit a `workflow_run` judged, and what of the triggering run's artifact it did not use. */
export interface JudgedCommit {
  /** The commit id GitHub gave for the triggering run's head. */
  sha: string;
  /** The artifact's files refused (never sent), each with why: a path and its reason. */
  refused: RefusedFile[];
}

export interface RefusedFile {
  /** The path the artifact gave the file, as it gave it (untrusted text). */
  path: string;
  reason: string;
}

/** An earlier audit whose results a run reported, its upload being byte-identical. */
export interface ReusedAudit {
  auditId: string;
  /** When it was started (ISO 8601). */
  auditedAt: string;
  /** The workflow run that started it, when known. */
  runUrl: string | undefined;
}

/** What was known of an audit when it ended, so that a result made early still reports it. */
export interface AuditFacts {
  readonly auditId?: string | undefined;
  /** True when `auditId` came from the `audit-id` input rather than from this run's upload. */
  readonly resumed?: boolean;
  readonly fileCount?: number | undefined;
}

function base(facts: AuditFacts): AuditResult {
  return {
    verdict: 'error',
    reason: '',
    auditId: facts.auditId,
    rawStatus: undefined,
    reportUrl: undefined,
    findings: undefined,
    counts: countFindings([]),
    scope: 'all',
    scopeNote: undefined,
    fileCount: facts.fileCount,
  };
}

export function skippedResult(reason: string, facts: AuditFacts): AuditResult {
  return { ...base(facts), verdict: 'skipped', reason };
}

/**
 * `lastProblem`: the last error the wait went on through, when no answer came after it, such as
 * the 404s of an audit the service did not show yet.
 */
export function timeoutResult(
  facts: AuditFacts & { auditId: string },
  timeoutMs: number,
  last: AuditSnapshot | undefined,
  lastProblem?: string,
): AuditResult {
  const status =
    lastProblem !== undefined
      ? `the last poll got no status: ${lastProblem}`
      : `last status: ${last?.rawStatus ?? 'unknown'}`;
  return {
    ...base(facts),
    verdict: 'timeout',
    reason:
      `The audit did not finish within ${formatDuration(timeoutMs)} ` +
      `(${status}). No results were obtained.`,
    rawStatus: last?.rawStatus,
    reportUrl: last?.reportUrl,
    resumable: 'timeout',
  };
}

/**
 * An audit not finished when its one poll came, left to go on at the service: collected later.
 * `last` is what that poll read, `lastProblem` why it read nothing.
 */
export function pendingResult(
  facts: AuditFacts & { auditId: string },
  last: AuditSnapshot | undefined,
  lastProblem?: string,
): AuditResult {
  const status =
    lastProblem !== undefined
      ? `its one poll got no status: ${lastProblem}`
      : `status: ${last?.rawStatus ?? 'unknown'}`;
  return {
    ...base(facts),
    verdict: 'pending',
    reason:
      `The audit is still running at the service (${status}); this run did not wait for it. ` +
      'No results yet.',
    rawStatus: last?.rawStatus,
    reportUrl: last?.reportUrl,
    resumable: 'pending',
  };
}

/** The service finished the audit without results: its message is the reason. */
export function serviceFailureResult(facts: AuditFacts, snapshot: AuditSnapshot): AuditResult {
  // The sentence goes on after the service's words: their own full stop would double it.
  const message = snapshot.message?.replace(/[\s.]+$/, '');
  return {
    ...base(facts),
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

export function completedResult(
  facts: AuditFacts,
  snapshot: AuditSnapshot,
  triage: Triage,
  settings: { failOn: FailOn; vocabulary: Pick<Vocabulary, 'option' | 'failing'> },
): AuditResult {
  const gate = evaluateGate(triage.counts, settings.failOn, settings.vocabulary);
  // Findings the service itself says are not all there cannot pass a gate, nor prove a fail.
  const incomplete = snapshot.incomplete?.replace(/[\s.]+$/, '');
  return {
    ...base(facts),
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

/**
 * An error ends the audit with verdict `error`; the reason says what to fix, or that it is a bug
 * (of the tool, as the door's `vocabulary` names it), whose stack then goes to `log`'s debug lines.
 */
export function errorResult(
  error: unknown,
  facts: AuditFacts,
  { vocabulary, log }: { vocabulary: Pick<Vocabulary, 'tool'>; log?: Pick<Log, 'debug'> },
): AuditResult {
  let reason: string;
  if (error instanceof ConfigurationError) reason = error.message;
  else if (error instanceof ServiceError) reason = `The audit service: ${error.message}`;
  else {
    reason = `Unexpected error (a bug in ${vocabulary.tool}; please report it): ${errorMessage(error)}`;
    if (error instanceof Error) log?.debug(error.stack ?? error.message);
  }
  return {
    ...base(facts),
    // The time limit, run out before anything was audited, is the run's timeout, not a mistake.
    verdict: error instanceof DeadlineError ? 'timeout' : 'error',
    reason,
    ...(facts.auditId && !facts.resumed && { resumable: 'error' as const }),
  };
}

export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms / 600) / 100} min`;
}
