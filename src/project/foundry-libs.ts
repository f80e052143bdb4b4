/**
 * A Foundry project's `libs` that lie outside its folder. Forge resolves imports through them
 * wherever they are (`libs = ["../../lib"]` in a package of a monorepo); the action follows
 * those inside the workspace, and names those outside it, which it never reads.
 */
import path from 'node:path';
import { isInside, posixRelative } from '../files/inside.ts';
import { someNames } from './config-bounds.ts';
import { cleanFolder } from './foundry-config.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** Whether a `libs` entry leads out of the project's folder: `../lib`, or an absolute path. */
export function leavesFolder(lib: string): boolean {
  const folder = path.posix.normalize(cleanFolder(lib) || '.');
  return path.isAbsolute(lib.trim()) || folder === '..' || folder.startsWith('../');
}

/**
 * The entries of `libs` outside the project's `root`, relative to it, as forge resolves imports
 * through them; those outside the workspace are kept (so an import forge would resolve there is
 * named as not sent) and said in one warning. `file` names foundry.toml in it.
 */
export function librariesAbove(
  libs: readonly string[],
  root: string,
  workspace: string,
  file: string,
  /** The door's, in whose words the warning says what to do. */
  words: Pick<Vocabulary, 'tool' | 'beforeAudit'>,
): { libs: string[]; warnings: string[] } {
  const folders = libs.map((lib) => ({ lib, folder: path.resolve(root, cleanFolder(lib)) }));
  const outside = folders
    .filter(({ folder }) => !isInside(workspace, folder))
    .map(({ lib }) => lib);
  return {
    libs: folders.map(({ folder }) => posixRelative(root, folder)),
    warnings:
      outside.length === 0
        ? []
        : [
            `${file}: libs ${someNames(outside)} lie${outside.length === 1 ? 's' : ''} outside the workspace, which ${words.tool} never reads: ` +
              'imports forge would resolve there are not sent, and the warning about unresolved imports names each. ' +
              `Keep the libraries inside the repository (a git submodule, or an install ${words.beforeAudit}).`,
          ],
  };
}
