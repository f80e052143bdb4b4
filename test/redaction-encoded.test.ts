/**
 * A secret's bytes in hex and base64 written without separators, the way most tools print them:
 * found whole by every door of the Redactor, in short and long texts.
 */
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, Redactor } from '../src/redaction.ts';

const SECRETS = [
  'sk_live/9f3a+Qe7=Zx41',
  // The shortest secret with encoded forms.
  'Ab3$xY9!',
  // Its base64 holds `/` and `+`, which the URL-safe alphabet writes `_` and `-`.
  'sk?>?~~~live',
  'ünïcødé-\u{1f511}-key',
  'k\u200bey-with-zwsp',
  'ghs_aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zA1bC3',
];

/** Longer than the length from which a text is searched with one pattern of every form. */
const FILLER = 'ordinary words, '.repeat(1_100);

interface Case {
  name: string;
  form: string;
  /** The form as redacted: the secret's characters gone, a neighbour's left. */
  masked: string;
}

const mixedCase = (hex: string) =>
  Array.from(hex, (d, i) => (i % 2 === 0 ? d.toUpperCase() : d)).join('');

function cases(secret: string): Case[] {
  const bytes = Buffer.from(secret);
  const hex = bytes.toString('hex');
  const list: Case[] = [
    { name: 'hex', form: hex, masked: '***' },
    { name: 'HEX', form: hex.toUpperCase(), masked: '***' },
    { name: 'hex of mixed case', form: mixedCase(hex), masked: '***' },
    { name: '0x hex', form: `0x${hex}`, masked: '***' },
    { name: '0X HEX', form: `0X${hex.toUpperCase()}`, masked: '***' },
    { name: 'hex inside longer hex', form: `0a0b${hex}0c`, masked: '0a0b***0c' },
  ];
  // Each of the three alignments, alone and inside a longer encoded string, in both alphabets.
  for (const before of ['', '@', '@@', '@@@', '@@@@'])
    for (const after of ['', '#', '##'])
      for (const alphabet of ['base64', 'base64url'] as const) {
        const form = Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]).toString(
          alphabet,
        );
        const first = Math.ceil((8 * before.length) / 6);
        const last = Math.floor((8 * (before.length + bytes.length)) / 6);
        list.push({
          name: `${alphabet} after ${before.length} bytes, before ${after.length}`,
          form,
          masked: `${form.slice(0, first)}***${form.slice(last)}`,
        });
      }
  return list;
}

async function joined(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe.each(SECRETS)('Redactor: the contiguous hex and base64 of %j', (secret) => {
  const all = cases(secret);
  // Made in each test, never as the file is read: Stryker's mutants of `add` are switched on per test.
  const redactorOf = () => {
    const redactor = new Redactor();
    redactor.add(secret);
    return redactor;
  };

  it.each(all)('$name: found and masked in a short text', async ({ form, masked }) => {
    const redactor = redactorOf();
    const text = `(${form})`;
    expect(redactor.appearsIn(text)).toBe(true);
    expect(redactor.appearsInAny(['nothing here', text, 'nor here'])).toBe(true);
    expect(redactor.redact(text)).toBe(`(${masked})`);
    for (let cut = 0; cut <= text.length; cut += 3)
      expect(await joined(redactor.redactChunks([text.slice(0, cut), text.slice(cut)]))).toBe(
        `(${masked})`,
      );
  });

  it('every form found and masked in a long text, with and without an escape elsewhere', async () => {
    const redactor = redactorOf();
    for (const { name, form, masked } of all)
      for (const escape of ['', '%41 ']) {
        const text = `${escape}${FILLER}[${form}]${FILLER}`;
        const expected = `${escape}${FILLER}[${masked}]${FILLER}`;
        expect(redactor.appearsIn(text), name).toBe(true);
        expect(redactor.redact(text), name).toBe(expected);
        const middle = escape.length + FILLER.length + 3;
        expect(
          await joined(redactor.redactChunks([text.slice(0, middle), text.slice(middle)])),
        ).toBe(expected);
        expect(redactor.appearsInAny([FILLER, FILLER, text.slice(escape.length)])).toBe(true);
      }
  });

  it('a form one unit short or with a unit changed is neither found nor masked', () => {
    const redactor = redactorOf();
    const bytes = Buffer.from(secret);
    const hex = bytes.toString('hex');
    const base64 = bytes.toString('base64');
    // Another hex digit, or another base64 character: neither is the same in another case.
    const changed = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === '1' ? '2' : '1') + text.slice(at + 1);
    for (const text of [
      hex.slice(2),
      hex.slice(0, -2),
      changed(hex, 7),
      base64.slice(1),
      base64.slice(0, Math.floor((8 * bytes.length) / 6) - 1),
      changed(base64, 5),
    ])
      for (const around of [(t: string) => `(${t})`, (t: string) => `${FILLER}${t}${FILLER}`]) {
        expect(redactor.appearsIn(around(text)), text).toBe(false);
        expect(redactor.appearsInAny([around(text)]), text).toBe(false);
        expect(redactor.redact(around(text)), text).toBe(around(text));
      }
  });
});

describe('Redactor: a secret of fewer characters than MIN_SECRET_LENGTH', () => {
  it('is masked as itself only, though its bytes are as many as a longer one has', () => {
    const secret = 'ééééé';
    expect(secret.length).toBeLessThan(MIN_SECRET_LENGTH);
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
    const redactor = new Redactor();
    redactor.add(secret);
    const bytes = Buffer.from(secret);
    for (const form of [bytes.toString('hex'), [...bytes].join(', '), bytes.toString('base64')]) {
      expect(redactor.appearsIn(`(${form})`), form).toBe(false);
      expect(redactor.redact(`(${form})`), form).toBe(`(${form})`);
    }
    expect(redactor.redact(`(${secret})`)).toBe('(***)');
  });
});
