/**
 * A Foundry project's own remappings past the bound: the first are used, and the warning names
 * those cut as they are written, context included.
 */
import { realpath } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_REMAPPINGS } from '../../src/project/config-bounds.ts';
import { detectProjects } from '../../src/project/detect.ts';
import { workspaceWith } from '../support/workspace.ts';

describe("a Foundry project's own remappings past the bound", () => {
  it('keeps the first, naming those cut with their context', async () => {
    const listed = Array.from({ length: MAX_REMAPPINGS }, (_, i) => `p${i}/=lib/p${i}/`);
    const root = await realpath(
      await workspaceWith({
        'foundry.toml': "[profile.default]\nremappings = ['src/legacy:oz/=lib/oz-v4/']\n",
        'remappings.txt': `${listed.join('\n')}\n`,
      }),
    );
    const { projects, warnings } = await detectProjects({
      workspace: root,
      root,
      foundryProfile: 'default',
    });
    expect(projects[0]?.remappings).toHaveLength(MAX_REMAPPINGS);
    expect(projects[0]?.remappings.some((each) => each.context !== '')).toBe(false);
    expect(warnings).toEqual([
      `.: the remappings of foundry.toml and remappings.txt together lists ${MAX_REMAPPINGS + 1} entries, more than the ${MAX_REMAPPINGS} this action reads: ` +
        `the first ${MAX_REMAPPINGS} are used, the other 1 are not ("src/legacy:oz/=lib/oz-v4/").`,
    ]);
  });
});
