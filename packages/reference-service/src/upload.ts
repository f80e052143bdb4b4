/**
 * What a request to start an audit must hold: a multipart/form-data body within the upload
 * limits, a `project_name` and at least one named `contracts` file. Anything else is refused
 * with the status and message the caller needs.
 */
import type { RequestBody } from './http-io.ts';
import { filesOverLimits, uploadTooLarge, type UploadLimits } from './limits.ts';
import { boundaryOf, MultipartSyntaxError, parseMultipart } from './multipart.ts';
import { errorReply, type Reply } from './replies.ts';
import type { UploadedFile } from './store.ts';

export interface Upload {
  projectName: string;
  /** The `contracts` parts, in order. */
  files: UploadedFile[];
  /** Names of all parts, in order. */
  partNames: string[];
}

export function readUpload(
  contentType: string | undefined,
  body: RequestBody,
  limits: UploadLimits,
): { ok: true; upload: Upload } | { ok: false; reply: Reply } {
  const refuse = (reply: Reply) => ({ ok: false as const, reply });
  if (!/^multipart\/form-data\b/i.test(contentType ?? '')) {
    const got = contentType ? contentType.split(';')[0]! : 'no Content-Type';
    return refuse(
      errorReply(415, 'unsupported_media_type', `expected a multipart/form-data body, got ${got}`),
    );
  }
  if (!body.bytes)
    return refuse(errorReply(413, 'payload_too_large', uploadTooLarge(body.size, limits)));
  const boundary = boundaryOf(contentType);
  if (!boundary)
    return refuse(errorReply(400, 'bad_request', 'the multipart Content-Type has no boundary'));
  let parts;
  try {
    parts = parseMultipart(body.bytes, boundary);
  } catch (error) {
    if (!(error instanceof MultipartSyntaxError)) throw error;
    return refuse(errorReply(400, 'bad_request', `malformed multipart body: ${error.message}`));
  }

  const projectName = parts.find((part) => part.name === 'project_name')?.content.toString('utf8');
  const files = parts
    .filter((part) => part.name === 'contracts')
    .map((part) => ({
      filename: part.filename ?? '',
      contentType: part.contentType,
      size: part.content.length,
      content: Buffer.from(part.content),
    }));
  if (!projectName?.trim())
    return refuse(errorReply(400, 'bad_request', 'project_name is required'));
  if (files.length === 0)
    return refuse(errorReply(400, 'bad_request', 'at least one `contracts` file is required'));
  if (files.some((file) => file.filename === ''))
    return refuse(errorReply(400, 'bad_request', 'every `contracts` part needs a filename'));
  const overLimits = filesOverLimits(files, limits);
  if (overLimits !== undefined) return refuse(errorReply(413, 'payload_too_large', overLimits));
  return { ok: true, upload: { projectName, files, partNames: parts.map((part) => part.name) } };
}
