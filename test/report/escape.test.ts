import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlLines, escapeMarkdown } from '../../src/report/escape.ts';

/** Splits a GFM table row into cells the way GFM does: on pipes not preceded by a backslash. */
function cells(row: string): string[] {
  return row
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe('escapeMarkdown', () => {
  it('backslash-escapes every Markdown special character', () => {
    expect(escapeMarkdown('\\`*_{}[]()#+-!|~$')).toBe(
      '\\\\\\`\\*\\_\\{\\}\\[\\]\\(\\)\\#\\+\\-\\!\\|\\~\\$',
    );
  });

  it('turns & < > into entities, so no tag or autolink survives', () => {
    expect(escapeMarkdown('<script>alert(1)</script> & <https://evil.example>')).toBe(
      '&lt;script&gt;alert\\(1\\)&lt;/script&gt; &amp; &lt;https&#8203;://evil.example&gt;',
    );
    expect(escapeMarkdown('</details>')).not.toContain('<');
    expect(escapeMarkdown('&lt;')).toBe('&amp;lt;');
  });

  it('keeps a table cell one cell, however many pipes it holds', () => {
    const row = `| ${escapeMarkdown('a | b || c')} | ${escapeMarkdown('|')} |`;
    expect(cells(row)).toHaveLength(2);
  });

  it('folds LF, CR, CRLF, line separators and controls into spaces', () => {
    const injected = escapeMarkdown('title\n| injected | row |\r\n# Heading\rx\u2028y\u0000z');
    expect(injected).not.toMatch(/[\r\n\u2028]/);
    expect(injected).not.toContain('\u0000');
    expect(injected).toBe('title \\| injected \\| row \\| \\# Heading x y z');
  });

  it('mentions nobody and links no issue: a zero-width space follows @ and precedes the number', () => {
    const escaped = escapeMarkdown('@acme/security-team, see #12 and mail a@b.example');
    expect(escaped).not.toMatch(/@[\w-]|(?<!&)#\d/);
    expect(escaped).toBe(
      '@&#8203;acme/security\\-team, see \\#&#8203;12 and mail a@&#8203;b.example',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(escapeMarkdown('Reentrancy in withdraw: state written after call.')).toBe(
      'Reentrancy in withdraw: state written after call.',
    );
  });
});

describe('escapeMarkdown and links', () => {
  it('breaks what GFM would link on its own: a scheme and www.', () => {
    expect(escapeMarkdown('see https://a.example, HTTP://b.example and www.c.example')).toBe(
      'see https&#8203;://a.example, HTTP&#8203;://b.example and www&#8203;.c.example',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes tags, quotes and ampersands so nothing can close <details> or open a tag', () => {
    const escaped = escapeHtml(`</details><script>alert("x")</script><img src='y' onerror=z>&amp;`);
    expect(escaped).toBe(
      '&lt;/details&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=&#39;y&#39; onerror=z&gt;&amp;amp;',
    );
    expect(escaped).not.toMatch(/[<>"']/);
  });

  it('folds every kind of line break into a space, keeps tabs, drops other controls', () => {
    expect(escapeHtml('a\nb\r\nc\td\u0000e\u001bf\u2028g\rh\u000bi')).toBe('a b c\tdef g h i');
  });
});

describe('escapeHtmlLines', () => {
  it('keeps each line break as <br> and escapes every line', () => {
    expect(escapeHtmlLines('<b>\n\n</details>\r\nx')).toBe(
      '&lt;b&gt;<br><br>&lt;/details&gt;<br>x',
    );
  });
});
