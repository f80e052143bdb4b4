/**
 * One raw finding (or a group of them) to the normalized `Finding` model, whatever names the
 * service used. Fingerprints are added afterwards, over the whole list.
 */

import type { Finding } from '../audit/findings.ts';
import { ResponseFormatError } from '../errors.ts';
import { bodyExcerpt } from './excerpt.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import { field, firstOf, memoized, cleanName, scalarText, text } from './json-fields.ts';
import { locate, pathReader, type PathReader } from './parse-location.ts';
import { normalizeSeverity, type SeverityReading } from './severity.ts';

export type UnfingerprintedFinding = Omit<Finding, 'fingerprint'>;

const SEVERITY_FIELDS = ['severity', 'impact', 'level', 'risk', 'issue_severity', 'extra.severity'];
const RULE_FIELDS = [
  'check',
  'check_id',
  'rule_id',
  'ruleId',
  'rule',
  'rule.id',
  'detector',
  'detector.id',
  'detector_id',
  'detector_name',
];
const TITLE_FIELDS = ['title', 'name', 'issue_name', ...RULE_FIELDS, 'swcTitle', 'swc_title'];
const SWC_FIELDS = ['swcID', 'swcId', 'swc_id', 'swc-id', 'swc'];
const CWE_FIELDS = ['cwe', 'cwe_id', 'cweId', 'cweID', 'extra.metadata.cwe'];
const DESCRIPTION_FIELDS = [
  'description',
  'issue_description',
  'message',
  'extra.message',
  'markdown',
  'details',
];
const RECOMMENDATION_FIELDS = [
  'recommendation',
  'remediation',
  'issue_remediation',
  'mitigation',
  'solution',
];
const SERVICE_ID_FIELDS = ['id', 'finding_id', 'uuid'];
/** Arrays under a finding that hold either its instances (locations) or, in a group, findings. */
const CHILD_FIELDS = ['issues', 'findings', 'vulnerabilities', 'instances', 'detectors'];
const IDENTITY_FIELDS = [...SEVERITY_FIELDS, ...TITLE_FIELDS, ...SWC_FIELDS, ...DESCRIPTION_FIELDS];
const MAX_GROUP_DEPTH = 3;
/**
 * Characters kept of a description or a recommendation, cut with '…': far above what the
 * reports show (10,000), and small enough that a finding repeated per instance stays small.
 */
export const MAX_PROSE = 20_000;
/**
 * Findings an answer may hold once groups and instances are expanded. A few hundred bytes of
 * instances can expand one finding thousands of times; more than this is refused, never cut.
 */
export const MAX_FINDINGS = 100_000;
/**
 * Characters of description and recommendation all findings may carry together: the results
 * file holds every one, and must stay under V8's string limit (about 512 million characters).
 */
export const MAX_FINDINGS_TEXT = 50_000_000;

export interface FindingOptions {
  knownFiles?: readonly string[] | undefined;
}

/**
 * Every entry of a findings list, flattened: a group (`{sourceList, issues: [...]}` as MythX
 * reports, or per-file groups) yields its findings, and a finding with several instances (Aderyn,
 * SolidityScan) yields one finding per instance, so no location is silently lost. An answer that
 * expands beyond MAX_FINDINGS or MAX_FINDINGS_TEXT is a ResponseFormatError, found without
 * expanding more than the limit.
 */
export function readFindings(
  items: readonly unknown[],
  options: FindingOptions = {},
): UnfingerprintedFinding[] {
  const findings: UnfingerprintedFinding[] = [];
  let textLength = 0;
  const add = (finding: UnfingerprintedFinding): void => {
    if (findings.length === MAX_FINDINGS) {
      const count = items.reduce<number>((sum, item) => sum + expandedCount(item, 0), 0);
      throw new ResponseFormatError(
        `The audit answer holds ${count.toLocaleString('en-US')} findings once its groups and ` +
          `instances are expanded; the action reads at most ${MAX_FINDINGS.toLocaleString('en-US')}`,
      );
    }
    textLength += finding.description.length + (finding.recommendation?.length ?? 0);
    if (textLength > MAX_FINDINGS_TEXT) {
      throw new ResponseFormatError(
        "The audit answer's findings carry more than " +
          `${MAX_FINDINGS_TEXT.toLocaleString('en-US')} characters of description and ` +
          'recommendation once its groups and instances are expanded; the action reads at most that',
      );
    }
    findings.push(finding);
  };
  const reader: Reader = {
    path: pathReader(options.knownFiles),
    severity: memoized((word) => normalizeSeverity(word)),
    shared: memoized((text) => text),
    description: lastOfRule(),
    recommendation: lastOfRule(),
  };
  items.forEach((item, index) => readItem(item, [], 0, () => `finding ${index + 1}`, reader, add));
  return findings;
}

/** Readers for one answer, which remember what they read: findings repeat files and words. */
interface Reader {
  path: PathReader;
  severity: (word: string) => SeverityReading;
  /** One copy of each short text, however many findings carry it (the same rule in many places). */
  shared: (text: string) => string;
  /** One copy of a long text that a rule's findings repeat: see lastOfRule. */
  description: (rule: string, text: string) => string;
  recommendation: (rule: string, text: string) => string;
}

/**
 * The text, or the equal one the rule's previous finding gave, so that findings of one rule
 * repeating a text share one copy. Only the last is kept: remembering every long text (each
 * hashed to be looked up) cost more than the copies it saved.
 */
function lastOfRule(): (rule: string, text: string) => string {
  const last = new Map<string, string>();
  return (rule, text) => {
    const before = last.get(rule);
    if (before === text) return before;
    last.set(rule, text);
    return text;
  };
}

function readItem(
  item: unknown,
  parents: readonly JsonRecord[],
  depth: number,
  /** Where the item is, for an error: made only then. */
  where: () => string,
  reader: Reader,
  add: (finding: UnfingerprintedFinding) => void,
): void {
  const record = asRecord(item);
  if (record === undefined) {
    throw new ResponseFormatError(
      `The audit answer's ${where()} is not an object: ${bodyExcerpt(JSON.stringify(item))}`,
    );
  }
  const { children, group } = expansion(record, depth);
  const around = [record, ...parents];
  if (group) {
    children.forEach((child, index) =>
      readItem(child, around, depth + 1, () => `${where()}.${index + 1}`, reader, add),
    );
    return;
  }
  // Read once for all instances: only the place and the id differ between them.
  const finding = readFinding(record, parents, reader);
  for (const instance of children.length > 0 ? children : [undefined]) {
    const location = locate(instance === undefined ? around : [instance, ...around], reader.path);
    add({
      ...finding,
      serviceId:
        (instance === undefined ? undefined : firstOf(instance, SERVICE_ID_FIELDS, scalarName)) ??
        finding.serviceId,
      file: location.file,
      startLine: location.startLine,
      endLine: location.endLine,
    });
  }
}

/** A bare string is a finding that is only a description. */
function asRecord(item: unknown): JsonRecord | undefined {
  const record = typeof item === 'string' ? { description: item } : item;
  return isRecord(record) ? record : undefined;
}

/** The findings of a group, or the instances of one finding (none when it has one place). */
function expansion(record: JsonRecord, depth: number): { children: JsonRecord[]; group: boolean } {
  const children = childRecords(record);
  return { children, group: depth < MAX_GROUP_DEPTH && children.some(looksLikeFinding) };
}

/** How many findings `item` expands to, counted without reading them. */
function expandedCount(item: unknown, depth: number): number {
  const record = asRecord(item);
  if (record === undefined) return 1;
  const { children, group } = expansion(record, depth);
  return group
    ? children.reduce((sum, child) => sum + expandedCount(child, depth + 1), 0)
    : Math.max(children.length, 1);
}

function childRecords(record: JsonRecord): JsonRecord[] {
  for (const key of CHILD_FIELDS) {
    const value = field(record, key);
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) return value;
  }
  return [];
}

function looksLikeFinding(record: JsonRecord): boolean {
  return IDENTITY_FIELDS.some((alias) => field(record, alias) !== undefined);
}

/** Everything but the place, which each instance gives (see readItem). */
function readFinding(
  record: JsonRecord,
  parents: readonly JsonRecord[],
  reader: Reader,
): Omit<UnfingerprintedFinding, 'file' | 'startLine' | 'endLine'> {
  const rule = firstOf(record, RULE_FIELDS, name);
  const swcId = firstOf(record, SWC_FIELDS, swcIdOf);
  const ruleId = rule ?? swcId;
  const description = firstOf(record, DESCRIPTION_FIELDS, prose) ?? '';
  let given = firstOf(record, SEVERITY_FIELDS, anyValue);
  for (const parent of parents) {
    if (given !== undefined) break;
    given = firstOf(parent, SEVERITY_FIELDS, anyValue);
  }
  const { severity, label } =
    typeof given === 'string' ? reader.severity(given) : normalizeSeverity(given);
  const shared = (text: string | undefined) =>
    text === undefined ? undefined : reader.shared(text);
  const title = reader.shared(
    firstOf(record, TITLE_FIELDS, name) ?? ruleId ?? firstLine(description) ?? 'Untitled finding',
  );
  const recommendation = firstOf(record, RECOMMENDATION_FIELDS, prose);
  return {
    serviceId: firstOf(record, SERVICE_ID_FIELDS, scalarName),
    severity,
    severityLabel: label,
    title,
    ruleId: shared(ruleId),
    swcId: shared(swcId),
    cweId: shared(firstOf(record, CWE_FIELDS, cweIdOf)),
    description: reader.description(ruleId ?? title, description),
    recommendation:
      recommendation === undefined
        ? undefined
        : reader.recommendation(ruleId ?? title, recommendation),
  };
}

/** Severity is taken whatever its type: normalizeSeverity reads numbers and objects too. */
function anyValue(value: unknown): unknown {
  return value;
}

/** Titles and ids stay on one line: they are shown in tables, headings and HTML blocks. */
function name(value: unknown): string | undefined {
  const raw = text(value);
  return raw === undefined ? undefined : cleanName(raw);
}

function scalarName(value: unknown): string | undefined {
  const raw = scalarText(value);
  return raw === undefined ? undefined : cleanName(raw);
}

/**
 * A string, or MythX's `{head, tail}` (joined as paragraphs), or SARIF's `{text}`/`{markdown}`,
 * cut to MAX_PROSE.
 */
function prose(value: unknown): string | undefined {
  if (!isRecord(value)) return bounded(text(value));
  const parts = [text(value.head), text(value.tail)].filter((p) => p !== undefined);
  return bounded(
    parts.length > 0 ? parts.join('\n\n') : (text(value.text) ?? text(value.markdown)),
  );
}

/** Cut to MAX_PROSE UTF-16 units with '…', never between the halves of a surrogate pair. */
function bounded(value: string | undefined): string | undefined {
  if (value === undefined || value.length <= MAX_PROSE) return value;
  const last = value.charCodeAt(MAX_PROSE - 2);
  const end = last >= 0xd800 && last <= 0xdbff ? MAX_PROSE - 2 : MAX_PROSE - 1;
  return `${value.slice(0, end).trimEnd()}…`;
}

function firstLine(description: string): string | undefined {
  return description
    .split('\n')
    .map(name)
    .find((line) => line !== undefined);
}

const swcIdOf = (value: unknown) => weaknessId(value, 'SWC');
const cweIdOf = (value: unknown) => weaknessId(value, 'CWE');

/** Compiled once: every finding is read for both. */
const WEAKNESS_IDS = {
  SWC: /^(?:SWC[\s_-]*)?0*(\d{1,6})\b/i,
  CWE: /^(?:CWE[\s_-]*)?0*(\d{1,6})\b/i,
};

/**
 * `SWC-107`, `swc_107`, `"107"`, `107`, `"CWE-841: Improper Enforcement…"` or a list of
 * those (the first readable one) -> `SWC-107` / `CWE-841`.
 */
function weaknessId(value: unknown, prefix: 'SWC' | 'CWE'): string | undefined {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const id = weaknessId(entry, prefix);
      if (id !== undefined) return id;
    }
    return undefined;
  }
  const raw = scalarText(value);
  // Real SWC and CWE numbers are short; a long one would print as `1e+21`.
  const digits = raw === undefined ? undefined : WEAKNESS_IDS[prefix].exec(raw)?.[1];
  const number = digits === undefined ? 0 : Number(digits);
  return number > 0 ? `${prefix}-${number}` : undefined;
}
