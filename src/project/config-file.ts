/**
 * Reading a project's config or manifest from the checkout: small, a regular file, and inside
 * the workspace once links are resolved. A hostile checkout could make one huge, or link it to
 * a file elsewhere on the runner.
 */
import fs from 'node:fs/promises';
import { isInside } from '../files/inside.ts';

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
