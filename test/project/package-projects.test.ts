import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { emptyProject } from '../../src/project/detect.ts';
import { packageProjects } from '../../src/project/package-projects.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

const MANIFEST = JSON.stringify({ private: true, workspaces: ['packages/*'] });
const named = (name: string) => JSON.stringify({ name });

/** A workspace of two packages, `a` and `b`, each with one contract. */
async function twoPackages(): Promise<string> {
  return fs.realpath(
    await workspaceWith({
      'package.json': MANIFEST,
      'packages/a/package.json': named('a'),
      'packages/a/contracts/A.sol': CONTRACT,
      'packages/b/package.json': named('b'),
      'packages/b/contracts/B.sol': CONTRACT,
    }),
  );
}

describe('packageProjects', () => {
  it('makes a project of each package with contracts and no project, its sources where they are', async () => {
    const workspace = await fs.realpath(
      await workspaceWith({
        'package.json': MANIFEST,
        'packages/types/package.json': named('@acme/types'),
        'packages/types/contracts/IVault.sol': CONTRACT,
        'packages/flat/package.json': named('@acme/flat'),
        'packages/flat/Token.sol': CONTRACT,
        'packages/both/package.json': named('@acme/both'),
        'packages/both/src/A.sol': CONTRACT,
        'packages/both/contracts/B.vy': '# vyper',
        // A TypeScript package, and one with only tests: no contracts to audit.
        'packages/sdk/package.json': named('@acme/sdk'),
        'packages/sdk/src/index.ts': 'export {};',
        'packages/tested/package.json': named('@acme/tested'),
        'packages/tested/test/Vault.t.sol': CONTRACT,
        'packages/tested/src/Deploy.s.sol': CONTRACT,
        // Already a project: left to it.
        'packages/core/package.json': named('@acme/core'),
        'packages/core/foundry.toml': '',
        'packages/core/src/Core.sol': CONTRACT,
      }),
    );
    const core = emptyProject(`${workspace}/packages/core`, 'packages/core');
    const { projects, unexamined } = await packageProjects(workspace, workspace, [core]);
    expect(unexamined).toEqual([]);
    expect(projects.map((project) => [project.path, project.sources, project.frameworks])).toEqual([
      ['packages/both', ['contracts', 'src'], ['Workspace package']],
      ['packages/flat', ['.'], ['Workspace package']],
      ['packages/types', ['contracts'], ['Workspace package']],
    ]);
    expect(projects[2]?.libs).toEqual(['node_modules']);
  });

  it('takes no package outside the working directory, nor the working directory itself', async () => {
    const workspace = await twoPackages();
    expect(await packageProjects(`${workspace}/packages/a`, workspace, [])).toEqual({
      projects: [],
      unexamined: [],
      incomplete: false,
      warnings: [],
    });
  });

  it('names the packages it had no time left to look through, rather than pass them over', async () => {
    const workspace = await twoPackages();
    const { projects, unexamined } = await packageProjects(workspace, workspace, [], 1);
    expect(projects.map((project) => project.path)).toEqual(['packages/a']);
    expect(unexamined).toEqual(['packages/b']);
  });

  it('names a package whose search ran out midway, and keeps one that holds a project for its other files', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `packages/z/docs/${String(i).padStart(2, '0')}.md`,
        '',
      ]),
    );
    const workspace = await fs.realpath(
      await workspaceWith({
        'package.json': MANIFEST,
        'packages/z/package.json': named('z'),
        ...many,
        'packages/z/zz/Z.sol': CONTRACT,
        'packages/core/package.json': named('core'),
        'packages/core/contracts/L.sol': CONTRACT,
        'packages/core/sub/foundry.toml': '',
        'packages/core/sub/src/S.sol': CONTRACT,
      }),
    );
    const sub = emptyProject(`${workspace}/packages/core/sub`, 'packages/core/sub');
    const { projects, unexamined } = await packageProjects(workspace, workspace, [sub], 20);
    expect(unexamined).toEqual(['packages/z']);
    expect(projects.map((project) => [project.path, project.sources])).toEqual([
      ['packages/core', ['contracts']],
    ]);
  });
});
