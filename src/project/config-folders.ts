/**
 * The folders a config's settings name, as its tools take them: relative to the project's root,
 * bounded, and never outside it. A setting that cannot be used is named in a warning.
 */
import path from 'node:path';
import { capped, MAX_CONFIG_FOLDERS } from './config-bounds.ts';
import { cleanFolder } from './foundry-config.ts';
import type { LiteralSetting } from './script-config.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** Longer than any real folder: a config holding more is not describing a folder. */
const MAX_FOLDER_LENGTH = 512;
const GLOB = /[*?[\]{}]/;

/**
 * Folders as the project's tools take them, relative to its root. A glob (Truffle's
 * `contracts/*.sol`) stands for the folder before it; an absolute path, one that climbs out of
 * the project, or an endless one cannot be searched from here, and the warning says so.
 */
export function usableFolders(
  values: readonly string[],
  fallback: string[],
  setting: string,
  warnings: string[],
  words: Vocabulary,
): string[] {
  const usable: string[] = [];
  for (const value of capped(
    values,
    MAX_CONFIG_FOLDERS,
    setting,
    (folder) => folder,
    warnings,
    words,
  )) {
    const glob = value.search(GLOB);
    const folder = path.posix.normalize(
      cleanFolder(glob === -1 ? value : value.slice(0, value.lastIndexOf('/', glob) + 1)) || '.',
    );
    const problem =
      value.length > MAX_FOLDER_LENGTH
        ? `is longer than ${MAX_FOLDER_LENGTH} characters`
        : path.posix.isAbsolute(value.trim()) || /^[a-z]:/i.test(value.trim())
          ? 'is an absolute path'
          : folder === '..' || folder.startsWith('../')
            ? `leads out of the project's folder (set ${words.option('working-directory')} to a folder that holds both, or use ${words.option('contracts')})`
            : undefined;
    if (problem === undefined) usable.push(folder);
    else warnings.push(`${setting} = "${value.slice(0, 80)}" ${problem}: it is not used.`);
  }
  return usable.length > 0 || values.length === 0 ? usable : fallback;
}

/**
 * The folders a setting names. Source folders of a config that cannot be read literally are the
 * default and every literal value the file holds for the key, so that a value the config does
 * not use never costs the audit a folder it does use; test folders are then the default only.
 */
export function literalFolders(
  setting: LiteralSetting,
  fallback: string,
  use: 'sources' | 'tests',
): { folders: string[]; note: string } {
  const usable = (values: readonly string[]) =>
    values.map(cleanFolder).filter((folder) => folder !== '' && !folder.startsWith('/'));
  if (setting.kind === 'literal') {
    const folders = usable(setting.values);
    if (folders.length > 0) return { folders, note: '' };
  }
  if (setting.kind === 'absent') return { folders: [fallback], note: ' (the default)' };
  const candidates =
    use === 'sources' && setting.kind === 'not-literal' ? usable(setting.candidates) : [];
  const folders = [...new Set([fallback, ...candidates])];
  return {
    folders,
    note:
      candidates.length > 0
        ? " (the default and the literal values the file holds: the config's exported value is not a literal and is never run)"
        : " (the default: the config's value is not a literal and is never run)",
  };
}
