import { ConfigurationError, DeadlineError, ServiceError, errorMessage } from '../errors.ts';
import { formatAuditIds, resumeInput, type ProjectAuditId } from './audit-ids.ts';
import { compareFindings, type AuditSnapshot } from './findings.ts';
import { evaluateGate, type FailOn, type Verdict } from './gate.ts';
import type { Scope } from './scope.ts';
import {
  countFindings,
  scopeNote,
  type FindingCounts,
  type Triage,
  type TriagedFinding,
} from './triage.ts';
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
  /** With several projects audited, each one's audit; `auditId` is then their `audit-id` value. */
  audits?: ProjectAudit[];
  /** Findings in dependencies left out of `findings` as repeats of one listed there. */
  repeatedDependencyFindings?: number;
  /** Set when the results are those of an earlier audit of a byte-identical upload. */
  reused?: ReusedAudit;
  /** On `workflow_run`: the pull request's head commit whose files were judged, read from GitHub. */
  headCommit?: JudgedCommit;
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

/** One project's audit in a run that audited several. */
export interface ProjectAudit {
  name: string;
  /** Its folder relative to the workspace, `.` for the workspace. */
  path: string;
  auditId: string | undefined;
  verdict: Verdict;
  /** Plain text: why this verdict. */
  reason: string;
  counts: FindingCounts;
  fileCount: number | undefined;
  /** The service's own word for the audit's status, when it gave one. */
  rawStatus: string | undefined;
  reportUrl: string | undefined;
  reused?: ReusedAudit;
}

/** What was known of a run when it ended, so that an outcome made early still reports it. */
export interface RunFacts {
  readonly auditId?: string | undefined;
  /** True when `auditId` came from the `audit-id` input rather than from this run's upload. */
  readonly resumed?: boolean;
  readonly fileCount?: number | undefined;
  readonly projects?: ProjectSummary[] | undefined;
}

function base(facts: RunFacts): Outcome {
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
    resumeHint: undefined,
    projects: facts.projects,
  };
}

export function skippedOutcome(reason: string, facts: RunFacts): Outcome {
  return { ...base(facts), verdict: 'skipped', reason };
}

/**
 * A run without a key: skipped on a fork's or Dependabot's pull request (GitHub gives such runs
 * no secrets), a configuration error anywhere else.
 */
export function noApiKeyOutcome(
  untrustedPullRequest: 'fork' | 'dependabot' | undefined,
  facts: RunFacts,
): Outcome {
  if (!untrustedPullRequest) {
    return errorOutcome(
      new ConfigurationError(
        'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
          '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
      ),
      facts,
    );
  }
  const origin =
    untrustedPullRequest === 'fork'
      ? 'this pull request comes from a fork'
      : 'this run was triggered by Dependabot';
  return skippedOutcome(
    `No API key: ${origin}, and GitHub does not give repository secrets to such runs. ` +
      'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.',
    facts,
  );
}

/**
 * `lastProblem`: the last error the wait went on through, when no answer came after it, such as
 * the 404s of an audit the service did not show yet.
 */
export function timeoutOutcome(
  facts: RunFacts & { auditId: string },
  timeoutMs: number,
  last: AuditSnapshot | undefined,
  lastProblem?: string,
): Outcome {
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
    resumeHint:
      'The audit goes on at the service. To collect its results without uploading again, re-run with ' +
      `\`${resumeInput(facts.auditId)}\` (and a larger \`timeout-minutes\` if needed).`,
  };
}

/** The service finished the audit without results: its message is the reason. */
export function serviceFailureOutcome(facts: RunFacts, snapshot: AuditSnapshot): Outcome {
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

export function resultsOutcome(
  facts: RunFacts,
  snapshot: AuditSnapshot,
  triage: Triage,
  failOn: FailOn,
): Outcome {
  const gate = evaluateGate(triage.counts, failOn);
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

/** An error ends the run with verdict `error`; the reason says what to fix, or that it is a bug. */
export function errorOutcome(error: unknown, facts: RunFacts): Outcome {
  let reason: string;
  if (error instanceof ConfigurationError) reason = error.message;
  else if (error instanceof ServiceError) reason = `The audit service: ${error.message}`;
  else reason = `Unexpected error (a bug in this action; please report it): ${errorMessage(error)}`;
  return {
    ...base(facts),
    // The time limit, run out before anything was audited, is the run's timeout, not a mistake.
    verdict: error instanceof DeadlineError ? 'timeout' : 'error',
    reason,
    resumeHint:
      facts.auditId && !facts.resumed
        ? `The audit ${facts.auditId} was started; re-run with \`${resumeInput(facts.auditId)}\` ` +
          'to collect its results without uploading again.'
        : undefined,
  };
}

/** One project's part of a run. */
export interface ProjectOutcome {
  name: string;
  path: string;
  outcome: Outcome;
}

/** Worst first: a run is as bad as its worst project. */
const VERDICT_SEVERITY: readonly Verdict[] = ['error', 'timeout', 'fail', 'pass', 'skipped'];

/**
 * One outcome from the outcomes of several projects' audits: the worst verdict, every finding
 * (marked with its project, in the model's order) and the counts over them all. `several`: the
 * parts are of a run over several projects, even when there is one part.
 */
export function combineOutcomes(
  parts: readonly ProjectOutcome[],
  several = parts.length > 1,
): Outcome {
  const [only] = parts;
  if (!several && only !== undefined) return only.outcome;
  const verdict =
    VERDICT_SEVERITY.find((candidate) =>
      parts.some((part) => part.outcome.verdict === candidate),
    ) ?? 'skipped';
  const withResults = parts.filter((part) => part.outcome.findings !== undefined);
  const merged =
    withResults.length === 0
      ? undefined
      : withResults
          .flatMap(({ name, outcome }) =>
            (outcome.findings ?? []).map((entry) => ({ ...entry, project: name })),
          )
          .sort((a, b) => compareFindings(a.finding, b.finding));
  const findings = merged && withoutRepeats(merged);
  const counts = countFindings(findings ?? []);
  const scope = withResults[0]?.outcome.scope ?? 'all';
  const started = parts.flatMap(({ name, path, outcome }): ProjectAuditId[] =>
    outcome.auditId === undefined ? [] : [{ name, path, auditId: outcome.auditId }],
  );
  const auditIds = formatAuditIds(started, true);
  const fileCounts = parts.flatMap(({ outcome }) =>
    outcome.fileCount === undefined ? [] : [outcome.fileCount],
  );
  return {
    verdict,
    reason: combinedReason(parts),
    auditId: started.length > 0 ? auditIds : undefined,
    rawStatus: undefined,
    reportUrl: undefined,
    findings,
    counts,
    scope,
    scopeNote: scopeNote(scope, counts),
    fileCount: fileCounts.length > 0 ? fileCounts.reduce((sum, n) => sum + n, 0) : undefined,
    resumeHint: parts.some((part) => part.outcome.resumeHint !== undefined)
      ? 'The audits that did not report go on at the service. To collect every ' +
        `project's results without uploading again, re-run with \`${resumeInput(auditIds)}\` ` +
        '(and a larger `timeout-minutes` if needed).'
      : undefined,
    repeatedDependencyFindings: (merged?.length ?? 0) - (findings?.length ?? 0),
    audits: parts.map(({ name, path, outcome }) => ({
      name,
      path,
      auditId: outcome.auditId,
      verdict: outcome.verdict,
      reason: outcome.reason,
      counts: outcome.counts,
      fileCount: outcome.fileCount,
      rawStatus: outcome.rawStatus,
      reportUrl: outcome.reportUrl,
      ...(outcome.reused === undefined ? {} : { reused: outcome.reused }),
    })),
  };
}

/**
 * A file several projects import is reported by each of their audits, and a sibling package's
 * file also by its own project's: a finding in a dependency that repeats one of another project
 * (same file, lines, rule, title and severity) is listed once, and never over the project's own.
 * What one audit reports twice is its own and stays.
 */
function withoutRepeats(findings: readonly TriagedFinding[]): TriagedFinding[] {
  const key = ({ finding }: TriagedFinding) =>
    [
      finding.file,
      finding.startLine,
      finding.endLine,
      finding.severity,
      finding.ruleId,
      finding.swcId,
      finding.title,
    ].join('\0');
  const listedBy = new Map<string, string | undefined>();
  for (const entry of findings) {
    if (entry.status !== 'dependency') listedBy.set(key(entry), entry.project);
  }
  return findings.filter((entry) => {
    if (entry.status !== 'dependency') return true;
    const repeated = key(entry);
    if (!listedBy.has(repeated)) listedBy.set(repeated, entry.project);
    return listedBy.get(repeated) === entry.project;
  });
}

/** "3 projects: 1 fail, 2 pass." and then why each that did not pass did not. */
function combinedReason(parts: readonly ProjectOutcome[]): string {
  const tally = VERDICT_SEVERITY.flatMap((verdict) => {
    const count = parts.filter((part) => part.outcome.verdict === verdict).length;
    return count === 0 ? [] : [`${count} ${verdict}`];
  });
  const notPassed = parts
    .filter(({ outcome }) => outcome.verdict !== 'pass' && outcome.verdict !== 'skipped')
    .map(({ name, outcome }) => `${name}: ${outcome.reason.replace(/[\s.]+$/, '')}`);
  const why = notPassed.length > 0 ? ` ${notPassed.join('; ')}.` : '';
  return `${parts.length} project${parts.length === 1 ? '' : 's'}: ${tally.join(', ')}.${why}`;
}

export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms / 600) / 100} min`;
}
