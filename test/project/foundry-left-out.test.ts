/**
 * Remappings the action cannot use as written are named: one forge build leaves out because it is
 * named after the project's src folder (held against forge), and those of libraries nested past
 * the depth the walk follows.
 */
import { mkdtemp, realpath, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectProjects } from '../../src/project/detect.ts';
import { forgeUnavailable } from '../support/forge.ts';
import { compared } from '../support/forge-fixtures.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const CONTRACT = (name: string, imports = '') =>
  `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n${imports}\ncontract ${name} {}\n`;

describe.skipIf(forgeUnavailable !== undefined)(
  `a remapping named after the src folder, held against forge${forgeUnavailable ? ` (skipped: ${forgeUnavailable})` : ''}`,
  () => {
    it('is left out as forge build leaves it out, and named when it led elsewhere', async () => {
      const workspace = await realpath(
        await workspaceWith({
          'foundry.toml': '[profile.default]\n',
          'remappings.txt': 'src/=lib/foo/src/\n',
          'src/A.sol': CONTRACT('A', 'import "src/B.sol";\n'),
          'src/B.sol': CONTRACT('B'),
          'lib/foo/src/B.sol': CONTRACT('OtherB'),
        }),
      );
      const comparison = await compared(workspace);
      // forge tree follows the remapping; what forge build compiles is what is sent.
      expect(comparison).toMatchObject({
        extra: [],
        missing: ['lib/foo/src/B.sol'],
        build: { extra: [], missing: [] },
      });
      expect(comparison.warnings).toEqual([
        'warning: .: forge build leaves out the remapping "src/=lib/foo/src/": it is named after the project\'s src, test or script folder, ' +
          'so those imports are resolved in that folder, as forge compiles them (give the remapping another name).',
      ]);
    });

    it('says nothing of one that leads to the folder it is named after', async () => {
      const workspace = await realpath(
        await workspaceWith({
          'foundry.toml': '[profile.default]\n',
          'remappings.txt': 'src/=src/\n',
          'src/A.sol': CONTRACT('A', 'import "src/B.sol";\n'),
          'src/B.sol': CONTRACT('B'),
        }),
      );
      const comparison = await compared(workspace);
      expect(comparison).toMatchObject({ extra: [], missing: [], warnings: [] });
    });
  },
);

describe('libraries nested past the depth followed', () => {
  it('names those whose remappings are not used', async () => {
    const files: Record<string, string> = { 'foundry.toml': '[profile.default]\n' };
    let folder = '';
    for (let level = 1; level <= 8; level += 1) {
      folder += `lib/l${level}/`;
      files[`${folder}foundry.toml`] = '[profile.default]\n';
      files[`${folder}remappings.txt`] = `@l${level}/=src/\n`;
      files[`${folder}src/L${level}.sol`] = '';
    }
    const root = await realpath(await workspaceWith(files));
    const { projects, warnings } = await detectProjects({
      vocabulary: ACTION_VOCABULARY,
      workspace: root,
      root,
      foundryProfile: 'default',
    });
    const names = projects[0]?.remappings.map((each) => each.prefix) ?? [];
    expect(names).toContain('@l6/');
    expect(names).not.toContain('@l7/');
    expect(warnings).toEqual([
      'Libraries nested more than 6 deep are not followed: the remappings of 1 are not used ' +
        '("lib/l1/lib/l2/lib/l3/lib/l4/lib/l5/lib/l6/lib/l7"), so imports only they map may not resolve. Set them in remappings.txt.',
    ]);
  });
});

describe('a library whose foundry.toml links outside the workspace', () => {
  it('is named, its remappings left out, never read', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-'));
    await writeFile(path.join(outside, 'foundry.toml'), '[profile.default]\n');
    await writeFile(path.join(outside, 'remappings.txt'), '@out/=src/\n');
    const root = await realpath(
      await workspaceWith({
        'foundry.toml': '[profile.default]\n',
        'lib/out/remappings.txt': '@out/=src/\n',
        'lib/out/src/O.sol': '',
      }),
    );
    await symlink(path.join(outside, 'foundry.toml'), path.join(root, 'lib/out/foundry.toml'));
    const { projects, warnings } = await detectProjects({
      vocabulary: ACTION_VOCABULARY,
      workspace: root,
      root,
      foundryProfile: 'default',
    });
    expect(projects[0]?.remappings.map((each) => each.prefix)).not.toContain('@out/');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^lib\/out\/foundry\.toml .*outside.*It is not used: the library's remappings are left out, so imports only they map may not resolve\.$/,
      ),
    ]);
  });
});
