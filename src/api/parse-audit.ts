/**
 * The answer to `GET /v1/audits/{id}`, whose body is undocumented: status, message, report link
 * and (once completed) the findings, read tolerantly from the shapes comparable services use.
 * Whatever cannot be read is a ResponseFormatError, never an empty result.
 */

import type { AuditSnapshot } from '../audit/findings.ts';
import { assignFingerprints } from '../audit/fingerprint.ts';
import { ResponseFormatError } from '../errors.ts';
import { describeBody } from './excerpt.ts';
import {
  field,
  firstInLevels,
  envelopeLevels,
  positiveInteger,
  readJson,
  scalarText,
  text,
  type JsonRecord,
} from './json-fields.ts';
import { errorIn, messageIn } from './parse-error.ts';
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
  'vulnerabilities_count',
  'vulnerabilityCount',
];
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
  let state = unsuccessful ? 'failed' : classifyStatus(rawStatus);
  let findings: AuditSnapshot['findings'];
  let message = messageIn(levels);
  if (state === 'completed') {
    const list =
      findingsList(levels) ??
      fail(
        `says "${rawStatus}" but has no findings list: looked for ${FINDINGS_FIELDS.join(', ')} and results.detectors`,
      );
    // "Completed" with nothing found and an error beside it: the analysis did not run through.
    const error = list.length === 0 ? errorIn(levels) : undefined;
    if (error !== undefined) {
      state = 'failed';
      message = error;
    } else {
      if (list.length === 0) {
        const total = countedFindings(levels);
        if (total) fail(`says ${total.name} ${total.count} but its findings list is empty`);
      }
      findings = assignFingerprints(readFindings(list, options));
    }
  }
  return {
    auditId: requestedId,
    state,
    rawStatus,
    message,
    reportUrl: firstInLevels(levels, REPORT_URL_FIELDS, webUrl),
    findings,
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

function countedFindings(
  levels: readonly JsonRecord[],
): { name: string; count: number } | undefined {
  for (const level of levels) {
    for (const name of COUNT_FIELDS) {
      const count = positiveInteger(field(level, name));
      if (count !== undefined) return { name, count };
    }
  }
  return undefined;
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
