import { describe, expect, it } from 'vitest';
import { readRecordObject } from '../../src/engine/record-json.ts';

describe('a sealed record read as hostile JSON', () => {
  it('is its JSON object when it is one within its bound', () => {
    expect(readRecordObject('{"v":1,"seal":"x"}', 18)).toEqual({ v: 1, seal: 'x' });
  });

  it.each([
    [
      'larger than its bound, before parsing',
      `{"v":1}${' '.repeat(10)}`,
      'the record is larger than 16 bytes',
    ],
    ['not JSON', '{"v":', 'the record is not JSON'],
    ['an array', '[{}]', 'the record is not a JSON object'],
    ['null', 'null', 'the record is not a JSON object'],
    ['a string', '"{}"', 'the record is not a JSON object'],
  ])('says why not when it is %s', (_, text, why) => {
    expect(readRecordObject(text, 16)).toBe(why);
  });
});
