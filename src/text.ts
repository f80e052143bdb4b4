/**
 * Plain-text helpers every layer uses on untrusted text (the service's, GitHub's, the checkout's):
 * no escaping here, only what makes text safe to measure, cut and keep on one line.
 */

/**
 * Characters a collating comparison may treat as absent. The runner matches `::` and `##[`
 * with culture-sensitive .NET string functions (ICU), which skip such characters, so a
 * zero-width character between the colons does not stop a command: they must go.
 */
const INVISIBLE_CHARACTERS = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** Printable ASCII, tab and line breaks: text without any other has none to remove. */
const PLAIN_ASCII = /^[\t\n\r\x20-\x7e]*$/;

/** Removes invisible and control characters, keeping tab and line breaks. */
export function removeInvisibleCharacters(text: string): string {
  // Most text is plain ASCII: a test of it costs a fraction of the search by Unicode property.
  return PLAIN_ASCII.test(text) ? text : text.replace(INVISIBLE_CHARACTERS, '');
}

/** Untrusted text on one line: invisible characters removed, white space runs folded to a space. */
export function oneLine(text: string): string {
  return removeInvisibleCharacters(text).replace(/\s+/g, ' ').trim();
}

/** Keeps at most `max` characters (code points, so no surrogate pair is split), ending in '…' when cut. */
export function truncateText(text: string, max: number): string {
  // The UTF-16 length bounds the number of code points.
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = 0;
  for (let kept = 0; kept < max - 1 && end < text.length; kept += 1)
    end += codePointLength(text, end);
  const rest = text.length - end;
  if (rest === 0 || rest === codePointLength(text, end)) return text;
  return `${text.slice(0, end)}…`;
}

/**
 * A long list kept short: the first `shown` items, then one more saying how many were not shown,
 * so that a config listing thousands of names never makes a warning of megabytes.
 */
export function firstFew(items: readonly string[], shown: number, indent = ''): string[] {
  if (items.length <= shown) return [...items];
  return [...items.slice(0, shown), `${indent}… and ${items.length - shown} more`];
}

function codePointLength(text: string, index: number): number {
  return (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
}

/**
 * For text printed to the log (core.info): the runner would run a line that starts, after
 * whitespace, with `::`, or that holds `##[` anywhere (its legacy form). Such lines become
 * `: :` and `## [`; invisible characters are removed first so none can hide either pattern.
 */
export function neutralizeWorkflowCommands(text: string): string {
  return removeInvisibleCharacters(text)
    .replace(/(^|\r\n|\r|\n)([^\S\r\n]*):(?=:)/g, '$1$2: ')
    .replace(/##\[/g, '## [');
}
