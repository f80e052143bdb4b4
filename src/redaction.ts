/**
 * The last step before anything leaves the action: every output, file, summary, log line and
 * GitHub request passes through `redact`. It runs on the finished text, after every decoding,
 * cleaning and escaping the action does, so no later transform can rebuild a secret from what
 * the service sent. It finds a secret spelled literally, percent-encoded (either case), as
 * HTML entities, JSON or Markdown escapes, split by invisible characters, and as hex or base64.
 */

/** Secrets shorter than this would mask ordinary words wherever they occur. */
export const MIN_SECRET_LENGTH = 8;
export const REDACTED = '***';

const NAMED_ENTITIES: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
  '/': 'sol',
  '=': 'equals',
  '+': 'plus',
  _: '(?:lowbar|UnderBar)',
  '-': '(?:dash|hyphen)',
  '.': 'period',
  ':': 'colon',
};

/**
 * Characters a reader does not see, in the forms our renderers and the service may write them:
 * literal (any invisible code point), as an HTML entity, percent-encoded UTF-8 or a JSON escape
 * of the common ones; and a backslash, which Markdown escaping puts before punctuation.
 */
const INVISIBLE_CODE_POINTS = [
  0x7f, 0xad, 0x34f, 0x61c, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c,
  0x202d, 0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff,
];
const NOISE = `(?:${[
  '[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\\\]',
  '&(?:shy|zwsp|zwj|zwnj|lrm|rlm|ZeroWidthSpace|NoBreak|InvisibleTimes|InvisibleComma|ApplyFunction);',
  ...INVISIBLE_CODE_POINTS.map((code) => spellings(String.fromCodePoint(code)).slice(1).join('|')),
].join('|')})*`;

export class Redactor {
  readonly #patterns: RegExp[] = [];

  /** Adds a secret; empty ones are ignored. */
  add(secret: string): void {
    if (secret === '') return;
    const chars = Array.from(secret).map((c) => `(?:${spellings(c).join('|')})`);
    this.#patterns.push(new RegExp(chars.join(NOISE), 'gu'));
    // Encoded forms of a short secret are short enough to turn up by chance.
    if (secret.length < MIN_SECRET_LENGTH) return;
    const bytes = Buffer.from(secret, 'utf8');
    this.#patterns.push(new RegExp(caseless(bytes.toString('hex')), 'g'));
    const encoded = [...new Set(base64Forms(bytes))].map(escapeRegExp);
    this.#patterns.push(new RegExp(encoded.join('|'), 'g'));
  }

  /** The text with every form of every secret replaced by `***`. */
  redact(text: string): string {
    let out = text;
    for (const pattern of this.#patterns) out = out.replace(pattern, REDACTED);
    return out;
  }

  /** Whether any form of a secret appears in the text. */
  appearsIn(text: string): boolean {
    return this.#patterns.some((pattern) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found;
    });
  }
}

/**
 * One character as a pattern: literally, percent-encoded UTF-8 (either case), an HTML numeric
 * or named entity, a JSON `\uXXXX` escape, or behind a backslash (JSON and Markdown escapes).
 */
function spellings(char: string): string[] {
  const code = char.codePointAt(0) ?? 0;
  const percent = [...Buffer.from(char, 'utf8')]
    .map((byte) => `%${caseless(byte.toString(16).padStart(2, '0'))}`)
    .join('');
  const forms = [
    escapeRegExp(char),
    percent,
    `&#0*${code};?`,
    `&#[xX]0*${caseless(code.toString(16))};?`,
    `\\\\[\\\\]?${escapeRegExp(char)}`,
  ];
  if (code <= 0xffff) forms.push(`\\\\u${caseless(code.toString(16).padStart(4, '0'))}`);
  const named = NAMED_ENTITIES[char];
  if (named !== undefined) forms.push(`&${named};`);
  return forms;
}

/**
 * The base64 text of the secret wherever it sits in a longer encoded string: for each of the
 * three byte alignments, the characters that depend on the secret's bytes alone, in the
 * standard and URL-safe alphabets.
 */
function base64Forms(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + bytes.length)) / 6);
    const inner = encoded.slice(first, last);
    forms.push(inner, inner.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/** Hex digits matched in either case. */
function caseless(hex: string): string {
  return hex.replace(/[a-f]/gi, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
