/**
 * Paying for each audit once: a digest of exactly what an upload would send, and the record of
 * the completed audit it got, kept by the door (the Action keeps it in the Actions cache). A
 * record is untrusted: anyone who can write the cache could shape one, so it is read as hostile
 * JSON, and all it can do is name an audit id that passes the checks every service-given id
 * passes. The findings always come fresh from the service.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Redactor } from '../redaction.ts';

/** What the digest covers changes with this: a new version never matches an older record. */
export const UPLOAD_FORMAT_VERSION = 1;
/** A record is a few hundred bytes; anything much larger was not written by this action. */
export const MAX_RECORD_BYTES = 4096;
const MAX_AUDIT_ID_LENGTH = 200;
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

export function recordText(record: ReuseRecord): string {
  return JSON.stringify({ version: UPLOAD_FORMAT_VERSION, ...record });
}

/**
 * The record when it may be used, else why not (one line for the log). `runUrlPrefix`: a run
 * link is kept only when it starts with it (this repository's runs), never one a record made up.
 */
export function readRecord(
  text: string,
  expected: {
    digest: string;
    apiKey: string;
    now: number;
    maxAgeMs: number;
    runUrlPrefix: string | undefined;
  },
): ReuseRecord | string {
  if (Buffer.byteLength(text, 'utf8') > MAX_RECORD_BYTES)
    return `the record is larger than ${MAX_RECORD_BYTES} bytes`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the record is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the record is not a JSON object';
  const { version, digest, auditId, auditedAt, runUrl } = value as Record<string, unknown>;
  if (version !== UPLOAD_FORMAT_VERSION) return 'the record is of another format';
  if (digest !== expected.digest) return 'the record is of another upload';
  if (typeof auditId !== 'string' || auditId.trim() === '' || auditId.length > MAX_AUDIT_ID_LENGTH)
    return 'the record has no usable audit id';
  if (CONTROL.test(auditId)) return "the record's audit id holds a control character";
  const key = new Redactor();
  key.add(expected.apiKey);
  if (key.appearsIn(auditId)) return "the record's audit id holds the API key";
  const at = typeof auditedAt === 'string' ? Date.parse(auditedAt) : NaN;
  if (!Number.isFinite(at) || at > expected.now + FUTURE_TOLERANCE_MS)
    return 'the record has no usable date';
  if (expected.now - at > expected.maxAgeMs) return 'the record is older than `reuse-max-age-days`';
  const prefix = expected.runUrlPrefix;
  const link =
    typeof runUrl === 'string' &&
    prefix !== undefined &&
    runUrl.startsWith(prefix) &&
    !CONTROL.test(runUrl)
      ? runUrl
      : undefined;
  return { digest: expected.digest, auditId, auditedAt: new Date(at).toISOString(), runUrl: link };
}
