/**
 * The answer to `GET /v1/audits/{id}`, whose body is undocumented: status, message, report link
 * and (once completed) the findings, read tolerantly from the shapes comparable services use.
 * Whatever cannot be read is a ResponseFormatError, never an empty result; a completed answer
 * whose own words or counts contradict an empty list has no findings and says why.
 */

import type { AuditSnapshot } from '../audit/findings.ts';
import { assignFingerprints } from '../audit/fingerprint.ts';
import { ResponseFormatError } from '../errors.ts';
import { describeBody } from './excerpt.ts';
import {
  field,
  firstInLevels,
  envelopeLevels,
  isRecord,
  positiveInteger,
  readJson,
  scalarText,
  text,
  type JsonRecord,
} from './json-fields.ts';
import { failureIn, messageIn } from './parse-error.ts';
import { readFindings } from './parse-finding.ts';
import { STATUS_FIELDS } from './parse-start.ts';
import { classifyStatus } from './status.ts';

/** In search order; `results` only counts as a list (as an object it is an envelope). */
const FINDINGS_FIELDS = ['findings', 'issues', 'vulnerabilities', 'results', 'detectors'];
/** Totals some answers carry beside the list; a total above zero with an empty list is not "none". */
const COUNT_FIELDS = [
  'findings_count',
  'findingsCount',
  'total_findings',
  'totalFindings',
  'issues_count',
  'issuesCount',
  'total_issues',
  'totalIssues',
  'vulnerabilities_count',
  'vulnerabilitiesCount',
  'vulnerability_count',
  'vulnerabilityCount',
];
/** Where answers keep their numbers, at any envelope level and one object further in. */
const STATS_FIELDS = [
  'summary',
  'stats',
  'statistics',
  'counts',
  'metrics',
  'meta',
  'severity_counts',
  'severityCounts',
  'by_severity',
  'bySeverity',
];
/** Totals named only by their place (`summary.total`). */
const STATS_COUNT_FIELDS = ['total', 'count', 'findings', 'issues', 'vulnerabilities'];
/** Severity words a count is named by (`high`, `high_count`, `numHigh`, `critical_issues`). */
const COUNTED_SEVERITIES = new Set([
  'critical',
  'blocker',
  'high',
  'medium',
  'moderate',
  'low',
  'info',
  'informational',
  'optimization',
  'optimizations',
]);
/** Words around the severity in a count's name. */
const COUNT_WORDS = new Set([
  'count',
  'counts',
  'num',
  'number',
  'total',
  'of',
  'severity',
  'risk',
  'issue',
  'issues',
  'finding',
  'findings',
  'vulnerabilities',
]);
const REPORT_URL_FIELDS = [
  'report_url',
  'reportUrl',
  'report_link',
  'reportLink',
  'report',
  'links.report',
  'links.report.href',
  '_links.report.href',
  'links.html',
  'links.html.href',
  'html_url',
  'web_url',
  'dashboard_url',
  'url',
];

export function parseAuditAnswer(
  bodyText: string,
  requestedId: string,
  options: { knownFiles?: readonly string[] } = {},
): AuditSnapshot {
  const json = bodyText.trim() === '' ? undefined : readJson(bodyText);
  const levels = json?.ok ? envelopeLevels(json.value) : [];
  const fail = (what: string): never => {
    throw new ResponseFormatError(
      `The audit answer for ${requestedId} ${what} (${describeBody(bodyText, json?.ok ?? false)})`,
    );
  };
  if (levels.length === 0) fail('is not a JSON object');

  const rawStatus =
    readStatus(levels) ?? fail(`has no status: looked for ${STATUS_FIELDS.join(', ')}`);
  // Slither-style `"success": false` is a failed run, whatever the status word says.
  const unsuccessful = levels.some((level) => field(level, 'success') === false);
  const state = unsuccessful ? 'failed' : classifyStatus(rawStatus);
  let findings: AuditSnapshot['findings'];
  let message = messageIn(levels);
  if (state === 'completed') {
    const list =
      findingsList(levels) ??
      fail(
        `says "${rawStatus}" but has no findings list: looked for ${FINDINGS_FIELDS.join(', ')} and results.detectors`,
      );
    // "Completed" with nothing found, yet an error, a failure or a count beside it: the analysis
    // did not run through, which the report must never show as a clean audit.
    const contradiction = list.length === 0 ? contradictionIn(levels) : undefined;
    if (contradiction === undefined) findings = assignFingerprints(readFindings(list, options));
    else message = contradiction;
  }
  return {
    auditId: requestedId,
    state,
    rawStatus,
    message,
    reportUrl: firstInLevels(levels, REPORT_URL_FIELDS, webUrl),
    findings,
    incomplete: undefined,
  };
}

/**
 * The innermost non-empty list, else the innermost empty one: an empty list beside a full one
 * must not hide it.
 */
function findingsList(levels: readonly JsonRecord[]): unknown[] | undefined {
  const lists = levels.flatMap((level) =>
    FINDINGS_FIELDS.flatMap((alias) => {
      const value = field(level, alias);
      return Array.isArray(value) ? [value] : [];
    }),
  );
  return lists.find((list) => list.length > 0) ?? lists[0];
}

function contradictionIn(levels: readonly JsonRecord[]): string | undefined {
  const counted = countedFindings(levels);
  return (
    failureIn(levels) ??
    (counted && `${counted.name} is ${counted.count}, but the findings list is empty`)
  );
}

/** The first count above zero: a total, or a count by severity, named by its path. */
function countedFindings(
  levels: readonly JsonRecord[],
): { name: string; count: number } | undefined {
  for (const level of levels) {
    for (const { path, record } of statsRecords(level, '', 0)) {
      for (const [key, value] of Object.entries(record)) {
        const count = positiveInteger(value);
        const isTotal =
          COUNT_FIELDS.includes(key) || (path !== '' && STATS_COUNT_FIELDS.includes(key));
        if (count !== undefined && (isTotal || countsSeverity(key)))
          return { name: `${path}${key}`, count };
      }
    }
  }
  return undefined;
}

function statsRecords(
  record: JsonRecord,
  path: string,
  depth: number,
): { path: string; record: JsonRecord }[] {
  const inner =
    depth >= 2
      ? []
      : STATS_FIELDS.flatMap((key) => {
          const value = field(record, key);
          return isRecord(value) ? statsRecords(value, `${path}${key}.`, depth + 1) : [];
        });
  return [{ path, record }, ...inner];
}

/** `high`, `High`, `high_count`, `numHigh`, `critical_issues`, `gas_findings`; not `files`. */
function countsSeverity(key: string): boolean {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const named = words.filter((word) => !COUNT_WORDS.has(word));
  const [word = ''] = named;
  // `gas` alone may be the gas a call used; `gas_issues` is a count of findings.
  return (
    named.length === 1 && (COUNTED_SEVERITIES.has(word) || (word === 'gas' && words.length > 1))
  );
}

/**
 * The innermost status word we recognize (an outer `"status": "success"` may only describe the
 * HTTP call), else the innermost one at all, which the poller treats as unknown.
 */
function readStatus(levels: readonly JsonRecord[]): string | undefined {
  const words = levels.flatMap((level) =>
    STATUS_FIELDS.flatMap((alias) => scalarText(field(level, alias)) ?? []),
  );
  return words.find((word) => classifyStatus(word) !== 'unknown') ?? words[0];
}

/** Only absolute http(s) URLs: the link is shown to users and must not be a script or a file. */
function webUrl(value: unknown): string | undefined {
  const candidate = text(value);
  if (candidate === undefined) return undefined;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
