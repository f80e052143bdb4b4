/**
 * The human message inside a service answer: error bodies (no shape is documented) and the
 * `message` of a failed audit. The text is untrusted: it comes back as one bounded line.
 */

import { bodyExcerpt, htmlText, looksLikeHtml } from './excerpt.ts';
import { envelopeLevels, field, isRecord, readJson, text, type JsonRecord } from './json-fields.ts';

const MAX_MESSAGE = 500;

/** `error` as a string or `{message}`, `message`, `detail`, `errors[].message`, `reason`. */
export function messageIn(levels: readonly JsonRecord[]): string | undefined {
  for (const level of levels) {
    const found =
      messageText(field(level, 'error')) ??
      text(field(level, 'message')) ??
      messageText(field(level, 'detail')) ??
      messageList(field(level, 'errors')) ??
      text(field(level, 'reason')) ??
      text(field(level, 'error_description'));
    if (found !== undefined) return bodyExcerpt(found, MAX_MESSAGE);
  }
  return undefined;
}

/** Only what a service names an error (`error`, `errors[]`): a plain `message` may be good news. */
export function errorIn(levels: readonly JsonRecord[]): string | undefined {
  for (const level of levels) {
    const found = messageText(field(level, 'error')) ?? messageList(field(level, 'errors'));
    if (found !== undefined) return bodyExcerpt(found, MAX_MESSAGE);
  }
  return undefined;
}

/** A string, `{message}` (or `msg`/`detail`), or a list of those joined with '; '. */
function messageText(value: unknown): string | undefined {
  if (isRecord(value)) return text(value.message) ?? text(value.msg) ?? text(value.detail);
  return text(value) ?? messageList(value);
}

function messageList(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const parts = value.flatMap((item: unknown) => {
    const part = isRecord(item) ? messageText(item) : text(item);
    return part === undefined ? [] : [part];
  });
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/**
 * The service's explanation in an error answer, or undefined when a JSON body holds none.
 * A non-JSON body (a proxy's HTML page, plain text) is quoted as a short excerpt.
 */
export function serviceErrorText(bodyText: string): string | undefined {
  if (bodyText.trim() === '') return undefined;
  const json = readJson(bodyText);
  if (!json.ok) {
    const excerpt = bodyExcerpt(looksLikeHtml(bodyText) ? htmlText(bodyText) : bodyText);
    return excerpt === '' ? undefined : excerpt;
  }
  const { value } = json;
  if (typeof value === 'string') return text(value) === undefined ? undefined : bodyExcerpt(value);
  if (Array.isArray(value)) {
    const list = messageList(value);
    return list === undefined ? undefined : bodyExcerpt(list, MAX_MESSAGE);
  }
  return messageIn(envelopeLevels(value));
}
