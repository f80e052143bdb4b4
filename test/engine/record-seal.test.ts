import { describe, expect, it } from 'vitest';
import { SEAL_DOMAINS, seal, sealMatches } from '../../src/engine/record-seal.ts';
import { Redactor } from '../../src/redaction.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const FIELDS = ['2', 'd'.repeat(64), 'audit-7', '2026-11-25T08:30:00.000Z', '42'];

describe('seal', () => {
  it('is the same for the same key, kind and fields, and matches them', () => {
    const made = seal(KEY, 'reuse', FIELDS);
    expect(made).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(seal(KEY, 'reuse', [...FIELDS])).toBe(made);
    expect(sealMatches(KEY, 'reuse', FIELDS, made)).toBe(true);
  });

  it('spells nothing of the key, in any form the redactor knows', () => {
    const key = new Redactor();
    key.add(KEY);
    for (const fields of [FIELDS, [KEY], [], [undefined]]) {
      expect(key.appearsIn(seal(KEY, 'reuse', fields))).toBe(false);
    }
  });

  it('differs with the key, the kind, and any change of the fields or where they split', () => {
    const seals = [
      seal(KEY, 'reuse', FIELDS),
      seal(`${KEY}x`, 'reuse', FIELDS),
      seal(KEY, 'pendingCheck', FIELDS),
      seal(KEY, 'reuse', [...FIELDS.slice(0, 4), '43']),
      seal(KEY, 'reuse', FIELDS.slice(0, 4)),
      seal(KEY, 'reuse', [...FIELDS.slice(0, 4), undefined]),
      seal(KEY, 'reuse', [...FIELDS.slice(0, 4), '']),
      seal(KEY, 'reuse', [...FIELDS.slice(0, 4), 'null']),
      // Bytes moved between two fields, or two fields joined.
      seal(KEY, 'reuse', ['ab', 'c']),
      seal(KEY, 'reuse', ['a', 'bc']),
      seal(KEY, 'reuse', ['abc']),
      seal(KEY, 'reuse', ['a","b']),
      seal(KEY, 'reuse', ['a', 'b']),
      // A lone surrogate is not the replacement character UTF-8 would make of it.
      seal(KEY, 'reuse', ['\ud800']),
      seal(KEY, 'reuse', ['\ufffd']),
    ];
    expect(new Set(seals).size).toBe(seals.length);
  });

  it('has a domain of its own for each kind of record', () => {
    expect(new Set(Object.values(SEAL_DOMAINS)).size).toBe(Object.keys(SEAL_DOMAINS).length);
  });
});

describe('sealMatches', () => {
  const made = seal(KEY, 'reuse', FIELDS);

  it.each([
    ['another key', (given: string) => sealMatches(`${KEY}x`, 'reuse', FIELDS, given)],
    ['another kind', (given: string) => sealMatches(KEY, 'pendingCheck', FIELDS, given)],
    ['other fields', (given: string) => sealMatches(KEY, 'reuse', FIELDS.slice(1), given)],
    ['padding added', (given: string) => sealMatches(KEY, 'reuse', FIELDS, `${given}==`)],
    ['a character more', (given: string) => sealMatches(KEY, 'reuse', FIELDS, `${given}A`)],
    ['a character less', (given: string) => sealMatches(KEY, 'reuse', FIELDS, given.slice(1))],
    [
      'another case',
      (given: string) =>
        sealMatches(
          KEY,
          'reuse',
          FIELDS,
          given.replace(/[a-z]/, (c) => c.toUpperCase()),
        ),
    ],
    ['nothing', () => sealMatches(KEY, 'reuse', FIELDS, '')],
    [
      'the whole HMAC, not cut to the seal',
      (given: string) => sealMatches(KEY, 'reuse', FIELDS, `${given}${'A'.repeat(21)}`),
    ],
  ])('refuses a seal under %s', (_, check) => {
    expect(check(made)).toBe(false);
  });
});
