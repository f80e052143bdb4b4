/**
 * The fixture repositories of test/fixtures/layouts, copied to a throwaway workspace (links kept
 * as links, as a checkout has them), and an independent check that an upload is self-contained.
 */
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYOUTS = fileURLToPath(new URL('../fixtures/layouts/', import.meta.url));

/** A fresh copy of the layout, as a workspace. */
export async function layoutWorkspace(layout: string): Promise<string> {
  const workspace = await mkdtemp(path.join(tmpdir(), `layout-${layout}-`));
  await cp(path.join(LAYOUTS, layout), workspace, { recursive: true, verbatimSymlinks: true });
  return workspace;
}

export interface SentFile {
  /** The name it is uploaded under. */
  relativePath: string;
  absolutePath: string;
}

/**
 * Every import of every uploaded Solidity file that does not name another uploaded file, by
 * solc's rules with no remappings: `./` and `../` against the importer's name, anything else as
 * it is. Written apart from the action's resolver (a regular expression, not its lexer), so the
 * two can disagree.
 */
export async function unresolvedWithin(files: readonly SentFile[]): Promise<string[]> {
  const names = new Set(files.map((file) => file.relativePath));
  const missing: string[] = [];
  for (const file of files.filter((f) => f.relativePath.endsWith('.sol'))) {
    const source = (await readFile(file.absolutePath, 'utf8')).replace(/\/\/.*$/gm, '');
    for (const match of source.matchAll(/^\s*import\s+[^;]*?["']([^"']+)["'][^;]*;/gm)) {
      const imported = match[1] ?? '';
      const name = imported.startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file.relativePath), imported))
        : imported;
      if (!names.has(name)) missing.push(`${file.relativePath} → ${imported}`);
    }
  }
  return missing;
}
