/**
 * The record of a run left pending: what finishing it later needs (each project's audit and its
 * upload's manifest, the baseline read, the settings that decide its verdict and its reports,
 * when it started, its pull request, the service), so a later run judges and reports as this one
 * would have, with nothing of its own checkout or inputs. It is kept by the door where others can
 * write (the Action keeps it on the check run, which any workflow of the repository with
 * `checks: write` can create or edit as the same app). So it is sealed with a key derived from
 * the API key (record-seal.ts) over all it says and where it was left (the repository, the head
 * commit, the check's name, which the reader supplies, never the record): a record forged, or
 * copied onto another commit, check or repository, does not read. It is read as hostile JSON
 * all the same.
 */
import { formatAuditIds, type ProjectAuditId } from '../audit/audit-ids.ts';
import type { BaselineEntry } from '../audit/baseline.ts';
import type { JudgedCommit } from '../audit/result.ts';
import { FAIL_ON_LEVELS, type FailOn } from '../audit/gate.ts';
import { SCOPES, type Scope } from '../audit/scope.ts';
import type { UploadManifest } from '../audit/upload-manifest.ts';
import { MAX_PROJECTS } from '../project/find-contracts.ts';
import { Redactor } from '../redaction.ts';
import {
  baselineJson,
  judgedCommitJson,
  manifestJson,
  MAX_MANIFEST_FILES,
  readBaselineEntries,
  readJudgedCommit,
  readManifest,
} from './pending-triage.ts';
import { readRecordObject } from './record-json.ts';
import { seal, sealMatches } from './record-seal.ts';
import { MAX_TIMEOUT_MINUTES } from './settings.ts';
import { MAX_AUDIT_ID_LENGTH } from './reuse.ts';

export const PENDING_RECORD_VERSION = 3;
/** Fifty projects' manifests and a baseline fit; anything much larger was not written here. */
export const MAX_PENDING_RECORD_BYTES = 8 * 1024 * 1024;
/** An upload name or a folder: longer ones were not written by this action. */
export const MAX_PROJECT_FIELD_LENGTH = 300;
export const CONTROL = /[\p{Cc}\p{Cf}]/u;
/** An upload's digest (reuse.ts): SHA-256 in hex. */
const DIGEST = /^[0-9a-f]{64}$/;
/** A clock a little ahead of the writer's must not void a record. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * One project's audit, its upload's digest when reuse made one, and its upload's manifest
 * (none for a resumed project the run had no files of).
 */
export interface PendingAudit extends ProjectAuditId {
  digest?: string;
  manifest?: UploadManifest;
}

/** A run whose audits were started and not waited for. */
export interface PendingRecord {
  /** `project-name`: the name its reports and its sticky comment go by. */
  projectName: string;
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
  /** `pr-comment`: the run keeps a sticky comment on its pull request. */
  comment: boolean;
  /** The baseline the run read, when it had one. */
  baseline: ReadonlyMap<string, BaselineEntry> | undefined;
  /** On `workflow_run`: the head commit judged, and the artifact's files refused. */
  headCommit: JudgedCommit | undefined;
  /** The service the audits were started at, as pendingService gives it. */
  service: string;
}

/** Where the record was left, and the key it is sealed with: the reader's, never the record's. */
export interface PendingRecordKey {
  apiKey: string;
  /** `owner/name`. */
  repository: string;
  headSha: string;
  checkName: string;
}

/** What a reader expects of a record: where it was left, its own service, and its clock. */
export interface PendingRecordReader extends PendingRecordKey {
  /** The service this run collects audits from, as pendingService gives its `base-url`. */
  service: string;
  now: number;
}

/**
 * Why a record is not this run's to read: it names another service than the reader's
 * `base-url`, and is not sealed with the reader's key (that service's own): it is left for that
 * service's finishing run. One sealed with the reader's key is read (its service a field).
 */
export const RECORD_OF_ANOTHER_SERVICE =
  'the record was left for the finishing run of another service';

/** When the run's time is up (epoch ms): its start and its `timeout-minutes`. */
export function pendingTimeLimit(
  record: Pick<PendingRecord, 'startedAt' | 'timeoutMinutes'>,
): number {
  return Date.parse(record.startedAt) + record.timeoutMinutes * 60_000;
}

/** The run's audit ids, as its `audit-id` value gave them: what resuming them by hand takes. */
export function pendingAuditIds(record: Pick<PendingRecord, 'audits' | 'several'>): string {
  return formatAuditIds(record.audits, record.several);
}

/**
 * The service as the HTTP layer reaches it: its origin and path without trailing slashes, so
 * `https://x/api` and `https://x/api/` are one service.
 */
export function pendingService(baseUrl: URL): string {
  return `${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}`;
}

/** What the seal covers: the record's whole body as its JSON, and where it was left. */
function sealed(key: Omit<PendingRecordKey, 'apiKey'>, body: string): string[] {
  return [String(PENDING_RECORD_VERSION), key.repository, key.headSha, key.checkName, body];
}

/** The record as compact JSON, sealed for this repository, head commit and check name. */
export function pendingRecordText(record: PendingRecord, key: PendingRecordKey): string {
  const body = {
    v: PENDING_RECORD_VERSION,
    name: record.projectName,
    audits: record.audits.map(({ name, path, auditId, digest, manifest }) => [
      name,
      path,
      auditId,
      digest ?? null,
      manifest === undefined ? null : manifestJson(manifest, path),
    ]),
    several: record.several,
    failOn: record.failOn,
    scope: record.scope,
    timeout: record.timeoutMinutes,
    at: record.startedAt,
    pr: record.pullRequest ?? null,
    comment: record.comment,
    baseline: record.baseline === undefined ? null : baselineJson(record.baseline),
    commit: record.headCommit === undefined ? null : judgedCommitJson(record.headCommit),
    svc: record.service,
  };
  const text = JSON.stringify(body);
  return JSON.stringify({ ...body, seal: seal(key.apiKey, 'pendingCheck', sealed(key, text)) });
}

/**
 * The record when it was written with this key for this repository, head commit and check name,
 * else why not (one line for the log; RECORD_OF_ANOTHER_SERVICE for a record that holds but was
 * left for another service). Its seal is checked before any of its fields is used.
 */
export function readPendingRecord(
  text: string,
  expected: PendingRecordReader,
): PendingRecord | string {
  const value = readRecordObject(text, MAX_PENDING_RECORD_BYTES);
  if (typeof value === 'string') return value;
  const { seal: given, ...body } = value;
  if (body['v'] !== PENDING_RECORD_VERSION) return 'the record is of another format';
  // JSON read and written again is the text that was sealed: key order and values keep.
  const holds =
    typeof given === 'string' &&
    sealMatches(expected.apiKey, 'pendingCheck', sealed(expected, JSON.stringify(body)), given);
  const service = body['svc'];
  if (typeof service !== 'string' || service.length > MAX_SERVICE_LENGTH)
    return holds ? 'the record names no usable service' : NOT_SEALED;
  // Another service's, with another key (its own): not this run's to judge, nor to fail.
  if (!holds && service !== expected.service) return RECORD_OF_ANOTHER_SERVICE;
  if (!holds) return NOT_SEALED;
  return readBody(body, service, expected);
}

const NOT_SEALED =
  'the record was not written with this API key for this repository, commit and check';
/** A service's URL: longer ones were not written here. */
const MAX_SERVICE_LENGTH = 2_048;

/** The fields of a sealed record's body, each checked. */
function readBody(
  body: Record<string, unknown>,
  service: string,
  expected: PendingRecordReader,
): PendingRecord | string {
  const { name, audits, several, failOn, scope, timeout, at, pr, comment } = body;
  if (typeof name !== 'string' || !isProjectField(name))
    return 'the record has no usable project name';
  if (!Array.isArray(audits)) return 'the record has no list of audits';
  const projects = readAudits(audits, expected.apiKey);
  if (typeof projects === 'string') return projects;
  if (typeof several !== 'boolean' || (!several && projects.length > 1))
    return 'the record lists several audits for one project';
  if (!(FAIL_ON_LEVELS as readonly unknown[]).includes(failOn))
    return 'the record has no usable severity to fail on';
  if (!(SCOPES as readonly unknown[]).includes(scope)) return 'the record has no usable scope';
  if (typeof timeout !== 'number' || !(timeout > 0 && timeout <= MAX_TIMEOUT_MINUTES))
    return 'the record has no usable time limit';
  const time = typeof at === 'string' ? Date.parse(at) : NaN;
  if (!Number.isFinite(time) || time > expected.now + FUTURE_TOLERANCE_MS)
    return 'the record has no usable date';
  if (pr !== null && !(typeof pr === 'number' && Number.isSafeInteger(pr) && pr > 0))
    return 'the record has no usable pull request number';
  if (typeof comment !== 'boolean') return 'the record does not say whether to comment';
  const accepted = readBaselineEntries(body['baseline']);
  if (typeof accepted === 'string') return accepted;
  const headCommit = readJudgedCommit(body['commit']);
  if (typeof headCommit === 'string') return headCommit;
  return {
    projectName: name,
    audits: projects,
    several,
    failOn: failOn as FailOn,
    scope: scope as Scope,
    timeoutMinutes: timeout,
    startedAt: new Date(time).toISOString(),
    pullRequest: pr ?? undefined,
    comment,
    baseline: accepted,
    headCommit,
    service,
  };
}

/** A project's name or folder as a record keeps it: bounded, with no invisible character. */
function isProjectField(value: string): boolean {
  return value.trim() !== '' && value.length <= MAX_PROJECT_FIELD_LENGTH && !CONTROL.test(value);
}

/**
 * `[[name, path, auditId, digest | null, manifest | null], …]`: one to MAX_PROJECTS, each field
 * bounded, no id holding the key, a digest SHA-256's hex, MAX_MANIFEST_FILES files in all.
 */
function readAudits(audits: readonly unknown[], apiKey: string): PendingAudit[] | string {
  if (audits.length === 0 || audits.length > MAX_PROJECTS)
    return `the record must list 1 to ${MAX_PROJECTS} audits`;
  const key = new Redactor();
  key.add(apiKey);
  const read: PendingAudit[] = [];
  const budget = { files: MAX_MANIFEST_FILES };
  for (const entry of audits) {
    if (
      !Array.isArray(entry) ||
      entry.length !== 5 ||
      !entry.slice(0, 3).every((f) => typeof f === 'string') ||
      !(entry[3] === null || typeof entry[3] === 'string')
    )
      return 'the record has an audit that is not a name, a folder, an id, a digest and a file list';
    const [name, path, auditId, digest, listed] = entry as [
      string,
      string,
      string,
      string | null,
      unknown,
    ];
    if (digest !== null && !DIGEST.test(digest)) return 'the record has no usable digest';
    if (!isProjectField(name) || !isProjectField(path))
      return 'the record has a project with no usable name or folder';
    if (
      auditId.trim() === '' ||
      auditId.length > MAX_AUDIT_ID_LENGTH ||
      CONTROL.test(auditId) ||
      key.appearsIn(auditId)
    )
      return 'the record has no usable audit id';
    const manifest = listed === null ? undefined : readManifest(listed, path, budget);
    if (typeof manifest === 'string') return manifest;
    read.push({
      name,
      path,
      auditId,
      ...(digest !== null && { digest }),
      ...(manifest !== undefined && { manifest }),
    });
  }
  if (new Set(read.map((audit) => audit.path)).size !== read.length)
    return 'the record lists a folder twice';
  return read;
}
