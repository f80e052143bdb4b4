/**
 * Diff-aware scope: whether a finding lies in what a pull request changed, so that only those
 * count for the gate (input `scope`). Paths here are relative to the repository root.
 */
import path from 'node:path';
import type { Finding } from './findings.ts';
import { addedLineRanges, type LineRange } from './patch.ts';

export const SCOPES = ['all', 'changed-files', 'changed-lines'] as const;
export type Scope = (typeof SCOPES)[number];

/** One entry of GitHub's "list pull request files". */
export interface ChangedFile {
  /** Relative to the repository root; the new path of a renamed file. */
  path: string;
  /** added, removed, modified, renamed, copied, changed, unchanged. */
  status: string;
  /** Absent for binary files and diffs too large for GitHub to include. */
  patch: string | undefined;
  /** Lines added, as GitHub counts them; tells a pure rename apart from a too-large diff. */
  additions?: number;
  previousPath?: string;
}

export interface ChangeSet {
  /** Repository path → the lines added there, or the whole file when they cannot be known. */
  files: ReadonlyMap<string, readonly LineRange[] | 'whole-file'>;
}

export function buildChangeSet(files: readonly ChangedFile[]): ChangeSet {
  const map = new Map<string, readonly LineRange[] | 'whole-file'>();
  for (const file of files) {
    // A removed file is not in the checkout, so no finding can be in it.
    if (file.status === 'removed') continue;
    map.set(repositoryPath('', file.path), changedLines(file));
  }
  return { files: map };
}

/**
 * When the diff is not there (too large, binary) or not readable, the whole file counts as
 * changed: hiding a finding the change may have caused is worse than counting one it did not.
 * Only when GitHub says no line was added (a pure rename, a mode change) is that trusted.
 */
function changedLines(file: ChangedFile): readonly LineRange[] | 'whole-file' {
  if (file.patch === undefined) return file.additions === 0 ? [] : 'whole-file';
  try {
    return addedLineRanges(file.patch);
  } catch {
    return 'whole-file';
  }
}

/**
 * Whether the finding counts under `scope`.
 * - `all`, or a finding with no file: in scope (what cannot be placed is never hidden).
 * - `changed-files`: its file (relative to the repository root, as triage made it) is one the
 *   pull request added or modified, renamed files by their new path.
 * - `changed-lines`: also its lines (`startLine`..`endLine`) overlap an added line; a finding
 *   with a file but no line is in scope when any line of that file was added.
 */
export function isInScope(finding: Finding, scope: Scope, changes: ChangeSet): boolean {
  if (scope === 'all' || finding.file === undefined) return true;
  const lines = changes.files.get(finding.file);
  if (lines === undefined) return false;
  if (scope === 'changed-files' || lines === 'whole-file') return true;
  const { startLine, endLine } = finding;
  if (startLine === undefined) return lines.length > 0;
  const end = endLine !== undefined && endLine >= startLine ? endLine : startLine;
  return lines.some((range) => range.start <= end && startLine <= range.end);
}

/**
 * The one spelling of a repository path, so the service's and GitHub's meet: `packages/core/`
 * with `./a//b/../c.sol` is `packages/core/a/c.sol`. A path that climbs out of the repository
 * keeps its `..`, so it is never mistaken for a file inside it.
 */
export function repositoryPath(pathPrefix: string, file: string): string {
  const prefix = path.posix.normalize(`${pathPrefix}/`).replace(/^(\.\/)+|^\/+/, '');
  return path.posix.normalize(prefix + file).replace(/^(\.\/)+|^\/+/, '');
}
