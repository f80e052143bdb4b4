import { realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectProjects } from '../../src/project/detect.ts';
import { workspaceWith } from '../support/workspace.ts';

async function detect(files: Record<string, string>, foundryProfile = 'default') {
  const root = await realpath(await workspaceWith(files));
  return { root, projects: await detectProjects({ workspace: root, root, foundryProfile }) };
}

describe('detectProjects', () => {
  it('finds nested projects but not those of dependencies, tests or build output', async () => {
    const { projects } = await detect({
      'foundry.toml': '[profile.default]\nlibs = ["lib", "deps"]\n',
      'lib/forge-std/foundry.toml': '',
      'deps/solady/foundry.toml': '',
      'node_modules/@oz/contracts/hardhat.config.js': '',
      'test/fixtures/app/foundry.toml': '',
      '.git/modules/x/foundry.toml': '',
      'packages/app/hardhat.config.ts': 'export default { paths: { sources: "./src" } };',
      'packages/app/package.json': '{}',
    });
    expect(projects.map((p) => [p.path, p.frameworks, p.sources])).toEqual([
      ['', ['Foundry'], ['src']],
      ['packages/app', ['Hardhat'], ['src']],
    ]);
  });

  it('merges the configs of one folder (Hardhat with the Foundry plugin) and adds remappings.txt last', async () => {
    const { projects } = await detect({
      'foundry.toml': "[profile.default]\nsrc = 'contracts'\nremappings = ['a/=lib/a/']\n",
      'hardhat.config.js': 'module.exports = { solidity: "0.8.24" };',
      'remappings.txt': 'a/=lib/a-override/\n',
    });
    const [project] = projects;
    expect(project?.frameworks).toEqual(['Foundry', 'Hardhat']);
    expect(project?.sources).toEqual(['contracts']);
    expect(project?.libs).toEqual(['lib', 'node_modules']);
    expect(project?.remappings.map((r) => r.target)).toEqual(['lib/a/', 'lib/a-override/']);
    expect(project?.notes).toEqual([
      'foundry.toml (profile default): src = contracts, test = test, script = script, libs = lib, 1 remapping(s)',
      'hardhat.config.js: paths.sources = contracts (the default)',
      'remappings.txt: 1 remapping(s)',
    ]);
  });

  it('follows FOUNDRY_PROFILE, and says when a Hardhat setting is code', async () => {
    const { projects } = await detect(
      {
        'foundry.toml': "[profile.default]\nsrc = 'src'\n[profile.lite]\nsrc = 'lite'\n",
        'sub/hardhat.config.js':
          'module.exports = { paths: { sources: path.join(__dirname, "x") } };',
      },
      'lite',
    );
    expect(projects.map((p) => p.sources)).toEqual([['lite'], ['contracts']]);
    expect(projects[1]?.notes[0]).toBe(
      "hardhat.config.js: paths.sources = contracts (the default: the config's value is not a literal and is never run)",
    );
  });

  it('reads Truffle, Brownie and Ape layouts', async () => {
    const { projects } = await detect({
      'truffle/truffle-config.js': "module.exports = { contracts_directory: './sol' };",
      'brownie/brownie-config.yaml': 'dependencies: []\n',
      'ape/ape-config.yaml': 'contracts_folder: src\n',
    });
    expect(projects.map((p) => [p.path, p.frameworks[0], p.sources, p.tests, p.scripts])).toEqual([
      ['ape', 'Ape', ['src'], ['tests'], ['scripts']],
      ['brownie', 'Brownie', ['contracts', 'interfaces'], ['tests'], ['scripts']],
      ['truffle', 'Truffle', ['sol'], ['test'], ['migrations']],
    ]);
  });

  it('reads a config linked to another inside the workspace, never one linked outside it', async () => {
    const { root } = await detect({
      'foundry.toml': "[profile.default]\nsrc = 'contracts'\n",
      'pkg/vault/contracts/Vault.sol': '',
      'pkg/evil/contracts/Evil.sol': '',
    });
    await symlink('../../foundry.toml', path.join(root, 'pkg/vault/foundry.toml'));
    await symlink('/etc/hostname', path.join(root, 'pkg/evil/foundry.toml'));
    const projects = await detectProjects({
      workspace: root,
      root: path.join(root, 'pkg'),
      foundryProfile: 'default',
    });
    expect(projects.map((p) => [p.path, p.sources])).toEqual([['vault', ['contracts']]]);
  });

  it('does not follow links while searching, and finds nothing in a plain folder', async () => {
    const { root, projects } = await detect({
      'contracts/A.sol': '',
      'elsewhere/foundry.toml': '',
    });
    await symlink(path.join(root, 'elsewhere'), path.join(root, 'contracts/link'));
    expect(projects.map((p) => p.path)).toEqual(['elsewhere']);
    expect((await detect({ 'contracts/A.sol': '' })).projects).toEqual([]);
  });
});
