import { describe, expect, it } from 'vitest';
import {
  neutralizeWorkflowCommands,
  oneLine,
  removeInvisibleCharacters,
  truncateText,
} from '../src/text.ts';

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
