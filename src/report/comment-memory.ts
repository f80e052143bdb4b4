/**
 * The sticky comment's memory: this run's findings, kept hidden and compact in the comment
 * itself, so the next run can tell new findings from fixed ones; and the marker that finds the
 * comment again. Everything read back is untrusted (anyone can edit a comment) and checked.
 */
import { Buffer } from 'node:buffer';
import type { Severity } from '../audit/findings.ts';
import { sha256 } from '../digest.ts';
import { truncateText } from '../text.ts';

/** A finding of the previous run, as remembered in its comment. */
export interface PreviousFinding {
  /** findingKey() of its fingerprint. */
  key: string;
  severity: Severity;
  title: string | undefined;
  /** `path:line`, relative to the repository. */
  location: string | undefined;
}

export interface PreviousRun {
  /** Most severe first. */
  findings: PreviousFinding[];
  /** Too many findings to remember all: the least severe were left out. */
  partial: boolean;
}

/** The hidden data never takes more than this, so the visible part always has room. */
const DATA_MAX_CHARS = 28_000;
const KEY_CHARS = 8;
const DATA_TITLE_MAX_CHARS = 100;
const DATA_LOCATION_MAX_CHARS = 120;
/** Longer than any comment GitHub keeps: nothing past it is decoded. */
const MAX_ENCODED_CHARS = 4 * 65_536;
const MARKER_PREFIX = '<!-- smart-contract-audit:';
const DATA_PATTERN = /<!-- smart-contract-audit:data=([A-Za-z0-9_-]*) -->/g;

/** Identifies the project's comment; the name is percent-encoded so it can never end the HTML comment. */
export function commentMarker(projectName: string): string {
  return `${MARKER_PREFIX}project=${encodeURIComponent(projectName)} -->`;
}

/** 48 bits of the fingerprint's hash: compact, fixed-length, and unlikely to collide. */
export function findingKey(fingerprint: string): string {
  return sha256(fingerprint, 'base64url').slice(0, KEY_CHARS);
}

/*
 * Hidden data: base64url of {"v":1,"k":keys,"s":severities,"d":details,"p":1}. `k` is the
 * findings' keys end to end, `s` one digit (index in SEVERITY_CODES) per key, `d` [title, location]
 * for the first keys, as many as fit; `p` when the least severe keys themselves did not fit.
 */
interface EncodedData {
  v: 1;
  k: string;
  s: string;
  d: Array<[string, string | null]>;
  p?: 1;
}

/** Fixed apart from SEVERITIES' order, so comments written by earlier versions still read. */
const SEVERITY_CODES: readonly Severity[] = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
  'gas',
  'unknown',
];

const DATA_BYTES = Math.floor(DATA_MAX_CHARS / 4) * 3;
/** When not every key fits, room kept for the titles of the most severe ones. */
const DETAILS_RESERVE_BYTES = 4_000;

/** `remember` is called only for the findings kept, the most severe: a long list costs no more. */
export function encodeMemory<T>(
  findings: readonly T[],
  remember: (finding: T) => PreviousFinding,
  alreadyPartial: boolean,
): string {
  const empty = JSON.stringify({ v: 1, k: '', s: '', d: [], p: 1 }).length;
  const keyBytes = KEY_CHARS + 1;
  const allFit = empty + findings.length * keyBytes <= DATA_BYTES;
  const kept = allFit
    ? findings.length
    : Math.floor((DATA_BYTES - empty - DETAILS_RESERVE_BYTES) / keyBytes);
  const remembered = findings.slice(0, kept).map(remember);
  const data: EncodedData = {
    v: 1,
    k: remembered.map((f) => f.key).join(''),
    s: remembered.map((f) => SEVERITY_CODES.indexOf(f.severity)).join(''),
    d: [],
  };
  if (alreadyPartial || !allFit) data.p = 1;
  let budget = DATA_BYTES - empty - kept * keyBytes;
  for (const finding of remembered) {
    const detail: [string, string | null] = [
      truncateText(finding.title ?? '', DATA_TITLE_MAX_CHARS),
      finding.location === undefined
        ? null
        : truncateText(finding.location, DATA_LOCATION_MAX_CHARS),
    ];
    const size = Buffer.byteLength(JSON.stringify(detail)) + 1;
    if (size > budget) break;
    budget -= size;
    data.d.push(detail);
  }
  const encoded = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${MARKER_PREFIX}data=${encoded} -->`;
}

/** The previous run's findings from its comment; undefined when there are none to be read. */
export function readPreviousFindings(body: string): PreviousRun | undefined {
  const match = [...body.matchAll(DATA_PATTERN)].at(-1);
  if (match?.[1] === undefined || match[1].length > MAX_ENCODED_CHARS) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { v, k, s, d, p } = data as Record<string, unknown>;
  if (v !== 1 || typeof k !== 'string' || typeof s !== 'string') return undefined;
  if (k.length !== s.length * KEY_CHARS || !/^[A-Za-z0-9_-]*$/.test(k)) return undefined;
  const details = Array.isArray(d) ? d : [];
  const findings: PreviousFinding[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const severity = SEVERITY_CODES[Number(s[i])];
    if (severity === undefined) return undefined;
    const detail: unknown = details[i];
    const [title, location] = Array.isArray(detail) ? detail : [];
    findings.push({
      key: k.slice(i * KEY_CHARS, (i + 1) * KEY_CHARS),
      severity,
      title: typeof title === 'string' ? title : undefined,
      location: typeof location === 'string' ? location : undefined,
    });
  }
  return { findings, partial: p === 1 };
}
