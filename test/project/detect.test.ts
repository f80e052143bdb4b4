import { MAX_REMAPPINGS } from '../../src/project/config-bounds.ts';
import { realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { detectProjects } from '../../src/project/detect.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

async function detect(files: Record<string, string>, foundryProfile = 'default') {
  const root = await realpath(await workspaceWith(files));
  const detection = await detectProjects({
    vocabulary: ACTION_VOCABULARY,
    workspace: root,
    root,
    foundryProfile,
  });
  return { root, projects: detection.projects, warnings: detection.warnings };
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

  it("merges the configs of one folder (Hardhat with the Foundry plugin); remappings.txt's remapping of a name wins over foundry.toml's, as in forge", async () => {
    const { projects } = await detect({
      'foundry.toml': "[profile.default]\nsrc = 'contracts'\nremappings = ['a/=lib/a/']\n",
      'hardhat.config.js': 'module.exports = { solidity: "0.8.24" };',
      'remappings.txt': 'a/=lib/a-override/\n',
    });
    const [project] = projects;
    expect(project?.frameworks).toEqual(['Foundry', 'Hardhat']);
    expect(project?.sources).toEqual(['contracts']);
    expect(project?.libs).toEqual(['lib', 'node_modules']);
    // `forge remappings` prints `a/=lib/a-override/` alone.
    expect(project?.remappings.map((r) => r.target)).toEqual(['lib/a-override/']);
    expect(project?.notes).toEqual([
      'foundry.toml (profile default): src = contracts, test = test, script = script, libs = lib, 1 remapping(s)',
      'hardhat.config.js: paths.sources = contracts (the default)',
      "Foundry's remappings, as forge computes them: 1, 0 of them found in its libraries",
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
    const { projects, warnings } = await detectProjects({
      vocabulary: ACTION_VOCABULARY,
      workspace: root,
      root: path.join(root, 'pkg'),
      foundryProfile: 'default',
    });
    // The link outside is never read: its folder is searched as a plain folder, and said so.
    expect(projects.map((p) => [p.path, p.sources])).toEqual([
      ['evil', ['.']],
      ['vault', ['contracts']],
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^pkg\/evil\/foundry\.toml is a link that leads outside the workspace \(to \/\S+\)\. It is not used: the folder's contracts are searched as a plain folder's/,
      ),
    ]);
  });

  it('never lists a libs folder that leads outside the workspace, and names it', async () => {
    const outside = await realpath(
      await workspaceWith({
        'dep/src/A.sol': 'contract A {}\n',
        'secret/contracts/S.sol': 'contract S {}\n',
        'nested/foundry.toml': "[profile.default]\nremappings = ['n/=x/']\n",
      }),
    );
    const root = await realpath(
      await workspaceWith({
        'foundry.toml': '[profile.default]\nlibs = ["lib", "deps"]\n',
        'deps/inner/foundry.toml': '[profile.default]\nlibs = ["vendor"]\n',
        'src/X.sol': 'import "dep/A.sol";\ncontract X {}\n',
      }),
    );
    await symlink(outside, path.join(root, 'lib'));
    await symlink(outside, path.join(root, 'deps/inner/vendor'));
    const { projects, warnings } = await detectProjects({
      vocabulary: ACTION_VOCABULARY,
      workspace: root,
      root,
      foundryProfile: 'default',
    });
    // Forge would find `dep/`, `secret/` and `nested/` there: their names are the runner's.
    expect(projects[0]?.remappings.map((r) => `${r.prefix}=${r.target}`)).toEqual([
      'inner/=deps/inner/src/',
    ]);
    const leads = (file: string, lib: string) =>
      `${file}: libs "${lib} (to ${outside})" leads outside the workspace, which this action never reads: ` +
      'the libraries forge would find there are not looked for, and imports forge would resolve there are not sent. ' +
      'Keep the libraries inside the repository (a git submodule, or an install before this step).';
    expect(warnings).toEqual([
      leads('foundry.toml', 'lib'),
      leads('deps/inner/foundry.toml', 'vendor'),
    ]);
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

  it('never takes a library, test data or an example for a project of the repository', async () => {
    const { projects } = await detect({
      'contracts/A.sol': '',
      'lib/forge-std/foundry.toml': '',
      'op-chain-ops/testdata/foundry.toml': '',
      'examples/template/foundry.toml': 'src = {{src}}',
      'test/fixtures/app/hardhat.config.js': '',
    });
    expect(projects).toEqual([]);
  });

  it('warns about a broken config below the root and searches its folder by convention, but fails on its own', async () => {
    const { projects, warnings } = await detect({
      'foundry.toml': '[profile.default]\n',
      'packages/template/foundry.toml': 'src = {{src}}',
    });
    expect(projects.map((p) => [p.path, p.sources, p.libs])).toEqual([
      ['', ['src'], ['lib', 'node_modules']],
      ['packages/template', ['.'], ['lib', 'node_modules']],
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^packages\/template\/foundry\.toml is not valid TOML .* It is not used: the folder's contracts are searched as a plain folder's \(all but tests, scripts, mocks and harnesses by convention, and lib\/\)\.$/,
      ),
    ]);
    await expect(detect({ 'foundry.toml': 'src = {{src}}' })).rejects.toThrow(ConfigurationError);
  });

  it('reads folders as folders: a glob stands for its folder, and one leading out is refused', async () => {
    const { projects, warnings } = await detect({
      'truffle-config.js': 'module.exports = { contracts_directory: "./contracts/*.sol" };',
      'a/foundry.toml': "[profile.default]\nsrc = '../shared'\ntest = '/'\n",
    });
    expect(projects.map((p) => [p.path, p.sources, p.tests])).toEqual([
      ['', ['contracts'], ['test']],
      ['a', ['src'], ['test']],
    ]);
    expect(warnings).toEqual([
      expect.stringContaining(
        'a/foundry.toml: src = "../shared" leads out of the project\'s folder',
      ),
      'a/foundry.toml: test = "/" is an absolute path: it is not used.',
    ]);
  });

  it('does not read a config too large to be one, and keeps the first remappings of a long list', async () => {
    const many = Array.from({ length: 40_000 }, (_, i) => `p${i}/=lib/p${i}/`).join('\n');
    const { projects, warnings } = await detect({
      'foundry.toml': '[profile.default]\n',
      'remappings.txt': many,
      'sub/hardhat.config.js': `module.exports = { paths: { sources: "src" } };//${'x'.repeat(1_100_000)}`,
    });
    expect(projects[0]?.remappings).toHaveLength(MAX_REMAPPINGS);
    // Not read at all: its folder is searched as a plain folder's, by convention.
    expect(projects[1]?.sources).toEqual(['.']);
    expect(warnings).toEqual([
      `.: the remappings of foundry.toml and remappings.txt together lists 40000 entries, more than the ${MAX_REMAPPINGS} this action reads: ` +
        `the first ${MAX_REMAPPINGS} are used, the other 38000 are not ("p2000/=lib/p2000/", "p2001/=lib/p2001/", "p2002/=lib/p2002/", … and 37997 more).`,
      "sub/hardhat.config.js is larger than 1 MiB, more than a config holds. It is not used: the folder's contracts are searched as a plain folder's (all but tests, scripts, mocks and harnesses by convention, and lib/).",
    ]);
  });

  it("takes the remappings of libraries with a foundry.toml, for every file, the closest of each name and never over the project's, as forge does", async () => {
    const { projects } = await detect({
      'foundry.toml': "[profile.default]\nremappings = ['solmate/=lib/solmate/src/']\n",
      'lib/oz-upgradeable/foundry.toml': '',
      'lib/oz-upgradeable/remappings.txt':
        '@openzeppelin/contracts/=lib/openzeppelin-contracts/contracts/\nsolmate/=lib/solmate/src/\n',
      'lib/v4-periphery/foundry.toml': '',
      'lib/v4-periphery/remappings.txt': '@openzeppelin/=lib/oz/\n@uniswap/v4-core/=lib/v4-core/\n',
      // No foundry.toml: forge never reads its remappings.txt.
      'lib/loose/remappings.txt': 'loose/=lib/elsewhere/\n',
    });
    const shown = (projects[0]?.remappings ?? []).map(
      (each) => `${each.context}:${each.prefix}=${each.target}`,
    );
    // What `forge remappings` prints for these files.
    expect(shown).toEqual([
      ':solmate/=lib/solmate/src/',
      ':@openzeppelin/=lib/v4-periphery/lib/oz/',
      ':@uniswap/v4-core/=lib/v4-periphery/lib/v4-core/',
      ':oz-upgradeable/=lib/oz-upgradeable/src/',
      ':v4-periphery/=lib/v4-periphery/src/',
    ]);
  });

  it('never lets YAML warnings reach stderr, where the runner reads workflow commands', async () => {
    const warned = vi.spyOn(process, 'emitWarning');
    const { projects } = await detect({
      'ape-config.yaml': '::error title=Injected::Owned: !foo bar\n',
    });
    expect(projects.map((p) => p.frameworks)).toEqual([['Ape']]);
    expect(warned).not.toHaveBeenCalled();
    warned.mockRestore();
  });

  it('reads Buidler, the former Hardhat, the same way', async () => {
    const { projects } = await detect({
      'buidler.config.js': 'module.exports = { paths: { sources: "./src" } };',
    });
    expect(projects.map((p) => [p.frameworks, p.sources])).toEqual([[['Hardhat'], ['src']]]);
  });
});
