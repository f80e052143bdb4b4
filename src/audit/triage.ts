/**
 * Triage: which findings count for the gate, and why the others do not.
 */
import type { BaselineEntry } from './baseline.ts';
import { compareFindings, type Finding } from './findings.ts';
import { isInScope, type ChangeSet, type Scope } from './scope.ts';
import { findSuppressions, isSuppressed, type Suppression } from './suppressions.ts';

/**
 * Why a finding does or does not count for the gate:
 * - `active`: counts and is annotated;
 * - `outside-change`: on a pull request with `scope` changed-files/changed-lines, not in the change;
 * - `accepted`: listed in the `baseline` file;
 * - `suppressed`: an `audit-ignore-line` / `audit-ignore-next-line` comment in the contract.
 */
export type FindingStatus = 'active' | 'outside-change' | 'accepted' | 'suppressed';

export interface TriagedFinding {
  finding: Finding;
  status: FindingStatus;
  /** The baseline's reason, or the suppression comment's text, when there is one. */
  note: string | undefined;
}

export interface TriageOptions {
  /** The scope in effect; `all` when the run is not a pull request. */
  scope: Scope;
  /** The pull request's changes; undefined means none are known, so everything is in scope. */
  changes: ChangeSet | undefined;
  /** The working directory relative to the repository root: '' or 'packages/core/'. */
  pathPrefix: string;
  baseline: ReadonlyMap<string, BaselineEntry> | undefined;
  /** The contract's text by `finding.file`, or undefined when it cannot be read. */
  sources: (file: string) => string | undefined;
}

/**
 * Most specific reason first: suppressed (the code says so, right there), then accepted (the
 * baseline says so), then outside the change. Sorted with compareFindings.
 */
export function triageFindings(
  findings: readonly Finding[],
  options: TriageOptions,
): TriagedFinding[] {
  const suppressionsByFile = new Map<string, readonly Suppression[]>();
  const suppressionsOf = (file: string): readonly Suppression[] => {
    let found = suppressionsByFile.get(file);
    if (found === undefined) {
      const source = options.sources(file);
      found = source === undefined ? [] : findSuppressions(source);
      suppressionsByFile.set(file, found);
    }
    return found;
  };

  return [...findings].sort(compareFindings).map((finding): TriagedFinding => {
    const suppression =
      finding.file === undefined ? undefined : isSuppressed(finding, suppressionsOf(finding.file));
    if (suppression !== undefined) return { finding, status: 'suppressed', note: suppression.text };
    const accepted = options.baseline?.get(finding.fingerprint);
    if (accepted !== undefined) return { finding, status: 'accepted', note: accepted.reason };
    if (
      options.changes !== undefined &&
      !isInScope(finding, options.scope, options.changes, options.pathPrefix)
    )
      return { finding, status: 'outside-change', note: undefined };
    return { finding, status: 'active', note: undefined };
  });
}

export function activeFindings(triaged: readonly TriagedFinding[]): Finding[] {
  return triaged.filter((entry) => entry.status === 'active').map((entry) => entry.finding);
}

export function countByStatus(triaged: readonly TriagedFinding[]): Record<FindingStatus, number> {
  const counts: Record<FindingStatus, number> = {
    active: 0,
    'outside-change': 0,
    accepted: 0,
    suppressed: 0,
  };
  for (const entry of triaged) counts[entry.status] += 1;
  return counts;
}
