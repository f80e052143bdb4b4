import { describe, expect, it } from 'vitest';
import {
  allowsVersionAtOrAbove,
  allowsVersionBelow,
  encodeVersion,
  isFloatingPragma,
  parseVersionRange,
} from '../../src/analyzer/pragma.ts';

const V080 = encodeVersion(0, 8, 0);

function range(value: string) {
  const parsed = parseVersionRange(value);
  if (!parsed) throw new Error(`unreadable: ${value}`);
  return parsed;
}

describe('parseVersionRange', () => {
  /** "from-to" in dotted versions, `to` exclusive. */
  it.each([
    ['0.8.24', '0.8.24-0.8.25'],
    ['=0.8.24', '0.8.24-0.8.25'],
    ['^0.8.20', '0.8.20-0.9.0'],
    ['^0.0.3', '0.0.3-0.0.4'],
    ['^1.2.3', '1.2.3-2.0.0'],
    ['~0.7.6', '0.7.6-0.8.0'],
    ['>=0.4.22 <0.9.0', '0.4.22-0.9.0'],
    ['>= 0.6.0 < 0.7.0', '0.6.0-0.7.0'],
    ['>0.8.0 <=0.8.4', '0.8.1-0.8.5'],
    ['0.8', '0.8.0-0.9.0'],
  ])('reads %s as %s', (value, expected) => {
    const [from, to] = expected.split('-').map((v) => {
      const [major, minor, patch] = v.split('.').map(Number);
      return encodeVersion(major!, minor!, patch!);
    });
    expect(range(value)).toEqual([{ from, to }]);
  });

  it('reads open upper bounds and alternatives', () => {
    expect(range('>=0.4.16')).toEqual([{ from: encodeVersion(0, 4, 16), to: Infinity }]);
    expect(range('^0.6.0 || ^0.8.0')).toEqual([
      { from: encodeVersion(0, 6, 0), to: encodeVersion(0, 7, 0) },
      { from: encodeVersion(0, 8, 0), to: encodeVersion(0, 9, 0) },
    ]);
  });

  it('gives up on text that is not a version range', () => {
    expect(parseVersionRange('experimental ABIEncoderV2')).toBeUndefined();
  });
});

describe('version questions', () => {
  it('tells whether a range admits a compiler below 0.8.0', () => {
    expect(allowsVersionBelow(range('^0.7.6'), V080)).toBe(true);
    expect(allowsVersionBelow(range('>=0.6.2'), V080)).toBe(true);
    expect(allowsVersionBelow(range('^0.8.0'), V080)).toBe(false);
  });

  it('tells whether a range admits 0.8.0 or later', () => {
    expect(allowsVersionAtOrAbove(range('>=0.4.16'), V080)).toBe(true);
    expect(allowsVersionAtOrAbove(range('>=0.6.0 <0.8.0'), V080)).toBe(false);
    expect(allowsVersionAtOrAbove(range('0.7.6'), V080)).toBe(false);
  });

  it('calls every pragma floating except an exact full version', () => {
    expect(isFloatingPragma('0.8.24')).toBe(false);
    expect(isFloatingPragma('=0.8.24')).toBe(false);
    for (const value of ['^0.8.24', '>=0.8.0', '>0.7.0', '~0.8.1', '>=0.8.0 <0.9.0', '0.8'])
      expect(isFloatingPragma(value)).toBe(true);
  });
});
