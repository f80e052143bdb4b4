import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../scripts/import-graph.ts';

describe('the import graph of src/', () => {
  it('has no import that goes up a layer, no cycle, and no file outside a layer', async () => {
    const graph = await importGraph();
    expect(graph.backEdges).toEqual([]);
    expect(graph.cycles).toEqual([]);
    expect(graph.unplaced).toEqual([]);
    expect(graph.toolkitOutsideDoor).toEqual([]);
    expect(graph.doorCrossings).toEqual([]);
    expect(graph.edges.get('action → engine')).toBeGreaterThan(0);
    expect(graph.edges.get('cli → engine')).toBeGreaterThan(0);
    // The engine and everything below it never import the Action's door.
    const intoDoor = [...graph.edges.keys()].filter(
      (edge) => edge.endsWith('→ action') || edge.endsWith('→ cli'),
    );
    expect(intoDoor.filter((edge) => !edge.startsWith('index.ts'))).toEqual([]);
  });

  it('catches a back-edge and a cycle when there is one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'layers-'));
    await mkdir(path.join(root, 'audit'));
    await mkdir(path.join(root, 'report'));
    await mkdir(path.join(root, 'cli'));
    await writeFile(path.join(root, 'cli/main.ts'), "import { run } from '../action/main.ts';\n");
    await writeFile(path.join(root, 'audit/a.ts'), "import { r } from '../report/r.ts';\n");
    await writeFile(path.join(root, 'report/r.ts'), "import type { A } from '../audit/a.ts';\n");
    await writeFile(path.join(root, 'stray.ts'), '');
    await writeFile(path.join(root, 'report/core.ts'), "import * as core from '@actions/core';\n");
    const graph = await importGraph(root);
    expect(graph.backEdges).toEqual(['audit/a.ts → report/r.ts']);
    expect(graph.cycles).toEqual([['audit/a.ts', 'report/r.ts', 'audit/a.ts']]);
    expect(graph.unplaced).toEqual(['stray.ts']);
    expect(graph.toolkitOutsideDoor).toEqual(['report/core.ts']);
    expect(graph.doorCrossings).toEqual(['cli/main.ts → action/main.ts']);
  });
});
