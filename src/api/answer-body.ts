/**
 * Reading the service's answer: the whole body, bounded, decoded once; and whether a 2xx answer
 * was cut off on the way (then it is asked for again).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** Answers are JSON of findings; anything beyond this is not a plausible answer. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export class AnswerTooLarge extends Error {}

/**
 * Reads the whole body, bounded, into one buffer and decodes it once: a large answer is held as
 * bytes and as text, never also as chunks and their copy. undici's body must always be consumed
 * or destroyed.
 */
export async function readText(body: Readable, headers: IncomingHttpHeaders): Promise<string> {
  const tooLarge = () => {
    // undici reports a body destroyed unread as aborted: the abort is ours, not news.
    body.on('error', () => undefined);
    body.destroy();
    return new AnswerTooLarge(`the answer exceeded ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
  };
  const declared = Number(headerValue(headers['content-length']));
  // Refused before reading: the bytes may be slow to come, or never come.
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  // undici holds the body to its Content-Length: then the buffer is made to measure; without
  // one it doubles as needed. Pages of it that are never written are never taken from the system.
  let buffer = Buffer.allocUnsafe(Number.isSafeInteger(declared) && declared > 0 ? declared : 0);
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const end = size + chunk.length;
    if (end > MAX_BODY_BYTES) throw tooLarge();
    if (end > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(MAX_BODY_BYTES, Math.max(end, 2 * buffer.length)));
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    chunk.copy(buffer, size);
    size = end;
  }
  return buffer.toString('utf8', 0, size);
}

/**
 * A 2xx answer lost on the way: an empty 200 (201/202/204 may be empty), or JSON that stops
 * inside a string, object or array, as one cut off does. A body that is not JSON at all (a web
 * page) is complete: repeating it changes nothing, so it goes to the parser, which says what it
 * is; so does JSON closed but malformed, or lacking fields. Scanned, not parsed: the parser
 * reads a large answer once.
 */
export function isCutShort(answer: { status: number; text: string }): boolean {
  const text = answer.text.trim();
  if (text === '') return answer.status === 200;
  return /^[[{"]/.test(text) && endsOpen(text);
}

/** Whether JSON text ends inside a string, or with an object or array still open. */
function endsOpen(text: string): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    switch (text.charCodeAt(at)) {
      case 0x22: // " : on to the closing quote, the first not escaped by an odd run of backslashes
        do {
          at = text.indexOf('"', at + 1);
          if (at < 0) return true;
        } while (escaped(text, at));
        break;
      case 0x5b: // [
      case 0x7b: // {
        depth += 1;
        break;
      case 0x5d: // ]
      case 0x7d: // }
        depth -= 1;
    }
  }
  return depth > 0;
}

function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes += 1;
  return backslashes % 2 === 1;
}

/** A header's value; the first when it came more than once. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
