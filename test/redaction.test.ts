import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, REDACTED, Redactor } from '../src/redaction.ts';
import { escapeHtml, escapeMarkdown } from '../src/report/escape.ts';
import { removeInvisibleCharacters } from '../src/text.ts';
import { seeded } from './support/random.ts';

/** Has characters JSON, URLs, HTML and Markdown all like to escape. */
const KEY = 'sk_live/9f3a+Qe7=Zx41';

function redactorOf(...secrets: string[]): Redactor {
  const redactor = new Redactor();
  for (const secret of secrets) redactor.add(secret);
  return redactor;
}

const percentEveryChar = (text: string, hex: (n: number) => string) =>
  [...Buffer.from(text)].map((byte) => `%${hex(byte)}`).join('');

/** Every spelling of the key that a service or one of our own transforms can produce. */
const FORMS: Array<[string, string]> = [
  ['as it is', KEY],
  ['percent-encoded (upper case)', encodeURIComponent(KEY)],
  [
    'percent-encoded (lower case)',
    encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
  ],
  ['every character percent-encoded', percentEveryChar(KEY, (n) => n.toString(16))],
  ['JSON-escaped', JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/')],
  [
    'JSON \\u escapes',
    [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  ],
  ['split by U+200B', [...KEY].join('\u200b')],
  ['split by U+00AD', [...KEY].join('\u00ad')],
  ['split by U+2060', [...KEY].join('\u2060')],
  ['split by DEL', [...KEY].join('\u007f')],
  ['split by a zero-width entity', [...KEY].join('&#8203;')],
  ['as HTML entities', [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')],
  ['Markdown-escaped', escapeMarkdown(KEY)],
  ['HTML-escaped', escapeHtml(`${KEY}'"`)],
  ['base64', Buffer.from(KEY).toString('base64')],
  ['base64 inside a longer text, offset 1', Buffer.from(`a${KEY}`).toString('base64')],
  ['base64url inside a longer text, offset 2', Buffer.from(`ab${KEY}zz`).toString('base64url')],
  ['hex', Buffer.from(KEY).toString('hex')],
  ['HEX', Buffer.from(KEY).toString('hex').toUpperCase()],
];

const BYTES = [...Buffer.from(KEY)];
const hexBytes = (prefix = '', upper = false) =>
  BYTES.map(
    (b) => prefix + b.toString(16).padStart(2, '0')[upper ? 'toUpperCase' : 'toLowerCase'](),
  );
/** Every `n` characters, `separator`. */
const split = (text: string, n: number, separator: string) =>
  text.replace(new RegExp(`[^]{${n}}(?=[^])`, 'g'), `$&${separator}`);

/** The key's separated spellings: bytes, base64 and characters with separators between. */
const SEPARATED: Array<[string, string]> = [
  ['hex with spaces', hexBytes().join(' ')],
  ['hex with colons, upper case', hexBytes('', true).join(':')],
  ['hex with dashes', hexBytes().join('-')],
  ['hex, 0x per byte, comma and space', hexBytes('0x').join(', ')],
  ['hex, 0X per byte, upper case, in braces', `{${hexBytes('0X', true).join(',')}}`],
  ['\\x escapes', hexBytes('\\x').join('')],
  ['\\x escapes, JSON-escaped', hexBytes('\\\\x').join('')],
  ['%XX with spaces', hexBytes('%').join(' ')],
  ['hex, one byte a line', hexBytes().join('\n')],
  ['hex in a JSON array of strings', JSON.stringify(hexBytes('0x'), null, 2)],
  ['decimal byte list', BYTES.join(', ')],
  ['decimal byte list without spaces, in brackets', `[${BYTES.join(',')}]`],
  ['decimal bytes a line each (CRLF)', BYTES.join('\r\n')],
  ['octal escapes', BYTES.map((b) => `\\${b.toString(8)}`).join('')],
  [
    'octal escapes, three digits, JSON-escaped',
    BYTES.map((b) => `\\\\${b.toString(8).padStart(3, '0')}`).join(''),
  ],
  ['base64 with a line break every 4', split(Buffer.from(KEY).toString('base64'), 4, '\n')],
  ['base64 with spaces every 3', split(Buffer.from(KEY).toString('base64'), 3, ' ')],
  ['base64 at offset 1, CRLF every 7', split(Buffer.from(`a${KEY}`).toString('base64'), 7, '\r\n')],
  [
    'base64url at offset 2, JSON line breaks every 5',
    split(Buffer.from(`ab${KEY}`).toString('base64url'), 5, '\\n'),
  ],
  ['the key with a space every 3 characters', split(KEY, 3, ' ')],
  ['the key with a line break and indent every 4', split(KEY, 4, '\n    ')],
  ['the key with a dot between characters', split(KEY, 1, '.')],
  ['the key with &nbsp; every 5', split(KEY, 5, '&nbsp;')],
];

describe('Redactor: separated forms', () => {
  it.each(SEPARATED)('masks the key as %s, all of it', (_, form) => {
    const redactor = redactorOf(KEY);
    const text = `before ${form} after`;
    expect(redactor.appearsIn(text)).toBe(true);
    const out = redactor.redact(text);
    expect(out).toMatch(/^before .*\*\*\*.* after$/s);
    // Left: separators, brackets, and base64 characters that also hold a neighbour's bits.
    const left = out
      .slice(7, -6)
      .replace('***', '')
      .replace(/\\[nrt]|[\W_]/g, '');
    expect(left.length).toBeLessThanOrEqual(4);
  });

  it('masks hex of every separator, prefix and case, and decimal and octal of every separator', () => {
    const redactor = redactorOf(KEY);
    const separators = [
      '',
      ' ',
      ':',
      '-',
      ', ',
      ';',
      '.',
      '|',
      '\t',
      '\n',
      '\r\n',
      '\\n',
      '\u200b',
      '&#10;',
    ];
    for (const separator of separators) {
      for (const prefix of ['', '0x', '0X', '\\x', '\\\\x', '%'])
        for (const upper of [false, true]) {
          const form = hexBytes(prefix, upper).join(separator);
          expect(redactor.redact(`<${form}>`), form).toBe('<***>');
        }
      expect(redactor.redact(`<${BYTES.join(separator)}>`), separator).toBe('<***>');
      const octal = BYTES.map((b) => `\\${b.toString(8)}`).join(separator);
      expect(redactor.redact(`<${octal}>`), octal).toBe('<***>');
    }
  });

  it('masks base64 cut into lines of any length at any offset, and the key cut every n characters', () => {
    const redactor = redactorOf(KEY);
    for (const offset of ['', 'a', 'ab'])
      for (const alphabet of ['base64', 'base64url'] as const)
        for (let n = 1; n <= 20; n += 1)
          for (const separator of ['\n', '\r\n', ' ', '\\n']) {
            const form = split(Buffer.from(offset + KEY).toString(alphabet), n, separator);
            expect(redactor.appearsIn(form), form).toBe(true);
            // What is left is the offset's characters and two that hold a few bits of the key.
            const rest = redactor
              .redact(form)
              .replace('***', '')
              .replace(/\\n|[\s=]/g, '');
            expect(rest.length, form).toBeLessThanOrEqual(4);
          }
    for (let n = 1; n < KEY.length; n += 1)
      for (const separator of [' ', '\n', '-', '.', ', ', '\\n', '\u00ad ']) {
        const form = split(KEY, n, separator);
        expect(redactor.redact(`(${form})`), form).toBe('(***)');
      }
  });

  it('masks the key with its punctuation changed or left out, not with a letter changed', () => {
    const redactor = redactorOf(KEY);
    for (const form of ['sk-live-9f3a-Qe7-Zx41', 'sklive9f3aQe7Zx41', 'sk live 9f3a Qe7 Zx41'])
      expect(redactor.redact(`(${form})`), form).toBe('(***)');
    for (const form of ['sklive9f3aQe7Zx4l', 'SKLIVE9F3AQE7ZX41', 'sk_live/9f3a+Qe7=Zx4'])
      expect(redactor.redact(`(${form})`), form).toBe(`(${form})`);
  });

  it('masks hex and base64 of an 8-character secret, not of a 7-character one', () => {
    const eight = 'Ab3$xY9!';
    const redactor = redactorOf(eight, 'Ab3$xY9');
    const bytes = Buffer.from(eight);
    for (const form of [
      bytes.toString('hex'),
      bytes.toString('base64'),
      Buffer.from(`z${eight}`).toString('base64'),
      [...bytes].map((b) => b.toString(16)).join(' '),
      [...bytes].join(', '),
    ])
      expect(redactor.redact(`(${form})`), form).toMatch(/^\(\w{0,2}\*\*\*\w?=*\)$/);
    const seven = Buffer.from('Ab3$xY9');
    for (const form of [seven.toString('hex'), [...seven].join(', ')])
      expect(redactorOf('Ab3$xY9').redact(form), form).toBe(form);
  });

  it('masks URL-safe base64 where the standard one holds `/` and `+`', () => {
    const key = 'sk?>?~~~live';
    expect(Buffer.from(key).toString('base64')).toMatch(/\/.*\+/);
    const redactor = redactorOf(key);
    for (const form of [
      Buffer.from(key).toString('base64url'),
      split(Buffer.from(key).toString('base64url'), 4, '\n'),
    ])
      expect(redactor.redact(`(${form})`), form).toBe('(***)');
  });

  it('masks a key written with named entities', () => {
    const key = 'k.e:y<1234';
    const redactor = redactorOf(key);
    const named = 'k&period;e&colon;y&lt;1234';
    expect(redactor.redact(`(${named})`)).toBe('(***)');
    expect(redactor.redact(`(${named.replace('&lt;', '&#60;')})`)).toBe('(***)');
  });

  it('leaves near misses and ordinary numbers as they are', () => {
    const redactor = redactorOf(KEY);
    const wrong = [...BYTES];
    wrong[7] = 0x2e;
    for (const text of [
      hexBytes().slice(0, -1).join(' '),
      wrong.map((b) => b.toString(16)).join(':'),
      BYTES.slice(1).join(', '),
      `${BYTES.slice(0, 10).join(', ')} and ${BYTES.slice(10).join(', ')}`,
      split(KEY.slice(0, -1), 3, ' '),
      `${KEY.slice(0, 9)} word ${KEY.slice(9)}`,
      'lines 115, 107, 95 and 108 of 0x73 6b 5f',
    ]) {
      expect(redactor.appearsIn(text), text).toBe(false);
      expect(redactor.redact(text)).toBe(text);
    }
  });
});

describe('Redactor', () => {
  it.each(FORMS)('finds and masks the key %s', (_, form) => {
    const redactor = redactorOf(KEY);
    const text = `before ${form} after`;
    expect(redactor.appearsIn(text)).toBe(true);
    const out = redactor.redact(text);
    expect(out).toContain(REDACTED);
    // Nothing left that decodes back to the key.
    expect(removeInvisibleCharacters(out)).not.toContain(KEY);
    expect(out).not.toContain(encodeURIComponent(KEY));
    expect(out.startsWith('before ')).toBe(true);
  });

  it('leaves text without the key as it is, including a key one character short', () => {
    const redactor = redactorOf(KEY);
    const text = `near miss: ${KEY.slice(0, -1)} and ${KEY.slice(1)}`;
    expect(redactor.appearsIn(text)).toBe(false);
    expect(redactor.redact(text)).toBe(text);
  });

  it('masks every occurrence of every secret it holds', () => {
    const redactor = redactorOf(KEY, 'ghs_0123456789abcdef');
    expect(redactor.redact(`${KEY} x ghs_0123456789abcdef y ${KEY}`)).toBe('*** x *** y ***');
  });

  it('ignores an empty secret', () => {
    const redactor = redactorOf('');
    expect(redactor.redact('anything')).toBe('anything');
    expect(redactor.appearsIn('anything')).toBe(false);
  });

  it('masks a short secret only as itself, never its short encodings', () => {
    const short = 'abc';
    expect(short.length).toBeLessThan(MIN_SECRET_LENGTH);
    const redactor = redactorOf(short);
    expect(redactor.redact('xabcx')).toBe('x***x');
    // `YWJj` is base64 of "abc": too short a pattern to be told from chance.
    expect(redactor.redact('YWJj 616263')).toBe('YWJj 616263');
  });

  it('finds a secret added after the redactor was used, in every form', () => {
    const redactor = redactorOf('ghs_0123456789abcdef');
    // Long enough to be searched with one pattern of every secret, made at the first use.
    const long = 'ordinary words, '.repeat(2_000);
    const texts = [
      `${long}${KEY}.`,
      `(${hexBytes('0x').join(', ')})`,
      `(${encodeURIComponent(KEY)})`,
    ];
    for (const text of texts) expect(redactor.redact(text)).toBe(text);
    redactor.add(KEY);
    for (const text of texts) {
      expect(redactor.appearsIn(text), text.slice(-60)).toBe(true);
      expect(redactor.redact(text), text.slice(-60)).not.toBe(text);
    }
    expect(redactor.redact(texts[0]!)).toBe(`${long}***.`);
  });

  it('finds in a long text any one of several secrets split by invisible characters no separated form skips', () => {
    const redactor = redactorOf(KEY, 'ghs_0123456789abcdef');
    const long = 'ordinary words, '.repeat(2_000);
    for (const secret of [KEY, 'ghs_0123456789abcdef']) {
      const text = `${long}${[...secret].join('\u2062')}.`;
      expect(redactor.appearsIn(text)).toBe(true);
      expect(redactor.redact(text)).toBe(`${long}***.`);
    }
  });

  it('masks the whole of an encoded last character, leaving no tail of it', () => {
    // Too few letters and digits for a separated form: only the spelled-out pattern finds these.
    for (const [secret, form] of [
      ['-=a+b+c=-\\', '"-=a+b+c=-\\\\"'],
      ['-=a+b+c=-%', '"-=a+b+c=-%25"'],
      ['-=a+b+c=-&', '"-=a+b+c=-&amp;"'],
      ['-=a+b+c=-&', '"-=a+b+c=-&"'],
      ['-=a+b+c=-%', '"-=a+b+c=-%"'],
    ])
      expect(redactorOf(secret!).redact(form!), form).toBe('"***"');
  });

  it('finds a secret holding U+FFFF written as a JSON escape', () => {
    expect(redactorOf('s3cret-\uffff-value').redact('(s3cret-\\uffff-value)')).toBe('(***)');
  });

  it('reads no entity name a character does not have', () => {
    const text = KEY.replace('9', '&undefined;');
    expect([redactorOf(KEY).appearsIn(text), redactorOf(KEY).redact(text)]).toEqual([false, text]);
  });

  it('leaves a text that a pre-check lets through but no form matches as it is', () => {
    // The visible characters of a secret without its invisible one, beside another secret.
    const redactor = redactorOf('a\u200b-b-c-d-e', KEY);
    for (const text of ['x a-b-c-d-e y', 'a-b-c-d-e is undefined'])
      expect([redactor.appearsIn(text), redactor.redact(text)], text).toEqual([false, text]);
  });

  it('finds a secret with few letters or digits, whichever other secret it holds', () => {
    // Too few letters for a separated form: only its spelled-out pattern finds it.
    const redactor = redactorOf(KEY, '-=a+b+c=-');
    expect(redactor.redact('x -=a+b+c=- y')).toBe('x *** y');
    expect(redactor.redact(`x -=a+b+c=- y ${KEY}`)).toBe('x *** y ***');
  });

  it('answers appearsIn the same way on repeated calls (no regex state carried over)', () => {
    const redactor = redactorOf(KEY);
    for (let i = 0; i < 3; i += 1) expect(redactor.appearsIn(`x ${KEY}`)).toBe(true);
  });
});

async function joined(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('Redactor.redactChunks', () => {
  it.each([...FORMS, ...SEPARATED])(
    'masks the key %s wherever the chunks split it',
    async (_, form) => {
      const redactor = redactorOf(KEY, 'ghs_0123456789abcdef');
      const text = `{\n  "title": "before ${form} after",\n  "line": 3\n}\n`;
      const whole = redactor.redact(text);
      expect(whole).toContain(REDACTED);
      for (let cut = 0; cut <= text.length; cut += 1) {
        const chunks = [text.slice(0, cut), text.slice(cut)];
        expect(await joined(redactor.redactChunks(chunks)), `cut at ${cut}`).toBe(whole);
      }
      // One character per chunk: every boundary at once.
      expect(await joined(redactor.redactChunks([...text]))).toBe(whole);
    },
  );

  it('holds text back past characters a barrier would be, when the key has them', async () => {
    // Space, quote, braces, colon and comma are part of this key, so they cannot end a piece.
    const key = 'sk "live" {key}: a,b';
    const redactor = redactorOf(key);
    const text = `{"a": "x ${JSON.stringify(key).slice(1, -1)} y", "b": "${key}"}`;
    const whole = redactor.redact(text);
    expect(whole).toBe('{"a": "x *** y", "b": "***"}');
    for (let cut = 0; cut <= text.length; cut += 1) {
      const chunks = [text.slice(0, cut), text.slice(cut)];
      expect(await joined(redactor.redactChunks(chunks)), `cut at ${cut}`).toBe(whole);
    }
  });

  it('passes on each piece that ends at a barrier as it is, and no empty piece', async () => {
    const redactor = redactorOf(KEY);
    const chunks = ['{"a": 1}', '{"b": "x', `${KEY}"}`];
    const pieces: string[] = [];
    for await (const piece of redactor.redactChunks(chunks)) pieces.push(piece);
    // Up to each chunk's last barrier, the rest held for the next.
    expect(pieces).toEqual(['{"a": 1}', '{', '"b": "x***"}']);
  });

  it('passes each chunk on before the next is made: the text is never held whole', async () => {
    const redactor = redactorOf(KEY);
    let made = 0;
    async function* chunks() {
      for (; made < 3;) {
        made += 1;
        yield `{"line": ${made}, "key": "${KEY}"}\n`;
      }
    }
    const seen: number[] = [];
    for await (const chunk of redactor.redactChunks(chunks())) {
      seen.push(made);
      expect(chunk).not.toContain(KEY);
    }
    // Each line break is held with the next chunk (a key may go on past it); the last comes at the end.
    expect(seen).toEqual([1, 2, 3, 3]);
  });
});

describe('Redactor.appearsInAny', () => {
  it('finds a form of the key in any one of many texts, and only within one', () => {
    const redactor = redactorOf(KEY);
    const texts = Array.from({ length: 20_000 }, (_, i) => `finding ${i} of an ordinary audit`);
    expect(redactor.appearsInAny(texts)).toBe(false);
    texts[17_321] = `leaked ${encodeURIComponent(KEY)}`;
    expect(redactor.appearsInAny(texts)).toBe(true);
    // Split between two texts, the key is in neither.
    expect(redactor.appearsInAny([KEY.slice(0, 6), KEY.slice(6)])).toBe(false);
  });

  it('looks at each text alone when the secret holds every barrier, joining none', () => {
    // No character is left to join texts by that no form of the secret can span.
    const key = '{[key]}-12345';
    const redactor = redactorOf(key);
    expect(redactor.appearsInAny([key.slice(0, 8), key.slice(8)])).toBe(false);
    expect(redactor.appearsInAny(['x', `a ${key} b`])).toBe(true);
  });
});

/**
 * The Redactor as it was before its pattern of a secret's spellings was compiled only for texts
 * that may hold the secret, and its separated forms only for texts holding their first units:
 * the reference the lazy one must match exactly.
 */
class ReferenceRedactor {
  readonly patterns: RegExp[] = [];
  readonly separated: string[] = [];
  readonly barriers = new Set(Array.from('{}[]', (c) => c.charCodeAt(0)));

  add(secret: string): void {
    if (secret === '') return;
    this.separated.push(...refSeparated(secret));
    const chars = Array.from(secret).map((c) => refAlternation(refSpellings(c)));
    this.patterns.push(new RegExp(chars.join(REF_NOISE), 'gu'));
    for (const c of secret) this.barriers.delete(c.charCodeAt(0));
    if (secret.length < MIN_SECRET_LENGTH) return;
    const bytes = Buffer.from(secret, 'utf8');
    this.patterns.push(new RegExp(refCaseless(bytes.toString('hex')), 'g'));
    const encoded = [...new Set(refBase64Forms(bytes))].map(refEscape);
    this.patterns.push(new RegExp(encoded.join('|'), 'g'));
  }

  redact(text: string): string {
    let out = text;
    for (const pattern of this.#all()) out = out.replace(pattern, REDACTED);
    return out;
  }

  /** The separated forms first, one after another. */
  #all(): RegExp[] {
    return [...this.separated.map((form) => new RegExp(form, 'g')), ...this.patterns];
  }

  appearsIn(text: string): boolean {
    return this.#all().some((pattern) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found;
    });
  }

  appearsInAny(texts: string[]): boolean {
    const [barrier] = this.barriers;
    if (barrier === undefined) return texts.some((text) => this.appearsIn(text));
    const join = String.fromCharCode(barrier);
    let batch = '';
    for (const text of texts) {
      batch += text + join;
      if (batch.length < 64 * 1024) continue;
      if (this.appearsIn(batch)) return true;
      batch = '';
    }
    return this.appearsIn(batch);
  }
}

const REF_ENTITIES: Record<string, string> = {
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
const REF_INVISIBLE = [
  0x7f, 0xad, 0x34f, 0x61c, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c,
  0x202d, 0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff,
];
interface RefForm {
  lead: string | undefined;
  rest: string;
}
const REF_NOISE = `${refAlternation([
  { lead: undefined, rest: '[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\\\]' },
  {
    lead: '&',
    rest: '(?:shy|zwsp|zwj|zwnj|lrm|rlm|ZeroWidthSpace|NoBreak|InvisibleTimes|InvisibleComma|ApplyFunction);',
  },
  ...REF_INVISIBLE.flatMap((code) => refSpellings(String.fromCodePoint(code)).slice(1)),
])}*`;

function refAlternation(forms: readonly RefForm[]): string {
  const groups: { lead: string | undefined; rests: string[] }[] = [];
  for (const { lead, rest } of forms) {
    const group = lead === undefined ? undefined : groups.find((g) => g.lead === lead);
    if (group) group.rests.push(rest);
    else groups.push({ lead, rests: [rest] });
  }
  const alternatives = groups.map(({ lead, rests }) => {
    if (lead === undefined) return rests.join('|');
    const first = refEscape(lead);
    const longest = [
      ...rests.filter((rest) => rest !== ''),
      ...rests.filter((rest) => rest === ''),
    ];
    return rests.length === 1 && rests[0] === '' ? first : `${first}(?:${longest.join('|')})`;
  });
  return `(?:${alternatives.join('|')})`;
}

function refSpellings(char: string): RefForm[] {
  const code = char.codePointAt(0) ?? 0;
  const percent = [...Buffer.from(char, 'utf8')]
    .map((byte) => refCaseless(byte.toString(16).padStart(2, '0')))
    .join('%');
  const forms: RefForm[] = [
    { lead: char, rest: '' },
    { lead: '%', rest: percent },
    { lead: '&', rest: `#0*${code};?` },
    { lead: '&', rest: `#[xX]0*${refCaseless(code.toString(16))};?` },
    { lead: '\\', rest: `[\\\\]?${refEscape(char)}` },
  ];
  if (code <= 0xffff)
    forms.push({ lead: '\\', rest: `u${refCaseless(code.toString(16).padStart(4, '0'))}` });
  const named = REF_ENTITIES[char];
  if (named !== undefined) forms.push({ lead: '&', rest: `${named};` });
  return forms;
}

function refBase64Forms(bytes: Buffer): string[] {
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

const REF_SEPARATORS =
  ' \t\n\r\f\v!"$\'()*+,-./:;<=>?@^_`|~\u00a0\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff';

function refSeparated(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const gap = (characters: string) => {
    const single = [...new Set(characters)]
      .filter((c) => !/[\p{L}\p{N}]/u.test(c))
      .map((c) => c.replace(/[\\\]^-]/g, '\\$&'))
      .join('');
    return `(?:[${single}]|\\\\[nrt]|&(?:nbsp|Tab|NewLine|#(?:9|1[03]|32));){0,12}`;
  };
  const bytes = [...Buffer.from(secret)];
  const letters = [...secret].filter((c) => /[\p{L}\p{N}]/u.test(c));
  const hex = (b: number) => refCaseless(b.toString(16).padStart(2, '0'));
  const inner = refBase64Forms(Buffer.from(bytes)).filter((_, i) => i % 2 === 0);
  return [
    bytes.map((b) => `(?:0[xX]|\\\\{1,2}[xX]|%)?${hex(b)}`).join(gap(REF_SEPARATORS)),
    bytes.map(String).join(gap(REF_SEPARATORS)),
    bytes.map((b) => `\\\\{1,2}0{0,2}${b.toString(8)}`).join(gap(REF_SEPARATORS)),
    ...inner.map((form) =>
      Array.from(form, (c) => (c === '+' ? '[+-]' : c === '/' ? '[/_]' : c)).join(
        gap(REF_SEPARATORS.replace(/[+/_-]/g, '')),
      ),
    ),
    letters.length < MIN_SECRET_LENGTH
      ? []
      : letters.map(refEscape).join(gap(REF_SEPARATORS + secret)),
  ].flat();
}

function refCaseless(hex: string): string {
  return hex.replace(/[a-f]/gi, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}

function refEscape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

describe('Redactor against the reference (compiled for every text)', () => {
  const random = seeded(10);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const hex = (n: number, width = 2) => {
    const digits = n.toString(16).padStart(width, '0');
    return random() < 0.5 ? digits : digits.toUpperCase();
  };
  /** One spelling of a character, as a service or a transform might write it. */
  const spelled = (c: string): string => {
    const code = c.codePointAt(0)!;
    return pick([
      () => c,
      () => c,
      () => [...Buffer.from(c)].map((b) => `%${hex(b)}`).join(''),
      () => `&#${'0'.repeat(Math.floor(random() * 2))}${code}${random() < 0.8 ? ';' : ''}`,
      () => `&#${pick(['x', 'X'])}${hex(code, 1)}${random() < 0.8 ? ';' : ''}`,
      () => `\\${c}`,
      () => `\\\\${c}`,
      () => `\\u${hex(code, 4)}`,
      () => (REF_ENTITIES[c] ? `&${REF_ENTITIES[c].replace(/^\(\?:|\|.*$/g, '')};` : c),
    ])();
  };
  const noise = (): string =>
    pick([
      () => String.fromCodePoint(pick(REF_INVISIBLE)),
      () => spelled(String.fromCodePoint(pick(REF_INVISIBLE))).replace(/^[^%&\\].*/su, '&shy;'),
      () => pick(['\\', '&zwj;', '\u0000', '\n', '\t', '\u{e0001}']),
    ])();
  const secretForm = (secret: string): string => {
    const chars = Array.from(secret);
    const bytes = Buffer.from(secret);
    return pick([
      () => chars.map((c) => (random() < 0.3 ? spelled(c) : c)).join(''),
      () => chars.map(spelled).join(''),
      () => chars.map((c) => c + (random() < 0.3 ? noise() : '')).join(''),
      () => chars.map((c) => spelled(c) + (random() < 0.5 ? noise() : '')).join(''),
      () => secret.slice(0, 1 + Math.floor(random() * (secret.length - 1))),
      () => chars.filter(() => random() < 0.95).join(''),
      () => bytes.toString('hex'),
      () =>
        Buffer.concat([Buffer.from('ab'.slice(0, Math.floor(random() * 3))), bytes]).toString(
          pick(['base64', 'base64url'] as const),
        ),
      // Separated forms, sometimes cut short; a short secret has none.
      ...(secret.length < MIN_SECRET_LENGTH
        ? []
        : [
            () =>
              [...bytes]
                .map((b) => pick(['', '0x', '\\x', '%']) + hex(b))
                .slice(0, random() < 0.8 ? undefined : -1)
                .join(pick([' ', ':', ', ', '\n', '-', '\\n'])),
            () =>
              [...bytes].map((b) => `${pick(['', '\\'])}${b}`).join(pick([', ', ',', ' ', '{'])),
            () =>
              split(secret, 1 + Math.floor(random() * 5), pick([' ', '\n', '.', '&nbsp;', ' ['])),
            () =>
              split(
                Buffer.concat([
                  Buffer.from('ab'.slice(0, Math.floor(random() * 3))),
                  bytes,
                ]).toString(pick(['base64', 'base64url'] as const)),
                1 + Math.floor(random() * 8),
                pick(['\n', ' ', '\r\n', '\\n']),
              ),
          ]),
    ])();
  };
  const filler = (): string =>
    pick([
      () => ' ',
      () => 'ordinary words ',
      () =>
        pick([
          '%',
          '&',
          '\\',
          ';',
          '#',
          '&#',
          '%2',
          '%SRCROOT%',
          '\\u00',
          '"',
          ',',
          ':',
          '{',
          '}',
          '\n',
        ]),
      () => String.fromCharCode(33 + Math.floor(random() * 94)),
      () => pick(['é', '⏭️', '\u{1f600}', '\ud800', '\u200b', '\u00ad']),
      () => noise(),
    ])();

  const SECRETS = [
    ['ghs_aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zA1bC3'],
    [KEY, 'ghs_0123456789abcdef'],
    ['abc'],
    ['p%ss&w\\rd-42'],
    ['tab\there-secret'],
    ['k\u200bey-with-zwsp'],
    ['ünïcødé-\u{1f511}-key'],
  ];

  it.each(SECRETS)('matches it on thousands of seeded texts holding %s', async (...secrets) => {
    const redactor = redactorOf(...secrets);
    const reference = new ReferenceRedactor();
    for (const secret of secrets) reference.add(secret);
    let found = 0;
    for (let i = 0; i < 2000; i += 1) {
      const parts: string[] = [];
      for (let n = Math.floor(random() * 8); n > 0; n -= 1)
        parts.push(random() < 0.4 ? secretForm(pick(secrets)) : filler());
      const text = parts.join('');
      const expected = reference.redact(text);
      expect(redactor.redact(text), JSON.stringify(text)).toBe(expected);
      const appears = reference.appearsIn(text);
      expect(redactor.appearsIn(text), JSON.stringify(text)).toBe(appears);
      if (appears) found += 1;
      expect(redactor.appearsInAny(parts)).toBe(reference.appearsInAny(parts));
      const cut = Math.floor(random() * (text.length + 1));
      const chunks = [text.slice(0, cut), text.slice(cut)];
      expect(await joined(redactor.redactChunks(chunks))).toBe(expected);
    }
    // The texts hold secrets often enough to test both answers.
    expect(found).toBeGreaterThan(200);
  });

  it.each(SECRETS)('matches it on long texts holding %s', (...secrets) => {
    // Long texts without a `%`, `&` or backslash are searched with a pattern of their own.
    const redactor = redactorOf(...secrets);
    const reference = new ReferenceRedactor();
    for (const secret of secrets) reference.add(secret);
    const plain = (make: () => string): string => {
      for (;;) {
        const part = make();
        if (!/[%&\\]/.test(part)) return part;
      }
    };
    let found = 0;
    for (let i = 0; i < 40; i += 1) {
      const parts: string[] = [];
      for (let length = 0; length < 20_000; length += parts.at(-1)!.length)
        parts.push(plain(filler));
      // One form at most, so that no other makes the text one to search whole.
      if (i % 4 !== 0)
        parts.splice(
          Math.floor(random() * parts.length),
          0,
          plain(() => secretForm(pick(secrets))),
        );
      const text = parts.join('');
      expect(redactor.redact(text)).toBe(reference.redact(text));
      const appears = reference.appearsIn(text);
      expect(redactor.appearsIn(text)).toBe(appears);
      if (appears) found += 1;
    }
    expect(found).toBeGreaterThan(10);
  });
});
