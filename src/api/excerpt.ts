/**
 * Short, single-line quotes of untrusted service text, for error messages and logs.
 */

// Control characters (escape sequences included) would let a body rewrite a log line.
// eslint-disable-next-line no-control-regex
const BLANKS = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/** Whitespace and control characters collapsed to single spaces, cut to `max` characters with '…'. */
export function bodyExcerpt(text: string, max = 200): string {
  const line = text.replace(BLANKS, ' ').trim();
  const chars = Array.from(line); // by code point, so a cut never splits a surrogate pair
  if (chars.length <= max) return line;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** How an error message shows the body it could not use: `empty body`, `body: …`, `body is not JSON: …`. */
export function describeBody(bodyText: string, isJson: boolean): string {
  if (bodyText.trim() === '') return 'empty body';
  return `${isJson ? 'body' : 'body is not JSON'}: ${bodyExcerpt(bodyText)}`;
}
