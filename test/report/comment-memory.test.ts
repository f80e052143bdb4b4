import { describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/report/comment-memory.ts';

describe('commentMarker', () => {
  it('is a hidden HTML comment that a project name can never close', () => {
    expect(commentMarker('vault')).toBe('<!-- smart-contract-audit:project=vault -->');
    const hostile = commentMarker('x --> <img src=x onerror=alert(1)> --!>');
    expect(hostile.startsWith('<!-- ')).toBe(true);
    expect(hostile.slice(4, -4)).not.toMatch(/[<>]/);
    expect(commentMarker('a')).not.toBe(commentMarker('a '));
    expect(commentMarker('ab').includes(commentMarker('a'))).toBe(false);
  });
});
