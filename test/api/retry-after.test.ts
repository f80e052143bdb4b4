import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_CAP_MS, parseRetryAfter } from '../../src/api/retry-after.ts';

const now = () => Date.parse('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12_000);
  });

  it('reads HTTP dates in IMF-fixdate, RFC 850 and asctime forms against the clock', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:45 GMT', now)).toBe(45_000);
    expect(parseRetryAfter('Sunday, 01-Mar-26 12:01:00 GMT', now)).toBe(60_000);
    expect(
      parseRetryAfter('Sun Mar  1 12:00:05 2026', () => Date.parse('Sun Mar  1 12:00:00 2026')),
    ).toBe(5000);
  });

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('caps what the service asks for', () => {
    expect(parseRetryAfter('86400', now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter('Mon, 02 Mar 2026 12:00:00 GMT', now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter('90', now, 30_000)).toBe(30_000);
  });

  it('reads the wait as asked when there is no cap, for messages that name it', () => {
    expect(parseRetryAfter('1000000000', now, Infinity)).toBe(1e12);
  });

  it('ignores absent or unreadable values', () => {
    for (const value of [
      undefined,
      '',
      '  ',
      '-5',
      '1.5',
      '2026-03-01',
      'soon',
      'Sun, 99 Foo 2026',
    ]) {
      expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
    }
  });
});
