/**
 * Small readers for JSON of unknown shape: type guards, "first present field among aliases",
 * and envelope unwrapping. Everything the service sends stays `unknown` until checked here.
 */

import { isRecord, type JsonRecord } from '../json.ts';

export type JsonRead = { ok: true; value: unknown } | { ok: false };

export function readJson(text: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The value at a dotted path (`links.report`), own properties only; `null` reads as absent. */
export function field(record: JsonRecord, path: string): unknown {
  // Called a few hundred times per finding, most often for an absent key: no split, so a path
  // costs nothing past its first absent segment.
  let current = record;
  let from = 0;
  for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', from)) {
    const inner = ownValue(current, path.slice(from, dot));
    if (!isRecord(inner)) return undefined;
    current = inner;
    from = dot + 1;
  }
  return ownValue(current, from === 0 ? path : path.slice(from));
}

function ownValue(record: JsonRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? (record[key] ?? undefined) : undefined;
}

/** The first of `aliases` whose value `read` accepts; absent ones are not read. */
export function firstOf<T>(
  record: JsonRecord,
  aliases: readonly string[],
  read: (value: unknown) => T | undefined,
): T | undefined {
  for (const alias of aliases) {
    const raw = field(record, alias);
    const value = raw === undefined ? undefined : read(raw);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Searches level by level (innermost first), each level through all aliases. */
export function firstInLevels<T>(
  levels: readonly JsonRecord[],
  aliases: readonly string[],
  read: (value: unknown) => T | undefined,
): T | undefined {
  for (const level of levels) {
    const value = firstOf(level, aliases, read);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Searches alias by alias, each through all levels: a specific name anywhere beats a generic one. */
export function firstByAlias<T>(
  levels: readonly JsonRecord[],
  aliases: readonly string[],
  read: (value: unknown) => T | undefined,
): T | undefined {
  for (const alias of aliases) {
    for (const level of levels) {
      const value = read(field(level, alias));
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** Keys under which comparable services wrap the object that matters. */
export const ENVELOPE_KEYS = [
  'data',
  'result',
  'results',
  'audit',
  'report',
  'scan_report',
  'attributes',
] as const;

const MAX_ENVELOPE_DEPTH = 4;

/**
 * The root and every object reachable from it through envelope keys (arrays are never
 * envelopes: `results: [...]` is a findings list), innermost first and the root last, so
 * an inner `status` wins over an outer transport-level one.
 */
export function envelopeLevels(root: unknown): JsonRecord[] {
  if (!isRecord(root)) return [];
  const byDepth: JsonRecord[][] = [[root]];
  for (let depth = 0; depth < MAX_ENVELOPE_DEPTH; depth += 1) {
    const next: JsonRecord[] = [];
    for (const level of byDepth[depth] ?? []) {
      for (const key of ENVELOPE_KEYS) {
        const inner = field(level, key);
        if (isRecord(inner)) next.push(inner);
      }
    }
    if (next.length === 0) break;
    byDepth.push(next);
  }
  return byDepth.reverse().flat();
}

/** A non-empty string, trimmed. */
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Control, format and other invisible characters (escape sequences, DEL, bidi overrides,
 * zero-width joiners, the BOM, Hangul fillers) and lone surrogates: removed, never turned into
 * spaces, so text split by them reads as what it is (and a secret split by them is found).
 */
const INVISIBLE = /(?![\t\n\v\f\r\u0085])[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** Runs of white space and line breaks, folded to one space. */
const BLANK_RUNS = /[\s\u0085]+/g;

/** What the two above and trim() leave as it is: no invisible character, no blank run or edge. */
const PLAIN_LINE = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

export const MAX_NAME = 200;

/**
 * A name-like string (file, rule or service id, severity word) on one line: invisible characters
 * dropped, white space folded, cut to `max` code points with '…'. A line break in a name once
 * ended an HTML block in the job summary. Undefined when nothing visible is left.
 */
export function cleanName(value: string, max = MAX_NAME): string | undefined {
  // Printable ASCII with single inner spaces is already one clean line: most names are.
  const line = PLAIN_LINE.test(value)
    ? value
    : value.replace(INVISIBLE, '').replace(BLANK_RUNS, ' ').trim();
  if (line === '') return undefined;
  // UTF-16 units bound the code points: most names are short enough without counting them.
  if (line.length <= max) return line;
  const chars = Array.from(line); // by code point, so a cut never splits a surrogate pair
  if (chars.length <= max) return line;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** A non-empty string or a finite number, as a string (ids and status words arrive as either). */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return text(value);
}

/** A positive integer, from a number or a string of digits. */
export function positiveInteger(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** `read` remembering its answers, for values an answer repeats (file names, severity words). */
export function memoized<T>(read: (value: string) => T): (value: string) => T {
  const answers = new Map<string, T>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined && !answers.has(value)) {
      answer = read(value);
      answers.set(value, answer);
    }
    return answer as T;
  };
}
