/**
 * The import closure of the files to audit: every file they import, directly or not, added to
 * the upload under the name its importers use, so that the upload compiles with no remappings.
 */
import fs from 'node:fs/promises';
import { readImports, type ImportStatement } from './imports.ts';
import type { ImportResolver, SourceNode } from './resolve.ts';
import { readVyperImports } from './vyper-imports.ts';
import { isVyperSource } from './vyper-resolve.ts';

export interface UnresolvedImport {
  /** The importing file: absolute, links resolved. */
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
  /** True when the upload would pass `maxFiles`: the closure was not followed further. */
  stopped: boolean;
}

export interface ClosureLimits {
  /** Files larger than this are not read for imports (the upload limits refuse them anyway). */
  maxFileBytes: number;
  /** The most files the upload may hold. */
  maxFiles: number;
}

/** Files read at once. */
const READ_BATCH = 32;
/**
 * Names one file may be sent under. Two importers may reach one file by different strings, but
 * a folder link that leads back into itself would give it a new name at every level, forever.
 */
const MAX_NAMES_PER_FILE = 8;

interface Found {
  node: SourceNode;
  /** Where it was imported, for a problem found only once all names are known. */
  statement: Omit<UnresolvedImport, 'problem'>;
}

/** `audited` are named as the compiler sees them. */
export async function importClosure(
  audited: readonly SourceNode[],
  resolve: ImportResolver,
  limits: ClosureLimits,
): Promise<Closure> {
  const byName = new Map(audited.map((node) => [node.name, node]));
  const namesOf = new Map<string, number>();
  const nameOnce = (node: SourceNode) =>
    namesOf.set(node.absolutePath, (namesOf.get(node.absolutePath) ?? 0) + 1);
  audited.forEach(nameOnce);
  const closure: Closure = { dependencies: [], unresolved: [], conflicts: [], stopped: false };
  const conflicts = new Map<string, NameConflict>();

  const add = ({ node, statement }: Found): SourceNode | undefined => {
    const known = byName.get(node.name);
    if (known !== undefined) {
      if (known.absolutePath !== node.absolutePath) {
        conflicts.set(`${node.name}\0${node.absolutePath}`, {
          name: node.name,
          sent: known.absolutePath,
          notSent: node.absolutePath,
        });
      }
      return undefined;
    }
    if ((namesOf.get(node.absolutePath) ?? 0) >= MAX_NAMES_PER_FILE) {
      closure.unresolved.push({
        ...statement,
        problem: `it reaches a file already sent under ${MAX_NAMES_PER_FILE} names (a folder link that leads back into itself?)`,
      });
      return undefined;
    }
    if (byName.size >= limits.maxFiles) {
      closure.stopped = true;
      return undefined;
    }
    byName.set(node.name, node);
    nameOnce(node);
    closure.dependencies.push(node);
    return node;
  };

  let pending = [...audited];
  while (pending.length > 0 && !closure.stopped) {
    const next: SourceNode[] = [];
    for (let start = 0; start < pending.length && !closure.stopped; start += READ_BATCH) {
      const batch = pending.slice(start, start + READ_BATCH);
      for (const { found, problems } of await Promise.all(
        batch.map((node) => importsOf(node, resolve, limits.maxFileBytes)),
      )) {
        closure.unresolved.push(...problems);
        for (const entry of found) {
          const added = add(entry);
          if (added) next.push(added);
        }
      }
    }
    pending = next;
  }
  closure.dependencies.sort((a, b) => compare(a.name, b.name));
  closure.unresolved.sort(
    (a, b) =>
      compare(a.importer, b.importer) || a.line - b.line || compare(a.importPath, b.importPath),
  );
  closure.conflicts = [...conflicts.values()].sort(
    (a, b) => compare(a.name, b.name) || compare(a.notSent, b.notSent),
  );
  return closure;
}

async function importsOf(
  node: SourceNode,
  resolve: ImportResolver,
  maxFileBytes: number,
): Promise<{ found: Found[]; problems: UnresolvedImport[] }> {
  const found: Found[] = [];
  const problems: UnresolvedImport[] = [];
  const read = importReader(node.name);
  if (read === undefined || node.size > maxFileBytes) return { found, problems };
  let source: string;
  try {
    source = await fs.readFile(node.absolutePath, 'utf8');
  } catch {
    return { found, problems }; // discovery and the upload say what is wrong with it
  }
  for (const statement of read(source)) {
    const resolution = await resolve(statement.path, node);
    const where = { importer: node.absolutePath, line: statement.line, importPath: statement.path };
    if ('node' in resolution) found.push({ node: resolution.node, statement: where });
    else if ('problem' in resolution) problems.push({ ...where, problem: resolution.problem });
  }
  return { found, problems };
}

/** Solidity's and Vyper's imports; a JSON ABI (a Vyper interface) imports nothing. */
function importReader(name: string): ((source: string) => ImportStatement[]) | undefined {
  if (name.endsWith('.sol')) return readImports;
  return isVyperSource(name) ? readVyperImports : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
