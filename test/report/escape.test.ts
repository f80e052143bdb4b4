import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  escapeHtmlLines,
  escapeMarkdown,
  neutralizeWorkflowCommands,
  oneLine,
  removeInvisibleCharacters,
  truncateText,
} from '../../src/report/escape.ts';

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

/**
 * What the runner would take as a command in a log line: `::` at the start after whitespace,
 * or `##[` anywhere, comparing as ICU does (zero-width and control characters ignored).
 */
function runnerSeesCommand(output: string): boolean {
  return output.split(/\r\n|\r|\n/).some((line) => {
    const collated = line.replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '');
    return collated.trimStart().startsWith('::') || collated.includes('##[');
  });
}

describe('neutralizeWorkflowCommands', () => {
  const attacks = [
    '::error::pwned',
    '  ::add-mask::secret',
    '\t::set-output name=x::y',
    'first line\n::warning::pwned',
    'first line\r\n::warning::pwned',
    'first line\r::warning::pwned',
    '\u00a0\u3000::notice::pwned',
    '\u200b::error::hidden by zero-width space',
    ':\u200b:error::colons split by zero-width space',
    '\u001b::error::behind an escape character',
    'text ##[error]legacy form anywhere in the line',
    'text #\u200b#[add-mask]legacy form split',
    '::stop-commands::token\n::error::after stop',
  ];

  it.each(attacks)('defuses %j', (attack) => {
    expect(runnerSeesCommand(attack)).toBe(true);
    expect(runnerSeesCommand(neutralizeWorkflowCommands(attack))).toBe(false);
  });

  it('keeps the text readable and the line breaks as they were', () => {
    expect(neutralizeWorkflowCommands('a\r\n  ::error::x\rb\n::y')).toBe(
      'a\r\n  : :error::x\rb\n: :y',
    );
    expect(neutralizeWorkflowCommands('##[group]x')).toBe('## [group]x');
  });

  it('leaves text without commands unchanged, including :: inside a line', () => {
    const text = 'Contract::withdraw() calls msg.sender\nline two: ok';
    expect(neutralizeWorkflowCommands(text)).toBe(text);
  });
});

describe('removeInvisibleCharacters', () => {
  it('removes zero-width, bidi and control characters but keeps tabs and line breaks', () => {
    expect(removeInvisibleCharacters('a\u200bb\u202ec\u0007d\te\r\nf')).toBe('abcd\te\r\nf');
  });
});

describe('oneLine', () => {
  it('folds line breaks and white space runs into single spaces after removing invisible characters', () => {
    expect(oneLine('  Re\u200bentrancy\r\n in\t\u202e withdraw \n')).toBe('Reentrancy in withdraw');
  });
});

describe('truncateText', () => {
  it('returns text within the limit unchanged', () => {
    expect(truncateText('hello', 5)).toBe('hello');
    expect(truncateText('', 3)).toBe('');
  });

  it('cuts to exactly max characters, the last being an ellipsis', () => {
    expect(truncateText('hello world', 5)).toBe('hell…');
    expect(truncateText('ab', 1)).toBe('…');
    expect(truncateText('ab', 0)).toBe('');
  });

  it('counts code points and never splits a surrogate pair', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀…');
    // Four UTF-16 units, but only two characters: fits in 3.
    expect(truncateText('😀😀', 3)).toBe('😀😀');
    expect(truncateText('😀😀', 2)).toBe('😀😀');
  });
});
