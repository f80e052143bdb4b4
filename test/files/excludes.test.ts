import { describe, expect, it } from 'vitest';
import { compileExcludes, DEFAULT_EXCLUDES } from '../../src/files/excludes.ts';

describe('compileExcludes', () => {
  it('prunes default directories at any depth, but not files of the same name', () => {
    const rules = compileExcludes(DEFAULT_EXCLUDES);
    for (const dir of [
      'node_modules',
      'lib',
      'packages/b/lib',
      'a/b/node_modules',
      '.git',
      'out',
    ]) {
      expect(rules.excludesDirectory(dir), dir).toBe(true);
    }
    expect(rules.excludesDirectory('src')).toBe(false);
    expect(rules.excludesDirectory('library')).toBe(false);
    expect(rules.excludesFile('src/lib')).toBe(false);
  });

  it('matches a rule without a slash against the basename at any depth', () => {
    const rules = compileExcludes(DEFAULT_EXCLUDES);
    expect(rules.excludesFile('Foo.t.sol')).toBe(true);
    expect(rules.excludesFile('src/deep/Deploy.s.sol')).toBe(true);
    expect(rules.excludesFile('src/Token.sol')).toBe(false);
  });

  it('anchors a rule with an inner or leading slash at the root', () => {
    const rules = compileExcludes(['contracts/mocks/', '/vendor', './docs/']);
    expect(rules.excludesDirectory('contracts/mocks')).toBe(true);
    expect(rules.excludesDirectory('packages/a/contracts/mocks')).toBe(false);
    expect(rules.excludesDirectory('vendor')).toBe(true);
    expect(rules.excludesFile('vendor')).toBe(true);
    expect(rules.excludesDirectory('src/vendor')).toBe(false);
    expect(rules.excludesDirectory('docs')).toBe(true);
  });

  it('anchors a `./` rule at the root, as written: `./lib/` is not every lib', () => {
    const rules = compileExcludes(['./docs/', './Mock.sol', '!./keep/']);
    expect(rules.excludesDirectory('docs')).toBe(true);
    expect(rules.excludesDirectory('src/docs')).toBe(false);
    expect(rules.excludesFile('Mock.sol')).toBe(true);
    expect(rules.excludesFile('src/Mock.sol')).toBe(false);
  });

  it('prunes the directory named by a `dir/**` rule, and any depth for `**/name/**`', () => {
    const rules = compileExcludes(['src/legacy/**', '**/mocks/**']);
    expect(rules.excludesDirectory('src/legacy')).toBe(true);
    expect(rules.excludesFile('src/legacy/Old.sol')).toBe(true);
    expect(rules.excludesDirectory('src')).toBe(false);
    expect(rules.excludesDirectory('mocks')).toBe(true);
    expect(rules.excludesDirectory('a/b/mocks')).toBe(true);
    expect(rules.excludesFile('a/mocks.sol')).toBe(false);
  });

  it('lets a later negated rule re-include what an earlier one excluded', () => {
    const rules = compileExcludes([
      ...DEFAULT_EXCLUDES,
      '!contracts/lib/',
      '*Mock*.sol',
      '!KeepMock.sol',
    ]);
    expect(rules.excludesDirectory('contracts/lib')).toBe(false);
    expect(rules.excludesDirectory('lib')).toBe(true);
    expect(rules.excludesFile('src/ERC20Mock.sol')).toBe(true);
    expect(rules.excludesFile('src/KeepMock.sol')).toBe(false);
  });

  it('matches a rule literally too, so a path copied from a message excludes that file', () => {
    const rules = compileExcludes(['contracts/Evil\\xff.sol', 'Token[1].sol', 'bad\\xc3(/']);
    expect(rules.excludesFile('contracts/Evil\\xff.sol')).toBe(true);
    expect(rules.excludesFile('src/Token[1].sol')).toBe(true);
    expect(rules.excludesFile('src/Token1.sol')).toBe(true); // still a glob as well
    expect(rules.excludesDirectory('bad\\xc3(')).toBe(true);
    expect(rules.excludesFile('bad\\xc3(')).toBe(false);
  });

  it('ignores blank rules', () => {
    const rules = compileExcludes(['', '  ', '/', '!']);
    expect(rules.excludesDirectory('src')).toBe(false);
    expect(rules.excludesFile('src/A.sol')).toBe(false);
  });
});
