/**
 * A run left pending keeps its record on its check run, which stays in progress on the head
 * commit: in `external_id` when it is short, else in the output's text. GitHub documents no
 * maximum length for `external_id` (its REST reference gives a plain string), so the record goes
 * there only up to EXTERNAL_ID_MAX_CHARS; a longer one (one with its uploads' file lists, most)
 * goes in the text, whose limit (65,535 characters) is documented, compressed (file lists repeat
 * their folders), and `external_id` then says so.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  MAX_PENDING_RECORD_BYTES,
  MAX_PROJECT_FIELD_LENGTH,
  pendingAuditIds,
  pendingRecordText,
  pendingService,
  readPendingRecord,
  type PendingRecord,
  type PendingRecordKey,
} from '../engine/pending-record.ts';
import type { CheckRunText } from '../report/check-run-output.ts';
import { checkRunOutput, checkRunTitle } from '../report/check-run-output.ts';
import type { Report } from '../report/model.ts';
import type { PendingCheckRun } from './github/channels.ts';

/** Our bound on a record in `external_id`, where GitHub documents none. */
export const EXTERNAL_ID_MAX_CHARS = 1_024;
/** `external_id` when the record is in the output's text. */
export const RECORD_IN_TEXT = 'contract-audit-pending:text';
/**
 * How a record in `external_id` starts (pendingRecordText writes its version first): a waiting
 * run's check run holds its audit ids there, which are no record and are left alone.
 */
const RECORD_START = '{"v":';
/** Opens and closes the record in the text: an HTML comment, which GitHub does not show. */
const TEXT_OPEN = '<!-- contract-audit-pending-record ';
const TEXT_CLOSE = ' -->';

/** What finishing a pending run needs, from its report and what the run was asked. */
export function pendingRecordOf(
  report: Pick<
    Report,
    'projectName' | 'projects' | 'several' | 'failOn' | 'baseline' | 'headCommit'
  >,
  run: {
    scope: PendingRecord['scope'];
    timeoutMs: number;
    startedAt: number;
    pullRequest: number | undefined;
    comment: boolean;
    /** `base-url`. */
    service: URL;
  },
): PendingRecord {
  return {
    projectName: report.projectName,
    audits: report.projects.flatMap(({ name, path, auditId, digest, manifest }) =>
      auditId === undefined
        ? []
        : [
            {
              name,
              path,
              auditId,
              ...(digest !== undefined && { digest }),
              ...(manifest !== undefined && { manifest }),
            },
          ],
    ),
    several: report.several,
    failOn: report.failOn,
    scope: run.scope,
    timeoutMinutes: run.timeoutMs / 60_000,
    startedAt: new Date(run.startedAt).toISOString(),
    pullRequest: run.pullRequest,
    comment: run.comment,
    baseline: report.baseline,
    headCommit: report.headCommit,
    service: pendingService(run.service),
  };
}

/** The check run as a pending run leaves it: its output, and the record sealed for `target`. */
export function renderPendingCheckRun(
  report: Report,
  summaryMarkdown: string,
  record: PendingRecord,
  key: PendingRecordKey,
): PendingCheckRun {
  const text = pendingRecordText(record, key);
  const inExternalId = text.length <= EXTERNAL_ID_MAX_CHARS;
  const output: CheckRunText = checkRunOutput({
    title: checkRunTitle(report),
    summaryMarkdown,
    // Base64url: the record's own text could close the comment.
    ...(!inExternalId && {
      text: `${TEXT_OPEN}${deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url')}${TEXT_CLOSE}`,
    }),
  });
  return { externalId: inExternalId ? text : RECORD_IN_TEXT, output };
}

/**
 * Why a finishing run could not read the record back from the check run `render` makes, or
 * undefined when it can: the writer's bounds are the reader's (a name with an invisible
 * character, a record cut to fit the output's text), so a record the reader refuses is never left.
 */
export function unreadablePendingRecord(
  pending: PendingCheckRun,
  record: PendingRecord,
  key: PendingRecordKey,
): string | undefined {
  const text = recordOfCheckRun({
    externalId: pending.externalId,
    text: pending.output.text ?? null,
  });
  // The output's text is cut to GitHub's bound: a cut record is no record.
  if (text !== pendingRecordText(record, key)) return 'the record does not fit on the check run';
  const read = readPendingRecord(text, {
    ...key,
    service: record.service,
    now: Date.parse(record.startedAt),
  });
  return typeof read === 'string' ? read : undefined;
}

/**
 * The report of a run whose record cannot be left: an error, which fails the step and completes
 * its check run as a failure. Left in progress with no record the check run would stay so for
 * ever, and with the record a finishing run would complete it as a failure for a reason not the
 * code's; waiting instead would take a second pass through the engine from the publishing step,
 * after the run's one poll. The audits go on at the service: the hint says how to collect them.
 */
export function refusedPendingReport(report: Report, record: PendingRecord, why: string): Report {
  const { several, vocabulary } = report;
  return {
    ...report,
    verdict: 'error',
    reason:
      `This pending run's record cannot be kept on the check run (${why}), so no finishing run could complete it. ` +
      `A record keeps each project's name and folder up to ${MAX_PROJECT_FIELD_LENGTH} characters with no invisible ` +
      "(zero-width, format or control) character, and fits the check run's output (some 6,000 files in all); " +
      `to audit these projects as they are, run with ${vocabulary.setting('wait', 'true')}, or split them over jobs.`,
    resumeHint:
      `${several ? 'The audits go' : 'The audit goes'} on at the service. To collect ` +
      `${several ? "every project's" : 'its'} results by hand without uploading again, run with ` +
      `${vocabulary.resume(pendingAuditIds(record))}.`,
  };
}

/**
 * The record's text as a pending check run holds it, for readPendingRecord; undefined when the
 * check run holds none (a waiting run's, another tool's). When `external_id` says the record is
 * in the text but none there decodes (missing, cut, not base64url, not deflate, more than a record
 * may hold), it is given as empty: the reader refuses it, saying so, rather than the check run
 * being passed over for ever.
 */
export function recordOfCheckRun(checkRun: {
  externalId: string | null;
  text: string | null;
}): string | undefined {
  const { externalId, text } = checkRun;
  if (externalId === null || externalId === '') return undefined;
  if (externalId !== RECORD_IN_TEXT)
    return externalId.startsWith(RECORD_START) ? externalId : undefined;
  const start = text?.lastIndexOf(TEXT_OPEN) ?? -1;
  if (text === null || start < 0) return '';
  const end = text.indexOf(TEXT_CLOSE, start + TEXT_OPEN.length);
  if (end < 0) return '';
  const encoded = text.slice(start + TEXT_OPEN.length, end);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return '';
  try {
    const bytes = Buffer.from(encoded, 'base64url');
    return inflateRawSync(bytes, { maxOutputLength: MAX_PENDING_RECORD_BYTES }).toString('utf8');
  } catch {
    return '';
  }
}
