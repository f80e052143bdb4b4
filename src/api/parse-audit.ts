/**
 * The answer to `GET /v1/audits/{id}`, whose body is undocumented: status, message, report link
 * and (once completed) the findings, read tolerantly from the shapes comparable services use.
 * Whatever cannot be read is a ResponseFormatError, never an empty result; a completed answer
 * whose own words or counts contradict an empty list has no findings and says why, and one whose
 * words, counts or page links say a non-empty list is not all there keeps it, marked incomplete.
 */

import {
  countBySeverity,
  type AuditSnapshot,
  type Finding,
  type Severity,
} from '../audit/findings.ts';
import { assignFingerprints } from '../audit/fingerprint.ts';
import { ResponseFormatError } from '../errors.ts';
import { isSafeTransport } from '../net/dispatcher.ts';
import { bodyExcerpt, describeBody } from './excerpt.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import {
  field,
  firstInLevels,
  envelopeLevels,
  positiveInteger,
  readJson,
  scalarText,
  text,
} from './json-fields.ts';
import { failureIn, messageIn } from './parse-error.ts';
import { readFindings } from './parse-finding.ts';
import { STATUS_FIELDS } from './parse-start.ts';
import { normalizeSeverity } from './severity.ts';
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
/**
 * Where an answer says there is a next page of findings (a link, a page number, `has_more`), at
 * any envelope level.
 */
const NEXT_PAGE_FIELDS = [
  'next',
  'next_page',
  'nextPage',
  'next_page_url',
  'links.next',
  'links.next.href',
  '_links.next.href',
  'has_more',
  'hasMore',
];
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
/**
 * What one finding's own record holds beside its texts: the object, its fingerprints and
 * location, and what triage adds to it.
 */
export const FINDING_RECORD_BYTES = 1024;
/** As failureIn bounds the service's own words. */
const MAX_QUOTE = 500;
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
  let incomplete: string | undefined;
  if (state === 'completed') {
    const list =
      findingsList(levels) ??
      fail(
        `says "${rawStatus}" but has no findings list: looked for ${FINDINGS_FIELDS.join(', ')} and results.detectors`,
      );
    if (list.length === 0) {
      // "Completed" with nothing found, yet an error, a failure or a count beside it: the analysis
      // did not run through, which the report must never show as a clean audit.
      const contradiction = contradictionIn(levels);
      if (contradiction === undefined) findings = [];
      else message = contradiction;
    } else {
      // What was found is shown either way; a list the answer says is partial must not pass.
      findings = assignFingerprints(readFindings(list, options));
      incomplete = incompletenessIn(levels, findings);
    }
  }
  return {
    auditId: requestedId,
    state,
    rawStatus,
    message,
    reportUrl: firstInLevels(levels, REPORT_URL_FIELDS, webUrl),
    findings,
    incomplete,
    ...(findings !== undefined &&
      findings.length > 0 && {
        heldBytes: 2 * bodyText.length + findings.length * FINDING_RECORD_BYTES,
      }),
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
  const [counted] = countsIn(levels);
  return (
    failureIn(levels) ??
    (counted && quoted(`${counted.name} is ${counted.count}, but the findings list is empty`))
  );
}

/**
 * In a completed answer with findings: the first of its words that the analysis failed, a count
 * above what the list holds, or a link to a next page, as one bounded line.
 */
function incompletenessIn(
  levels: readonly JsonRecord[],
  findings: readonly Finding[],
): string | undefined {
  return failureIn(levels) ?? shortfallIn(levels, findings) ?? nextPageIn(levels);
}

/**
 * A total above the list's length, or counts by severity above what the list holds of it. Both
 * are compared with the list after instances are expanded, so a service counting each finding
 * once, whatever its instances, is never short.
 */
function shortfallIn(
  levels: readonly JsonRecord[],
  findings: readonly Finding[],
): string | undefined {
  const counts = countsIn(levels);
  const total = counts.find((c) => c.severity === undefined && c.count > findings.length);
  if (total !== undefined)
    return quoted(
      `${total.name} is ${total.count}, but the findings list holds ${findings.length}`,
    );
  const held = countBySeverity(findings);
  const over = counts.flatMap(({ name, count, severity }) =>
    severity !== undefined && count > held[severity] ? [{ name, count, severity }] : [],
  );
  // The same severity may be counted in two places: what is missing of it is the largest gap.
  const missing = new Map<Severity, number>();
  for (const { count, severity } of over)
    missing.set(severity, Math.max(missing.get(severity) ?? 0, count - held[severity]));
  const [first] = over;
  // Findings whose severity word we could not place may be the ones counted.
  const gap = [...missing.values()].reduce((total, count) => total + count, 0);
  if (first === undefined || gap <= held.unknown) return undefined;
  const unplaced = held.unknown > 0 ? ` and ${held.unknown} of unknown severity` : '';
  return quoted(
    `${first.name} is ${first.count}, but the findings list holds ${held[first.severity]} ${first.severity}${unplaced}`,
  );
}

/** A count the answer gives, named by its path: of all findings, or of one severity. */
interface Count {
  name: string;
  count: number;
  severity: Severity | undefined;
}

/** Every count above zero, in the order the answer gives them. */
function countsIn(levels: readonly JsonRecord[]): Count[] {
  return levels.flatMap((level) =>
    statsRecords(level, '', 0).flatMap(({ path, record }) =>
      Object.entries(record).flatMap(([key, value]): Count[] => {
        const count = positiveInteger(value);
        if (count === undefined) return [];
        const name = `${path}${key}`;
        if (COUNT_FIELDS.includes(key) || (path !== '' && STATS_COUNT_FIELDS.includes(key)))
          return [{ name, count, severity: undefined }];
        const severity = countedSeverity(key);
        return severity === undefined ? [] : [{ name, count, severity }];
      }),
    ),
  );
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

/**
 * The severity a count is named by (`high`, `High`, `high_count`, `numHigh`, `critical_issues`,
 * `gas_findings`, `informational`), on our scale; undefined for other numbers (`files`).
 */
function countedSeverity(key: string): Severity | undefined {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const named = words.filter((word) => !COUNT_WORDS.has(word));
  const [word = ''] = named;
  // `gas` alone may be the gas a call used; `gas_issues` is a count of findings.
  const counted =
    named.length === 1 && (COUNTED_SEVERITIES.has(word) || (word === 'gas' && words.length > 1));
  return counted ? normalizeSeverity(word).severity : undefined;
}

/** A link or page number to a next page, or `has_more: true`, innermost level first. */
function nextPageIn(levels: readonly JsonRecord[]): string | undefined {
  for (const level of levels) {
    for (const path of NEXT_PAGE_FIELDS) {
      const next = pageLink(field(level, path));
      if (next !== undefined)
        return quoted(`the answer holds one page of findings (${path}: ${next})`);
    }
  }
  return undefined;
}

/** `null`, `false`, 0 and empty text are no next page. */
function pageLink(value: unknown): string | undefined {
  if (value === true) return 'true';
  const page = positiveInteger(value);
  return page === undefined ? text(value) : String(page);
}

/** Service text inside our sentences stays one bounded line. */
function quoted(sentence: string): string {
  return bodyExcerpt(sentence, MAX_QUOTE);
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

/**
 * Only absolute https URLs, or plain http to this machine: the link is shown as "the full report"
 * and must not be a script, a file, or a page anyone on the network path can replace.
 */
function webUrl(value: unknown): string | undefined {
  const candidate = text(value);
  if (candidate === undefined) return undefined;
  try {
    const url = new URL(candidate);
    return isSafeTransport(url) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
