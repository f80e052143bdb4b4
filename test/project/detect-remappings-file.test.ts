/**
 * remappings.txt beside a config of a tool other than Foundry (Hardhat 3 reads it too): its
 * remappings are the project's, one that cannot be used is named, and a long list is cut to the
 * bound with a warning. Foundry's own remappings.txt is read with the rest of its remappings.
 */
import { realpath } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_REMAPPINGS } from '../../src/project/config-bounds.ts';
import { detectProjects } from '../../src/project/detect.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

async function detect(files: Record<string, string>) {
  const root = await realpath(await workspaceWith(files));
  return detectProjects({
    vocabulary: ACTION_VOCABULARY,
    workspace: root,
    root,
    foundryProfile: 'default',
  });
}

const HARDHAT = { 'hardhat.config.js': 'module.exports = { solidity: "0.8.24" };' };

describe('remappings.txt of a project Foundry does not build', () => {
  it('gives a Hardhat project its remappings, context included, and says how many', async () => {
    const { projects, warnings } = await detect({
      ...HARDHAT,
      'remappings.txt':
        '@oz/=node_modules/@openzeppelin/contracts/\ncontracts/legacy:@oz/=lib/oz-v4/\n',
    });
    expect(warnings).toEqual([]);
    expect(projects[0]?.remappings).toEqual([
      { context: '', prefix: '@oz/', target: 'node_modules/@openzeppelin/contracts/' },
      { context: 'contracts/legacy', prefix: '@oz/', target: 'lib/oz-v4/' },
    ]);
    expect(projects[0]?.notes).toEqual([
      'hardhat.config.js: paths.sources = contracts (the default)',
      'remappings.txt: 2 remapping(s)',
    ]);
  });

  it('names a remappings.txt that cannot be read and resolves with the other remappings', async () => {
    const { projects, warnings } = await detect({
      ...HARDHAT,
      'remappings.txt/x': '',
    });
    expect(projects[0]?.remappings).toEqual([]);
    expect(warnings).toEqual([
      "remappings.txt is a directory, not a file. It is not used: the project's imports are resolved with its other remappings.",
    ]);
  });

  it('keeps the first remappings of a long list, naming those cut with their context', async () => {
    const many = Array.from({ length: MAX_REMAPPINGS }, (_, i) => `p${i}/=lib/p${i}/`);
    const { projects, warnings } = await detect({
      ...HARDHAT,
      'remappings.txt': [...many, 'contracts/old:q/=lib/q-old/', 'q/=lib/q/'].join('\n'),
    });
    expect(projects[0]?.remappings).toHaveLength(MAX_REMAPPINGS);
    expect(projects[0]?.remappings.at(-1)?.prefix).toBe(`p${MAX_REMAPPINGS - 1}/`);
    expect(warnings).toEqual([
      `.: the remappings of foundry.toml, remappings.txt, its libraries and Brownie's config together lists ${MAX_REMAPPINGS + 2} entries, more than the ${MAX_REMAPPINGS} this action reads: ` +
        `the first ${MAX_REMAPPINGS} are used, the other 2 are not ("contracts/old:q/=lib/q-old/", "q/=lib/q/").`,
    ]);
  });
});
