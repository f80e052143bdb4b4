/**
 * Reading a project's config or manifest from the checkout: small, a regular file, and inside
 * the workspace once links are resolved. A hostile checkout could make one huge, or link it to
 * a file elsewhere on the runner.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../files/inside.ts';
import { parseRemappingsFile, type Remapping } from './remappings.ts';

export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The file's text, or undefined when it is missing, not a regular file, too large or outside. */
export async function readConfigFile(file: string, within: string): Promise<string | undefined> {
  try {
    const real = await fs.realpath(file);
    const stats = await fs.stat(real);
    if (!isInside(within, real) || !stats.isFile() || stats.size > MAX_CONFIG_BYTES)
      return undefined;
    return await fs.readFile(real, 'utf8');
  } catch {
    return undefined;
  }
}

/** Reads configs and remappings files, each real file once however many links lead to it. */
export interface ConfigReader {
  text: (file: string) => Promise<string | undefined>;
  remappings: (file: string) => Promise<Remapping[]>;
}

/** A reader for one run: its answers are kept by real path. */
export function createConfigReader(within: string): ConfigReader {
  const texts = new Map<string, Promise<string | undefined>>();
  const parsed = new Map<string, Promise<Remapping[]>>();
  const once = async <T>(
    cache: Map<string, Promise<T>>,
    file: string,
    read: (real: string) => Promise<T>,
    none: T,
  ) => {
    const real = await fs.realpath(file).catch(() => undefined);
    if (real === undefined) return none;
    let answer = cache.get(real);
    if (answer === undefined) cache.set(real, (answer = read(real)));
    return answer;
  };
  const text = (file: string) =>
    once(texts, file, (real) => readConfigFile(real, within), undefined);
  return {
    text,
    remappings: (file) =>
      once(parsed, file, async (real) => parseRemappingsFile((await text(real)) ?? ''), []),
  };
}

/** A folder's config files: those that can be read, and links that cannot be followed, with why. */
export interface ConfigFiles {
  readable: Set<string>;
  /** By name: what is wrong with the link, said after its name. */
  unusable: Map<string, string>;
}

/**
 * Regular files, and links to files inside the workspace (Balancer links each package's
 * foundry.toml to the root's). A link to nothing, to a folder or outside the workspace is never
 * read: it is unusable, and the caller says so.
 */
export async function configFiles(
  dir: string,
  entries: readonly Dirent[],
  workspace: string,
): Promise<ConfigFiles> {
  const found: ConfigFiles = { readable: new Set(), unusable: new Map() };
  for (const entry of entries) {
    if (entry.isFile()) found.readable.add(entry.name);
    else if (entry.isSymbolicLink() && /\.(toml|ya?ml|[cm]?[jt]s|txt)$/.test(entry.name)) {
      const target = await fs.realpath(path.join(dir, entry.name)).catch(() => undefined);
      const stats = target === undefined ? undefined : await fs.stat(target).catch(() => undefined);
      if (target === undefined) found.unusable.set(entry.name, 'is a link to nothing');
      else if (!isInside(workspace, target))
        found.unusable.set(entry.name, `is a link that leads outside the workspace (to ${target})`);
      else if (stats?.isFile()) found.readable.add(entry.name);
      else found.unusable.set(entry.name, 'is a link to something that is not a file');
    }
  }
  return found;
}
