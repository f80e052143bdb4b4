/**
 * Which imported files are the team's own code, decided from paths alone: what the projects (or,
 * with none, the plain folder) hold is, but for dependency folders, build output, vendored code,
 * the user's `exclude` and what the user's `contracts` leave out.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/project/detect.ts';
import { teamCode, type TeamCodeRules } from '../../src/project/team-code.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const ROOT = path.resolve('/work/repo');

function project(at: string, libs: string[] = ['lib']): Project {
  return {
    root: path.join(ROOT, at),
    path: at,
    frameworks: ['Foundry'],
    sources: ['src'],
    tests: ['test'],
    scripts: ['script'],
    libs,
    remappings: [],
    foundryLibs: undefined,
    notes: [],
    packages: [],
    warnings: [],
  };
}

/** Of `files` (POSIX, relative to the root), those that are team code by these rules. */
function ours(rules: Partial<TeamCodeRules>, files: string[]): string[] {
  const isOurs = teamCode({
    vocabulary: ACTION_VOCABULARY,
    root: ROOT,
    patterns: undefined,
    excludes: [],
    projects: [],
    ...rules,
  });
  return files.filter((file) => isOurs(path.join(ROOT, ...file.split('/'))));
}

describe('teamCode', () => {
  it('with no project, takes the whole folder but its root lib/, build output and installed packages', () => {
    const files = [
      'src/Vault.sol',
      'Root.vy',
      'src/lib/Math.sol',
      'test/VaultHarness.sol',
      'lib/forge-std/Test.sol',
      'out/Vault.sol',
      'cache/Vault.sol',
      'artifacts/Vault.sol',
      'node_modules/@oz/Token.sol',
      'src/vendor/Copied.sol',
      '.git/Vault.sol',
    ];
    expect(ours({}, files)).toEqual([
      'src/Vault.sol',
      'Root.vy',
      'src/lib/Math.sol',
      'test/VaultHarness.sol',
    ]);
  });

  it("with projects, takes their folders only, less each one's dependency folders and build output", () => {
    const projects = [project('vault', ['deps']), project('', ['modules'])];
    expect(
      ours({ projects }, [
        'vault/src/Vault.sol',
        'vault/lib/Kept.sol',
        'vault/deps/Dep.sol',
        'vault/out/Vault.sol',
        'modules/Dep.sol',
        'cache/Vault.sol',
        'src/Other.sol',
      ]),
    ).toEqual(['vault/src/Vault.sol', 'vault/lib/Kept.sol', 'src/Other.sol']);
    expect(
      ours({ projects: [project('vault')] }, ['vault/src/Vault.sol', 'other/Other.sol']),
    ).toEqual(['vault/src/Vault.sol']);
  });

  it("takes the user's `contracts` instead of the projects' folders", () => {
    expect(
      ours({ projects: [project('vault')], patterns: ['other/**'] }, [
        'vault/src/Vault.sol',
        'other/Other.sol',
      ]),
    ).toEqual(['other/Other.sol']);
  });

  it("leaves out what the user's `exclude` names, by file or by folder, and a file a walk never reaches", () => {
    expect(
      ours({ excludes: ['*Old.sol', 'legacy/', '!legacy/Keep.sol', '!src/KeepOld.sol'] }, [
        'src/Vault.sol',
        'src/VaultOld.sol',
        'src/KeepOld.sol',
        'legacy/Keep.sol',
        'legacy/Gone.sol',
      ]),
    ).toEqual(['src/Vault.sol', 'src/KeepOld.sol']);
  });

  it('takes no file that is not a contract, nor one outside the root', () => {
    const isOurs = teamCode({
      vocabulary: ACTION_VOCABULARY,
      root: ROOT,
      patterns: undefined,
      excludes: [],
      projects: [],
    });
    expect(isOurs(path.join(ROOT, 'src/IVault.json'))).toBe(false);
    expect(isOurs(path.join(ROOT, 'src/IVault.vyi'))).toBe(true);
    expect(isOurs(path.join(ROOT, '../elsewhere/Vault.sol'))).toBe(false);
  });
});
