/**
 * A multipart/form-data body (RFC 7578) whose file parts are streamed from disk, so memory
 * stays flat however large the upload. Its length is known up front from the file sizes, so
 * the request carries Content-Length instead of chunked encoding.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

export interface MultipartField {
  name: string;
  value: string;
}

export interface MultipartFile {
  /** The form field name, e.g. `contracts`. */
  field: string;
  /** Sent as the part's filename: the POSIX path relative to the workspace. */
  filename: string;
  absolutePath: string;
  /** Bytes, from stat; the file must still have exactly this size when it is read. */
  size: number;
}

export interface MultipartBody {
  contentType: string;
  length: number;
  /**
   * A fresh stream of the whole body; call once per attempt. `onProgress` is told each time the
   * reader takes a chunk, so a slow upload that still moves can be told from a stalled one.
   */
  open(onProgress?: () => void): Readable;
}

/** A file part could not be read as planned; nothing complete reached the service. */
export class UploadReadError extends Error {
  override name = 'UploadReadError';
}

const CRLF = '\r\n';
/**
 * Small parts (a part's head, a short contract, a line break) go out together, up to this many
 * bytes: each chunk is a write to the socket, and a thousand contracts were three thousand.
 * A file's own chunks are at most this large already.
 */
const BATCH_BYTES = 64 * 1024;

const PERCENT_ENCODED: Record<string, string> = { '"': '%22', '\r': '%0D', '\n': '%0A' };

/** Percent-encodes `"`, CR and LF, as RFC 7578 §4.2 and the HTML form encoder do. */
export function quoteParameter(value: string): string {
  return `"${value.replace(/["\r\n]/g, (c) => PERCENT_ENCODED[c] ?? c)}"`;
}

export function randomBoundary(): string {
  return `----audit-action-${randomBytes(16).toString('hex')}`;
}

export function createMultipartBody(
  fields: readonly MultipartField[],
  files: readonly MultipartFile[],
  boundary: string = randomBoundary(),
): MultipartBody {
  const fieldParts = fields.map((field) =>
    Buffer.from(
      `--${boundary}${CRLF}Content-Disposition: form-data; name=${quoteParameter(field.name)}` +
        `${CRLF}${CRLF}${field.value}${CRLF}`,
    ),
  );
  const fileParts = files.map((file) => ({
    file,
    head: Buffer.from(
      `--${boundary}${CRLF}Content-Disposition: form-data; name=${quoteParameter(file.field)}; ` +
        `filename=${quoteParameter(file.filename)}${CRLF}` +
        `Content-Type: application/octet-stream${CRLF}${CRLF}`,
    ),
  }));
  const crlf = Buffer.from(CRLF);
  const closing = Buffer.from(`--${boundary}--${CRLF}`);

  const length =
    fieldParts.reduce((sum, part) => sum + part.length, 0) +
    fileParts.reduce((sum, { file, head }) => sum + head.length + file.size + crlf.length, 0) +
    closing.length;

  async function* parts(): AsyncGenerator<Buffer> {
    yield* fieldParts;
    for (const { file, head } of fileParts) {
      yield head;
      yield* fileChunks(file);
      yield crlf;
    }
    yield closing;
  }

  async function* chunks(onProgress: () => void): AsyncGenerator<Buffer> {
    let batch: Buffer[] = [];
    let batched = 0;
    for await (const chunk of parts()) {
      onProgress();
      if (batched > 0 && batched + chunk.length > BATCH_BYTES) {
        yield Buffer.concat(batch, batched);
        batch = [];
        batched = 0;
      }
      if (chunk.length >= BATCH_BYTES) {
        yield chunk;
      } else {
        batch.push(chunk);
        batched += chunk.length;
      }
    }
    if (batched > 0) yield Buffer.concat(batch, batched);
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    open: (onProgress = () => undefined) =>
      Readable.from(chunks(onProgress), { objectMode: false }),
  };
}

async function* fileChunks(file: MultipartFile): AsyncGenerator<Buffer> {
  let sent = 0;
  if (file.size > 0) {
    // `end` bounds the read, so a file that grew since stat cannot overrun Content-Length.
    const stream = createReadStream(file.absolutePath, { start: 0, end: file.size - 1 });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        sent += chunk.length;
        yield chunk;
      }
    } catch (error) {
      throw new UploadReadError(`could not read ${file.filename}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  if (sent !== file.size) {
    throw new UploadReadError(
      `${file.filename} changed while it was uploaded (expected ${file.size} bytes, read ${sent})`,
    );
  }
}
