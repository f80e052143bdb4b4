import { describe, expect, it } from 'vitest';
import { isInside } from '../../src/files/inside.ts';

describe('isInside', () => {
  it('accepts the folder itself and what is below it, including names that start with dots', () => {
    expect(isInside('/w', '/w')).toBe(true);
    expect(isInside('/w', '/w/a/b.sol')).toBe(true);
    expect(isInside('/w', '/w/..config/x')).toBe(true);
  });

  it('refuses what is above or beside it', () => {
    expect(isInside('/w', '/')).toBe(false);
    expect(isInside('/w', '/w2/a')).toBe(false);
    expect(isInside('/w/a', '/w/b')).toBe(false);
  });
});
