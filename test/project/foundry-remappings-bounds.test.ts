/**
 * What bounds the walk of a Foundry project's remappings: its own past the bound are cut, the
 * warning naming them as written, context included; a library whose libs lead back to itself is
 * not walked again (forge's own walk overflows its stack there: no oracle to hold it to).
 */
import { realpath } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_REMAPPINGS } from '../../src/project/config-bounds.ts';
import { detectProjects } from '../../src/project/detect.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

describe("the walk of a Foundry project's remappings", () => {
  it('keeps the first of its own past the bound, naming those cut with their context', async () => {
    const listed = Array.from({ length: MAX_REMAPPINGS }, (_, i) => `p${i}/=lib/p${i}/`);
    const root = await realpath(
      await workspaceWith({
        'foundry.toml': "[profile.default]\nremappings = ['src/legacy:oz/=lib/oz-v4/']\n",
        'remappings.txt': `${listed.join('\n')}\n`,
      }),
    );
    const { projects, warnings } = await detectProjects({
      vocabulary: ACTION_VOCABULARY,
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

  it('walks a library whose libs lead back to itself once, and takes the remappings of the others', async () => {
    const root = await realpath(
      await workspaceWith({
        'foundry.toml': '[profile.default]\n',
        // lib/a's libs is lib/, which holds lib/a.
        'lib/a/foundry.toml': '[profile.default]\nlibs = [".."]\n',
        'lib/a/src/A.sol': '',
        'lib/b/foundry.toml': '[profile.default]\n',
        'lib/b/remappings.txt': '@b/=src/\n',
        'lib/b/src/B.sol': '',
      }),
    );
    const { projects, warnings } = await detectProjects({
      vocabulary: ACTION_VOCABULARY,
      workspace: root,
      root,
      foundryProfile: 'default',
    });
    expect(projects[0]?.remappings.map((each) => `${each.prefix}=${each.target}`)).toEqual([
      '@b/=lib/b/src/',
      'a/=lib/a/src/',
      'b/=lib/b/src/',
    ]);
    expect(warnings).toEqual([]);
  }, 10_000);
});
