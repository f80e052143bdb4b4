/**
 * One raw finding (or a group of them) to the normalized `Finding` model, whatever names the
 * service used. Fingerprints are added afterwards, over the whole list.
 */

import type { Finding } from '../audit/findings.ts';
import { ResponseFormatError } from '../errors.ts';
import { bodyExcerpt } from './excerpt.ts';
import {
  field,
  firstOf,
  isRecord,
  oneLine,
  scalarText,
  text,
  type JsonRecord,
} from './json-fields.ts';
import { locate } from './parse-location.ts';
import { normalizeSeverity } from './severity.ts';

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

export interface FindingOptions {
  knownFiles?: readonly string[] | undefined;
}

/**
 * Every entry of a findings list, flattened: a group (`{sourceList, issues: [...]}` as MythX
 * reports, or per-file groups) yields its findings, and a finding with several instances (Aderyn,
 * SolidityScan) yields one finding per instance, so no location is silently lost.
 */
export function readFindings(
  items: readonly unknown[],
  options: FindingOptions = {},
): UnfingerprintedFinding[] {
  return items.flatMap((item, index) => readItem(item, [], 0, `finding ${index + 1}`, options));
}

function readItem(
  item: unknown,
  parents: readonly JsonRecord[],
  depth: number,
  where: string,
  options: FindingOptions,
): UnfingerprintedFinding[] {
  // A bare string is a finding that is only a description.
  const record = typeof item === 'string' ? { description: item } : item;
  if (!isRecord(record)) {
    throw new ResponseFormatError(
      `The audit answer's ${where} is not an object: ${bodyExcerpt(JSON.stringify(item))}`,
    );
  }
  const children = childRecords(record);
  if (children.length > 0 && depth < MAX_GROUP_DEPTH && children.some(looksLikeFinding)) {
    return children.flatMap((child, index) =>
      readItem(child, [record, ...parents], depth + 1, `${where}.${index + 1}`, options),
    );
  }
  if (children.length > 0) {
    return children.map((instance) => readFinding(record, instance, parents, options));
  }
  return [readFinding(record, undefined, parents, options)];
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

function readFinding(
  record: JsonRecord,
  instance: JsonRecord | undefined,
  parents: readonly JsonRecord[],
  options: FindingOptions,
): UnfingerprintedFinding {
  const rule = firstOf(record, RULE_FIELDS, name);
  const swcId = firstOf(record, SWC_FIELDS, (v) => weaknessId(v, 'SWC'));
  const ruleId = rule ?? swcId;
  const description = firstOf(record, DESCRIPTION_FIELDS, prose) ?? '';
  const { severity, label } = normalizeSeverity(
    [record, ...parents]
      .map((r) => firstOf(r, SEVERITY_FIELDS, anyValue))
      .find((v) => v !== undefined),
  );
  const title =
    firstOf(record, TITLE_FIELDS, name) ?? ruleId ?? firstLine(description) ?? 'Untitled finding';
  const location = locate(
    instance === undefined ? [record, ...parents] : [instance, record, ...parents],
    options.knownFiles,
  );
  return {
    serviceId:
      (instance === undefined ? undefined : firstOf(instance, SERVICE_ID_FIELDS, scalarName)) ??
      firstOf(record, SERVICE_ID_FIELDS, scalarName),
    severity,
    severityLabel: label,
    title,
    ruleId,
    swcId,
    cweId: firstOf(record, CWE_FIELDS, (v) => weaknessId(v, 'CWE')),
    description,
    recommendation: firstOf(record, RECOMMENDATION_FIELDS, prose),
    file: location.file,
    startLine: location.startLine,
    endLine: location.endLine,
  };
}

/** Severity is taken whatever its type: normalizeSeverity reads numbers and objects too. */
function anyValue(value: unknown): unknown {
  return value;
}

/** Titles and ids stay on one line: they are shown in tables, headings and HTML blocks. */
function name(value: unknown): string | undefined {
  const raw = text(value);
  return raw === undefined ? undefined : oneLine(raw);
}

function scalarName(value: unknown): string | undefined {
  const raw = scalarText(value);
  return raw === undefined ? undefined : oneLine(raw);
}

/** A string, or MythX's `{head, tail}` (joined as paragraphs), or SARIF's `{text}`/`{markdown}`. */
function prose(value: unknown): string | undefined {
  if (!isRecord(value)) return text(value);
  const parts = [text(value.head), text(value.tail)].filter((p) => p !== undefined);
  return parts.length > 0 ? parts.join('\n\n') : (text(value.text) ?? text(value.markdown));
}

function firstLine(description: string): string | undefined {
  return description
    .split('\n')
    .map(name)
    .find((line) => line !== undefined);
}

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
  const digits =
    raw === undefined
      ? undefined
      : new RegExp(`^(?:${prefix}[\\s_-]*)?0*(\\d{1,6})\\b`, 'i').exec(raw)?.[1];
  const number = digits === undefined ? 0 : Number(digits);
  return number > 0 ? `${prefix}-${number}` : undefined;
}
