/**
 * Holds the action's upload to Foundry's own import resolution on a real repository. The search
 * runs as `contract-audit --dry-run` runs it (the engine's settings reader, findCheckoutProjects and
 * findUploads, with the action's defaults); for each upload, `forge tree` at its project's root
 * gives the import graph Foundry builds, and the files it reaches from the files to audit are
 * compared, by real path, with the files the action sends.
 *
 *   npm run forge-compare -- <repository> [working-directory]
 *
 * The repository is the workspace (a checkout with its submodules); FOUNDRY_PROFILE applies to
 * both sides. Prints a Markdown table, then each difference with the import that led there, then
 * the warnings the search logged. forge is the devDependency's; it reads, never compiles.
 */
import { execFile } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { findCheckoutProjects } from '../src/engine/audit.ts';
import { CLI_VOCABULARY } from '../src/cli/vocabulary.ts';
import { readSettings } from '../src/engine/settings.ts';
import type { Logger } from '../src/log.ts';
import { findUploads, type ProjectUpload } from '../src/project/find-contracts.ts';
import { readImports, type ImportStatement } from '../src/project/imports.ts';
import { isRelativeImport, resolveRelativeImport } from '../src/project/unit-names.ts';

const FORGE = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'forge');
/** forge tree prints a file and, below it, each import it resolves; `(*)`: shown before. */
const TREE_LINE = /^((?:[|`]-- |\| {3}| {4})*)(.+?\.(?:sol|vyi?|yul))(?= |$)/;

interface ImportGraph {
  /** Real path → the real paths it imports. */
  edges: Map<string, Set<string>>;
}

/** A file on one side only, with where it was imported and whether a warning names it. */
interface Difference {
  file: string;
  importedAt: string;
  warned: boolean;
}

interface Comparison {
  project: string;
  audited: number;
  reached: number | 'forge failed';
  sent: number;
  sentOnly: Difference[];
  reachedOnly: Difference[];
  /** Files to audit that forge's graph does not hold (outside its src, test and script). */
  unknownToForge: string[];
  forgeError: string | undefined;
}

async function main(): Promise<void> {
  const [repository, workingDirectory = '.'] = process.argv.slice(2);
  if (repository === undefined) {
    console.error('usage: node scripts/forge-compare.ts <repository> [working-directory]');
    process.exitCode = 2;
    return;
  }
  const workspace = await realpath(path.resolve(repository));
  const warnings: string[] = [];
  const log = collectingLogger(warnings);
  const inputs = {
    vocabulary: CLI_VOCABULARY,
    get: (name: string) =>
      name === 'working-directory'
        ? workingDirectory
        : name === 'base-url'
          ? 'https://dry-run.invalid'
          : '',
  };
  const env = { GITHUB_WORKSPACE: workspace, FOUNDRY_PROFILE: process.env['FOUNDRY_PROFILE'] };
  const settings = readSettings(inputs, env, log);
  const deadline = { at: Date.now() + settings.timeoutMs, now: Date.now };
  const { projects } = await findCheckoutProjects(settings, log, deadline);
  const uploads = await findUploads({ ...settings, deadline }, log, projects);

  const comparisons: Comparison[] = [];
  for (const upload of uploads) comparisons.push(await compare(workspace, upload, warnings));

  console.log(
    '| project | files to audit | forge reaches | action sends | sent, not reached | reached, not sent | of these, named by no warning | audited, unknown to forge |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const c of comparisons) {
    const silent = [...c.sentOnly, ...c.reachedOnly].filter((d) => !d.warned).length;
    console.log(
      `| ${c.project} | ${c.audited} | ${c.reached} | ${c.sent} | ${c.sentOnly.length} | ${c.reachedOnly.length} | ${silent} | ${c.unknownToForge.length} |`,
    );
  }
  for (const c of comparisons) details(c);
  console.log(`\nWarnings the search logged (${warnings.length}):`);
  for (const warning of warnings) console.log(`- ${warning.replaceAll('\n', '\n  ')}`);
}

async function compare(
  workspace: string,
  upload: ProjectUpload,
  warnings: readonly string[],
): Promise<Comparison> {
  const root = path.resolve(workspace, upload.path);
  const audited = upload.files.filter((file) => !file.dependency).map((file) => file.absolutePath);
  const sent = new Map(upload.files.map((file) => [file.absolutePath, file.relativePath]));
  const comparison: Comparison = {
    project: upload.path,
    audited: audited.length,
    reached: 'forge failed',
    sent: sent.size,
    sentOnly: [],
    reachedOnly: [],
    unknownToForge: [],
    forgeError: undefined,
  };
  let graph: ImportGraph;
  try {
    graph = await forgeTree(root);
  } catch (error) {
    comparison.forgeError = error instanceof Error ? error.message : String(error);
    return comparison;
  }
  const shown = (file: string) => path.relative(workspace, file);
  // Named in a warning: the log's lists stop after a few, so a difference past them reads as silent.
  const warned = (...texts: string[]) =>
    warnings.some((warning) => texts.some((text) => warning.includes(text)));
  comparison.unknownToForge = audited.filter((file) => !graph.edges.has(file)).map(shown);
  // Each file forge reaches, and the file it reached it from.
  const reached = new Map<string, string | undefined>();
  const pending = audited.filter((file) => graph.edges.has(file));
  for (const file of pending) reached.set(file, undefined);
  while (pending.length > 0) {
    const file = pending.shift()!;
    for (const imported of graph.edges.get(file) ?? []) {
      if (reached.has(imported)) continue;
      reached.set(imported, file);
      pending.push(imported);
    }
  }
  comparison.reached = reached.size;
  const importers = await sentImporters(workspace, sent);
  for (const [file, name] of sent) {
    if (reached.has(file)) continue;
    const at = importers.get(name) ?? ['(a file to audit)'];
    comparison.sentOnly.push({
      file: `${shown(file)}, sent as ${name}`,
      importedAt: at.join(', '),
      warned: warned(shown(file)),
    });
  }
  for (const [file, importer] of reached) {
    if (sent.has(file) || importer === undefined) continue;
    const statements = await importsOf(importer, file);
    comparison.reachedOnly.push({
      file: shown(file),
      importedAt: `${shown(importer)}${statements.map((s) => `:${s.line} "${s.path}"`).join(', ')}`,
      warned: warned(
        shown(file),
        ...statements.map((s) => `${shown(importer)}:${s.line} imports "${s.path}"`),
      ),
    });
  }
  return comparison;
}

/** The import graph of the project at `root`, as `forge tree` prints it, by real path. */
async function forgeTree(root: string): Promise<ImportGraph> {
  const { stdout } = await promisify(execFile)(
    FORGE,
    ['tree', '--root', root, '--charset', 'ascii'],
    { maxBuffer: 512 * 1024 * 1024, env: process.env },
  );
  const edges = new Map<string, Set<string>>();
  const real = new Map<string, Promise<string>>();
  const realOf = (file: string) => {
    let found = real.get(file);
    if (found === undefined) {
      const absolute = path.resolve(root, file);
      real.set(file, (found = realpath(absolute).catch(() => absolute)));
    }
    return found;
  };
  const stack: string[] = [];
  for (const line of stdout.split('\n')) {
    const match = TREE_LINE.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const file = await realOf(match[2]!);
    stack.length = depth;
    stack.push(file);
    if (!edges.has(file)) edges.set(file, new Set());
    const importer = stack[depth - 1];
    if (importer !== undefined) edges.get(importer)!.add(file);
  }
  return { edges };
}

function details(c: Comparison): void {
  console.log(`\n## ${c.project}`);
  if (c.forgeError !== undefined) {
    console.log(`forge tree failed: ${c.forgeError.trim().split('\n').slice(-3).join(' / ')}`);
    return;
  }
  const list = (title: string, differences: readonly Difference[]) => {
    console.log(`${title} (${differences.length}):`);
    for (const d of differences) {
      console.log(`- ${d.file}, imported at ${d.importedAt}${d.warned ? '' : ' [no warning]'}`);
    }
  };
  list('Sent, not reached by forge', c.sentOnly);
  list('Reached by forge, not sent', c.reachedOnly);
  if (c.unknownToForge.length > 0) {
    console.log(`Files to audit that forge's graph does not hold (${c.unknownToForge.length}):`);
    for (const file of c.unknownToForge) console.log(`- ${file}`);
  }
}

/** Upload name → where the sent files import it: each import resolved as solc names it. */
async function sentImporters(
  workspace: string,
  sent: ReadonlyMap<string, string>,
): Promise<Map<string, string[]>> {
  const importers = new Map<string, string[]>();
  for (const [file, name] of sent) {
    for (const statement of readImports(await readFile(file, 'utf8'))) {
      const target = isRelativeImport(statement.path)
        ? resolveRelativeImport(name, statement.path)
        : statement.path;
      const at = `${path.relative(workspace, file)}:${statement.line} "${statement.path}"`;
      importers.set(target, [...(importers.get(target) ?? []), at]);
    }
  }
  return importers;
}

/** The importer's imports whose last segment names the file. */
async function importsOf(importer: string, file: string): Promise<ImportStatement[]> {
  const statements = readImports(await readFile(importer, 'utf8'));
  return statements.filter((s) => path.posix.basename(s.path) === path.basename(file));
}

/** Keeps what the search warns of: that is what a user would see in the log. */
function collectingLogger(warnings: string[]): Logger {
  const ignore = () => undefined;
  return {
    debug: ignore,
    info: ignore,
    notice: ignore,
    group: ignore,
    warning: (message: string) => warnings.push(message),
    error: (message: string) => warnings.push(`error: ${message}`),
  };
}

await main();
