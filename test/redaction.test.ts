import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, REDACTED, Redactor } from '../src/redaction.ts';
import { escapeHtml, escapeMarkdown } from '../src/report/escape.ts';
import { removeInvisibleCharacters } from '../src/text.ts';

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
  it.each(FORMS)('masks the key %s wherever the chunks split it', async (_, form) => {
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
  });

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
});
