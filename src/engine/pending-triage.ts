/**
 * The parts of a pending record that decide how a finished audit's findings are triaged and
 * shown: each project's upload manifest (its files, which were dependencies, the audited files'
 * suppression comments), the baseline the run read, and on `workflow_run` the commit judged.
 * Compact JSON out; hostile JSON in, every field bounded, the baseline read back by the baseline
 * file's own parser.
 */
import { parseBaseline, type BaselineEntry } from '../audit/baseline.ts';
import type { JudgedCommit, RefusedFile } from '../audit/result.ts';
import { suppressionAt, type Suppression } from '../audit/suppressions.ts';
import type { ManifestFile, UploadManifest } from '../audit/upload-manifest.ts';

/** Files over every project of one record: far more than one run uploads. */
export const MAX_MANIFEST_FILES = 100_000;
/** A path: longer ones were not written here. */
export const MAX_PATH_LENGTH = 4_096;
/** A suppression comment, or a refused file's reason. */
export const MAX_COMMENT_LENGTH = 16_384;
/** Baseline entries one record keeps. */
export const MAX_BASELINE_ENTRIES = 100_000;

/**
 * `{f: [[name, 1 when a dependency, repository path?]], s: [[name, line, directive]]}`: the
 * repository path only when it is not the name under the project's folder, as it mostly is.
 */
export interface ManifestJson {
  f: ([string, 0 | 1] | [string, 0 | 1, string])[];
  s: [string, number, string][];
}

/** Where a file uploaded under `name` in the project at `folder` is, unless said otherwise. */
function underFolder(folder: string, name: string): string {
  return folder === '.' ? name : `${folder}/${name}`;
}

export function manifestJson(
  { files, suppressions }: UploadManifest,
  folder: string,
): ManifestJson {
  return {
    f: files.map(({ relativePath, repositoryPath, dependency }) =>
      repositoryPath === underFolder(folder, relativePath)
        ? [relativePath, dependency ? 1 : 0]
        : [relativePath, dependency ? 1 : 0, repositoryPath],
    ),
    s: [...suppressions].flatMap(([name, each]) =>
      // The directive as shown: a reason longer than a record keeps is cut, its rules kept.
      each.map((suppression): [string, number, string] => [
        name,
        suppression.line,
        cut(suppression.text, MAX_COMMENT_LENGTH),
      ]),
    ),
  };
}

/**
 * The baseline's entries as the file's `accepted` list holds them, with what the triage reads of
 * them only: the fingerprint, the reason, the file (an entry from before fingerprints named
 * repository paths) and the severity (a finding now more severe is not accepted).
 */
export function baselineJson(baseline: ReadonlyMap<string, BaselineEntry>): BaselineEntry[] {
  return [...baseline.values()].map(({ fingerprint, reason, file, severity }) => ({
    fingerprint,
    reason,
    ...(file !== undefined && { file }),
    ...(severity !== undefined && { severity }),
  }));
}

/** `{sha, refused: [[path, reason]]}`: paths and reasons cut to what the reader takes. */
export function judgedCommitJson({ sha, refused }: JudgedCommit): {
  sha: string;
  refused: [string, string][];
} {
  return {
    sha,
    refused: refused.map(({ path, reason }) => [
      cut(path, MAX_PATH_LENGTH),
      cut(reason, MAX_COMMENT_LENGTH),
    ]),
  };
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The commit `value` holds (null: none), or why it does not hold one. */
export function readJudgedCommit(value: unknown): JudgedCommit | undefined | string {
  if (value === null) return undefined;
  const why = 'the record has no usable audited commit';
  if (typeof value !== 'object' || Array.isArray(value)) return why;
  const { sha, refused } = value as Record<string, unknown>;
  if (typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha)) return why;
  if (!Array.isArray(refused) || refused.length > MAX_MANIFEST_FILES) return why;
  const files: RefusedFile[] = [];
  for (const entry of refused) {
    if (!Array.isArray(entry) || entry.length !== 2) return why;
    const [path, reason] = entry as unknown[];
    if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH) return why;
    if (typeof reason !== 'string' || reason.length > MAX_COMMENT_LENGTH) return why;
    files.push({ path, reason });
  }
  return { sha, refused: files };
}

/**
 * The manifest `value` holds, or why it does not hold one. `budget.files` is what the record's
 * earlier manifests left of MAX_MANIFEST_FILES; it is spent.
 */
export function readManifest(
  value: unknown,
  folder: string,
  budget: { files: number },
): UploadManifest | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the record has an audit with no usable file list';
  const { f, s } = value as Record<string, unknown>;
  if (!Array.isArray(f) || !Array.isArray(s))
    return 'the record has an audit with no usable file list';
  budget.files -= f.length;
  if (budget.files < 0) return `the record lists more than ${MAX_MANIFEST_FILES} files`;
  const files: ManifestFile[] = [];
  for (const entry of f) {
    if (
      !Array.isArray(entry) ||
      (entry.length !== 2 && entry.length !== 3) ||
      !isPath(entry[0]) ||
      (entry[1] !== 0 && entry[1] !== 1) ||
      (entry.length === 3 && !isPath(entry[2]))
    )
      return 'the record has a file that is not a name, a dependency mark and a path';
    const [relativePath, dependency, repositoryPath] = entry as [string, 0 | 1, string?];
    files.push({
      relativePath,
      repositoryPath: repositoryPath ?? underFolder(folder, relativePath),
      dependency: dependency === 1,
    });
  }
  if (new Set(files.map((file) => file.relativePath)).size !== files.length)
    return 'the record lists a file twice';
  const audited = new Set(files.flatMap((file) => (file.dependency ? [] : [file.relativePath])));
  if (s.length > files.length * 1_000) return 'the record has too many suppression comments';
  const suppressions = new Map<string, Suppression[]>();
  for (const entry of s) {
    const read = readSuppression(entry);
    if (read === undefined || !audited.has(read.name))
      return 'the record has a suppression comment that is not one of an audited file';
    let each = suppressions.get(read.name);
    if (each === undefined) suppressions.set(read.name, (each = []));
    each.push(read.suppression);
  }
  return { files, suppressions };
}

/** The baseline `value` holds (null: none), or why it does not hold one. */
export function readBaselineEntries(
  value: unknown,
): ReadonlyMap<string, BaselineEntry> | undefined | string {
  if (value === null) return undefined;
  if (!Array.isArray(value) || value.length > MAX_BASELINE_ENTRIES)
    return 'the record has no usable baseline';
  try {
    return parseBaseline(JSON.stringify({ version: 1, accepted: value }), 'of the pending record');
  } catch {
    return 'the record has no usable baseline';
  }
}

function readSuppression(entry: unknown): { name: string; suppression: Suppression } | undefined {
  if (!Array.isArray(entry) || entry.length !== 3) return undefined;
  const [name, line, text] = entry as unknown[];
  if (typeof name !== 'string' || typeof text !== 'string') return undefined;
  if (!(Number.isSafeInteger(line) && (line as number) > 0)) return undefined;
  if (text.length > MAX_COMMENT_LENGTH || /[\r\n]/.test(text)) return undefined;
  const suppression = suppressionAt(line as number, text);
  return suppression && { name, suppression };
}

/**
 * A path may hold whatever the upload's file names held (reports escape what they show): it is
 * only a name to look a finding's file up by.
 */
function isPath(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= MAX_PATH_LENGTH;
}
