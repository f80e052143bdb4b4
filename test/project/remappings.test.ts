import { describe, expect, it } from 'vitest';
import {
  winningRemapping,
  type Remapping,
  parseRemapping,
  parseRemappingsFile,
} from '../../src/project/remappings.ts';

/** The import path after the winning remapping, or undefined when none applies. */
function applyRemappings(remappings: readonly Remapping[], importPath: string, importer: string) {
  const winner = winningRemapping(remappings, importPath, importer);
  return winner && winner.target + importPath.slice(winner.prefix.length);
}

describe('parseRemapping', () => {
  it('reads `[context:]prefix=target`, dropping a leading ./ and completing a folder target', () => {
    expect(parseRemapping('forge-std/=lib/forge-std/src/')).toEqual({
      context: '',
      prefix: 'forge-std/',
      target: 'lib/forge-std/src/',
    });
    expect(parseRemapping('lib/a/:@oz/=./lib/a/lib/oz/contracts')).toEqual({
      context: 'lib/a/',
      prefix: '@oz/',
      target: 'lib/a/lib/oz/contracts/',
    });
    expect(parseRemapping('ds-test=lib/ds-test/src')).toEqual({
      context: '',
      prefix: 'ds-test',
      target: 'lib/ds-test/src',
    });
    expect(parseRemapping('no equals sign')).toBeUndefined();
    expect(parseRemapping('=lib/x/')).toBeUndefined();
    expect(parseRemapping('ctx:=lib/x/')).toBeUndefined();
  });

  it('reads a remappings.txt, skipping blank lines and comments', () => {
    expect(parseRemappingsFile('# deps\r\na/=lib/a/\n\n  b/=lib/b/  \n').remappings).toEqual([
      { context: '', prefix: 'a/', target: 'lib/a/' },
      { context: '', prefix: 'b/', target: 'lib/b/' },
    ]);
  });
});

describe('winningRemapping (the import path after it)', () => {
  const remappings = parseRemappingsFile(
    [
      '@oz/=lib/oz/',
      '@oz/contracts/=lib/oz/contracts/',
      'lib/v4/:@oz/contracts/=lib/v4/lib/oz/contracts/',
      'lib/v4/src/:@oz/=lib/v4-src-only/',
      'dup/=first/',
      'dup/=second/',
    ].join('\n'),
  ).remappings;

  it('uses the longest matching prefix', () => {
    expect(applyRemappings(remappings, '@oz/contracts/A.sol', 'src/X.sol')).toBe(
      'lib/oz/contracts/A.sol',
    );
    expect(applyRemappings(remappings, '@oz/utils/B.sol', 'src/X.sol')).toBe('lib/oz/utils/B.sol');
  });

  it('prefers the longest matching context over a longer prefix, and ignores contexts that do not match', () => {
    expect(applyRemappings(remappings, '@oz/contracts/A.sol', 'lib/v4/src/Pool.sol')).toBe(
      'lib/v4-src-only/contracts/A.sol',
    );
    expect(applyRemappings(remappings, '@oz/contracts/A.sol', 'lib/v4/test/T.sol')).toBe(
      'lib/v4/lib/oz/contracts/A.sol',
    );
  });

  it('takes the last of equal remappings, and nothing when none applies', () => {
    expect(applyRemappings(remappings, 'dup/X.sol', 'src/X.sol')).toBe('second/X.sol');
    expect(applyRemappings(remappings, 'other/X.sol', 'src/X.sol')).toBeUndefined();
  });
});

describe('remappings in either order', () => {
  // Targets that do not extend each other, so the rule that picked one shows in the answer.
  const lines = [
    '@oz/=lib/oz/',
    '@oz/contracts/=lib/oz-contracts/',
    'lib/v4/:@oz/=lib/v4/lib/oz/',
    'lib/v4/src/:@oz/=lib/v4-src-only/',
  ];
  // Shortest first, "last wins" would give the same answers: longest first tells them apart.
  it.each([
    ['shortest first', lines],
    ['longest first', [...lines].reverse()],
  ])('applies the longest context, then the longest prefix, listed %s', (_, order) => {
    const remappings = parseRemappingsFile(order.join('\n')).remappings;
    expect(applyRemappings(remappings, '@oz/contracts/A.sol', 'src/X.sol')).toBe(
      'lib/oz-contracts/A.sol',
    );
    expect(applyRemappings(remappings, '@oz/utils/B.sol', 'src/X.sol')).toBe('lib/oz/utils/B.sol');
    expect(applyRemappings(remappings, '@oz/contracts/A.sol', 'lib/v4/src/Pool.sol')).toBe(
      'lib/v4-src-only/contracts/A.sol',
    );
    expect(applyRemappings(remappings, '@oz/contracts/A.sol', 'lib/v4/test/T.sol')).toBe(
      'lib/v4/lib/oz/contracts/A.sol',
    );
  });
});

describe('parseRemappingsFile: lines that are no remapping', () => {
  it('skips a line without `=` and keeps the lines around it', () => {
    expect(parseRemappingsFile('a/=lib/a/\njust words\nb/=lib/b/').remappings).toEqual([
      { context: '', prefix: 'a/', target: 'lib/a/' },
      { context: '', prefix: 'b/', target: 'lib/b/' },
    ]);
  });

  it('skips a `#` comment that holds `=`, indented or not', () => {
    expect(parseRemappingsFile('# old/=lib/old/\n  #x/=lib/x/\nb/=lib/b/').remappings).toEqual([
      { context: '', prefix: 'b/', target: 'lib/b/' },
    ]);
  });

  it('parses only the first `keep`, and counts the rest as a full parse would', () => {
    const text = 'a/=x/\nb/=y/\n# c/=z/\nwords\nc:=q\nd=e\n:e=f\n';
    expect(parseRemappingsFile(text)).toMatchObject({ listed: 4 });
    expect(parseRemappingsFile(text).remappings).toHaveLength(4);
    expect(parseRemappingsFile(text, 1)).toEqual({
      remappings: [{ context: '', prefix: 'a/', target: 'x/' }],
      listed: 4,
    });
  });

  it('keeps an empty target empty: the prefix is removed, nothing put in its place', () => {
    const remappings = parseRemappingsFile('src/=').remappings;
    expect(remappings).toEqual([{ context: '', prefix: 'src/', target: '' }]);
    expect(applyRemappings(remappings, 'src/A.sol', 'test/T.sol')).toBe('A.sol');
  });
});
