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
const NOISE = `${alternation([
  { lead: undefined, rest: '[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\\\]' },
  {
    lead: '&',
    rest: '(?:shy|zwsp|zwj|zwnj|lrm|rlm|ZeroWidthSpace|NoBreak|InvisibleTimes|InvisibleComma|ApplyFunction);',
  },
  ...INVISIBLE_CODE_POINTS.flatMap((code) => spellings(String.fromCodePoint(code)).slice(1)),
])}*`;

/**
 * Characters no form of a secret is written with unless the secret holds them: not invisible,
 * and in no encoding's alphabet or syntax (`%`, `&#;`, a backslash, hex, base64). No match can
 * span one, so text can be redacted in pieces cut after one. JSON has them on every line.
 */
const BARRIERS = ' "{}[],:';
/** Texts are redacted this many characters at a time, or about: a regex call costs little more. */
const BATCH_CHARS = 64 * 1024;

/**
 * What every encoded spelling of a character, and of the noise between them, starts with:
 * `%` with two hex digits, `&` or a backslash.
 */
const ENCODING_START = /%[\da-f]{2}|[&\\]/i;
/** NOISE's class less the backslash: the noise a text without ENCODING_START can hold. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, 'gu');
/**
 * From this length a text is searched for every form with one pattern, made once, rather than
 * with its invisible characters taken out: the pattern takes milliseconds to make, which short
 * texts never pay back (a skipped run redacts only short ones).
 */
const LONG_TEXT = 16 * 1024;

/** A secret's pattern, or undefined when the text cannot hold a match. */
type Matcher = (text: string) => RegExp | undefined;

export class Redactor {
  readonly #matchers: Matcher[] = [];
  /** BARRIERS less the characters of the secrets. */
  readonly #barriers = new Set(Array.from(BARRIERS, (c) => c.charCodeAt(0)));
  /** The secrets without their invisible characters. */
  readonly #visible: string[] = [];
  /** The hex and base64 forms, as pattern sources. */
  readonly #encodedForms: string[] = [];
  /** Made when first needed, for all secrets: see #mayHold. */
  #encoded: RegExp | undefined;
  #anyForm: RegExp | undefined;

  /** Adds a secret; empty ones are ignored. */
  add(secret: string): void {
    if (secret === '') return;
    this.#matchers.push(spelledOut(secret));
    this.#visible.push(withoutInvisible(secret));
    this.#encoded = this.#anyForm = undefined;
    for (const c of secret) this.#barriers.delete(c.charCodeAt(0));
    // Encoded forms of a short secret are short enough to turn up by chance.
    if (secret.length < MIN_SECRET_LENGTH) return;
    const bytes = Buffer.from(secret, 'utf8');
    const hex = new RegExp(caseless(bytes.toString('hex')), 'g');
    const encoded = [...new Set(base64Forms(bytes))].map(escapeRegExp);
    const base64 = new RegExp(encoded.join('|'), 'g');
    this.#matchers.push(
      () => hex,
      () => base64,
    );
    this.#encodedForms.push(hex.source, base64.source);
  }

  /** The text with every form of every secret replaced by `***`. */
  redact(text: string): string {
    if (!this.#mayHold(text)) return text;
    let out = text;
    for (const matcher of this.#matchers) {
      const pattern = matcher(out);
      if (pattern) out = out.replace(pattern, REDACTED);
    }
    return out;
  }

  /**
   * The chunks redacted as if joined, without ever joining them: each is passed on up to its
   * last barrier and the rest held for the next, so a secret split between chunks, in any form,
   * is found as in the whole text (no match spans a barrier), and what comes out is the same.
   */
  async *redactChunks(chunks: Iterable<string> | AsyncIterable<string>): AsyncGenerator<string> {
    let held = '';
    for await (const chunk of chunks) {
      // Held text has no barrier, so the chunk's last one is the last of both.
      const cut = this.#lastBarrier(chunk) + 1;
      if (cut === 0) {
        held += chunk;
        continue;
      }
      yield this.redact(held + chunk.slice(0, cut));
      held = chunk.slice(cut);
    }
    if (held !== '') yield this.redact(held);
  }

  /** Whether any form of a secret appears in the text. */
  appearsIn(text: string): boolean {
    return (
      this.#mayHold(text) &&
      this.#matchers.some((matcher) => {
        const pattern = matcher(text);
        if (!pattern) return false;
        pattern.lastIndex = 0;
        const found = pattern.test(text);
        pattern.lastIndex = 0;
        return found;
      })
    );
  }

  /**
   * Whether any form of a secret appears in one of the texts. They are looked at in batches
   * joined by a barrier, so many short texts cost about what one long one does.
   */
  appearsInAny(texts: Iterable<string>): boolean {
    const [barrier] = this.#barriers;
    if (barrier === undefined) return [...texts].some((text) => this.appearsIn(text));
    const join = String.fromCharCode(barrier);
    let batch = '';
    for (const text of texts) {
      batch += text + join;
      if (batch.length < BATCH_CHARS) continue;
      if (this.appearsIn(batch)) return true;
      batch = '';
    }
    return this.appearsIn(batch);
  }

  /**
   * False when no matcher can match, found in one pass over the text for all secrets, which
   * spares most texts a pass per pattern. Without ENCODING_START a matcher matches only a hex or
   * base64 form, or the secret with invisible characters in it (see spelledOut).
   */
  #mayHold(text: string): boolean {
    if (this.#matchers.length === 0) return false;
    if (ENCODING_START.test(text)) return true;
    if (text.length >= LONG_TEXT) {
      // Each secret's visible characters with only invisible ones between, or an encoded form.
      this.#anyForm ??= new RegExp(
        [
          ...this.#visible.map((secret) =>
            Array.from(secret, escapeRegExp).join(`${INVISIBLE.source}*`),
          ),
          ...this.#encodedForms,
        ].join('|'),
        'u',
      );
      return this.#anyForm.test(text);
    }
    if (this.#encodedForms.length > 0) {
      this.#encoded ??= new RegExp(this.#encodedForms.join('|'));
      if (this.#encoded.test(text)) return true;
    }
    const visible = withoutInvisible(text);
    return this.#visible.some((secret) => visible.includes(secret));
  }

  #lastBarrier(text: string): number {
    let at = text.length - 1;
    while (at >= 0 && !this.#barriers.has(text.charCodeAt(at))) at -= 1;
    return at;
  }
}

/**
 * Every spelling of the secret, with invisible noise between its characters: a regex of tens of
 * thousands of characters (about 60,000 for a 40-character token) whose compiling costs more
 * than the rest of a skipped run. So it is made only for a text that may hold the secret: one
 * with ENCODING_START, or that has the secret's visible characters once invisible ones are taken
 * out. Without ENCODING_START a character is spelled only as itself and the noise is only
 * invisible characters, so the check never misses a match.
 */
function spelledOut(secret: string): Matcher {
  const visible = withoutInvisible(secret);
  let pattern: RegExp | undefined;
  return (text) =>
    ENCODING_START.test(text) || withoutInvisible(text).includes(visible)
      ? (pattern ??= new RegExp(spelledPattern(Array.from(secret)), 'gu'))
      : undefined;
}

/**
 * Each character's forms, noise between them. A literal character is followed by noise or by
 * the next character's form, so it is checked for that at once: in prose most letters of a
 * secret turn up at every few words, and without the check each would start a search through
 * the noise's forms (the same matches, about twice as fast on long text).
 */
function spelledPattern(characters: readonly string[]): string {
  return characters
    .map((c, index) => {
      const next = characters[index + 1];
      const [literal, ...encoded] = spellings(c);
      if (next === undefined || literal === undefined) return alternation(spellings(c));
      const follows = `(?=[${classCharacter(next)}%&\\\\${INVISIBLE.source.slice(1, -1)}])`;
      return alternation([{ lead: literal.lead, rest: follows }, ...encoded]);
    })
    .join(NOISE);
}

/** A character as a member of a regex class. */
function classCharacter(c: string): string {
  return c.replace(/[\\\]^-]/g, '\\$&');
}

function withoutInvisible(text: string): string {
  return INVISIBLE.test(text) ? text.replace(EVERY_INVISIBLE, '') : text;
}

/** One way to write a character: its first character, then a pattern for the rest. */
interface Form {
  /** Undefined for a form that is a character class. */
  lead: string | undefined;
  rest: string;
}

/**
 * The forms as one alternation, those with the same first character grouped behind it, so the
 * engine tries one group per position rather than every form (on long text, a secret is found
 * in about half the time). Forms with different first characters never both match at one
 * position, so the grouping, in the order of each group's first form, changes no match.
 */
function alternation(forms: readonly Form[]): string {
  const groups: { lead: string | undefined; rests: string[] }[] = [];
  for (const { lead, rest } of forms) {
    // A class is a group of its own, in its place: it may hold a character a form starts with.
    const group = lead === undefined ? undefined : groups.find((g) => g.lead === lead);
    if (group) group.rests.push(rest);
    else groups.push({ lead, rests: [rest] });
  }
  const alternatives = groups.map(({ lead, rests }) => {
    if (lead === undefined) return rests.join('|');
    const first = escapeRegExp(lead);
    return rests.length === 1 && rests[0] === '' ? first : `${first}(?:${rests.join('|')})`;
  });
  return `(?:${alternatives.join('|')})`;
}

/**
 * One character's forms: literally, percent-encoded UTF-8 (either case), an HTML numeric or
 * named entity, behind a backslash (JSON and Markdown escapes), or a JSON `\uXXXX` escape.
 */
function spellings(char: string): Form[] {
  const code = char.codePointAt(0) ?? 0;
  const percent = [...Buffer.from(char, 'utf8')]
    .map((byte) => caseless(byte.toString(16).padStart(2, '0')))
    .join('%');
  const forms: Form[] = [
    { lead: char, rest: '' },
    { lead: '%', rest: percent },
    { lead: '&', rest: `#0*${code};?` },
    { lead: '&', rest: `#[xX]0*${caseless(code.toString(16))};?` },
    { lead: '\\', rest: `[\\\\]?${escapeRegExp(char)}` },
  ];
  if (code <= 0xffff)
    forms.push({ lead: '\\', rest: `u${caseless(code.toString(16).padStart(4, '0'))}` });
  const named = NAMED_ENTITIES[char];
  if (named !== undefined) forms.push({ lead: '&', rest: `${named};` });
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
