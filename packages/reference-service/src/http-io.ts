/** Reading requests and writing answers on the wire, including a deliberately cut-off answer. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './replies.ts';

export interface RequestBody {
  /** Undefined when the body was larger than the cap: it was read to the end but not kept. */
  bytes: Buffer | undefined;
  size: number;
}

/** Reads the whole body, so the client always gets to finish sending before it is answered. */
export async function readBody(request: IncomingMessage, cap: number): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= cap) chunks.push(chunk);
    else chunks.length = 0;
  }
  return { bytes: size <= cap ? Buffer.concat(chunks) : undefined, size };
}

/** `truncate`: announce the full length, send half, close. */
export function send(response: ServerResponse, reply: Reply, truncate: boolean): void {
  const body = Buffer.from(reply.body);
  response.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  if (!truncate) {
    response.end(body);
    return;
  }
  response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
