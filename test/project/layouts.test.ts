import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  findUploads,
  findProjects,
  outermostProjects,
  projectSummaries,
  type ContractSearch,
  type UploadFile,
} from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { LAYOUTS, layoutWorkspace, unresolvedWithin } from '../support/layouts.ts';
import { recordingLogger } from '../support/logger.ts';
import { compileUpload } from '../support/solc-compile.ts';

async function upload(layout: string, overrides: Partial<ContractSearch> = {}) {
  const { log, lines } = recordingLogger();
  const uploads = await findUploads(contractSearch(await layoutWorkspace(layout), overrides), log);
  const files = uploads.flatMap((upload) => upload.files);
  return { uploads, files, lines, log: lines.join('\n') };
}

/** `name` for a file sent under its repository path, `name ← repository path` otherwise. */
function sent(files: readonly UploadFile[], dependency: boolean): string[] {
  return files
    .filter((file) => file.dependency === dependency)
    .map((file) =>
      file.relativePath === file.repositoryPath
        ? file.relativePath
        : `${file.relativePath} ← ${file.repositoryPath}`,
    );
}

describe('the upload of each fixture layout', () => {
  it('Foundry with test helpers inside src/: the sources, and only the library files they import', async () => {
    const { files, log } = await upload('foundry-src-test');
    expect(sent(files, false)).toEqual([
      'src/PoolManager.sol',
      'src/interfaces/IPoolManager.sol',
      'src/libraries/Pool.sol',
      'src/libraries/SafeCast.sol',
    ]);
    expect(sent(files, true)).toEqual([
      'solmate/src/tokens/ERC20.sol ← lib/solmate/src/tokens/ERC20.sol',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(log).toContain('src/test/: tests and test helpers, by convention');
    expect(log).toContain('src/mocks/: mocks, by convention');
    // forge-std's own foundry.toml is a dependency's, not a project of this repository.
    expect(log).toContain('group: Projects (1)');
    expect(log).not.toContain('warning:');
  });

  it("Foundry hook on a periphery library: a prefix only the library's remappings.txt maps resolves, with no false warning", async () => {
    const { files, log } = await upload('foundry-hook-periphery');
    expect(sent(files, false)).toEqual(['src/base/LimitOrderHook.sol']);
    expect(sent(files, true)).toEqual([
      '@uniswap/v4-core/src/interfaces/IPoolManager.sol ← lib/v4-periphery/lib/v4-core/src/interfaces/IPoolManager.sol',
      '@uniswap/v4-core/src/types/PoolKey.sol ← lib/v4-periphery/lib/v4-core/src/types/PoolKey.sol',
      'v4-periphery/src/base/SafeCallback.sol ← lib/v4-periphery/src/base/SafeCallback.sol',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    // lib/v4-periphery has a foundry.toml, so forge takes its remappings.txt (and the remappings
    // of its own lib/) for every file.
    expect(log).toContain(
      "Foundry's remappings, as forge computes them: 5, 3 of them found in its libraries",
    );
    expect(log).not.toContain('warning:');
  });

  it("Hardhat with the Foundry plugin and a foundry.toml that does not parse: Foundry's default folders still audited, and said", async () => {
    const { files, lines } = await upload('hardhat-foundry-broken-toml');
    expect(sent(files, false)).toEqual(['src/Escrow.sol', 'src/interfaces/IEscrow.sol']);
    expect(sent(files, true)).toEqual([
      'solady/utils/SafeTransferLib.sol ← lib/solady/src/utils/SafeTransferLib.sol',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    const warnings = lines.filter((line) => line.startsWith('warning:'));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: foundry\.toml is not valid TOML \(line 5, column 19\).* It is not used: the folder is taken for a Hardhat project, with Foundry's default folders too \(src\/ audited\)\.$/,
      ),
    ]);
  });

  it('a dapptools folder beside framework projects, which nothing audits, is named in a warning', async () => {
    const { uploads, lines } = await upload('workspace-dapptools');
    expect(uploads.map((each) => [each.path, sent(each.files, false)])).toEqual([
      ['packages/token', ['contracts/AcmeToken.sol ← packages/token/contracts/AcmeToken.sol']],
      ['packages/vault', ['src/Vault.sol ← packages/vault/src/Vault.sol']],
    ]);
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
      "warning: 3 contract file(s) lie outside every project's folder, so they are not audited:\n" +
        '  - dss/lib/ds-test/src/test.sol\n  - dss/src/jug.sol\n  - dss/src/vat.sol\n' +
        'Give their folder a project config (or a package.json in a workspace), or set `contracts` to audit them.',
    ]);
  });

  it("a dapptools folder inside a Foundry project, outside its src/, is named with the project's source folders", async () => {
    const { files, lines } = await upload('foundry-beside-dapptools');
    expect(sent(files, false)).toEqual(['src/Spotter.sol']);
    const group = lines.indexOf("group: Not audited: outside their project's source folders (3)");
    expect(lines.slice(group + 1, group + 5)).toEqual([
      '  dss/lib/ds-test/src/test.sol: not in src/ of the project at .',
      '  dss/src/jug.sol: not in src/ of the project at .',
      '  dss/src/vat.sol: not in src/ of the project at .',
      "  If they are production code, add their folder to the project's sources (or set `contracts`).",
    ]);
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([]);
  });

  it('a git submodule inside src/ that is not checked out is named with the fix; empty ones under lib/ are not', async () => {
    const workspace = await layoutWorkspace('foundry-empty-submodule');
    // As actions/checkout leaves it without `submodules: recursive`: the folder is there, empty.
    await mkdir(path.join(workspace, 'src/oracles'));
    const { log, lines } = recordingLogger();
    const [only] = await findUploads(contractSearch(workspace), log);
    expect(sent(only?.files ?? [], false)).toEqual([
      'src/LendingPool.sol',
      'src/interfaces/ILendingPool.sol',
    ]);
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
      'warning: 1 git submodule(s) where contracts are audited are empty (declared in .gitmodules, not checked out), so their files are not audited:\n' +
        '  - src/oracles/\n' +
        'Check out with `submodules: recursive` in actions/checkout (or run `git submodule update --init --recursive` before this step).',
    ]);
    // Checked out, it is audited, and nothing is said.
    await writeFile(
      path.join(workspace, 'src/oracles/PriceOracle.sol'),
      'contract PriceOracle {}\n',
    );
    const again = recordingLogger();
    const [checkedOut] = await findUploads(contractSearch(workspace), again.log);
    expect(sent(checkedOut?.files ?? [], false)).toContain('src/oracles/PriceOracle.sol');
    expect(again.lines.filter((line) => line.startsWith('warning:'))).toEqual([]);

    // A dependency's submodule not checked out: the unresolved imports name it, not forge-std's.
    await rm(path.join(workspace, 'lib/openzeppelin-contracts'), { recursive: true });
    await mkdir(path.join(workspace, 'lib/openzeppelin-contracts'));
    const library = recordingLogger();
    await findUploads(contractSearch(workspace), library.log);
    const [unresolved, ...others] = library.lines.filter((line) => line.startsWith('warning:'));
    expect(others).toEqual([]);
    expect(unresolved).toContain('1 import(s) could not be resolved');
    expect(unresolved).toContain(
      '\nThey lead into git submodules that are empty here (declared in .gitmodules, not checked out): lib/openzeppelin-contracts/.\n',
    );
  });

  it('vendored code is a dependency; test helpers by name are left out unless production imports them; exclude brings them back', async () => {
    const { files, lines } = await upload('hardhat-vendor-helpers');
    expect(sent(files, false)).toEqual([
      'contracts/governance/TimelockGovernor.sol',
      'contracts/governance/DummyVotes.sol',
    ]);
    expect(sent(files, true)).toEqual(['contracts/vendor/compound/ICompoundTimelock.sol']);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  contracts/governance/DummyERC20.sol: a test helper, by its name',
        '  contracts/governance/TestTimelock.sol: a test helper, by its name',
        "  contracts/vendor/: vendored code, by convention: sent as a dependency where imported, never audited as the team's own",
      ]),
    );
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([]);

    const back = await upload('hardhat-vendor-helpers', {
      excludePatterns: ['!TestTimelock.sol', '!vendor/'],
    });
    expect(sent(back.files, false)).toEqual([
      'contracts/governance/TestTimelock.sol',
      'contracts/governance/TimelockGovernor.sol',
      'contracts/vendor/compound/ICompoundTimelock.sol',
      'contracts/vendor/polygon/IFxMessageProcessor.sol',
      'contracts/governance/DummyVotes.sol',
    ]);
    expect(sent(back.files, true)).toEqual([]);
  });

  it('with default-excludes off, installed packages outside the sources are still no candidates', async () => {
    const { files, lines } = await upload('hardhat-node-modules', { useDefaultExcludes: false });
    expect(sent(files, false)).toContain('contracts/mocks/MockOracle.sol');
    expect(
      lines.filter(
        (line) => line.includes('node_modules/@openzeppelin') && !line.includes('(node_modules/'),
      ),
    ).toEqual([]);
    expect(lines.some((line) => line.startsWith('group: Not audited: outside'))).toBe(false);
  });

  it("Foundry with src = 'contracts': mocks and harnesses left out, a remapped self-import sent under its name", async () => {
    const { files, log } = await upload('foundry-contracts-mocks');
    expect(sent(files, false)).toEqual([
      'contracts/access/Ownable.sol',
      'contracts/finance/VestingWallet.sol',
      'contracts/token/ERC20/ERC20.sol',
      'contracts/token/ERC20/IERC20.sol',
      'contracts/utils/Context.sol',
    ]);
    // `@openzeppelin/contracts/=contracts/`: the importer's string must name a file of the upload.
    expect(sent(files, true)).toEqual([
      '@openzeppelin/contracts/access/Ownable.sol ← contracts/access/Ownable.sol',
      '@openzeppelin/contracts/utils/Context.sol ← contracts/utils/Context.sol',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(log).toContain('contracts/mocks/: mocks, by convention');
    expect(log).toContain(
      'contracts/utils/ReentrancyGuardHarness.sol: a verification harness, by its name',
    );
    expect(log).toContain(
      'foundry.toml (profile default): src = contracts, test = test, script = script, libs = node_modules, lib',
    );
  });

  it('Hardhat with node_modules/@openzeppelin: the import closure, named as Hardhat names it', async () => {
    const { files, log } = await upload('hardhat-node-modules');
    expect(sent(files, false)).toEqual(['contracts/Token.sol', 'contracts/Vault.sol']);
    expect(sent(files, true)).toEqual([
      '@openzeppelin/contracts/access/Ownable.sol ← node_modules/@openzeppelin/contracts/access/Ownable.sol',
      '@openzeppelin/contracts/token/ERC20/ERC20.sol ← node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol',
      '@openzeppelin/contracts/token/ERC20/IERC20.sol ← node_modules/@openzeppelin/contracts/token/ERC20/IERC20.sol',
      '@openzeppelin/contracts/utils/Context.sol ← node_modules/@openzeppelin/contracts/utils/Context.sol',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(log).toContain('hardhat.config.ts: paths.sources = contracts');
    expect(log).toContain('contracts/test/: tests and test helpers, by convention');
  });

  it("Foundry in a monorepo: names from the project's root, its production lib/ audited, scripts/ left out", async () => {
    const { files, log } = await upload('monorepo-foundry');
    const bedrock = 'packages/contracts-bedrock/';
    expect(sent(files, false)).toEqual(
      [
        'src/L1/OptimismPortal.sol',
        'src/dispute/FaultDisputeGame.sol',
        'src/dispute/lib/LibPosition.sol',
        'src/libraries/SafeCall.sol',
      ].map((name) => `${name} ← ${bedrock}${name}`),
    );
    expect(sent(files, true)).toEqual([
      `@openzeppelin/contracts/access/Ownable.sol ← ${bedrock}lib/openzeppelin-contracts/contracts/access/Ownable.sol`,
      `@openzeppelin/contracts/utils/Context.sol ← ${bedrock}lib/openzeppelin-contracts/contracts/utils/Context.sol`,
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(log).toContain('packages/contracts-bedrock: Foundry project');
    expect(log).toContain(
      'audits src/; leaves out test/ (tests), scripts/ (scripts), node_modules/ and lib/ (dependencies), and mocks and harnesses by convention',
    );
    expect(log).not.toContain('warning:');
  });

  it('yarn workspaces: a package imports its sibling through the node_modules link', async () => {
    const { files, log } = await upload('yarn-workspaces', { pathPrefix: 'packages/core/' });
    // The log names files by their place in the repository, whatever the working directory.
    expect(log).toContain('  packages/core/contracts/Vault.sol (');
    expect(log).toContain('  packages/core/contracts/mocks/: mocks, by convention');
    expect(sent(files, false)).toEqual(['contracts/Vault.sol ← packages/core/contracts/Vault.sol']);
    expect(sent(files, true)).toEqual([
      '@acme/interfaces/contracts/IVault.sol ← packages/interfaces/contracts/IVault.sol',
      '@acme/interfaces/contracts/IVaultEvents.sol ← packages/interfaces/contracts/IVaultEvents.sol',
      '@openzeppelin/contracts/token/ERC20/IERC20.sol ← node_modules/@openzeppelin/contracts/token/ERC20/IERC20.sol',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
  });

  it('yarn workspaces from the root: one upload per package, each named from its own root and self-contained', async () => {
    const { uploads, log } = await upload('yarn-workspaces');
    expect(uploads.map((each) => [each.name, each.path])).toEqual([
      ['acme/packages/core', 'packages/core'],
      ['acme/packages/interfaces', 'packages/interfaces'],
    ]);
    const [core, interfaces] = uploads.map((each) => each.files);
    expect(sent(core ?? [], false)).toEqual([
      'contracts/Vault.sol ← packages/core/contracts/Vault.sol',
    ]);
    expect(sent(core ?? [], true)).toEqual([
      '@acme/interfaces/contracts/IVault.sol ← packages/interfaces/contracts/IVault.sol',
      '@acme/interfaces/contracts/IVaultEvents.sol ← packages/interfaces/contracts/IVaultEvents.sol',
      '@openzeppelin/contracts/token/ERC20/IERC20.sol ← node_modules/@openzeppelin/contracts/token/ERC20/IERC20.sol',
    ]);
    expect(sent(interfaces ?? [], false)).toEqual([
      'contracts/IVault.sol ← packages/interfaces/contracts/IVault.sol',
      'contracts/IVaultEvents.sol ← packages/interfaces/contracts/IVaultEvents.sol',
    ]);
    expect(sent(interfaces ?? [], true)).toEqual([]);
    for (const each of uploads) expect(await unresolvedWithin(each.files)).toEqual([]);
    expect(log).toContain('group: Projects (2)');
    expect(log).toContain('2 projects: each is audited on its own');
    expect(log).toContain('group: acme/packages/core: Dependencies (3)');
  });

  it('npm workspaces without node_modules: siblings found through the root package.json, the rest named in the warning', async () => {
    const { files, lines } = await upload('npm-workspaces-unlinked', { pathPrefix: 'pkg/vault/' });
    expect(sent(files, false)).toEqual(['contracts/Vault.sol ← pkg/vault/contracts/Vault.sol']);
    expect(sent(files, true)).toEqual([
      '@acme-v2/interfaces/contracts/solidity-utils/helpers/AcmeErrors.sol ← pkg/interfaces/contracts/solidity-utils/helpers/AcmeErrors.sol',
      '@acme-v2/interfaces/contracts/solidity-utils/openzeppelin/IERC20.sol ← pkg/interfaces/contracts/solidity-utils/openzeppelin/IERC20.sol',
      '@acme-v2/interfaces/contracts/vault/IVault.sol ← pkg/interfaces/contracts/vault/IVault.sol',
      '@acme-v2/solidity-utils/contracts/math/FixedPoint.sol ← pkg/solidity-utils/contracts/math/FixedPoint.sol',
      '@acme-v2/solidity-utils/contracts/math/LogExpMath.sol ← pkg/solidity-utils/contracts/math/LogExpMath.sol',
    ]);
    // The one package outside the workspace needs the install step.
    expect(await unresolvedWithin(files)).toEqual([
      'contracts/Vault.sol → @openzeppelin/contracts/security/ReentrancyGuard.sol',
    ]);
    const warnings = lines.filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('1 import(s) could not be resolved');
    expect(warnings[0]).toContain(
      'pkg/vault/contracts/Vault.sol:6 imports "@openzeppelin/contracts/security/ReentrancyGuard.sol"',
    );
  });

  it('pnpm workspace without node_modules: a direct import and a remapping into node_modules reach the sibling packages', async () => {
    const router = await upload('pnpm-workspace', { pathPrefix: 'packages/router/' });
    expect(sent(router.files, false)).toEqual([
      'contracts/Router.sol ← packages/router/contracts/Router.sol',
    ]);
    expect(sent(router.files, true)).toEqual([
      '@acme/protocol/src/interfaces/IPool.sol ← packages/protocol/src/interfaces/IPool.sol',
      '@acme/shared/contracts/Errors.sol ← packages/shared/contracts/Errors.sol',
      '@acme/shared/contracts/libraries/SafeTransfer.sol ← packages/shared/contracts/libraries/SafeTransfer.sol',
    ]);
    expect(await unresolvedWithin(router.files)).toEqual([]);
    expect(router.log).not.toContain('warning:');

    // `@acme/shared/=node_modules/@acme/shared/`, and packages/legacy (also @acme/shared) is excluded.
    const protocol = await upload('pnpm-workspace', { pathPrefix: 'packages/protocol/' });
    expect(sent(protocol.files, false)).toEqual(
      ['src/Pool.sol', 'src/interfaces/IPool.sol'].map(
        (name) => `${name} ← packages/protocol/${name}`,
      ),
    );
    expect(sent(protocol.files, true)).toEqual([
      '@acme/shared/contracts/Errors.sol ← packages/shared/contracts/Errors.sol',
    ]);
    expect(await unresolvedWithin(protocol.files)).toEqual([]);
    expect(protocol.log).not.toContain('warning:');
  });

  it('pnpm workspace from the root: a package of contracts with no framework config is a project too, and a negated one is not', async () => {
    const { uploads, log } = await upload('pnpm-workspace');
    expect(
      uploads.map((each) => [
        each.path,
        sent(each.files, false).length,
        sent(each.files, true).length,
      ]),
    ).toEqual([
      ['packages/protocol', 2, 1],
      ['packages/router', 1, 3],
      ['packages/shared', 2, 0],
    ]);
    expect(sent(uploads[2]?.files ?? [], false)).toEqual([
      'contracts/Errors.sol ← packages/shared/contracts/Errors.sol',
      'contracts/libraries/SafeTransfer.sol ← packages/shared/contracts/libraries/SafeTransfer.sol',
    ]);
    for (const each of uploads) expect(await unresolvedWithin(each.files)).toEqual([]);
    expect(log).toContain('packages/shared: Workspace package project');
    expect(log).toContain('workspace package @acme/shared with no framework config');
    // The negated package is no project, and its contracts are named as audited by nothing.
    expect(log).not.toContain('packages/legacy: ');
    expect(log).toContain(
      "warning: 1 contract file(s) lie outside every project's folder, so they are not audited:\n  - packages/legacy/contracts/Errors.sol",
    );
  });

  it('a folder of contracts with no framework anywhere is searched as it always was, workspace or not', async () => {
    const { uploads } = await upload('pnpm-workspace', { pathPrefix: 'packages/shared/' });
    expect(uploads.map((each) => [each.name, each.path])).toEqual([['acme', 'packages/shared']]);
  });

  it('Brownie with Vyper: contracts and interfaces, not the testing folder; a package that is not installed is one warning', async () => {
    const { files, lines } = await upload('brownie-vyper');
    expect(sent(files, false)).toEqual([
      'contracts/LiquidityGauge.vy',
      'contracts/StableSwap.vy',
      'contracts/Zap.sol',
      'interfaces/IStableSwap.vy',
    ]);
    expect(sent(files, true)).toEqual([]);
    const warnings = lines.filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'contracts/Zap.sol:4 imports "@openzeppelin/contracts/token/ERC20/IERC20.sol": its remapping leads to OpenZeppelin/openzeppelin-contracts@4.8.0/contracts/token/ERC20/IERC20.sol, which does not exist',
    );
    expect(warnings[0]).toContain(
      'Brownie installs its packages (OpenZeppelin/openzeppelin-contracts@4.8.0) outside the repository',
    );
  });

  it('Vyper 0.4 with moccasin: modules, interfaces and an ABI followed as the compiler finds them, lib/pypi sent as a dependency', async () => {
    const { files, log } = await upload('vyper-moccasin');
    expect(sent(files, false)).toEqual([
      'src/constants.vy',
      'src/interfaces/i_vault.vyi',
      'src/modules/accounting.vy',
      'src/modules/fees.vy',
      'src/modules/limits.vy',
      'src/vault.vy',
    ]);
    // An ABI holds no code to audit: sent, since the upload does not compile without it, as a
    // dependency.
    expect(sent(files, true)).toEqual([
      'snekmate/auth/ownable.vy ← lib/pypi/snekmate/auth/ownable.vy',
      'snekmate/utils/errors.vy ← lib/pypi/snekmate/utils/errors.vy',
      'src/interfaces/IPriceOracle.json',
    ]);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(log).toContain('src/mocks/: mocks, by convention');
    expect(log).not.toContain('Audited because production code imports them');
    expect(log).not.toContain('warning:');
  });

  it('Vyper 0.4 with Ape and nothing installed: each module not found is named with the fix, built-ins are not', async () => {
    const { files, lines } = await upload('vyper-ape-missing');
    expect(sent(files, false)).toEqual(['contracts/Pool.vy', 'contracts/interfaces/IPool.vyi']);
    expect(sent(files, true)).toEqual([]);
    expect(await unresolvedWithin(files)).toEqual([
      'contracts/Pool.vy → snekmate.tokens.erc20',
      'contracts/Pool.vy → .curve_math',
      'contracts/Pool.vy → ..........escape',
    ]);
    const warnings = lines.filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    const [warning = ''] = warnings;
    expect(warning).toContain('3 import(s) could not be resolved');
    expect(warning).toContain(
      'contracts/Pool.vy:3 imports "snekmate.tokens.erc20": no module was found at contracts/snekmate/tokens/erc20.vy, snekmate/tokens/erc20.vy,',
    );
    expect(warning).toContain(
      'contracts/Pool.vy:5 imports ".curve_math": no module was found at contracts/curve_math.vy, contracts/curve_math.vyi, contracts/curve_math.json',
    );
    // Climbing out of the workspace is never read, and says so.
    expect(warning).toMatch(
      /contracts\/Pool\.vy:6 imports "\.{10}escape": .*escape\.vy is outside the workspace/,
    );
    expect(warning).toContain('installed inside the workspace before this step');
    expect(warning).not.toContain('ethereum.ercs');
    expect(warning).not.toContain('vyper.interfaces');
    // Nothing here is Solidity: its fixes would be noise.
    expect(warning).not.toContain('remappings.txt');
  });

  it('a plain folder: every contract but tests and mocks, and a production lib/ folder', async () => {
    const { files, log } = await upload('plain');
    expect(sent(files, false)).toEqual([
      'contracts/Token.sol',
      'contracts/access/Owned.sol',
      'contracts/lib/Math.sol',
    ]);
    expect(sent(files, true)).toEqual([]);
    expect(await unresolvedWithin(files)).toEqual([]);
    expect(log).toContain('No Foundry, Hardhat, Truffle, Brownie or Ape project found');
  });
});

describe('the projects output', () => {
  it('names each project for a matrix: its folder for working-directory, its name for project-name', async () => {
    const workspace = await layoutWorkspace('yarn-workspaces');
    const search = contractSearch(workspace);
    const projects = await findProjects(search, recordingLogger().log);
    expect(projectSummaries(projects, search, 'acme')).toEqual([
      { name: 'acme/packages/core', path: 'packages/core', frameworks: ['Hardhat'] },
      { name: 'acme/packages/interfaces', path: 'packages/interfaces', frameworks: ['Hardhat'] },
    ]);
    const plain = contractSearch(await layoutWorkspace('plain'));
    expect(
      projectSummaries(await findProjects(plain, recordingLogger().log), plain, 'acme'),
    ).toEqual([{ name: 'acme', path: '.', frameworks: [] }]);
    const below = contractSearch(workspace, { pathPrefix: 'packages/core/' });
    expect(
      projectSummaries(await findProjects(below, recordingLogger().log), below, 'core'),
    ).toEqual([{ name: 'core', path: 'packages/core', frameworks: ['Hardhat'] }]);
  });
});

describe('one step and a matrix of jobs over the projects output', () => {
  /** The repository path of each audited file, once per audit that audits it. */
  const audited = (uploads: Awaited<ReturnType<typeof findUploads>>) =>
    uploads.flatMap((each) =>
      each.files.filter((file) => !file.dependency).map((file) => file.repositoryPath),
    );

  it.each(readdirSync(LAYOUTS))(
    '%s: each file audited once, by the same projects',
    async (layout) => {
      const workspace = await layoutWorkspace(layout);
      const quiet = { ifNoFilesFound: 'ignore' as const };
      const oneStep = audited(
        await findUploads(contractSearch(workspace, quiet), recordingLogger().log),
      );
      const search = contractSearch(workspace, quiet);
      const projects = await findProjects(search, recordingLogger().log);
      const jobs = projectSummaries(outermostProjects(projects), search, 'acme');
      const matrix: string[] = [];
      for (const job of jobs) {
        const pathPrefix = job.path === '.' ? '' : `${job.path}/`;
        const run = contractSearch(workspace, { ...quiet, pathPrefix, projectName: job.name });
        matrix.push(...audited(await findUploads(run, recordingLogger().log)));
      }
      expect(new Set(oneStep).size).toBe(oneStep.length);
      expect(matrix.sort()).toEqual([...oneStep].sort());
    },
  );

  it('lists a project nested in another once, under the outer one, whose run audits both', async () => {
    const workspace = await layoutWorkspace('hardhat-nested-foundry');
    const search = contractSearch(workspace);
    const { log, lines } = recordingLogger();
    const projects = await findProjects(search, log);
    expect(projects.map((project) => project.path)).toEqual(['', 'periphery']);
    expect(projectSummaries(outermostProjects(projects), search, 'acme')).toEqual([
      { name: 'acme', path: '.', frameworks: ['Hardhat'] },
    ]);
    expect(lines).toContain(
      "info: periphery lies inside the project at .: each file is audited once, in the deepest project holding it, and a run at the outer project's folder audits the nested one too, so the `projects` output lists only the outermost projects.",
    );
    const uploads = await findUploads(search, recordingLogger().log, projects);
    expect(
      uploads.map((each) => [each.name, sent(each.files, false), sent(each.files, true)]),
    ).toEqual([
      ['acme', ['contracts/Staking.sol', 'contracts/interfaces/IStaking.sol'], []],
      [
        'acme/periphery',
        ['src/StakingRouter.sol ← periphery/src/StakingRouter.sol'],
        ['core/interfaces/IStaking.sol ← contracts/interfaces/IStaking.sol'],
      ],
    ]);
    for (const each of uploads) expect(await unresolvedWithin(each.files)).toEqual([]);
  });
});

describe('nothing dropped without a word', () => {
  /** Folders that hold no candidate to audit: dependencies, build output, tests and scripts. */
  const NEVER_CANDIDATES = new Set(
    'node_modules .git lib out cache artifacts test tests testing test-helpers script scripts migrations mocks mock certora fv halmos harness harnesses echidna crytic medusa audits'.split(
      ' ',
    ),
  );
  const candidates = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory())
        return NEVER_CANDIDATES.has(entry.name)
          ? []
          : candidates(`${dir}/${entry.name}`, `${relative}/`);
      return /\.(sol|vyi?)$/.test(entry.name) && !/\.[ts]\.sol$|Mock|Harness/.test(entry.name)
        ? [relative]
        : [];
    });

  it.each(readdirSync(LAYOUTS))(
    '%s: every contract file is audited, sent as a dependency, or named in the log',
    async (layout) => {
      const workspace = await layoutWorkspace(layout);
      const { log, lines } = recordingLogger();
      const uploads = await findUploads(
        contractSearch(workspace, { ifNoFilesFound: 'ignore' }),
        log,
      );
      const sentFiles = new Set(
        uploads.flatMap((each) => each.files.map((file) => file.repositoryPath)),
      );
      // Each line that names a file or folder: `path: reason`, `- path`, `folder/: reason`.
      const entries = new Set(
        lines
          .flatMap((line) => line.split('\n'))
          .map(
            (line) =>
              line
                .trim()
                .replace(/^- /, '')
                .split(/: | \(/)[0],
          ),
      );
      const named = (file: string) =>
        entries.has(file) ||
        file
          .split('/')
          .some((_, index, segments) => entries.has(`${segments.slice(0, index).join('/')}/`));
      const dropped = candidates(workspace).filter((file) => !sentFiles.has(file) && !named(file));
      expect(dropped).toEqual([]);
    },
  );
});

describe('each upload compiled on its own by solc-js', () => {
  it.each(readdirSync(LAYOUTS))(
    '%s: compiles, or lacks exactly the imports the regular-expression check finds',
    async (layout) => {
      const workspace = await layoutWorkspace(layout);
      const uploads = await findUploads(
        contractSearch(workspace, { ifNoFilesFound: 'ignore' }),
        recordingLogger().log,
      );
      for (const each of uploads) {
        const { missing, errors } = await compileUpload(each.files);
        expect(errors, each.name).toEqual([]);
        // The compiler and the regular-expression check find the same imports missing.
        const byRegex = (await unresolvedWithin(each.files))
          .filter((entry) => !/\.vyi?\s→/.test(entry))
          .map((entry) => entry.split(' → ')[1] ?? '');
        expect(missing, each.name).toEqual([...new Set(byRegex)].sort());
      }
    },
  );
});
