/**
 * Where the command runs: the repository's root found as git finds it (a `.git` folder, or a
 * worktree's or submodule's `gitdir:` file; a stray `.git` is passed over), the directory as the
 * working directory within it, and `--working-directory` as the action's input.
 */
import { mkdir, mkdtemp, realpath, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFolders } from '../../src/cli/workspace.ts';
import { initRepository } from '../support/git-commit.ts';

/** A repository with two packages, in a folder that no repository holds. */
async function repository(): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'cli-root-')));
  await mkdir(path.join(root, 'packages/a/src'), { recursive: true });
  await mkdir(path.join(root, 'packages/b'), { recursive: true });
  initRepository(root);
  return root;
}

describe('commandFolders', () => {
  it('takes the top of the git work tree as the workspace and the directory as the working directory', async () => {
    const root = await repository();
    const a = path.join(root, 'packages/a');
    expect(await commandFolders(a, undefined, '')).toEqual({
      workspace: root,
      workingDirectory: path.join('packages', 'a'),
    });
    expect(await commandFolders(root, 'packages/a/src', '')).toEqual({
      workspace: root,
      workingDirectory: path.join('packages', 'a', 'src'),
    });
    expect(await commandFolders(root, undefined, '')).toEqual({
      workspace: root,
      workingDirectory: '.',
    });
  });

  it('outside any repository, takes the directory itself as the workspace', async () => {
    const folder = await realpath(await mkdtemp(path.join(tmpdir(), 'cli-plain-')));
    await mkdir(path.join(folder, 'src'));
    expect(await commandFolders(folder, undefined, '')).toEqual({
      workspace: folder,
      workingDirectory: '.',
    });
    expect(await commandFolders(folder, 'src', '')).toEqual({
      workspace: path.join(folder, 'src'),
      workingDirectory: '.',
    });
  });

  it("stops at a worktree's or submodule's `gitdir:` file, and passes over a stray `.git`", async () => {
    const root = await repository();
    const submodule = path.join(root, 'packages/a');
    await writeFile(path.join(submodule, '.git'), 'gitdir: ../../.git/modules/a\n');
    expect(await commandFolders(path.join(submodule, 'src'), undefined, '')).toEqual({
      workspace: submodule,
      workingDirectory: 'src',
    });
    // A `.git` folder without HEAD, a `.git` file that is no gitdir: not a repository's top.
    await mkdir(path.join(root, 'packages/b/.git'));
    await writeFile(path.join(root, 'packages/b/.git/config'), '');
    await mkdir(path.join(root, 'packages/b/c'));
    await writeFile(path.join(root, 'packages/b/c/.git'), 'not a gitdir\n');
    expect(await commandFolders(path.join(root, 'packages/b/c'), undefined, '')).toEqual({
      workspace: root,
      workingDirectory: path.join('packages', 'b', 'c'),
    });
  });

  it('finds the repository where a link to the directory leads, not where the link is', async () => {
    const root = await repository();
    const outside = await mkdtemp(path.join(tmpdir(), 'cli-link-'));
    await symlink(path.join(root, 'packages/a'), path.join(outside, 'a'));
    expect(await commandFolders(outside, 'a', '')).toEqual({
      workspace: root,
      workingDirectory: path.join('packages', 'a'),
    });
  });

  it('takes --working-directory relative to the root, wherever in the repository it runs', async () => {
    const root = await repository();
    const expected = { workspace: root, workingDirectory: 'packages/a' };
    expect(await commandFolders(path.join(root, 'packages/b'), undefined, 'packages/a')).toEqual(
      expected,
    );
    // The directory given names the repository: its root, or the same folder.
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'cli-cwd-'));
    expect(await commandFolders(elsewhere, root, 'packages/a')).toEqual(expected);
    expect(await commandFolders(root, 'packages/a', 'packages/a')).toEqual(expected);
  });

  it('refuses a directory and a --working-directory that name different folders, naming both', async () => {
    const root = await repository();
    await expect(commandFolders(root, 'packages/b', 'packages/a')).rejects.toThrow(
      `The directory given (packages/b) and --working-directory packages/a name different folders: ` +
        `${path.join(root, 'packages/b')} and ${path.join(root, 'packages/a')}. --working-directory is ` +
        `relative to the repository's root (${root}); give only one of them, or the root as the directory.`,
    );
  });

  it('refuses what is not a directory, saying what --working-directory is relative to', async () => {
    const root = await repository();
    await writeFile(path.join(root, 'foundry.toml'), '');
    await expect(commandFolders(root, 'foundry.toml', '')).rejects.toThrow(
      `${path.join(root, 'foundry.toml')} is not a directory.`,
    );
    await expect(commandFolders(root, 'packages/none', '')).rejects.toThrow(
      `${path.join(root, 'packages/none')} is not a directory.`,
    );
    await expect(commandFolders(path.join(root, 'packages/a'), undefined, 'src')).rejects.toThrow(
      `--working-directory src: ${path.join(root, 'src')} is not a directory. It is relative to the repository's root (${root}), as the action's input is.`,
    );
  });
});
