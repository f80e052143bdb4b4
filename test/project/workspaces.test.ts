import { mkdir, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileInPackage,
  listWorkspacePackages,
  workspacePackages,
} from '../../src/project/workspaces.ts';
import { workspaceWith } from '../support/workspace.ts';

/** The packages seen from `from`, as `name → folder` relative to the workspace. */
async function packagesFor(files: Record<string, string>, from = '') {
  const workspace = await realpath(await workspaceWith(files));
  const packages = await workspacePackages(path.join(workspace, from), workspace);
  return Object.fromEntries(
    [...packages].map(([name, folder]) => [name, path.relative(workspace, folder)]),
  );
}

const named = (name: string) => JSON.stringify({ name });

describe('workspacePackages', () => {
  it("reads npm's `workspaces` list and yarn's `{ packages }`, skipping folders without a name", async () => {
    expect(
      await packagesFor(
        {
          'package.json': JSON.stringify({ workspaces: ['packages/*', './tools/*/'] }),
          'packages/core/package.json': named('@acme/core'),
          'packages/utils/package.json': named('utils'),
          'packages/unnamed/package.json': '{}',
          'packages/core/sub/package.json': named('@acme/too-deep'),
          'tools/deploy/package.json': named('@acme/deploy'),
          'other/package.json': named('@acme/other'),
        },
        'packages/core',
      ),
    ).toEqual({
      '@acme/core': 'packages/core',
      utils: 'packages/utils',
      '@acme/deploy': 'tools/deploy',
    });
    expect(
      await packagesFor({
        'package.json': JSON.stringify({ workspaces: { packages: ['pkg/*'], nohoist: ['**'] } }),
        'pkg/vault/package.json': named('@acme/vault'),
      }),
    ).toEqual({ '@acme/vault': 'pkg/vault' });
  });

  it('reads pnpm-workspace.yaml, before package.json, with negations matched as pnpm matches them', async () => {
    expect(
      await packagesFor({
        'package.json': JSON.stringify({ name: 'root', workspaces: ['ignored/*'] }),
        'ignored/x/package.json': named('ignored'),
        'pnpm-workspace.yaml': [
          'packages:',
          '  - .',
          "  - 'packages/**'",
          "  - '!**/test/**'",
          "  - '!packages/legacy'",
        ].join('\n'),
        'packages/a/package.json': named('a'),
        'packages/group/b/package.json': named('b'),
        'packages/test/package.json': named('test-only'),
        'packages/a/test/fixture/package.json': named('fixture'),
        'packages/legacy/package.json': named('legacy'),
      }),
    ).toEqual({ root: '', a: 'packages/a', b: 'packages/group/b' });
  });

  it('takes the nearest manifest at or above the project, passing over plain package.json files', async () => {
    const files = {
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/app/package.json': named('app'),
      'packages/nested/pnpm-workspace.yaml': 'packages: ["modules/*"]\n',
      'packages/nested/modules/m/package.json': named('m'),
    };
    expect(await packagesFor(files, 'packages/app/contracts')).toEqual({ app: 'packages/app' });
    expect(await packagesFor(files, 'packages/nested/modules/m')).toEqual({
      m: 'packages/nested/modules/m',
    });
  });

  it('never looks into node_modules, hidden folders, links, or outside the workspace', async () => {
    const temp = await realpath(
      await workspaceWith({
        'outside/o/package.json': named('outside'),
        'ws/package.json': JSON.stringify({ workspaces: ['**', '../outside/*', '/etc/*'] }),
        'ws/packages/a/package.json': named('a'),
        'ws/packages/a/node_modules/dep/package.json': named('dep'),
        'ws/packages/.cache/c/package.json': named('cached'),
      }),
    );
    const workspace = path.join(temp, 'ws');
    await symlink(path.join(temp, 'outside/o'), path.join(workspace, 'packages/linked'));
    await mkdir(path.join(workspace, 'packages/b'));
    await symlink(
      path.join(temp, 'outside/o/package.json'),
      path.join(workspace, 'packages/b/package.json'),
    );
    const packages = await workspacePackages(path.join(workspace, 'packages/a'), workspace);
    expect([...packages]).toEqual([['a', path.join(workspace, 'packages/a')]]);
    // A manifest above the workspace is not the workspace's.
    const inner = path.join(workspace, 'packages');
    expect((await workspacePackages(path.join(inner, 'a'), inner)).size).toBe(0);
  });

  it('finds nothing through a manifest that is broken, too large, or not a file', async () => {
    const member = { 'packages/a/package.json': named('a') };
    const manifests: Record<string, string>[] = [
      { 'pnpm-workspace.yaml': 'packages: [unclosed\n' },
      { 'pnpm-workspace.yaml': 'packages: packages/*\n' },
      { 'package.json': '{ "workspaces": ["packages/*"' },
      { 'package.json': JSON.stringify({ workspaces: 'packages/*' }) },
      {
        'package.json': JSON.stringify({
          workspaces: ['packages/*'],
          padding: 'x'.repeat(1024 * 1024),
        }),
      },
      { 'package.json/x': '' },
    ];
    for (const manifest of manifests) {
      expect(await packagesFor({ ...manifest, ...member }, 'packages/a')).toEqual({});
    }
  });

  it("takes `packages/**` for the folders below that have a package.json, not every folder (LayerZero's layout)", async () => {
    const workspace = await realpath(
      await workspaceWith({
        'package.json': JSON.stringify({ workspaces: ['packages/**'] }),
        'packages/chains/evm/protocol/package.json': named('protocol'),
        'packages/chains/evm/protocol/contracts/Endpoint.sol': 'contract Endpoint {}',
      }),
    );
    const listing = await listWorkspacePackages(workspace, workspace);
    expect(listing.packages.map(({ folder }) => path.relative(workspace, folder))).toEqual([
      'packages/chains/evm/protocol',
    ]);
  });

  it('stops listing folders after a bound', async () => {
    const workspace = await realpath(
      await workspaceWith({
        'package.json': JSON.stringify({ workspaces: ['packages/**'] }),
        'packages/aaa/package.json': named('first'),
        'packages/zzz/package.json': named('last'),
      }),
    );
    await Promise.all(
      Array.from({ length: 5000 }, (_, i) =>
        mkdir(path.join(workspace, `packages/m${String(i).padStart(4, '0')}`)),
      ),
    );
    expect([...(await workspacePackages(workspace, workspace)).keys()]).toEqual(['first']);
  });
});

describe('fileInPackage', () => {
  it('splits a scoped or plain package name from the path inside it', () => {
    const packages = new Map([
      ['@acme/core', '/ws/packages/core'],
      ['utils', '/ws/packages/utils'],
    ]);
    expect(fileInPackage(packages, '@acme/core/contracts/X.sol')).toBe(
      '/ws/packages/core/contracts/X.sol',
    );
    expect(fileInPackage(packages, 'utils/Math.sol')).toBe('/ws/packages/utils/Math.sol');
    expect(fileInPackage(packages, '@acme/core')).toBeUndefined();
    expect(fileInPackage(packages, '@acme/other/X.sol')).toBeUndefined();
    expect(fileInPackage(packages, 'core/X.sol')).toBeUndefined();
  });

  it('lists every matched folder with a manifest, nameless and same-named ones too, for the projects it may hold', async () => {
    const workspace = await realpath(
      await workspaceWith({
        'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
        'packages/a/package.json': JSON.stringify({ name: 'x' }),
        'packages/b/package.json': JSON.stringify({ name: 'x' }),
        'packages/c/package.json': '{}',
        // Matched by the pattern, but no package without its manifest.
        'packages/d/contracts/D.sol': 'contract D {}',
      }),
    );
    const listing = await listWorkspacePackages(workspace, workspace);
    expect(
      listing.packages.map(({ name, folder }) => [name, path.relative(workspace, folder)]),
    ).toEqual([
      ['x', 'packages/a'],
      ['x', 'packages/b'],
      [undefined, 'packages/c'],
    ]);
    expect(listing.stopped).toBe(false);
  });

  it('ignores a pattern whose wildcards would make matching backtrack without end', async () => {
    const packages = await packagesFor({
      'pnpm-workspace.yaml': `packages:\n  - 'packages/${'*a'.repeat(12)}b'\n  - 'long/${'x'.repeat(300)}'\n  - 'libs/*'\n`,
      [`packages/${'a'.repeat(40)}/package.json`]: JSON.stringify({ name: 'slow' }),
      'libs/one/package.json': JSON.stringify({ name: 'one' }),
    });
    expect(packages).toEqual({ one: 'libs/one' });
  });
});
