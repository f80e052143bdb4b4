/**
 * Paying for each audit once: a digest of exactly what an upload would send, and the record of
 * the completed audit it got, kept by the door (the Action keeps it in the Actions cache). Anyone
 * who can write the cache could shape a record, so a record is sealed with a key derived from the
 * API key (record-seal.ts) over all it says and the upload it is of, and one whose seal does not
 * match is not used; it is read as hostile JSON all the same. The findings always come fresh from
 * the service.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Redactor } from '../redaction.ts';
import { readRecordObject } from './record-json.ts';
import { seal, sealMatches } from './record-seal.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** What the digest covers changes with this: a new version never matches an older record. */
export const UPLOAD_FORMAT_VERSION = 1;
/** The record's own format: 2 is sealed; a record of 1 (unsealed) reads as of another format. */
export const RECORD_VERSION = 2;
/** A record is a few hundred bytes; anything much larger was not written by this action. */
export const MAX_RECORD_BYTES = 4096;
export const MAX_AUDIT_ID_LENGTH = 200;
/**
 * A run is recorded by its id (GitHub's are 64-bit), its link rebuilt from this repository's
 * runs: a link in full would not fit a cache key beside the longest audit id.
 */
const RUN_ID = /^[0-9]{1,19}$/;
const CONTROL = /[\p{Cc}\p{Cf}]/u;
/** A clock a little ahead of the writer's must not void a record. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** A completed audit, and the upload it was of. */
export interface ReuseRecord {
  digest: string;
  auditId: string;
  /** When the audit was started (ISO 8601). */
  auditedAt: string;
  /** The workflow run that started it, when the door knows one. */
  runUrl: string | undefined;
}

/** Where records are kept: the door's. Neither method throws; each says in the log what failed. */
export interface ReuseStore {
  /** The record's text for this digest, or undefined when there is none to be had. */
  find(digest: string): Promise<string | undefined>;
  /** Keeps the record's text under its digest. */
  save(digest: string, text: string): Promise<void>;
}

/** A file as the upload sends it: its upload name and where its bytes are. */
interface UploadedFile {
  relativePath: string;
  absolutePath: string;
}

/**
 * SHA-256 over the format version, the project's upload name, the service's origin and each
 * file's upload name and bytes, sorted by name; every field length-prefixed, so no two uploads
 * share a digest by shifting bytes between fields. Never the key.
 */
export async function uploadDigest(
  projectName: string,
  serviceOrigin: string,
  files: readonly UploadedFile[],
): Promise<string> {
  const hash = createHash('sha256');
  const field = (value: string | Buffer) => {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(bytes.length));
    hash.update(length).update(bytes);
  };
  field(`contract-audit-upload/${UPLOAD_FORMAT_VERSION}`);
  field(projectName);
  field(serviceOrigin);
  const sorted = [...files].sort((a, b) =>
    a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0,
  );
  for (const file of sorted) {
    field(file.relativePath);
    const chunks: Buffer[] = [];
    for await (const chunk of createReadStream(file.absolutePath)) chunks.push(chunk as Buffer);
    field(Buffer.concat(chunks));
  }
  return hash.digest('hex');
}

/** What a record is sealed with, and what its run link is relative to. */
interface RecordKey {
  apiKey: string;
  /** This repository's runs: a run link is recorded, and rebuilt, as the run id after it. */
  runUrlPrefix: string | undefined;
}

/** The fields a record's seal covers, in order: everything it says, and the upload it is of. */
const sealed = (digest: string, auditId: string, at: string, run: string | undefined) => [
  String(RECORD_VERSION),
  digest,
  auditId,
  at,
  run,
];

/**
 * The record as the door keeps it: compact JSON (its digest is where it is kept, and sealed),
 * short enough for a cache key with the longest audit id read back.
 */
export function recordText(record: ReuseRecord, key: RecordKey): string {
  const { runUrl } = record;
  const prefix = key.runUrlPrefix;
  const tail =
    // Stryker disable next-line StringLiteral: any tail but digits is no run id (RUN_ID), whatever it says
    prefix !== undefined && runUrl?.startsWith(prefix) ? runUrl.slice(prefix.length) : '';
  const run = RUN_ID.test(tail) ? tail : undefined;
  const fields = sealed(record.digest, record.auditId, record.auditedAt, run);
  return JSON.stringify({
    version: RECORD_VERSION,
    auditId: record.auditId,
    at: record.auditedAt,
    run,
    seal: seal(key.apiKey, 'reuse', fields),
  });
}

/**
 * The record when it may be used, else why not (one line for the log, in the words of
 * `expected.vocabulary`, the door's). Its seal is checked before any of its fields is used; its
 * run link is rebuilt from `runUrlPrefix` (this repository's runs), never one a record made up.
 */
export function readRecord(
  text: string,
  expected: RecordKey & { digest: string; now: number; maxAgeMs: number; vocabulary: Vocabulary },
): ReuseRecord | string {
  const value = readRecordObject(text, MAX_RECORD_BYTES);
  if (typeof value === 'string') return value;
  const { version, auditId, at, run, seal: given } = value;
  if (version !== RECORD_VERSION) return 'the record is of another format';
  if (
    typeof given !== 'string' ||
    typeof auditId !== 'string' ||
    typeof at !== 'string' ||
    !(run === undefined || typeof run === 'string') ||
    !sealMatches(expected.apiKey, 'reuse', sealed(expected.digest, auditId, at, run), given)
  )
    return 'the record was not written with this API key for this upload';
  if (auditId.trim() === '' || auditId.length > MAX_AUDIT_ID_LENGTH)
    return 'the record has no usable audit id';
  if (CONTROL.test(auditId)) return "the record's audit id holds a control character";
  const key = new Redactor();
  key.add(expected.apiKey);
  if (key.appearsIn(auditId)) return "the record's audit id holds the API key";
  const time = Date.parse(at);
  if (!Number.isFinite(time) || time > expected.now + FUTURE_TOLERANCE_MS)
    return 'the record has no usable date';
  if (expected.now - time > expected.maxAgeMs)
    return `the record is older than ${expected.vocabulary.option('reuse-max-age-days')}`;
  const prefix = expected.runUrlPrefix;
  const runUrl =
    run !== undefined && prefix !== undefined && RUN_ID.test(run) ? prefix + run : undefined;
  return { digest: expected.digest, auditId, auditedAt: new Date(time).toISOString(), runUrl };
}
