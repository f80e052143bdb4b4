import { describe, expect, it } from 'vitest';
import { bodyExcerpt, describeBody } from '../../src/api/excerpt.ts';

describe('bodyExcerpt', () => {
  it('collapses whitespace into one line and removes control characters', () => {
    expect(bodyExcerpt('  {"error":\n\t"bad"}\r\n ')).toBe('{"error": "bad"}');
    expect(bodyExcerpt('red\u001b[31mtext\u0000end')).toBe('red[31mtextend');
    // Removed, not spaced: a word split by DEL or zero-width characters reads as itself.
    expect(bodyExcerpt('s\u007fk\u200b_\ufefflive')).toBe('sk_live');
  });

  it('keeps short text whole and cuts long text to the limit with an ellipsis', () => {
    expect(bodyExcerpt('short')).toBe('short');
    const cut = bodyExcerpt('x'.repeat(300));
    expect(cut).toHaveLength(200);
    expect(cut.endsWith('x…')).toBe(true);
    expect(bodyExcerpt('abcdefgh', 5)).toBe('abcd…');
  });

  it('never splits a character made of two code units', () => {
    expect(bodyExcerpt('😀😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('describeBody', () => {
  it('says whether the body was empty, JSON or not JSON', () => {
    expect(describeBody('  \n', false)).toBe('empty body');
    expect(describeBody('{"a": 1}', true)).toBe('body: {"a": 1}');
    expect(describeBody('Bad Gateway', false)).toBe('body is not JSON: Bad Gateway');
    expect(describeBody('<html><body>Sign in</body></html>', false)).toBe(
      "body is an HTML page, not JSON — is the base URL the API's address?: Sign in",
    );
  });
});
