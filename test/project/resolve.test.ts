import { realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectProjects } from '../../src/project/detect.ts';
import { createImportResolver, type SourceNode } from '../../src/project/resolve.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

async function resolverFor(files: Record<string, string>, projectPath = '') {
  const workspace = await realpath(await workspaceWith(files));
  const root = path.join(workspace, projectPath);
  const {
    projects: [project],
  } = await detectProjects({
    vocabulary: ACTION_VOCABULARY,
    workspace,
    root,
    foundryProfile: 'default',
  });
  if (!project) throw new Error('no project in the fixture');
  const resolve = createImportResolver(project, workspace, ACTION_VOCABULARY);
  const importer = (name: string): SourceNode => ({
    name,
    unitName: name,
    absolutePath: path.join(root, name),
    size: 0,
  });
  return {
    workspace,
    resolve: async (importPath: string, from: string) => {
      const resolution = await resolve(importPath, importer(from));
      if ('node' in resolution)
        return `${resolution.node.name} ← ${path.relative(workspace, resolution.node.absolutePath)}`;
      return 'problem' in resolution ? resolution.problem : `built in: ${resolution.builtIn}`;
    },
  };
}

describe('createImportResolver', () => {
  it("finds a library by Foundry's automatic remapping, and prefers an explicit one", async () => {
    const { resolve: resolve } = await resolverFor({
      'foundry.toml': '[profile.default]\n',
      'remappings.txt': 'solmate/=lib/solmate/\n',
      'src/A.sol': '',
      'lib/forge-std/src/Test.sol': '',
      'lib/solmate/src/tokens/ERC20.sol': '',
      'lib/oz/contracts/access/Ownable.sol': '',
    });
    expect(await resolve('forge-std/Test.sol', 'src/A.sol')).toBe(
      'forge-std/Test.sol ← lib/forge-std/src/Test.sol',
    );
    expect(await resolve('solmate/src/tokens/ERC20.sol', 'src/A.sol')).toBe(
      'solmate/src/tokens/ERC20.sol ← lib/solmate/src/tokens/ERC20.sol',
    );
    expect(await resolve('oz/access/Ownable.sol', 'src/A.sol')).toBe(
      'oz/access/Ownable.sol ← lib/oz/contracts/access/Ownable.sol',
    );
    expect(await resolve('src/A.sol', 'src/B.sol')).toBe('src/A.sol ← src/A.sol');
  });

  it("with auto_detect_remappings = false, leaves out the libraries' remappings but still finds <lib>/<name>/src/, as forge does", async () => {
    const { resolve: resolve } = await resolverFor({
      'foundry.toml': '[profile.default]\nauto_detect_remappings = false\n',
      'lib/forge-std/src/Test.sol': '',
      'lib/oracle/foundry.toml': '',
      'lib/oracle/remappings.txt': '@oracle/=src/\n',
      'lib/oracle/src/IOracle.sol': '',
    });
    expect(await resolve('forge-std/Test.sol', 'src/A.sol')).toBe(
      'forge-std/Test.sol ← lib/forge-std/src/Test.sol',
    );
    expect(await resolve('@oracle/IOracle.sol', 'src/A.sol')).toMatch(/^no file was found at /);
  });

  it("a folder whose only config cannot be used still finds <lib>/<import>, and only Foundry's lookup adds <lib>/<name>/src/", async () => {
    const { resolve: resolve } = await resolverFor({
      'hardhat.config.js/x': '',
      'contracts/A.sol': '',
      'lib/kit/Kit.sol': '',
      'lib/tool/src/Tool.sol': '',
    });
    expect(await resolve('kit/Kit.sol', 'contracts/A.sol')).toBe('kit/Kit.sol ← lib/kit/Kit.sol');
    expect(await resolve('tool/Tool.sol', 'contracts/A.sol')).toMatch(/^no file was found at /);
  });

  it('walks up node_modules from the importer, then from the project root', async () => {
    const { resolve: resolve } = await resolverFor(
      {
        'node_modules/@oz/contracts/token/ERC20.sol': 'hoisted',
        'packages/app/hardhat.config.js': '',
        'packages/app/contracts/A.sol': '',
        'packages/app/node_modules/@oz/contracts/utils/Context.sol': '',
      },
      'packages/app',
    );
    expect(await resolve('@oz/contracts/token/ERC20.sol', 'contracts/A.sol')).toBe(
      '@oz/contracts/token/ERC20.sol ← node_modules/@oz/contracts/token/ERC20.sol',
    );
    expect(await resolve('@oz/contracts/utils/Context.sol', 'contracts/A.sol')).toBe(
      '@oz/contracts/utils/Context.sol ← packages/app/node_modules/@oz/contracts/utils/Context.sol',
    );
  });

  it('finds a sibling workspace package by its name when no node_modules link leads to it', async () => {
    const { resolve } = await resolverFor(
      {
        'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
        'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
        'packages/core/contracts/X.sol': '',
        'packages/app/package.json': JSON.stringify({ name: 'app' }),
        'packages/app/hardhat.config.js': '',
        'packages/app/contracts/A.sol': '',
        'packages/app/node_modules/@acme/core/contracts/X.sol': 'installed',
      },
      'packages/app',
    );
    // An installed copy still wins: it is what the compiler reads.
    expect(await resolve('@acme/core/contracts/X.sol', 'contracts/A.sol')).toBe(
      '@acme/core/contracts/X.sol ← packages/app/node_modules/@acme/core/contracts/X.sol',
    );
    const { resolve: unlinked } = await resolverFor(
      {
        'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
        'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
        'packages/core/contracts/X.sol': '',
        'packages/app/hardhat.config.js': '',
        'packages/app/contracts/A.sol': '',
      },
      'packages/app',
    );
    expect(await unlinked('@acme/core/contracts/X.sol', 'contracts/A.sol')).toBe(
      '@acme/core/contracts/X.sol ← packages/core/contracts/X.sol',
    );
    expect(await unlinked('@acme/core/contracts/Missing.sol', 'contracts/A.sol')).toBe(
      'no file was found at packages/app/@acme/core/contracts/Missing.sol, packages/app/contracts/node_modules/@acme/core/contracts/Missing.sol, ' +
        'packages/app/node_modules/@acme/core/contracts/Missing.sol, packages/node_modules/@acme/core/contracts/Missing.sol, ' +
        'node_modules/@acme/core/contracts/Missing.sol, packages/core/contracts/Missing.sol',
    );
    expect(await unlinked('@acme/other/X.sol', 'contracts/A.sol')).toMatch(
      /^no file was found at .*node_modules\/@acme\/other\/X\.sol$/,
    );
  });

  it('follows a remapping into node_modules to the workspace package when the link is absent', async () => {
    const { resolve } = await resolverFor(
      {
        'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
        'packages/shared/package.json': JSON.stringify({ name: '@acme/shared' }),
        'packages/shared/src/Errors.sol': '',
        'packages/protocol/foundry.toml': '[profile.default]\n',
        'packages/protocol/remappings.txt':
          '@acme/shared/=node_modules/@acme/shared/src/\nelsewhere/=lib/elsewhere/\n',
        'packages/protocol/src/Pool.sol': '',
      },
      'packages/protocol',
    );
    expect(await resolve('@acme/shared/Errors.sol', 'src/Pool.sol')).toBe(
      '@acme/shared/Errors.sol ← packages/shared/src/Errors.sol',
    );
    expect(await resolve('@acme/shared/Missing.sol', 'src/Pool.sol')).toBe(
      'its remapping leads to packages/protocol/node_modules/@acme/shared/src/Missing.sol, which does not exist',
    );
    // A remapping elsewhere is the compiler's only answer.
    expect(await resolve('elsewhere/@acme/shared/src/Errors.sol', 'src/Pool.sol')).toMatch(
      /^its remapping leads to /,
    );
  });

  it('resolves relative imports on disk and by name, and names what it looked for when nothing is there', async () => {
    const { resolve: resolve } = await resolverFor({
      'hardhat.config.js': '',
      'contracts/A.sol': '',
      'contracts/lib/Math.sol': '',
    });
    expect(await resolve('./lib/Math.sol', 'contracts/A.sol')).toBe(
      'contracts/lib/Math.sol ← contracts/lib/Math.sol',
    );
    expect(await resolve('./Missing.sol', 'contracts/A.sol')).toBe(
      'contracts/Missing.sol does not exist',
    );
    expect(await resolve('@x/y/Z.sol', 'contracts/A.sol')).toBe(
      'no file was found at @x/y/Z.sol, contracts/node_modules/@x/y/Z.sol, node_modules/@x/y/Z.sol',
    );
  });

  it('never reads outside the workspace, through a remapping or a link', async () => {
    const { resolve: resolve } = await resolverFor({
      'foundry.toml': "[profile.default]\nremappings = ['up/=../']\n",
      'src/A.sol': '',
    });
    expect(await resolve('up/etc/passwd', 'src/A.sol')).toMatch(
      /^its remapping leads to \/.*\/etc\/passwd, which is outside the workspace$/,
    );
    const { resolve: linked } = await resolverFor({
      'hardhat.config.js': '',
      'contracts/A.sol': '',
    });
    expect(await linked('./escape/passwd', 'contracts/A.sol')).toBe(
      'contracts/escape/passwd does not exist',
    );
  });

  it('refuses a file reached through a link that leads outside the workspace', async () => {
    const { resolve, workspace } = await resolverFor({
      'hardhat.config.js': '',
      'contracts/A.sol': '',
    });
    await symlink('/etc', path.join(workspace, 'contracts/escape'));
    expect(await resolve('./escape/passwd', 'contracts/A.sol')).toBe(
      'contracts/escape/passwd links outside the workspace',
    );
  });

  it('never sends a file further down the lookup in place of one forge would read in libs outside the workspace', async () => {
    const vendor = await realpath(await workspaceWith({ 'x/A.sol': '' }));
    const { resolve } = await resolverFor({
      'foundry.toml': `[profile.default]\nlibs = ["${vendor}", "lib"]\nauto_detect_remappings = false\n`,
      'src/S.sol': '',
      'x/A.sol': '',
    });
    // forge tree: src/S.sol imports the vendor's x/A.sol, not the project's.
    expect(await resolve('x/A.sol', 'src/S.sol')).toBe(
      `forge would read it from ${vendor}/x/A.sol where that file exists, outside the workspace, which this action never reads, before x/A.sol`,
    );
  });

  it('says forge would read an import through a library linked outside the workspace, never that no file was found, nor a file further down the lookup', async () => {
    const outside = await realpath(await workspaceWith({ 'dep/src/A.sol': '' }));
    const { resolve, workspace } = await resolverFor({
      'foundry.toml': '[profile.default]\nauto_detect_remappings = false\n',
      'src/X.sol': '',
      'src/dep/A.sol': '',
      'lib/.keep': '',
    });
    await symlink(path.join(outside, 'dep'), path.join(workspace, 'lib/dep'));
    // forge tree: src/X.sol imports lib/dep/src/A.sol, not src/dep/A.sol.
    expect(await resolve('dep/A.sol', 'src/X.sol')).toBe(
      'forge would read it from lib/dep/src/A.sol, a link that leads outside the workspace, which this action never reads',
    );
  });
});
