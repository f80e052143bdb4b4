/**
 * Foundry's own resolution is the oracle: for each Foundry project of the fixture layouts, the
 * action sends exactly the files `forge tree` reaches from the files it audits, by real path.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { contractSearch } from '../support/contract-search.ts';
import { compareWithForge, forgeUnavailable } from '../support/forge.ts';
import { LAYOUTS, layoutWorkspace } from '../support/layouts.ts';

/**
 * What a layout's install would add before forge runs. pnpm links the workspace's sibling package
 * into node_modules, where the project's remapping points; the action finds it through the
 * workspace's manifest with nothing installed.
 */
const INSTALLS: Record<string, (workspace: string) => Promise<void>> = {
  'pnpm-workspace': async (workspace) => {
    const scope = path.join(workspace, 'packages/protocol/node_modules/@acme');
    await mkdir(scope, { recursive: true });
    await symlink('../../../shared', path.join(scope, 'shared'));
  },
};

describe.skipIf(forgeUnavailable !== undefined)(
  `the upload of each Foundry project of the fixture layouts, held against forge${forgeUnavailable ? ` (skipped: ${forgeUnavailable})` : ''}`,
  () => {
    const layouts = readdirSync(LAYOUTS);

    it.each(layouts)('%s', async (layout) => {
      const workspace = await layoutWorkspace(layout);
      await INSTALLS[layout]?.(workspace);
      const comparisons = await compareWithForge(contractSearch(workspace));
      for (const comparison of comparisons) {
        expect(comparison.printed.ours).toEqual(comparison.printed.forge);
        expect(comparison.built.ours).toEqual(comparison.built.forge);
        expect(comparison).toMatchObject({
          extra: [],
          missing: [],
          build: { extra: [], missing: [] },
        });
      }
      expect(comparisons.map((each) => each.project)).toEqual(FOUNDRY_PROJECTS[layout] ?? []);
    });
  },
);

/** The Foundry projects each layout holds: a layout that gains or loses one is noticed here. */
const FOUNDRY_PROJECTS: Record<string, string[]> = {
  'foundry-beside-dapptools': ['.'],
  'foundry-contracts-mocks': ['.'],
  'foundry-empty-submodule': ['.'],
  'foundry-hook-periphery': ['.'],
  'foundry-src-test': ['.'],
  'hardhat-nested-foundry': ['periphery'],
  'monorepo-foundry': ['packages/contracts-bedrock'],
  'pnpm-workspace': ['packages/protocol'],
  'workspace-dapptools': ['packages/vault'],
};
