/**
 * The import graph of src/ between its layers, and the rule it must keep: every import goes to
 * the same layer or one below it, so the flow reads top to bottom
 * (index → action | cli → engine → report → api → audit → project → files → base). The engine
 * never imports a door (src/action/, the Action's; src/cli/, the command line's), the two doors
 * never import each other, and only the Action's imports `@actions/*`.
 *
 *   npm run graph    # prints the edges between layers and any that break the rule
 *
 * test/layers.test.ts fails on a back-edge or an import cycle between files.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Lowest first. A file belongs to its folder's layer; top-level modules are named alone. */
export const LAYERS: readonly (readonly string[])[] = [
  [
    'errors.ts',
    'deadline.ts',
    'json.ts',
    'text.ts',
    'digest.ts',
    'random-id.ts',
    'version.ts',
    'node-version.ts',
    'redaction.ts',
    'log.ts',
    'vocabulary.ts',
    'net',
  ],
  ['files'],
  ['project'],
  ['audit'],
  ['api'],
  ['report'],
  ['engine'],
  ['action', 'cli'],
  ['index.ts'],
];

/** The doors on the engine: each stands alone. */
export const DOORS: readonly string[] = ['action', 'cli'];

/** The Action's door: the only members that may import the Actions toolkit (`@actions/*`). */
export const TOOLKIT_IMPORTERS: readonly string[] = ['action', 'index.ts'];

export interface ImportGraph {
  /** `from → to` between layer members (folders or top-level modules), with how many imports. */
  edges: Map<string, number>;
  /** Imports that go up a layer: `file → imported file`. */
  backEdges: string[];
  /** Import cycles between files, each as the files in order. */
  cycles: string[][];
  /** Files that belong to no declared layer. */
  unplaced: string[];
  /** Files outside TOOLKIT_IMPORTERS that import `@actions/*`. */
  toolkitOutsideDoor: string[];
  /** Imports from one door into another: `file → imported file`. */
  doorCrossings: string[];
}

const SOURCE = path.resolve(import.meta.dirname, '../src');

export async function importGraph(root = SOURCE): Promise<ImportGraph> {
  const files = (await readdir(root, { recursive: true }))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const imports = new Map<string, string[]>();
  const toolkitUsers: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    if (/^(?:import|export)[^'";]*?from\s+'@actions\//m.test(text)) toolkitUsers.push(file);
    const targets = [...text.matchAll(/^(?:import|export)[^'";]*?from\s+'(\.[^']+)'/gm)].map(
      (match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)),
    );
    imports.set(file, targets);
  }

  const memberOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : file);
  const rank = new Map(LAYERS.flatMap((layer, index) => layer.map((member) => [member, index])));
  const graph: ImportGraph = {
    edges: new Map(),
    backEdges: [],
    cycles: [],
    unplaced: [],
    toolkitOutsideDoor: toolkitUsers.filter((file) => !TOOLKIT_IMPORTERS.includes(memberOf(file))),
    doorCrossings: [],
  };
  for (const [file, targets] of imports) {
    const from = memberOf(file);
    if (!rank.has(from)) graph.unplaced.push(file);
    for (const target of targets) {
      const to = memberOf(target);
      if (from !== to) {
        const edge = `${from} → ${to}`;
        graph.edges.set(edge, (graph.edges.get(edge) ?? 0) + 1);
      }
      if ((rank.get(to) ?? Infinity) > (rank.get(from) ?? -Infinity))
        graph.backEdges.push(`${file} → ${target}`);
      if (from !== to && DOORS.includes(from) && DOORS.includes(to))
        graph.doorCrossings.push(`${file} → ${target}`);
    }
  }
  graph.cycles = findCycles(imports);
  return graph;
}

function findCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(file)), file]);
      return;
    }
    state.set(file, 'open');
    trail.push(file);
    for (const target of imports.get(file) ?? []) visit(target);
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of imports.keys()) visit(file);
  return cycles;
}

if (import.meta.main) {
  const graph = await importGraph();
  const rank = (member: string) => LAYERS.findIndex((layer) => layer.includes(member));
  const [from, to] = [
    (edge: string) => edge.split(' → ')[0]!,
    (edge: string) => edge.split(' → ')[1]!,
  ];
  console.log('Imports between layers of src/, top layer first (from → to: count):');
  for (const [edge, count] of [...graph.edges].sort(
    ([a], [b]) =>
      rank(from(b)) - rank(from(a)) || from(a).localeCompare(from(b)) || rank(to(b)) - rank(to(a)),
  ))
    console.log(`  ${edge}: ${count}`);
  console.log(`Back-edges: ${graph.backEdges.length ? graph.backEdges.join(', ') : 'none'}`);
  console.log(
    `Cycles between files: ${graph.cycles.length ? graph.cycles.map((c) => c.join(' → ')).join('; ') : 'none'}`,
  );
  if (graph.unplaced.length) console.log(`Files in no layer: ${graph.unplaced.join(', ')}`);
  console.log(
    `Imports between doors: ${graph.doorCrossings.length ? graph.doorCrossings.join(', ') : 'none'}`,
  );
  console.log(
    `@actions/* imported outside ${TOOLKIT_IMPORTERS.join(' and ')}: ${graph.toolkitOutsideDoor.length ? graph.toolkitOutsideDoor.join(', ') : 'nowhere'}`,
  );
  const problems =
    graph.backEdges.length +
    graph.cycles.length +
    graph.unplaced.length +
    graph.toolkitOutsideDoor.length +
    graph.doorCrossings.length;
  process.exitCode = problems > 0 ? 1 : 0;
}
