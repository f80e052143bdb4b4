/**
 * The import closure of the files to audit: every file they import, directly or not, added to
 * the upload under the name its importers use, so that the upload compiles with no remappings.
 */
import fs from 'node:fs/promises';
import { readImports } from './imports.ts';
import type { ImportResolver, SourceNode } from './resolve.ts';

export interface UnresolvedImport {
  /** The importing file's upload name. */
  importer: string;
  line: number;
  importPath: string;
  problem: string;
}

/** One name that two importers use for two different files: only the first can be sent. */
export interface NameConflict {
  name: string;
  sent: string;
  notSent: string;
}

export interface Closure {
  /** Files added because something imports them, sorted by name. */
  dependencies: SourceNode[];
  unresolved: UnresolvedImport[];
  conflicts: NameConflict[];
}

/** Files read at once. */
const READ_BATCH = 32;

/**
 * `audited` are named as the compiler sees them. Files larger than `maxFileBytes` are not read
 * for imports (the upload limits refuse them anyway); Vyper files are not read either.
 */
export async function importClosure(
  audited: readonly SourceNode[],
  resolve: ImportResolver,
  maxFileBytes: number,
): Promise<Closure> {
  const byName = new Map(audited.map((node) => [node.name, node]));
  const dependencies: SourceNode[] = [];
  const unresolved: UnresolvedImport[] = [];
  const conflicts = new Map<string, NameConflict>();
  let pending = [...audited];
  while (pending.length > 0) {
    const next: SourceNode[] = [];
    for (let start = 0; start < pending.length; start += READ_BATCH) {
      const batch = pending.slice(start, start + READ_BATCH);
      const found = await Promise.all(batch.map((node) => importsOf(node, resolve, maxFileBytes)));
      for (const { resolved, problems } of found) {
        unresolved.push(...problems);
        for (const node of resolved) {
          const known = byName.get(node.name);
          if (known === undefined) {
            byName.set(node.name, node);
            dependencies.push(node);
            next.push(node);
          } else if (known.absolutePath !== node.absolutePath) {
            const key = `${node.name}\0${node.absolutePath}`;
            conflicts.set(key, {
              name: node.name,
              sent: known.absolutePath,
              notSent: node.absolutePath,
            });
          }
        }
      }
    }
    pending = next;
  }
  return {
    dependencies: dependencies.sort((a, b) => compare(a.name, b.name)),
    unresolved: unresolved.sort(
      (a, b) =>
        compare(a.importer, b.importer) || a.line - b.line || compare(a.importPath, b.importPath),
    ),
    conflicts: [...conflicts.values()].sort(
      (a, b) => compare(a.name, b.name) || compare(a.notSent, b.notSent),
    ),
  };
}

async function importsOf(
  node: SourceNode,
  resolve: ImportResolver,
  maxFileBytes: number,
): Promise<{ resolved: SourceNode[]; problems: UnresolvedImport[] }> {
  if (!node.name.endsWith('.sol') || node.size > maxFileBytes)
    return { resolved: [], problems: [] };
  let source: string;
  try {
    source = await fs.readFile(node.absolutePath, 'utf8');
  } catch {
    return { resolved: [], problems: [] }; // discovery and the upload say what is wrong with it
  }
  const resolved: SourceNode[] = [];
  const problems: UnresolvedImport[] = [];
  for (const statement of readImports(source)) {
    const resolution = await resolve(statement.path, node);
    if ('node' in resolution) resolved.push(resolution.node);
    else
      problems.push({
        importer: node.name,
        line: statement.line,
        importPath: statement.path,
        problem: resolution.problem,
      });
  }
  return { resolved, problems };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
