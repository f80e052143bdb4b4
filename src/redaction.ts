/**
 * The last step before anything leaves the action: every output, file, summary, log line and
 * GitHub request passes through `redact`. It runs on the finished text, after every decoding,
 * cleaning and escaping the action does, so no later transform can rebuild a secret from what
 * the service sent. It finds a secret spelled literally, percent-encoded (either case), as
 * HTML entities, JSON or Markdown escapes, or split by invisible characters; and, separated (see
 * SEPARATORS) or not, its letters and digits, its bytes in hex, decimal or octal escapes, and its
 * base64.
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
 * in no encoding's alphabet or syntax (`%`, `&#;`, a backslash, hex, base64), and no separator.
 * No match can span one, so text can be redacted in pieces cut after one. JSON has them on every
 * line; a list of bytes has them only around it.
 */
const BARRIERS = '{}[]';

/**
 * What a service may put between the units of a separated form (bytes, base64 characters, the
 * secret's characters): white space, punctuation, invisible characters; never a letter, digit,
 * barrier, or `%`, `&`, `#` or backslash, which begin units and escapes. So a text reads one way
 * only: a failed match costs at most MAX_GAP tries per gap, the same in a text of any length.
 */
const SEPARATORS =
  ' \t\n\r\f\v!"$\'()*+,-./:;<=>?@^_`|~\u00a0\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff';
/** At most this many separators between two units: `", "`, a line break and an indent. */
const MAX_GAP = 12;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]+$/u;
/** Units of a separated form found before its whole pattern is made. */
const HEAD_UNITS = 3;
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
  // Stryker disable next-line ArrayDeclaration: only the pre-check reads these, and it may say yes too often, never no
  readonly #visible: string[] = [];
  /** Separated forms of all secrets: each one's first units and whole, and its pattern once made. */
  readonly #separatedForms: { head: string; whole: string; heads?: RegExp; pattern?: RegExp }[] =
    [];
  /** Made when first needed, for all secrets: see #mayHold and #separated. */
  #anyForm: RegExp | undefined;
  #anyHead: RegExp | undefined;

  /** Adds a secret; empty ones are ignored. */
  add(secret: string): void {
    if (secret === '') return;
    this.#matchers.push(spelledOut(secret));
    this.#visible.push(withoutInvisible(secret));
    this.#anyForm = this.#anyHead = undefined;
    for (const c of secret) this.#barriers.delete(c.charCodeAt(0));
    // Encoded forms of a short secret are short enough to turn up by chance.
    if (secret.length < MIN_SECRET_LENGTH) return;
    // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding as UTF-8
    for (const { prefix, units, gap } of separatedForms(Buffer.from(secret, 'utf8'), secret)) {
      // A head without its prefix: the search for it starts at a digit or letter.
      const head = units.slice(0, HEAD_UNITS).map((unit, i) => (i > 0 ? prefix : '') + unit);
      this.#separatedForms.push({ head: head.join(gap), whole: prefix + units.join(gap + prefix) });
    }
  }

  /** The text with every form of every secret replaced by `***`. */
  redact(text: string): string {
    // Separated forms first: a secret's characters among them are read as they came.
    let out = text;
    for (const pattern of this.#separated(text)) out = out.replace(pattern, REDACTED);
    if (!this.#mayHold(out)) return out;
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
    const found = (pattern: RegExp | undefined) => {
      if (!pattern) return false;
      pattern.lastIndex = 0;
      const result = pattern.test(text);
      pattern.lastIndex = 0;
      return result;
    };
    return (
      this.#separated(text).some(found) ||
      (this.#mayHold(text) && this.#matchers.some((matcher) => found(matcher(text))))
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
      // Stryker disable next-line ConditionalExpression,EqualityOperator: batches bound only what is joined at once; any cut of the texts gives the same answer
      if (batch.length < BATCH_CHARS) continue;
      if (this.appearsIn(batch)) return true;
      batch = '';
    }
    return this.appearsIn(batch);
  }

  /**
   * False when no matcher can match, found in one pass over the text for all secrets, which
   * spares most texts a pass per pattern. Without ENCODING_START a matcher matches only the
   * secret with invisible characters in it (see spelledOut).
   */
  #mayHold(text: string): boolean {
    // Stryker disable next-line BooleanLiteral: with no secret there is no matcher to run
    if (this.#matchers.length === 0) return false;
    if (ENCODING_START.test(text)) return true;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: both checks are exact; the length chooses the faster
    if (text.length >= LONG_TEXT) {
      // Each secret's visible characters with only invisible ones between.
      this.#anyForm ??= new RegExp(
        this.#visible
          .map(
            // Stryker disable next-line ArrowFunction: a pattern of empty alternatives lets every text through to the matchers, which check it again
            (secret) => Array.from(secret, escapeRegExp).join(`${INVISIBLE.source}*`),
          )
          .join('|'),
        'u',
      );
      return this.#anyForm.test(text);
    }
    const visible = withoutInvisible(text);
    return this.#visible.some((secret) => visible.includes(secret));
  }

  /**
   * The patterns of the separated forms whose first units the text holds. Almost no text holds
   * any, which one search of all heads tells. Each form has a pattern of its own: V8 runs one
   * pattern of all of them many times slower.
   */
  #separated(text: string): RegExp[] {
    if (this.#separatedForms.length === 0) return [];
    // Stryker disable next-line ArrowFunction: a pattern of empty alternatives lets every text through to each form's own head
    this.#anyHead ??= new RegExp(this.#separatedForms.map(({ head }) => head).join('|'));
    if (!this.#anyHead.test(text)) return [];
    return this.#separatedForms.flatMap((form) => {
      // Searched apart: in one search, a head's match could hide another's start.
      if (!(form.heads ??= new RegExp(form.head)).test(text)) return [];
      return [(form.pattern ??= new RegExp(form.whole, 'g'))];
    });
  }

  #lastBarrier(text: string): number {
    // Stryker disable next-line ArithmeticOperator: past the end there is no barrier (charCodeAt is NaN), and the loop walks back
    let at = text.length - 1;
    while (at >= 0 && !this.#barriers.has(text.charCodeAt(at))) at -= 1;
    return at;
  }
}

/**
 * Every spelling of the secret, with invisible noise between its characters: a regex of tens of
 * thousands of characters for a token's length, whose compiling costs more than the rest of a
 * skipped run. So it is made only for a text that may hold the secret: one
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
 * the noise's forms (the same matches, faster on long text).
 */
function spelledPattern(characters: readonly string[]): string {
  return characters
    .map((c, index) => {
      const next = characters[index + 1];
      const [literal, ...encoded] = spellings(c);
      if (next === undefined || literal === undefined) return alternation(spellings(c));
      // Stryker disable next-line StringLiteral: without the lookahead the literal is one more form of the character: the same matches, slower
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
 * position, so the grouping, in the order of each group's first form, changes no match. Within a
 * group the bare character comes last: at the end of a pattern the engine stops at the first
 * alternative that matches, and a longer spelling that starts with it (`%25`, `&amp;`) must be
 * replaced whole, not leave a tail that tells the secret's last character.
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
    const longest = [
      ...rests.filter((rest) => rest !== ''),
      ...rests.filter((rest) => rest === ''),
    ];
    return rests.length === 1 && rests[0] === '' ? first : `${first}(?:${longest.join('|')})`;
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
 * three byte alignments, the standard base64 characters that depend on the secret's bytes alone.
 */
function base64Inner(bytes: Buffer): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    return encoded.slice(
      Math.ceil((8 * offset) / 6),
      Math.floor((8 * (offset + bytes.length)) / 6),
    );
  });
}

/** A form as units, each written after a prefix, with a gap between units. */
interface SeparatedForm {
  prefix: string;
  units: string[];
  gap: string;
}

/**
 * A secret's separated forms: its bytes in hex (`73 6b`, `0x73, 0x6B`, `\\x73\\x6b`, `%73 %6b`),
 * in decimal (`115, 107`), as octal escapes (`\\163\\153`), its base64 at each alignment in
 * either alphabet (split across lines), and its letters and digits. A backslash may be doubled,
 * as JSON writes it. A gap may be empty, so each form is found written without separators too.
 */
function separatedForms(bytes: Buffer, secret: string): SeparatedForm[] {
  const letters = Array.from(secret).filter((c) => LETTER_OR_DIGIT.test(c));
  const gap = gapPattern(SEPARATORS);
  const hex = [...bytes].map((b) => caseless(b.toString(16).padStart(2, '0')));
  return [
    { prefix: '(?:0[xX]|\\\\{1,2}[xX]|%)?', units: hex, gap },
    { prefix: '', units: [...bytes].map(String), gap },
    { prefix: '\\\\{1,2}0{0,2}', units: [...bytes].map((b) => b.toString(8)), gap },
    ...base64Inner(bytes).map((inner) => ({
      prefix: '',
      units: Array.from(inner, (c) => (c === '+' ? '[+-]' : c === '/' ? '[/_]' : c)),
      gap: gapPattern(SEPARATORS.replace(/[+/_-]/g, '')),
    })),
    // Its own punctuation may be changed or left out (`sk-live-…`, `sklive…`).
    { prefix: '', units: letters.map(escapeRegExp), gap: gapPattern(SEPARATORS + secret) },
  ].filter(({ units }) => units.length >= MIN_SECRET_LENGTH);
}

/** Up to MAX_GAP of the characters given (but letters and digits) or escaped white space. */
function gapPattern(characters: string): string {
  const single = [...new Set(characters)]
    .filter((c) => !LETTER_OR_DIGIT.test(c))
    .map(classCharacter)
    .join('');
  return `(?:[${single}]|\\\\[nrt]|&(?:nbsp|Tab|NewLine|#(?:9|1[03]|32));){0,${MAX_GAP}}`;
}

/** Hex digits matched in either case. */
function caseless(hex: string): string {
  return hex.replace(/[a-f]/gi, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
