/**
 * The part of a pending record that decides how a finished audit's findings are triaged: each
 * project's upload manifest (its files, which were dependencies, the audited files' suppression
 * comments) and the baseline the run read. Compact JSON out; hostile JSON in, every field
 * bounded, the baseline read back by the baseline file's own parser.
 */
import { parseBaseline, type BaselineEntry } from '../audit/baseline.ts';
import { suppressionAt, type Suppression } from '../audit/suppressions.ts';
import type { ManifestFile, UploadManifest } from '../audit/upload-manifest.ts';

/** Files over every project of one record: far more than one run uploads. */
export const MAX_MANIFEST_FILES = 100_000;
/** A path, or a suppression comment: longer ones were not written here. */
export const MAX_MANIFEST_TEXT_LENGTH = 4_096;
/** Baseline entries one record keeps. */
export const MAX_BASELINE_ENTRIES = 100_000;
const CONTROL = /[\p{Cc}\p{Cf}]/u;

/** `{f: [[name, repository path, 1 when a dependency]], s: [[name, line, directive]]}`. */
export interface ManifestJson {
  f: [string, string, 0 | 1][];
  s: [string, number, string][];
}

export function manifestJson({ files, suppressions }: UploadManifest): ManifestJson {
  return {
    f: files.map(({ relativePath, repositoryPath, dependency }) => [
      relativePath,
      repositoryPath,
      dependency ? 1 : 0,
    ]),
    s: [...suppressions].flatMap(([name, each]) =>
      each.map((suppression): [string, number, string] => [
        name,
        suppression.line,
        suppression.text,
      ]),
    ),
  };
}

/** The baseline's entries as the file's `accepted` list holds them. */
export function baselineJson(baseline: ReadonlyMap<string, BaselineEntry>): BaselineEntry[] {
  return [...baseline.values()];
}

/**
 * The manifest `value` holds, or why it does not hold one. `budget.files` is what the record's
 * earlier manifests left of MAX_MANIFEST_FILES; it is spent.
 */
export function readManifest(value: unknown, budget: { files: number }): UploadManifest | string {
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
      entry.length !== 3 ||
      !isPath(entry[0]) ||
      !isPath(entry[1]) ||
      (entry[2] !== 0 && entry[2] !== 1)
    )
      return 'the record has a file that is not a name, a path and a dependency mark';
    files.push({ relativePath: entry[0], repositoryPath: entry[1], dependency: entry[2] === 1 });
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
  if (text.length > MAX_MANIFEST_TEXT_LENGTH || /[\r\n]/.test(text)) return undefined;
  const suppression = suppressionAt(line as number, text);
  return suppression && { name, suppression };
}

function isPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value !== '' &&
    value.length <= MAX_MANIFEST_TEXT_LENGTH &&
    !CONTROL.test(value)
  );
}
