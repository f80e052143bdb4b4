/**
 * Escaping for untrusted text (everything the service sends) on its way into Markdown,
 * HTML and the job log. Truncate before escaping, so a cut never splits an escape.
 */

/** C0/C1 controls other than tab and line breaks. */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/gu;

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
 * Controls a terminal acts on: C0 (ESC, BEL, backspace, a carriage return that overwrites the
 * line, line breaks), DEL, C1 (CSI and OSC among them), and the bidirectional overrides and
 * isolates that reorder what a reader sees. Tab is harmless and stays.
 */
const TERMINAL_CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * For one line of untrusted text on a terminal: each control is shown as a visible `\xNN` or
 * `\uNNNN`, so no text from the service can colour, move the cursor, set the window title,
 * write a hyperlink or a clipboard, hide itself, or start a line of its own.
 */
export function escapeTerminal(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
