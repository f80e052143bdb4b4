/**
 * The sticky pull request comment: verdict, counts, what changed since the previous run and the
 * most severe findings, found again next run by a hidden marker. The findings of this run are
 * kept in the comment itself, hidden and compact, so the next run can tell new from fixed.
 * Everything from the service is escaped; the whole fits GitHub's 65,536 characters.
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  compareFindings,
  countBySeverity,
  severityRank,
  shownSeverities,
  type Finding,
  type Severity,
} from '../audit/findings.ts';
import type { Verdict } from '../audit/gate.ts';
import type { FindingStatus, TriagedFinding } from '../audit/triage.ts';
import { escapeMarkdown, truncateText } from './escape.ts';
import { SEVERITY_LABELS, VERDICT_ICONS, VERDICT_WORDS } from './labels.ts';
import { locationCell, locationText, safeHttpUrl, type SourceLinks } from './links.ts';

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

export interface PrCommentInput {
  projectName: string;
  verdict: Verdict;
  /** Plain text; escaped here. */
  reason: string;
  findings: readonly TriagedFinding[];
  /** From the comment being replaced; undefined on the first run. */
  previous: PreviousRun | undefined;
  links: SourceLinks | undefined;
  /** The working directory relative to the repository: '' or 'packages/core/'. */
  pathPrefix: string;
  auditId: string | undefined;
  reportUrl: string | undefined;
  runUrl?: string;
}

export const COMMENT_MAX_CHARS = 65_536;
/** The hidden data never takes more than this, so the visible part always has room. */
const DATA_MAX_CHARS = 28_000;
const LIST_LIMIT = 20;
const KEY_CHARS = 8;
const DATA_TITLE_MAX_CHARS = 100;
const DATA_LOCATION_MAX_CHARS = 120;
const MARKER_PREFIX = '<!-- smart-contract-audit:';
const DATA_PATTERN = /<!-- smart-contract-audit:data=([A-Za-z0-9_-]*) -->/g;

const STATUS_LABELS: Record<Exclude<FindingStatus, 'active'>, string> = {
  'outside-change': 'outside the change',
  accepted: 'accepted in the baseline',
  suppressed: 'suppressed in the code',
};

/** Identifies the project's comment; the name is percent-encoded so it can never end the HTML comment. */
export function commentMarker(projectName: string): string {
  return `${MARKER_PREFIX}project=${encodeURIComponent(projectName)} -->`;
}

/** 48 bits of the fingerprint's hash: compact, fixed-length, and unlikely to collide. */
export function findingKey(fingerprint: string): string {
  return createHash('sha256').update(fingerprint).digest('base64url').slice(0, KEY_CHARS);
}

export function renderPrComment(input: PrCommentInput, maxChars = COMMENT_MAX_CHARS): string {
  const hasResults = input.verdict === 'pass' || input.verdict === 'fail';
  const remembered = hasResults
    ? input.findings
        .map((e) => e.finding)
        .sort(compareFindings)
        .map((f) => toPrevious(f, input.pathPrefix))
    : // No results this run: keep the last real ones for the next comparison.
      (input.previous?.findings ?? []);
  const data = encodeData(remembered, !hasResults && input.previous?.partial === true);

  const head = [commentMarker(input.projectName), ...renderHead(input, hasResults), ''].join('\n');
  const sections = hasResults ? renderSections(input) : '';
  const footer = renderFooter(input);
  const tail = `\n${footer}\n\n${data}\n`;
  const room = maxChars - head.length - tail.length;
  return head + fitSections(sections, room) + tail;
}

function toPrevious(finding: Finding, pathPrefix: string): PreviousFinding {
  return {
    key: findingKey(finding.fingerprint),
    severity: finding.severity,
    title: finding.title,
    location: locationText(finding, pathPrefix),
  };
}

function renderHead(input: PrCommentInput, hasResults: boolean): string[] {
  const name = escapeMarkdown(truncateText(input.projectName, 200));
  const verdict = `${VERDICT_ICONS[input.verdict]} ${VERDICT_WORDS[input.verdict]}`;
  const lines = [
    `### ${verdict}: smart contract audit of ${name}`,
    '',
    escapeMarkdown(truncateText(input.reason, 2_000)),
    '',
  ];
  if (!hasResults) {
    lines.push(
      input.verdict === 'skipped'
        ? '> No audit was run, so there are no results.'
        : '> ⚠️ **No complete results were obtained**, so this run says nothing about the code. ' +
            'It is not a clean result.',
      '',
    );
    return lines;
  }
  const counted = input.findings.filter((e) => e.status === 'active').map((e) => e.finding);
  const counts = countBySeverity(counted);
  const columns = shownSeverities(counts);
  lines.push(
    `| ${columns.map((s) => SEVERITY_LABELS[s]).join(' | ')} |`,
    `|${' ---: |'.repeat(columns.length)}`,
    `| ${columns.map((s) => String(counts[s])).join(' | ')} |`,
    '',
  );
  const others = (Object.keys(STATUS_LABELS) as Array<keyof typeof STATUS_LABELS>)
    .map((status) => [status, input.findings.filter((e) => e.status === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${STATUS_LABELS[status]}`);
  if (others.length > 0) lines.push(`Not counted for the gate: ${others.join(', ')}.`, '');
  return lines;
}

function renderSections(input: PrCommentInput): string {
  const previous = input.previous;
  const currentKeys = new Set(input.findings.map((e) => findingKey(e.finding.fingerprint)));
  const ordered = [...input.findings].sort(compareTriaged);
  const lines: string[] = [];

  let isNew: (entry: TriagedFinding) => boolean = () => false;
  if (previous === undefined) {
    lines.push('_First run on this pull request: nothing to compare with yet._', '');
  } else {
    const previousKeys = new Set(previous.findings.map((p) => p.key));
    // When the previous run's list was cut, only severities above the cut can be compared.
    const floor = previous.partial ? previous.findings.at(-1)?.severity : undefined;
    const comparable = (severity: Severity) =>
      floor === undefined || severityRank(severity) > severityRank(floor);
    isNew = (entry) =>
      comparable(entry.finding.severity) &&
      !previousKeys.has(findingKey(entry.finding.fingerprint));
    const added = ordered.filter(isNew);
    const fixed = previous.findings.filter((p) => !currentKeys.has(p.key));

    lines.push(`#### 🆕 New since the previous run (${added.length})`, '');
    if (added.length === 0) lines.push('None.', '');
    else
      lines.push(
        ...findingTable(added.slice(0, LIST_LIMIT), input, () => false),
        ...more(added.length),
      );
    lines.push(`#### ✅ Fixed since the previous run (${fixed.length})`, '');
    if (fixed.length === 0) lines.push('None.', '');
    else lines.push(...fixedTable(fixed.slice(0, LIST_LIMIT)), ...more(fixed.length));
    if (floor !== undefined) {
      lines.push(
        `_The previous run had more findings than this comment can remember: ${floor} and less ` +
          'severe findings were not compared._',
        '',
      );
    }
  }

  const shown = ordered.slice(0, LIST_LIMIT);
  lines.push(
    ordered.length > shown.length
      ? `#### Most severe findings (${shown.length} of ${ordered.length})`
      : `#### Findings (${ordered.length})`,
    '',
  );
  if (ordered.length === 0) lines.push('No findings.', '');
  else lines.push(...findingTable(shown, input, isNew));
  return lines.join('\n');
}

/** Counted findings first, then by severity, file and line. */
function compareTriaged(a: TriagedFinding, b: TriagedFinding): number {
  return (
    Number(a.status !== 'active') - Number(b.status !== 'active') ||
    compareFindings(a.finding, b.finding)
  );
}

function findingTable(
  entries: readonly TriagedFinding[],
  input: PrCommentInput,
  isNew: (entry: TriagedFinding) => boolean,
): string[] {
  return [
    '| Severity | Finding | Location | Note |',
    '| --- | --- | --- | --- |',
    ...entries.map((entry) => {
      const { finding } = entry;
      const notes: string[] = [];
      if (isNew(entry)) notes.push('🆕 new');
      if (entry.status !== 'active') {
        const note = entry.note?.trim();
        notes.push(
          STATUS_LABELS[entry.status] +
            (note ? `: ${escapeMarkdown(truncateText(note, 100))}` : ''),
        );
      }
      return `| ${[
        SEVERITY_LABELS[finding.severity],
        escapeMarkdown(truncateText(finding.title, 150)) || '—',
        locationCell(finding, input, 150),
        notes.join('; '),
      ].join(' | ')} |`;
    }),
    '',
  ];
}

function fixedTable(entries: readonly PreviousFinding[]): string[] {
  return [
    '| Severity | Finding | Was at |',
    '| --- | --- | --- |',
    ...entries.map(
      (p) =>
        `| ${SEVERITY_LABELS[p.severity]} | ${escapeMarkdown(p.title ?? '') || '—'} | ` +
        `${p.location === undefined ? '—' : escapeMarkdown(p.location)} |`,
    ),
    '',
  ];
}

function more(total: number): string[] {
  return total > LIST_LIMIT ? [`…and ${total - LIST_LIMIT} more.`, ''] : [];
}

function renderFooter(input: PrCommentInput): string {
  const parts: string[] = [];
  if (input.auditId !== undefined)
    parts.push(`Audit ID: ${escapeMarkdown(truncateText(input.auditId, 200))}`);
  const report = input.reportUrl === undefined ? undefined : safeHttpUrl(input.reportUrl);
  if (report !== undefined) parts.push(`[Full report](${report})`);
  const run = input.runUrl === undefined ? undefined : safeHttpUrl(input.runUrl);
  if (run !== undefined) parts.push(`[Workflow run](${run})`);
  const sha = input.links?.sha;
  if (sha !== undefined && /^[0-9a-f]{7,64}$/i.test(sha)) parts.push(`Commit ${sha.slice(0, 7)}`);
  return parts.length > 0 ? `<sub>${parts.join(' · ')}</sub>` : '';
}

const CUT_NOTE =
  "\n\n> ✂️ Cut here to fit GitHub's limit for comments. The job summary of the workflow run " +
  'lists every finding.\n';

/** Whole lines only, so no table row or link is split. */
function fitSections(sections: string, room: number): string {
  if (sections.length <= room) return sections;
  const lineEnd = sections.lastIndexOf('\n', room - CUT_NOTE.length);
  return (lineEnd > 0 ? sections.slice(0, lineEnd) : '') + CUT_NOTE;
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

function encodeData(findings: readonly PreviousFinding[], alreadyPartial: boolean): string {
  const empty = JSON.stringify({ v: 1, k: '', s: '', d: [], p: 1 }).length;
  const keyBytes = KEY_CHARS + 1;
  const allFit = empty + findings.length * keyBytes <= DATA_BYTES;
  const kept = allFit
    ? findings.length
    : Math.floor((DATA_BYTES - empty - DETAILS_RESERVE_BYTES) / keyBytes);
  const remembered = findings.slice(0, kept);
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
  if (match?.[1] === undefined || match[1].length > 4 * COMMENT_MAX_CHARS) return undefined;
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
