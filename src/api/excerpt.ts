/** Short, single-line quotes of untrusted service text, for error messages and logs. */
import { cleanName } from './json-fields.ts';

/**
 * Whitespace collapsed to single spaces, invisible and control characters (escape sequences,
 * which would let a body rewrite a log line) removed, cut to `max` characters with '…'.
 */
export function bodyExcerpt(text: string, max = 200): string {
  return cleanName(text, max) ?? '';
}

/**
 * How an error message shows the body it could not use: `empty body`, `body: …`,
 * `body is not JSON: …`, or for a web page its words and the likely cause.
 */
export function describeBody(bodyText: string, isJson: boolean): string {
  if (bodyText.trim() === '') return 'empty body';
  if (!isJson && looksLikeHtml(bodyText)) {
    return `body is an HTML page, not JSON — is the base URL the API's address?: ${bodyExcerpt(htmlText(bodyText))}`;
  }
  return `${isJson ? 'body' : 'body is not JSON'}: ${bodyExcerpt(bodyText)}`;
}

export function looksLikeHtml(body: string): boolean {
  return /^\s*</.test(body);
}

/** Tags, scripts and styles removed, so a gateway's error page reads as its words. */
export function htmlText(body: string): string {
  return body
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ');
}
