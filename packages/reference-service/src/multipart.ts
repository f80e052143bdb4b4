/**
 * A strict multipart/form-data reader for the reference service (RFC 7578 / RFC 2046), so tests
 * see exactly what the client put on the wire. Buffered: the service holds uploads in memory.
 */

export interface FormPart {
  name: string;
  /** Percent-decoded as RFC 7578 §4.2 prescribes (`%22`, `%0D`, `%0A`). */
  filename: string | undefined;
  contentType: string | undefined;
  /** Part headers, names lower-cased. */
  headers: Record<string, string>;
  content: Buffer;
}

export class MultipartSyntaxError extends Error {}

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  if (body.indexOf(delimiter) !== 0)
    throw new MultipartSyntaxError('body does not start with the boundary');
  const parts: FormPart[] = [];
  let position = delimiter.length;
  for (;;) {
    const after = body.subarray(position, position + 2).toString('latin1');
    if (after === '--') {
      if (body.subarray(position + 2).toString('latin1') !== '\r\n') {
        throw new MultipartSyntaxError('unexpected bytes after the closing boundary');
      }
      return parts;
    }
    if (after !== '\r\n') throw new MultipartSyntaxError('boundary not followed by CRLF');
    const start = position + 2;
    const end = body.indexOf(nextDelimiter, start);
    if (end < 0) throw new MultipartSyntaxError('part without a closing boundary');
    parts.push(readPart(body.subarray(start, end)));
    position = end + nextDelimiter.length;
  }
}

function readPart(raw: Buffer): FormPart {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new MultipartSyntaxError('part without a header block');
  const headers: Record<string, string> = {};
  for (const line of raw.subarray(0, split).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new MultipartSyntaxError(`bad part header line: ${line}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const disposition = headers['content-disposition'] ?? '';
  if (!/^form-data\s*;/i.test(disposition)) throw new MultipartSyntaxError('part is not form-data');
  const params = dispositionParams(disposition);
  if (params.name === undefined) throw new MultipartSyntaxError('part without a name');
  return {
    name: params.name,
    filename: params.filename,
    contentType: headers['content-type'],
    headers,
    content: raw.subarray(split + 4),
  };
}

function dispositionParams(disposition: string): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const match of disposition.matchAll(/;\s*([\w*-]+)="([^"]*)"/g)) {
    params[match[1]!.toLowerCase()] = match[2]!.replace(/%(22|0D|0A)/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
  return params;
}
