/**
 * Triage: which findings count for the gate, and why the others do not. From here on findings
 * carry repository-relative paths, in one order, with their counts: nothing downstream rebuilds
 * a path, re-sorts or re-counts.
 */
import { acceptedSeverity, baselineEntryFor, type BaselineEntry } from './baseline.ts';
import {
  compareFindings,
  countBySeverity,
  severityRank,
  type Finding,
  type SeverityCounts,
} from './findings.ts';
import { assignFingerprints } from './fingerprint.ts';
import { isInScope, repositoryPath, type ChangeSet, type Scope } from './scope.ts';
import { isSuppressed, type Suppression } from './suppressions.ts';

/**
 * Why a finding does or does not count for the gate:
 * - `active`: counts and is annotated;
 * - `outside-change`: on a pull request with `scope` changed-files/changed-lines, not in the change;
 * - `accepted`: listed in the `baseline` file;
 * - `suppressed`: an `audit-ignore-line` / `audit-ignore-next-line` comment in the contract;
 * - `dependency`: in a file uploaded only because an audited file imports it.
 */
export type FindingStatus = 'active' | 'outside-change' | 'accepted' | 'suppressed' | 'dependency';

/** Findings that count come first in every report, so they are the last cut for size. */
export const STATUS_ORDER: readonly FindingStatus[] = [
  'active',
  'outside-change',
  'accepted',
  'suppressed',
  'dependency',
];

/** The status as a report's cell or mark says it. */
export const STATUS_WORDS: Record<FindingStatus, string> = {
  active: 'counts',
  'outside-change': 'outside the change',
  accepted: 'accepted',
  suppressed: 'suppressed',
  dependency: 'in a dependency',
};

/** Why a finding that does not count does not, in a sentence. */
export const STATUS_REASONS: Record<Exclude<FindingStatus, 'active'>, string> = {
  'outside-change': 'outside the change',
  accepted: 'accepted in the baseline',
  suppressed: 'suppressed by a comment in the code',
  dependency: 'in dependencies (imported by the audited files, not audited themselves)',
};

/** "3 outside the change, 1 accepted": the findings that do not count, by status, in `words`. */
export function describeNotCounted(
  byStatus: Record<FindingStatus, number>,
  words: Record<Exclude<FindingStatus, 'active'>, string>,
): string[] {
  return STATUS_ORDER.flatMap((status) =>
    status === 'active' || byStatus[status] === 0 ? [] : [`${byStatus[status]} ${words[status]}`],
  );
}

export interface TriagedFinding {
  /** Its `file` is relative to the repository root (the workspace). */
  finding: Finding;
  status: FindingStatus;
  /** The baseline's reason, or the suppression comment's text, when there is one. */
  note: string | undefined;
  /** The project's upload name, when the run audited several projects. */
  project?: string;
}

/** Every count a report shows, made once from the triaged findings. */
export interface FindingCounts {
  total: number;
  /** Every finding, whatever its status. */
  bySeverity: SeverityCounts;
  /** The findings that count (`active`). */
  counted: SeverityCounts;
  byStatus: Record<FindingStatus, number>;
  /** All but those outside the change: what `scope` kept in. */
  inScope: number;
}

export interface Triage {
  /** Most severe first (compareFindings), with repository-relative paths. */
  findings: TriagedFinding[];
  counts: FindingCounts;
  /** The scope in effect. */
  scope: Scope;
  /** What `scope` did, e.g. "changed-lines: 5 of 12 findings are in the change". */
  scopeNote: string | undefined;
}

export interface UploadedFile {
  repositoryPath: string;
  /** Sent only because an audited file imports it: its findings never count. */
  dependency: boolean;
}

export interface TriageOptions {
  /** The scope in effect; `all` when the run is not a pull request. */
  scope: Scope;
  /** The pull request's changes; undefined means none are known, so everything is in scope. */
  changes: ChangeSet | undefined;
  /** The working directory relative to the repository root: '' or 'packages/core/'. */
  pathPrefix: string;
  /**
   * The upload by the names it was sent under, when this run made it; otherwise (a resumed
   * audit) a name is taken as a path under `pathPrefix`.
   */
  uploaded: ReadonlyMap<string, UploadedFile> | undefined;
  baseline: ReadonlyMap<string, BaselineEntry> | undefined;
  /**
   * The run audits several projects: a baseline entry from before fingerprints named repository
   * paths then accepts a finding only when it names the finding's file.
   */
  several: boolean;
  /** The suppression comments of `finding.file` as uploaded: none when it cannot be read. */
  suppressions: (file: string) => readonly Suppression[];
}

/**
 * Most specific reason first: in a dependency (not ours to fix), suppressed (the code says so,
 * right there), then accepted (the baseline says so), then outside the change.
 */
export function triageFindings(findings: readonly Finding[], options: TriageOptions): Triage {
  const files = findings.map((uploaded) =>
    uploaded.file === undefined ? undefined : options.uploaded?.get(uploaded.file),
  );
  const inRepo = findings.map((uploaded, index) =>
    inRepository(uploaded, files[index], options.pathPrefix),
  );
  // Names as uploaded that are already repository paths (one project at the root) keep the
  // parser's fingerprints: hashing them again would give the same.
  const moved = inRepo.some((finding, index) => finding !== findings[index]);
  const located = (moved ? assignFingerprints(inRepo) : inRepo).map((finding, index) => {
    const uploaded = findings[index] as Finding;
    const former = uploaded.fingerprint;
    return {
      uploaded,
      finding: finding.fingerprint === former ? finding : { ...finding, formerFingerprint: former },
      file: files[index],
    };
  });
  located.sort((a, b) => compareFindings(a.finding, b.finding));
  const triaged = located.map(({ uploaded, finding, file }): TriagedFinding => {
    if (file?.dependency === true) return { finding, status: 'dependency', note: undefined };
    const suppression =
      uploaded.file === undefined
        ? undefined
        : isSuppressed(uploaded, options.suppressions(uploaded.file));
    if (suppression !== undefined) return { finding, status: 'suppressed', note: suppression.text };
    const accepted =
      options.baseline && baselineEntryFor(options.baseline, finding, options.several);
    const note = accepted && escalation(accepted, finding);
    if (accepted !== undefined && note === undefined)
      return { finding, status: 'accepted', note: accepted.reason };
    if (options.changes !== undefined && !isInScope(finding, options.scope, options.changes))
      return { finding, status: 'outside-change', note };
    return { finding, status: 'active', note };
  });
  const counts = countFindings(triaged);
  return {
    findings: triaged,
    counts,
    scope: options.scope,
    scopeNote: scopeNote(options.scope, counts),
  };
}

/**
 * A finding the service now reports as more severe than the baseline accepted it is not
 * accepted: the team accepted a lesser risk. The note says so; undefined when it did not rise.
 */
function escalation(accepted: BaselineEntry, finding: Finding): string | undefined {
  const acceptedAt = acceptedSeverity(accepted);
  if (acceptedAt === undefined || severityRank(finding.severity) <= severityRank(acceptedAt))
    return undefined;
  return `the baseline accepted it at ${acceptedAt} severity (${accepted.reason}); it is now ${finding.severity}`;
}

/** What `scope` did, e.g. "changed-lines: 5 of 12 findings are in the change". */
export function scopeNote(scope: Scope, counts: FindingCounts): string | undefined {
  return scope === 'all'
    ? undefined
    : `${scope}: ${counts.inScope} of ${counts.total} findings are in the change`;
}

/**
 * The service names files as uploaded: made repository paths here, once, from the upload when it
 * is known (names there are the compiler's, not paths), else under the working directory (the
 * parser has already dropped paths that climb out, unless they were uploaded).
 */
function inRepository(
  finding: Finding,
  uploaded: UploadedFile | undefined,
  pathPrefix: string,
): Finding {
  if (finding.file === undefined) return finding;
  const file = uploaded?.repositoryPath ?? repositoryPath(pathPrefix, finding.file);
  return file === finding.file ? finding : { ...finding, file };
}

export function countFindings(triaged: readonly TriagedFinding[]): FindingCounts {
  const byStatus: Record<FindingStatus, number> = {
    active: 0,
    'outside-change': 0,
    accepted: 0,
    suppressed: 0,
    dependency: 0,
  };
  for (const entry of triaged) byStatus[entry.status] += 1;
  const active = activeFindings(triaged);
  return {
    total: triaged.length,
    bySeverity: countBySeverity(triaged.map((entry) => entry.finding)),
    counted: countBySeverity(active),
    byStatus,
    inScope: triaged.length - byStatus['outside-change'],
  };
}

export function activeFindings(triaged: readonly TriagedFinding[]): Finding[] {
  return triaged.filter((entry) => entry.status === 'active').map((entry) => entry.finding);
}

/**
 * The findings as reports list them: grouped by STATUS_ORDER, each group in the model's order.
 * A stable partition of the triaged order, not another sort.
 */
export function inReportOrder(triaged: readonly TriagedFinding[]): TriagedFinding[] {
  // One pass: every report asks, and the list may be long.
  const groups = new Map(
    STATUS_ORDER.map((status): [FindingStatus, TriagedFinding[]] => [status, []]),
  );
  for (const entry of triaged) groups.get(entry.status)?.push(entry);
  return [...groups.values()].flat();
}
