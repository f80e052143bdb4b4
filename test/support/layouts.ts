/**
 * The fixture repositories of test/fixtures/layouts, copied to a throwaway workspace (links kept
 * as links, as a checkout has them), and an independent check that an upload is self-contained.
 */
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initRepository } from './git-commit.ts';
import { repositoryRoot } from './run-action.ts';

export const LAYOUTS = fileURLToPath(new URL('../fixtures/layouts/', import.meta.url));

/** A fresh copy of the layout, as a workspace. */
export async function layoutWorkspace(layout: string): Promise<string> {
  const workspace = await mkdtemp(path.join(tmpdir(), `layout-${layout}-`));
  await cp(path.join(LAYOUTS, layout), workspace, { recursive: true, verbatimSymlinks: true });
  return workspace;
}

/**
 * A fresh copy of the layout as a clone of acme/vaults: a git work tree in a folder named
 * `vaults`, so a command run anywhere in it finds its root and names it as the action does.
 */
export async function layoutRepository(layout: string): Promise<string> {
  const root = path.join(await mkdtemp(path.join(tmpdir(), `repository-${layout}-`)), 'vaults');
  await cp(path.join(LAYOUTS, layout), root, { recursive: true, verbatimSymlinks: true });
  initRepository(root);
  return root;
}

/**
 * A fresh copy of examples/foundry-demo, in a folder of that name outside any repository: what
 * a command run there audits is the demo alone, wherever this repository is checked out.
 */
export async function demoWorkspace(): Promise<string> {
  const demo = path.join(await mkdtemp(path.join(tmpdir(), 'demo-')), 'foundry-demo');
  await cp(path.join(repositoryRoot, 'examples/foundry-demo'), demo, {
    recursive: true,
    verbatimSymlinks: true,
  });
  return demo;
}

export interface SentFile {
  /** The name it is uploaded under. */
  relativePath: string;
  absolutePath: string;
}

/**
 * Every import of every uploaded Solidity or Vyper file that does not name another uploaded file.
 * Solidity by solc's rules with no remappings: `./` and `../` against the importer's name,
 * anything else as it is. Vyper by vyperWithin's. Written apart from the action's resolver
 * (regular expressions, not its lexer or scanner), so the two can disagree.
 */
export async function unresolvedWithin(files: readonly SentFile[]): Promise<string[]> {
  const names = new Set(files.map((file) => file.relativePath));
  const missing: string[] = await vyperWithin(files, names);
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

/** Built into the compiler: `ethereum.ercs` (0.4), `vyper.interfaces` (0.3), `math` (later 0.4). */
const VYPER_BUILT_IN = /^(?:ethereum\.ercs|vyper\.interfaces|math)(?:\.|$)/;

/**
 * Every Vyper import of an uploaded `.vy` or `.vyi` file that no uploaded file answers, as vyper
 * compiles the upload from its root: `from ..a import b` is `a/b` one folder above the importer's,
 * an absolute `a.b` is `a/b` from the root or beside the compiled file, each with `.vy`, `.vyi`
 * or `.json`; built-in modules need no file.
 */
async function vyperWithin(
  files: readonly SentFile[],
  names: ReadonlySet<string>,
): Promise<string[]> {
  const missing: string[] = [];
  for (const file of files.filter((f) => /\.vyi?$/.test(f.relativePath))) {
    const source = (await readFile(file.absolutePath, 'utf8'))
      .replace(/"""[\s\S]*?"""|'''[\s\S]*?'''/g, (text) => text.replace(/[^\n]/g, ' '))
      .replace(/#.*$/gm, '')
      .replace(/\(([^)]*)\)/g, (_, inside: string) => inside.replace(/\n/g, ' '));
    const modules: string[] = [];
    for (const [, list] of source.matchAll(/^import\s+(.+)$/gm)) {
      for (const entry of (list ?? '').split(',').filter((e) => e.trim() !== ''))
        modules.push(entry.trim().split(/\s+/)[0] ?? '');
    }
    for (const [, from, list] of source.matchAll(/^from\s+(\S+)\s+import\s+(.+)$/gm)) {
      const prefix = /\.$/.test(from ?? '') ? (from ?? '') : `${from ?? ''}.`;
      for (const entry of (list ?? '').split(',').filter((e) => e.trim() !== '')) {
        modules.push(`${prefix}${entry.trim().split(/\s+/)[0] ?? ''}`);
      }
    }
    const folder = path.posix.dirname(file.relativePath);
    for (const module of modules) {
      const level = /^\.*/.exec(module)?.[0].length ?? 0;
      if (level === 0 && VYPER_BUILT_IN.test(module)) continue;
      const modulePath = module.slice(level).replaceAll('.', '/');
      const bases = level > 0 ? [path.posix.join(folder, '../'.repeat(level - 1))] : ['.', folder];
      const found = bases.some((base) =>
        ['.vy', '.vyi', '.json'].some((ext) =>
          names.has(path.posix.normalize(path.posix.join(base, `${modulePath}${ext}`))),
        ),
      );
      if (!found) missing.push(`${file.relativePath} → ${module}`);
    }
  }
  return missing;
}
