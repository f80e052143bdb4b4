import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { compilePatterns } from '../../src/files/patterns.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const ROOT = '/ws/repo';

describe('compilePatterns', () => {
  it('selects by glob relative to the root; `*.sol` stays at the root', () => {
    const matcher = compilePatterns(['*.sol', 'contracts/**/*.vy'], ROOT, ACTION_VOCABULARY);
    expect(matcher.selects('Top.sol')).toBe(true);
    expect(matcher.selects('src/Deep.sol')).toBe(false);
    expect(matcher.selects('contracts/a/b/Pool.vy')).toBe(true);
  });

  it('matches names that start with a dot like any other, at any depth', () => {
    const matcher = compilePatterns(['**/*.sol', '*.vy', 'vendor/'], ROOT, ACTION_VOCABULARY);
    for (const file of [
      'src/.internal/VaultLogic.sol',
      '.Hidden.sol',
      'src/.a/.b/Deep.sol',
      '.config/x/.Y.sol',
      '.Pool.vy',
      'vendor/.v/Lib.sol',
    ]) {
      expect(matcher.selects(file), file).toBe(true);
    }
    expect(
      compilePatterns(['src/.internal/*.sol'], ROOT, ACTION_VOCABULARY).selects(
        'src/.internal/A.sol',
      ),
    ).toBe(true);
    expect(compilePatterns(['src/.*'], ROOT, ACTION_VOCABULARY).selects('src/.A.sol')).toBe(true);
    expect(compilePatterns(['src/.*'], ROOT, ACTION_VOCABULARY).selects('src/A.sol')).toBe(false);
    expect(
      compilePatterns(['**/*.sol', '!**/.internal/**'], ROOT, ACTION_VOCABULARY).selects(
        'src/.internal/A.sol',
      ),
    ).toBe(false);
  });

  it('lets the last matching pattern decide, so negations can be undone', () => {
    const matcher = compilePatterns(
      ['**/*.sol', '!src/**', 'src/Keep.sol'],
      ROOT,
      ACTION_VOCABULARY,
    );
    expect(matcher.selects('contracts/A.sol')).toBe(true);
    expect(matcher.selects('src/Drop.sol')).toBe(false);
    expect(matcher.selects('src/Keep.sol')).toBe(true);
  });

  it('treats a literal path or one ending in / as a directory selecting the contracts below', () => {
    const matcher = compilePatterns(['contracts', 'vyper/'], ROOT, ACTION_VOCABULARY);
    expect(matcher.selects('contracts/a/B.sol')).toBe(true);
    expect(matcher.selects('vyper/Pool.vy')).toBe(true);
    expect(matcher.selects('contracts/README.md')).toBe(false);
    expect(matcher.selects('contracts/config.json')).toBe(false);
    expect(matcher.selects('src/A.sol')).toBe(false);
  });

  it('selects a file named exactly, even when its name holds glob characters', () => {
    const matcher = compilePatterns(
      ['./contracts/Token[1].sol', '!legacy/Old[2].sol'],
      ROOT,
      ACTION_VOCABULARY,
    );
    expect(matcher.selects('contracts/Token[1].sol')).toBe(true);
    expect(matcher.selects('contracts/Token1.sol')).toBe(true); // still a glob as well
    expect(matcher.unmatched()).toEqual([]);
    expect(
      compilePatterns(['**/*.sol', '!legacy/Old[2].sol'], ROOT, ACTION_VOCABULARY).selects(
        'legacy/Old[2].sol',
      ),
    ).toBe(false);
  });

  it('reports positive patterns that matched nothing, as written', () => {
    const matcher = compilePatterns(
      ['./**/*.sol', '**/*.vy', '!**/*.t.sol'],
      ROOT,
      ACTION_VOCABULARY,
    );
    matcher.selects('src/A.sol');
    expect(matcher.unmatched()).toEqual(['**/*.vy']);
  });

  it('walks only directories along the literal prefixes of the patterns', () => {
    const matcher = compilePatterns(
      ['contracts/core/**/*.sol', 'src/Token.sol'],
      ROOT,
      ACTION_VOCABULARY,
    );
    expect(matcher.mayMatchBelow('contracts')).toBe(true);
    expect(matcher.mayMatchBelow('contracts/core/deep/er')).toBe(true);
    expect(matcher.mayMatchBelow('contracts/mocks')).toBe(false);
    expect(matcher.mayMatchBelow('src')).toBe(true);
    expect(matcher.mayMatchBelow('docs')).toBe(false);
    expect(compilePatterns(['**/*.sol'], ROOT, ACTION_VOCABULARY).mayMatchBelow('docs')).toBe(true);
  });

  it('accepts absolute patterns inside the root', () => {
    const matcher = compilePatterns([`${ROOT}/contracts/*.sol`], ROOT, ACTION_VOCABULARY);
    expect(matcher.selects('contracts/A.sol')).toBe(true);
  });

  it('rejects patterns that leave the root', () => {
    for (const pattern of ['../other/**/*.sol', 'a/../../b.sol', '/elsewhere/*.sol']) {
      expect(() => compilePatterns([pattern], ROOT, ACTION_VOCABULARY), pattern).toThrow(
        ConfigurationError,
      );
    }
    expect(() => compilePatterns(['../x.sol'], ROOT, ACTION_VOCABULARY)).toThrow(
      /working-directory/,
    );
  });
});
