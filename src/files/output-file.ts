/**
 * Writes a report file the user may have named, into a folder the checkout controls: a symbolic
 * link planted there must not redirect the write anywhere else on the runner.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './inside.ts';

/**
 * Writes the chunks of `content` to `file` (resolved against the current directory) as they
 * come, and returns its absolute path. Only inside one of `roots`, which are trusted as given
 * (RUNNER_TEMP may lie behind a link); below the root no symbolic link is followed: missing
 * folders are created one by one, a link among the folders is refused, and a link or file at
 * the final name is replaced. Throws an Error saying why it refused, or why the content could
 * not be written; then no file is left at the name.
 */
export async function writeOutputFile(
  file: string,
  content: Iterable<string> | AsyncIterable<string>,
  roots: readonly string[],
): Promise<string> {
  const target = path.resolve(file);
  const root = roots.map((r) => path.resolve(r)).find((r) => isInside(r, target));
  if (root === undefined) {
    throw new Error(`${target} is outside ${roots.join(' and ')}, where output files may go.`);
  }
  let directory = root;
  for (const name of path.relative(root, target).split(path.sep).slice(0, -1)) {
    directory = path.join(directory, name);
    try {
      await fs.mkdir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // mkdir leaves an existing link alone, so whatever is there now is looked at, not followed.
    const stats = await fs.lstat(directory);
    if (stats.isSymbolicLink()) {
      throw new Error(
        `${directory} is a symbolic link; output files are never written through one.`,
      );
    }
    if (!stats.isDirectory()) throw new Error(`${directory} is not a directory.`);
  }
  const existing = await fs.lstat(target).catch(() => undefined);
  if (existing?.isDirectory()) throw new Error(`${target} is a directory.`);
  // Removing a link removes the link, not its target; `wx` (O_CREAT | O_EXCL) then creates a
  // new file and fails rather than follow a link put back in between.
  await fs.rm(target, { force: true });
  const handle = await fs.open(target, 'wx');
  let failure: { error: unknown } | undefined;
  try {
    // One write per chunk: no stream pipeline to set up for what is usually one small file.
    await handle.writeFile(content);
  } catch (error) {
    failure = { error };
  }
  // After a failed write, its error is the one to tell: a close that fails too would hide it.
  await handle.close().catch((error: unknown) => (failure ??= { error }));
  if (failure === undefined) return target;
  // A report cut short would read as a whole one. What is there now is the file made above,
  // or a link put in its place, which `rm` removes without following.
  await fs.rm(target, { force: true });
  throw failure.error;
}

/** One short path segment (names can come from the service): a file system's 255 bytes hold it. */
export function fileSafe(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 100);
}
