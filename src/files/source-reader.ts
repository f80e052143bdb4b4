import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside } from './inside.ts';

/** Contract sources larger than this are not scanned for suppression comments. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/**
 * Reads contract sources by the file names the service reported, for suppression comments.
 * Those names are untrusted: only files under the working directory whose real path stays in
 * the workspace are read (and, when the upload is known, only files that were uploaded).
 */
export function createSourceReader(options: {
  workspace: string;
  root: string;
  uploaded: ReadonlySet<string> | undefined;
}): (file: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  const workspace = realpathSync(options.workspace);
  return (file) => {
    if (!cache.has(file)) cache.set(file, read(file));
    return cache.get(file);
  };

  function read(file: string): string | undefined {
    if (options.uploaded && !options.uploaded.has(file)) return undefined;
    try {
      const real = realpathSync(path.resolve(options.root, file));
      if (!isInside(workspace, real)) return undefined;
      if (statSync(real).size > MAX_SOURCE_BYTES) return undefined;
      return readFileSync(real, 'utf8');
    } catch {
      return undefined;
    }
  }
}
