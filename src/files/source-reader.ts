import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isInside } from './inside.ts';

/** Contract sources larger than this are not scanned for suppression comments. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/**
 * Reads contract sources by the file names the service reported, for suppression comments.
 * Those names are untrusted: when the upload is known, only uploaded files are read, from where
 * they were read for the upload; otherwise (a resumed audit) the name is taken under the working
 * directory. Either way only regular files whose real path stays in the workspace are read.
 */
export function createSourceReader(options: {
  workspace: string;
  root: string;
  /** Upload name → absolute path, when this run uploaded the files. */
  uploaded: ReadonlyMap<string, string> | undefined;
}): (file: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  const workspace = realpathSync(options.workspace);
  return (file) => {
    if (!cache.has(file)) cache.set(file, read(file));
    return cache.get(file);
  };

  function read(file: string): string | undefined {
    const location = options.uploaded
      ? options.uploaded.get(file)
      : path.resolve(options.root, file);
    if (location === undefined) return undefined;
    let fd: number | undefined;
    try {
      const real = realpathSync(location);
      if (!isInside(workspace, real)) return undefined;
      // Non-blocking, so opening a FIFO does not wait for a writer; no link swapped in since
      // realpath is followed. What was opened is then checked, not what the path names now.
      fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.size > MAX_SOURCE_BYTES) return undefined;
      return readAll(fd, stats.size)?.toString('utf8');
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

/** The file's bytes, or undefined when it has grown since fstat (it is being written). */
function readAll(fd: number, size: number): Buffer | undefined {
  // One byte more than fstat gave shows growth, and the size was checked against the cap.
  const buffer = Buffer.alloc(size + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const read = readSync(fd, buffer, filled, buffer.length - filled, null);
    if (read === 0) break;
    filled += read;
  }
  return filled > size ? undefined : buffer.subarray(0, filled);
}
