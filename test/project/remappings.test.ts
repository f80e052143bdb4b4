import { describe, expect, it } from 'vitest';
import {
  applyRemappings,
  parseRemapping,
  parseRemappingsFile,
} from '../../src/project/remappings.ts';

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
    expect(parseRemappingsFile('# deps\r\na/=lib/a/\n\n  b/=lib/b/  \n')).toEqual([
      { context: '', prefix: 'a/', target: 'lib/a/' },
      { context: '', prefix: 'b/', target: 'lib/b/' },
    ]);
  });
});

describe('applyRemappings', () => {
  const remappings = parseRemappingsFile(
    [
      '@oz/=lib/oz/',
      '@oz/contracts/=lib/oz/contracts/',
      'lib/v4/:@oz/contracts/=lib/v4/lib/oz/contracts/',
      'lib/v4/src/:@oz/=lib/v4-src-only/',
      'dup/=first/',
      'dup/=second/',
    ].join('\n'),
  );

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
