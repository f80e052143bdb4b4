/**
 * The record of a run left pending: what finishing it later needs (each project's audit, the
 * settings that decide its verdict, when it started, its pull request), kept by the door where
 * others can write (the Action keeps it on the check run, which any workflow of the repository
 * with `checks: write` can create or edit as the same app). So it is sealed with a key derived
 * from the API key (record-seal.ts) over all it says and where it was left (the head commit and
 * the check's name, which the reader supplies, never the record): a record forged, or copied
 * onto another commit or check, does not read. It is read as hostile JSON all the same.
 */
import { formatAuditIds, type ProjectAuditId } from '../audit/audit-ids.ts';
import { FAIL_ON_LEVELS, type FailOn } from '../audit/gate.ts';
import { SCOPES, type Scope } from '../audit/scope.ts';
import { MAX_PROJECTS } from '../project/find-contracts.ts';
import { Redactor } from '../redaction.ts';
import { seal, sealMatches } from './record-seal.ts';
import { MAX_AUDIT_ID_LENGTH } from './reuse.ts';

export const PENDING_RECORD_VERSION = 1;
/** Fifty projects' names, folders and ids fit; anything much larger was not written here. */
export const MAX_PENDING_RECORD_BYTES = 48 * 1024;
/** An upload name or a folder: longer ones were not written by this action. */
export const MAX_PROJECT_FIELD_LENGTH = 300;
/** As `timeout-minutes` allows: a week. */
const MAX_TIMEOUT_MINUTES = 10_080;
export const CONTROL = /[\p{Cc}\p{Cf}]/u;
/** An upload's digest (reuse.ts): SHA-256 in hex. */
const DIGEST = /^[0-9a-f]{64}$/;
/** A clock a little ahead of the writer's must not void a record. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** One project's audit, and its upload's digest when reuse made one. */
export interface PendingAudit extends ProjectAuditId {
  digest?: string;
}

/** A run whose audits were started and not waited for. */
export interface PendingRecord {
  /** Each project's audit, in the run's order. */
  audits: PendingAudit[];
  /** The run was of several projects: its audit ids are one JSON object, even with one. */
  several: boolean;
  failOn: FailOn;
  scope: Scope;
  timeoutMinutes: number;
  /** When the run started (ISO 8601): its time limit counts from then. */
  startedAt: string;
  /** The pull request the run reported on, when it was one's. */
  pullRequest: number | undefined;
}

/** Where the record was left, and the key it is sealed with: the reader's, never the record's. */
export interface PendingRecordKey {
  apiKey: string;
  headSha: string;
  checkName: string;
}

/** The run's audit ids, as its `audit-id` value gave them: what resuming them by hand takes. */
export function pendingAuditIds(record: Pick<PendingRecord, 'audits' | 'several'>): string {
  return formatAuditIds(record.audits, record.several);
}

/** The fields the seal covers, in order: everything the record says, and where it was left. */
function sealed(
  key: Omit<PendingRecordKey, 'apiKey'>,
  fields: {
    audits: string;
    several: boolean;
    failOn: string;
    scope: string;
    timeout: number;
    at: string;
    pr: number | null;
  },
): (string | undefined)[] {
  return [
    String(PENDING_RECORD_VERSION),
    key.headSha,
    key.checkName,
    fields.audits,
    String(fields.several),
    fields.failOn,
    fields.scope,
    String(fields.timeout),
    fields.at,
    fields.pr === null ? undefined : String(fields.pr),
  ];
}

/** The record as compact JSON, sealed for this head commit and check name. */
export function pendingRecordText(record: PendingRecord, key: PendingRecordKey): string {
  const audits = record.audits.map(({ name, path, auditId, digest }) =>
    digest === undefined ? [name, path, auditId] : [name, path, auditId, digest],
  );
  const fields = {
    audits: JSON.stringify(audits),
    several: record.several,
    failOn: record.failOn,
    scope: record.scope,
    timeout: record.timeoutMinutes,
    at: record.startedAt,
    pr: record.pullRequest ?? null,
  };
  return JSON.stringify({
    v: PENDING_RECORD_VERSION,
    audits,
    several: fields.several,
    failOn: fields.failOn,
    scope: fields.scope,
    timeout: fields.timeout,
    at: fields.at,
    pr: fields.pr,
    seal: seal(key.apiKey, 'pendingCheck', sealed(key, fields)),
  });
}

/**
 * The record when it was written with this key for this head commit and check name, else why
 * not (one line for the log). Its seal is checked before any of its fields is used.
 */
export function readPendingRecord(
  text: string,
  expected: PendingRecordKey & { now: number },
): PendingRecord | string {
  // Stryker disable next-line StringLiteral: Buffer.byteLength reads an empty encoding as UTF-8
  if (Buffer.byteLength(text, 'utf8') > MAX_PENDING_RECORD_BYTES)
    return `the record is larger than ${MAX_PENDING_RECORD_BYTES} bytes`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the record is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the record is not a JSON object';
  const {
    v,
    audits,
    several,
    failOn,
    scope,
    timeout,
    at,
    pr,
    seal: given,
  } = value as Record<string, unknown>;
  if (v !== PENDING_RECORD_VERSION) return 'the record is of another format';
  if (
    typeof given !== 'string' ||
    !Array.isArray(audits) ||
    typeof several !== 'boolean' ||
    typeof failOn !== 'string' ||
    typeof scope !== 'string' ||
    typeof timeout !== 'number' ||
    typeof at !== 'string' ||
    !(pr === null || typeof pr === 'number') ||
    !sealMatches(
      expected.apiKey,
      'pendingCheck',
      sealed(expected, {
        audits: JSON.stringify(audits),
        several,
        failOn,
        scope,
        timeout,
        at,
        pr,
      }),
      given,
    )
  )
    return 'the record was not written with this API key for this commit and check';
  const projects = readAudits(audits, expected.apiKey);
  if (typeof projects === 'string') return projects;
  if (!several && projects.length > 1) return 'the record lists several audits for one project';
  if (!(FAIL_ON_LEVELS as readonly string[]).includes(failOn))
    return 'the record has no usable severity to fail on';
  if (!(SCOPES as readonly string[]).includes(scope)) return 'the record has no usable scope';
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_MINUTES)
    return 'the record has no usable time limit';
  const time = Date.parse(at);
  if (!Number.isFinite(time) || time > expected.now + FUTURE_TOLERANCE_MS)
    return 'the record has no usable date';
  if (pr !== null && !(Number.isSafeInteger(pr) && pr > 0))
    return 'the record has no usable pull request number';
  return {
    audits: projects,
    several,
    failOn: failOn as FailOn,
    scope: scope as Scope,
    timeoutMinutes: timeout,
    startedAt: new Date(time).toISOString(),
    pullRequest: pr ?? undefined,
  };
}

/**
 * `[[name, path, auditId, digest?], …]`: one to MAX_PROJECTS, each field bounded, no id holding
 * the key, a digest SHA-256's hex.
 */
function readAudits(audits: readonly unknown[], apiKey: string): PendingAudit[] | string {
  if (audits.length === 0 || audits.length > MAX_PROJECTS)
    return `the record must list 1 to ${MAX_PROJECTS} audits`;
  const key = new Redactor();
  key.add(apiKey);
  const read: PendingAudit[] = [];
  for (const entry of audits) {
    if (
      !Array.isArray(entry) ||
      (entry.length !== 3 && entry.length !== 4) ||
      !entry.every((f) => typeof f === 'string')
    )
      return 'the record has an audit that is not a name, a folder, an id and a digest';
    const [name, path, auditId, digest] = entry as [string, string, string, string?];
    if (digest !== undefined && !DIGEST.test(digest)) return 'the record has no usable digest';
    if (
      name.trim() === '' ||
      path.trim() === '' ||
      name.length > MAX_PROJECT_FIELD_LENGTH ||
      path.length > MAX_PROJECT_FIELD_LENGTH
    )
      return 'the record has a project with no usable name or folder';
    if (auditId.trim() === '' || auditId.length > MAX_AUDIT_ID_LENGTH)
      return 'the record has no usable audit id';
    if ([name, path, auditId].some((field) => CONTROL.test(field)))
      return 'the record holds a control character';
    if (key.appearsIn(auditId)) return "the record's audit id holds the API key";
    read.push(digest === undefined ? { name, path, auditId } : { name, path, auditId, digest });
  }
  if (new Set(read.map((audit) => audit.path)).size !== read.length)
    return 'the record lists a folder twice';
  return read;
}
