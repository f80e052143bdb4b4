/**
 * Where the command runs, laid out as the action's checkout is: the repository's root is the
 * workspace (the action's GITHUB_WORKSPACE) and the folder audited is `working-directory` within
 * it. Run from a package of a monorepo, imports of the root's `lib/` or of a hoisted
 * `node_modules` then resolve as they do in CI, and every path, upload name and digest agrees.
 *
 * The root is found as git finds it, without running git: the nearest folder at or above the one
 * audited holding a `.git` folder, or a `.git` file pointing elsewhere (`gitdir: …`, a worktree's
 * or a submodule's). git itself may refuse a repository another user owns (CI containers often
 * run as another user than the checkout's), which would quietly move the root; and it may not be
 * installed.
 */
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';

const GITDIR = 'gitdir: ';

export interface CommandFolders {
  /** The repository's root: the top of its git work tree, else the folder audited. */
  workspace: string;
  /** As the action's input `working-directory` takes it: relative to `workspace`. */
  workingDirectory: string;
}

/**
 * `folder`: the directory given on the command line, undefined for the current one; with
 * `workingDirectory` (the option's value, '' when not given) it names where the repository is,
 * and must be its root or the same folder.
 */
export async function commandFolders(
  cwd: string,
  folder: string | undefined,
  workingDirectory: string,
): Promise<CommandFolders> {
  const named = path.resolve(cwd, folder ?? '.');
  const real = await directory(named);
  if (real === undefined) throw new ConfigurationError(`${named} is not a directory.`);
  const workspace = (await workTreeTop(real)) ?? real;
  if (!workingDirectory) {
    return { workspace, workingDirectory: path.relative(workspace, real) || '.' };
  }
  const target = path.resolve(workspace, workingDirectory);
  const realTarget = await directory(target);
  if (realTarget === undefined) {
    throw new ConfigurationError(
      `--working-directory ${workingDirectory}: ${target} is not a directory. It is relative to the repository's root (${workspace}), as the action's input is.`,
    );
  }
  if (folder !== undefined && real !== workspace && real !== realTarget) {
    throw new ConfigurationError(
      `The directory given (${folder}) and --working-directory ${workingDirectory} name different folders: ${real} and ${realTarget}. ` +
        `--working-directory is relative to the repository's root (${workspace}); give only one of them, or the root as the directory.`,
    );
  }
  return { workspace, workingDirectory };
}

/** Where `folder` leads once links are followed, when it is a directory. */
async function directory(folder: string): Promise<string | undefined> {
  const real = await realpath(folder).catch(() => undefined);
  if (real === undefined) return undefined;
  return (await stat(real)).isDirectory() ? real : undefined;
}

/** The nearest folder at or above `start` that is the top of a git work tree. */
async function workTreeTop(start: string): Promise<string | undefined> {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (await isGitEntry(path.join(folder, '.git'))) return folder;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/**
 * A `.git` that git would take for a repository's, not a stray one: a folder holding `HEAD`, or
 * a file that starts `gitdir: `. Nothing it points to is read.
 */
async function isGitEntry(entry: string): Promise<boolean> {
  const found = await stat(entry).catch(() => undefined);
  if (found?.isDirectory()) {
    return (await stat(path.join(entry, 'HEAD')).catch(() => undefined))?.isFile() ?? false;
  }
  if (!found?.isFile()) return false;
  // Never waiting on a FIFO swapped in since the look.
  const file = await open(entry, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (file === undefined) return false;
  try {
    const start = Buffer.alloc(GITDIR.length);
    const { bytesRead } = await file.read(start, 0, start.length, 0);
    return start.subarray(0, bytesRead).toString('latin1') === GITDIR;
  } finally {
    await file.close();
  }
}
