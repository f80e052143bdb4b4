/**
 * Escaping for untrusted text (everything the service sends) on its way into Markdown,
 * HTML and the job log. Truncate before escaping, so a cut never splits an escape.
 */

/** C0/C1 controls other than tab and line breaks. */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/gu;

/**
 * Characters a collating comparison may treat as absent. The runner matches `::` and `##[`
 * with culture-sensitive .NET string functions (ICU), which skip such characters, so a
 * zero-width character between the colons does not stop a command: they must go.
 */
const INVISIBLE_CHARACTERS = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** `@name` mentions and `#12` references, which GitHub links after rendering. */
const MENTIONS = /@|#(?=\d)/g;

/** What GFM's autolink extension turns into a link in plain text: `https://…`, `www.…`. */
const AUTOLINKS = /(?:https?|ftp)(?=:\/\/)|www(?=\.)/gi;

const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

const MARKDOWN_SPECIALS = /[\\`*_{}[\]()#+\-!|~$]/g;

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * For inline Markdown and table cells: backslash-escapes Markdown punctuation, turns `& < >`
 * into entities (no tags, no autolinks), and folds line breaks and controls into spaces so a
 * value can never end a table row or start a block. GitHub makes `@name` a mention (it notifies)
 * and `#12` a link that leaves a back-reference on that issue, after rendering, and links bare
 * `https://…` and `www.…`, so escapes do not stop them: a zero-width space inside each does.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c)
    .replace(MARKDOWN_SPECIALS, '\\$&')
    .replace(MENTIONS, '$&&#8203;')
    .replace(AUTOLINKS, '$&&#8203;');
}

/**
 * For HTML text and attribute values, on one line: line breaks fold into spaces (a blank line
 * would end the raw HTML block it sits in, and what follows would render as Markdown), other
 * control characters are dropped, and mentions are broken as in `escapeMarkdown`.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROL_CHARACTERS, '')
    .replace(/[&<>"']|@|#(?=\d)/g, (c) => HTML_ENTITIES[c] ?? `${c}&#8203;`);
}

/** Multi-line untrusted text as HTML on one line, each line break kept as `<br>`. */
export function escapeHtmlLines(text: string): string {
  return text.split(LINE_BREAKS).map(escapeHtml).join('<br>');
}

/**
 * For text printed to the log (core.info): the runner would run a line that starts, after
 * whitespace, with `::`, or that holds `##[` anywhere (its legacy form). Such lines become
 * `: :` and `## [`; invisible characters are removed first so none can hide either pattern.
 */
export function neutralizeWorkflowCommands(text: string): string {
  return text
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(/(^|\r\n|\r|\n)([^\S\r\n]*):(?=:)/g, '$1$2: ')
    .replace(/##\[/g, '## [');
}

/** Removes invisible and control characters, keeping tab and line breaks. */
export function removeInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '');
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

function codePointLength(text: string, index: number): number {
  return (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
}
