/**
 * Where a finding is: a file path relative to the workspace and a line range, found among the
 * many places comparable scanners put them (flat fields, `location{}`, `locations[]`, Slither's
 * `elements[].source_mapping`, SARIF regions, MythX source maps, `"file.sol:12"` strings).
 */

import { isRecord, type JsonRecord } from '../json.ts';
import { field, firstOf, memoized, cleanName, positiveInteger, text } from './json-fields.ts';

export interface SourceLocation {
  file: string | undefined;
  /** Both lines are set or neither is, with `endLine >= startLine`. */
  startLine: number | undefined;
  endLine: number | undefined;
}

const FILE_FIELDS = [
  'file',
  'file.path',
  'file_path',
  'filePath',
  'filename_relative',
  'filename',
  'fileName',
  'path',
  'contract_path',
  'contractPath',
  'source_file',
  'sourceFile',
  'filename_short',
  'filename_used',
  'filename_absolute',
  'artifactLocation.uri',
  'uri',
];
const START_FIELDS = [
  'line',
  'lineno',
  'line_no',
  'lineNumber',
  'line_number',
  'start_line',
  'startLine',
  'line_start',
  'lineStart',
  'start.line',
];
const END_FIELDS = ['end_line', 'endLine', 'line_end', 'lineEnd', 'end.line'];
const START_LIST_FIELDS = ['lines', 'line_nos_start', 'line_nos'];
const END_LIST_FIELDS = ['lines', 'line_nos_end', 'line_nos'];
/** Records that may hold the location of the record around them; arrays give their first entry. */
const NESTED_FIELDS = [
  'location',
  'locations',
  'source_mapping',
  'sourceMapping',
  'elements',
  'physicalLocation',
  'region',
];
const MAX_NESTING = 3;

/**
 * The location from the first of `records` (most specific first: an instance, its finding, the
 * finding's group) that has one; the file and the lines may come from different nested records.
 */
export function locate(records: readonly JsonRecord[], readPath: PathReader): SourceLocation {
  const candidates: JsonRecord[] = [];
  for (const record of records) withNested(record, 0, candidates);
  const sourceList = first(candidates, (c) => {
    const list = field(c, 'sourceList');
    return Array.isArray(list) ? list : undefined;
  });
  const rawFile = first(candidates, (c) => fileIn(c, sourceList));
  const file = rawFile === undefined ? undefined : readPath(rawFile);
  // Lines of a file we will not name (outside the repository) belong to no file of ours.
  const lines =
    rawFile !== undefined && file === undefined ? undefined : first(candidates, linesIn);
  return { file, startLine: lines?.start, endLine: lines?.end };
}

/** The first value `read` gives, reading no further. */
function first<T>(records: readonly JsonRecord[], read: (record: JsonRecord) => T | undefined) {
  for (const record of records) {
    const value = read(record);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `record`, then the records nested in it, depth first, appended to `into`. */
function withNested(record: JsonRecord, depth: number, into: JsonRecord[]): void {
  into.push(record);
  if (depth >= MAX_NESTING) return;
  for (const key of NESTED_FIELDS) {
    const value = field(record, key);
    const first: unknown = Array.isArray(value) ? value[0] : value;
    const inner = typeof first === 'string' ? fromLocationString(first) : first;
    if (isRecord(inner)) withNested(inner, depth + 1, into);
  }
}

/** `contracts/A.sol:12`, `contracts/A.sol:12:5`, `contracts/A.sol#L12-L20`, `contracts/A.sol`. */
function fromLocationString(location: string): JsonRecord {
  const match = /^(.*?)(?::(\d+)(?::\d+)?|#L?(\d+)(?:-L?(\d+))?)?$/.exec(location.trim());
  return { file: match?.[1], line: match?.[2] ?? match?.[3], end_line: match?.[4] };
}

function fileIn(
  record: JsonRecord,
  sourceList: readonly unknown[] | undefined,
): string | undefined {
  const named = firstOf(record, FILE_FIELDS, text);
  if (named !== undefined) return named;
  // MythX: `sourceMap` is `offset:length:fileIndex` into the `sourceList` beside it or above it.
  const sourceMap = text(field(record, 'sourceMap'));
  const index = sourceMap?.split(';')[0]?.split(':')[2];
  if (index === undefined || !/^\d+$/.test(index) || sourceList === undefined) return undefined;
  return text(sourceList[Number(index)]);
}

function linesIn(record: JsonRecord): { start: number; end: number } | undefined {
  const decoded = decodedLines(record);
  const start =
    firstOf(record, START_FIELDS, positiveInteger) ??
    firstOf(record, START_LIST_FIELDS, (v) => lineList(v, Math.min)) ??
    decoded?.start;
  const end =
    firstOf(record, END_FIELDS, positiveInteger) ??
    firstOf(record, END_LIST_FIELDS, (v) => lineList(v, Math.max)) ??
    decoded?.end;
  const first = start ?? end;
  const last = end ?? start;
  if (first === undefined || last === undefined) return undefined;
  return { start: Math.min(first, last), end: Math.max(first, last) };
}

/** `[12, 13, 14]`, `"12-14"` or a single line, reduced with `pick` (min or max). */
function lineList(value: unknown, pick: (...lines: number[]) => number): number | undefined {
  const parts = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/\s*[-–,]\s*/)
      : [value];
  const lines = parts.map(positiveInteger).filter((n) => n !== undefined);
  return lines.length === 0 ? undefined : pick(...lines);
}

/** MythX `decodedLocations: [[{line, column}, {line, column}], ...]`. */
function decodedLines(record: JsonRecord): { start?: number; end?: number } | undefined {
  const decoded = field(record, 'decodedLocations');
  if (!Array.isArray(decoded)) return undefined;
  const pair: unknown = decoded[0];
  if (!Array.isArray(pair)) return undefined;
  const [from, to]: unknown[] = pair;
  const start = isRecord(from) ? positiveInteger(from.line) : undefined;
  const end = isRecord(to) ? positiveInteger(to.line) : undefined;
  return start === undefined && end === undefined ? undefined : { start, end };
}

/** normalizePath for the findings of one answer. */
export type PathReader = (raw: string) => string | undefined;

/** The uploads indexed once, and each distinct name read once: findings repeat them. */
export function pathReader(knownFiles: readonly string[] | undefined): PathReader {
  const known = knownFiles && indexKnownFiles(knownFiles);
  return memoized((raw) => normalizePath(raw, known));
}

/**
 * A POSIX path inside the repository, `.` and `..` resolved, or undefined. With `known` (the
 * uploaded paths, indexed), a path with an extra prefix (`/tmp/upload/contracts/A.sol`) maps to
 * the longest known file it ends with, and a relative shortened one (`A.sol`) to the only known
 * file ending with it. A path that is absolute, climbs out (`../x.sol`) or is a URL is used only when it maps to a
 * known file: the reports link it and SARIF uploads it as a repository path. Known files are
 * matched whatever the Unicode normal form or percent-encoding the service used, and are
 * returned as uploaded.
 */
export function normalizePath(raw: string, known?: KnownFiles): string | undefined {
  const path = readPath(raw);
  if (path === undefined) return undefined;
  const file = (known && knownFile(path, known)) ?? (path.inside ? path.clean : undefined);
  // UTF-16 units bound the code points: only a long name needs counting.
  const fits =
    file !== undefined && (file.length <= MAX_PATH || Array.from(file).length <= MAX_PATH);
  return fits ? file : undefined;
}

interface PathReading {
  /** The segments left after resolving `.` and `..`, joined with `/`. */
  clean: string;
  /** Relative, and never above where it starts, in its raw and its percent-decoded form. */
  inside: boolean;
}

const MAX_PATH = 1024;
/** A URL scheme: two characters or more, as one is a drive letter. */
const SCHEME = /^([a-z][a-z0-9+.-]+):(.*)$/is;

function readPath(raw: string): PathReading | undefined {
  const line = cleanName(raw, Number.POSITIVE_INFINITY);
  if (line === undefined) return undefined;
  const reading = resolve(line);
  const decoded = percentDecoded(line);
  // A link or a SARIF URI would decode `%2e%2e/` back into `../`.
  const inside = reading.inside && (decoded === line || resolve(decoded).inside);
  return reading.clean === '' ? undefined : { clean: reading.clean, inside };
}

function resolve(line: string): PathReading {
  const { path, rooted } = unrooted(line);
  const segments: string[] = [];
  let climbs = false;
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '..') {
      if (segments.pop() === undefined) climbs = true;
    } else if (segment !== '' && segment !== '.') {
      segments.push(segment);
    }
  }
  const absolute = rooted || /^[/\\]/.test(path);
  return { clean: segments.join('/'), inside: !absolute && !climbs };
}

/**
 * A drive path's or a URL's path part (no authority, query or fragment), else the line itself.
 * A dotted "scheme" without `//` is a file name with a line (`A.sol:12`), not a URL.
 */
function unrooted(line: string): { path: string; rooted: boolean } {
  const drive = /^[a-z]:(.*)$/is.exec(line);
  if (drive) return { path: drive[1] ?? '', rooted: true };
  const [, scheme = '', rest = ''] = SCHEME.exec(line) ?? [];
  if (scheme === '' || (scheme.includes('.') && !rest.startsWith('//')))
    return { path: line, rooted: false };
  const path = rest.startsWith('//') ? rest.replace(/^\/\/[^/\\]*/, '') : rest;
  return { path: path.replace(/[?#].*$/s, ''), rooted: true };
}

/**
 * The uploaded paths, indexed once per answer: each finding's path is then matched in time that
 * grows with its own length, not with the number of uploads.
 */
export interface KnownFiles {
  /** By comparable key, the first uploaded file with it (clean, as uploaded). */
  byKey: ReadonlyMap<string, string>;
  /** By every suffix of a key that follows a `/`: the first file ending so, and how many do. */
  bySuffix: ReadonlyMap<string, { file: string; count: number }>;
  /** No path suffix longer than this can be a known key. */
  longestKey: number;
}

export function indexKnownFiles(files: readonly string[]): KnownFiles {
  const byKey = new Map<string, string>();
  const bySuffix = new Map<string, { file: string; count: number }>();
  let longestKey = 0;
  for (const uploaded of files) {
    const file = readPath(uploaded)?.clean;
    if (file === undefined) continue;
    const key = comparable(file);
    if (!byKey.has(key)) byKey.set(key, file);
    longestKey = Math.max(longestKey, key.length);
    for (let slash = key.indexOf('/'); slash !== -1; slash = key.indexOf('/', slash + 1)) {
      const suffix = key.slice(slash + 1);
      const entry = bySuffix.get(suffix);
      if (entry === undefined) bySuffix.set(suffix, { file, count: 1 });
      else entry.count += 1;
    }
  }
  return { byKey, bySuffix, longestKey };
}

function knownFile(path: PathReading, known: KnownFiles): string | undefined {
  const key = comparable(path.clean);
  const same = known.byKey.get(key);
  if (same !== undefined) return same;
  // The longest known key the path ends with after a `/`: its suffixes, longest first.
  const from = Math.max(0, key.length - known.longestKey - 1);
  for (let slash = key.indexOf('/', from); slash !== -1; slash = key.indexOf('/', slash + 1)) {
    const longer = known.byKey.get(key.slice(slash + 1));
    if (longer !== undefined) return longer;
  }
  if (!path.inside) return undefined;
  const shorter = known.bySuffix.get(key);
  return shorter?.count === 1 ? shorter.file : undefined;
}

/** NFC (macOS checkouts are often NFD) and percent-decoded, for comparing paths only. */
function comparable(path: string): string {
  return percentDecoded(path).normalize('NFC');
}

function percentDecoded(path: string): string {
  if (!/%[0-9a-f]{2}/i.test(path)) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // Not valid percent-encoding: read as written.
  }
}
