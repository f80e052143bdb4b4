import { describe, expect, it } from 'vitest';
import { compileExcludes, DEFAULT_EXCLUDES } from '../../src/files/excludes.ts';

describe('compileExcludes', () => {
  it('prunes default directories at any depth, lib/ only at the root, and not files of the same name', () => {
    const rules = compileExcludes(DEFAULT_EXCLUDES);
    for (const dir of [
      'node_modules',
      'lib',
      'a/b/node_modules',
      '.git',
      'out',
      'src/mocks',
      'certora',
    ]) {
      expect(rules.excludesDirectory(dir), dir).toBeDefined();
    }
    // Production code lives in lib/ folders inside the sources (Optimism's src/dispute/lib).
    expect(rules.excludesDirectory('packages/b/lib')).toBeUndefined();
    expect(rules.excludesDirectory('src/dispute/lib')).toBeUndefined();
    expect(rules.excludesDirectory('src')).toBeUndefined();
    expect(rules.excludesDirectory('library')).toBeUndefined();
    expect(rules.excludesFile('src/lib')).toBeUndefined();
  });

  it('matches a rule without a slash against the basename at any depth', () => {
    const rules = compileExcludes(DEFAULT_EXCLUDES);
    expect(rules.excludesFile('Foo.t.sol')).toBeDefined();
    expect(rules.excludesFile('src/deep/Deploy.s.sol')).toBeDefined();
    expect(rules.excludesFile('src/Token.sol')).toBeUndefined();
    expect(rules.excludesFile('src/ERC20Mock.sol')).toBe('a mock, by its name');
    expect(rules.excludesFile('src/EchidnaHarness.sol')).toBe(
      'a verification harness, by its name',
    );
  });

  it("answers with the reason of the rule that decided, or the rule's text when it has none", () => {
    const rules = compileExcludes([
      { pattern: 'mocks/', reason: 'mocks, by convention' },
      'legacy/',
    ]);
    expect(rules.excludesDirectory('src/mocks')).toBe('mocks, by convention');
    expect(rules.excludesDirectory('legacy')).toBe('rule legacy/');
  });

  it('anchors a rule with an inner or leading slash at the root', () => {
    const rules = compileExcludes(['contracts/mocks/', '/vendor', './docs/']);
    expect(rules.excludesDirectory('contracts/mocks')).toBeDefined();
    expect(rules.excludesDirectory('packages/a/contracts/mocks')).toBeUndefined();
    expect(rules.excludesDirectory('vendor')).toBeDefined();
    expect(rules.excludesFile('vendor')).toBeDefined();
    expect(rules.excludesDirectory('src/vendor')).toBeUndefined();
    expect(rules.excludesDirectory('docs')).toBeDefined();
  });

  it('anchors a `./` rule at the root, as written: `./lib/` is not every lib', () => {
    const rules = compileExcludes(['./docs/', './Mock.sol', '!./keep/']);
    expect(rules.excludesDirectory('docs')).toBeDefined();
    expect(rules.excludesDirectory('src/docs')).toBeUndefined();
    expect(rules.excludesFile('Mock.sol')).toBeDefined();
    expect(rules.excludesFile('src/Mock.sol')).toBeUndefined();
  });

  it('prunes the directory named by a `dir/**` rule, and any depth for `**/name/**`', () => {
    const rules = compileExcludes(['src/legacy/**', '**/mocks/**']);
    expect(rules.excludesDirectory('src/legacy')).toBeDefined();
    expect(rules.excludesFile('src/legacy/Old.sol')).toBeDefined();
    expect(rules.excludesDirectory('src')).toBeUndefined();
    expect(rules.excludesDirectory('mocks')).toBeDefined();
    expect(rules.excludesDirectory('a/b/mocks')).toBeDefined();
    expect(rules.excludesFile('a/mocks.sol')).toBeUndefined();
  });

  it('lets a later negated rule re-include what an earlier one excluded', () => {
    const rules = compileExcludes([...DEFAULT_EXCLUDES, '!contracts/mocks/', '!KeepMock.sol']);
    expect(rules.excludesDirectory('contracts/mocks')).toBeUndefined();
    expect(rules.excludesDirectory('mocks')).toBeDefined();
    expect(rules.excludesFile('src/ERC20Mock.sol')).toBeDefined();
    expect(rules.excludesFile('src/KeepMock.sol')).toBeUndefined();
  });

  it('matches a rule literally too, so a path copied from a message excludes that file', () => {
    const rules = compileExcludes(['contracts/Evil\\xff.sol', 'Token[1].sol', 'bad\\xc3(/']);
    expect(rules.excludesFile('contracts/Evil\\xff.sol')).toBeDefined();
    expect(rules.excludesFile('src/Token[1].sol')).toBeDefined();
    expect(rules.excludesFile('src/Token1.sol')).toBeDefined(); // still a glob as well
    expect(rules.excludesDirectory('bad\\xc3(')).toBeDefined();
    expect(rules.excludesFile('bad\\xc3(')).toBeUndefined();
  });

  it('excludes inside folders whose names start with a dot, and names them too', () => {
    const rules = compileExcludes(DEFAULT_EXCLUDES);
    expect(rules.excludesFile('src/.internal/VaultMock.sol')).toBe('a mock, by its name');
    expect(rules.excludesDirectory('src/.hidden/mocks')).toBe('mocks, by convention');
    expect(rules.excludesFile('.hidden/A.t.sol')).toBe('a Foundry test');
    expect(rules.excludesDirectory('.git')).toBe('git metadata');
    expect(rules.excludesDirectory('src/.internal')).toBeUndefined();
    const user = compileExcludes(['.deps/', 'src/.*', '**/.cache/**']);
    expect(user.excludesDirectory('a/.deps')).toBe('rule .deps/');
    expect(user.excludesFile('src/.Old.sol')).toBe('rule src/.*');
    expect(user.excludesDirectory('x/.cache')).toBe('rule **/.cache/**');
    // A wildcard matches a hidden name as it matches any other.
    expect(compileExcludes(['src/*/legacy/']).excludesDirectory('src/.v1/legacy')).toBe(
      'rule src/*/legacy/',
    );
  });

  it('ignores blank rules', () => {
    const rules = compileExcludes(['', '  ', '/', '!']);
    expect(rules.excludesDirectory('src')).toBeUndefined();
    expect(rules.excludesFile('src/A.sol')).toBeUndefined();
  });

  it('lets a folder rule cover the files below it: `!mocks/` brings back the mocks a name rule left out', () => {
    const defaults = compileExcludes(DEFAULT_EXCLUDES);
    expect(defaults.excludesFile('src/mocks/MockHooks.sol')).toBe('a mock, by its name');
    for (const negation of ['!mocks/', '!src/mocks/', '!src/mocks/**']) {
      const rules = compileExcludes([...DEFAULT_EXCLUDES, negation]);
      expect(rules.excludesDirectory('src/mocks'), negation).toBeUndefined();
      expect(rules.excludesFile('src/mocks/MockHooks.sol'), negation).toBeUndefined();
      expect(rules.excludesFile('src/mocks/deep/MockOracle.sol'), negation).toBeUndefined();
      // Only below the folder named: a mock elsewhere is still left out.
      expect(rules.excludesFile('src/MockToken.sol'), negation).toBe('a mock, by its name');
    }
    // A later rule still wins over the folder's negation, last match first.
    const later = compileExcludes([...DEFAULT_EXCLUDES, '!mocks/', 'MockHooks.sol']);
    expect(later.excludesFile('src/mocks/MockHooks.sol')).toBe('rule MockHooks.sol');
  });

  it('says why a pruning walk never enters a folder: it or a folder above it is excluded', () => {
    const rules = compileExcludes([...DEFAULT_EXCLUDES, '!src/mocks/keep/']);
    expect(rules.prunes('src/mocks/deep')).toBe('mocks, by convention');
    expect(rules.prunes('lib')).toBe('dependencies (lib/ at the root, by convention)');
    // Re-including a folder below an excluded one does not reach it, as in .gitignore.
    expect(rules.prunes('src/mocks/keep')).toBe('mocks, by convention');
    expect(rules.prunes('src/dispute/lib')).toBeUndefined();
    expect(rules.prunes('.')).toBeUndefined();
  });
});
