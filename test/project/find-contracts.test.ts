import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import type { Logger } from '../../src/log.ts';
import { findUploads, type ContractSearch } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

async function search(
  files: Record<string, string>,
  overrides: Partial<ContractSearch> = {},
): Promise<ContractSearch> {
  return contractSearch(await workspaceWith(files), overrides);
}

/** Every file of every upload. */
async function findContracts(options: ContractSearch, log: Logger) {
  return (await findUploads(options, log)).flatMap((upload) => upload.files);
}

describe('findUploads', () => {
  it('lists the files found with their sizes, and each one left out with its reason', async () => {
    const { log, lines } = recordingLogger();
    const files = await findContracts(
      await search({
        'src/Vault.sol': CONTRACT,
        'src/VaultMock.sol': CONTRACT,
        'lib/forge-std/Test.sol': CONTRACT,
      }),
      log,
    );
    expect(files.map((file) => file.relativePath)).toEqual(['src/Vault.sol']);
    expect(lines).toEqual([
      'info: No Foundry, Hardhat, Truffle, Brownie or Ape project found: searching by `contracts` and the built-in excludes.',
      'group: Contract files to audit (1)',
      `  src/Vault.sol (${CONTRACT.length} bytes)`,
      'group: Not audited (2)',
      '  lib/: dependencies (lib/ at the root, by convention)',
      '  src/VaultMock.sol: a mock, by its name',
      '  To audit one of them, add `!<path>` to `exclude` (e.g. `!mocks/`), or set `default-excludes` to false.',
    ]);
  });

  it('with `dependencies: exclude`, uploads only the files to audit and says what was left out', async () => {
    const files = {
      'contracts/Token.sol': `import "@openzeppelin/contracts/token/ERC20/ERC20.sol";\n${CONTRACT}`,
      'node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol': CONTRACT,
    };
    const included = await findContracts(await search(files), recordingLogger().log);
    expect(included.map((file) => [file.relativePath, file.dependency])).toEqual([
      ['contracts/Token.sol', false],
      ['@openzeppelin/contracts/token/ERC20/ERC20.sol', true],
    ]);
    const { log, lines } = recordingLogger();
    const excluded = await findContracts(await search(files, { dependencies: 'exclude' }), log);
    expect(excluded.map((file) => file.relativePath)).toEqual(['contracts/Token.sol']);
    expect(lines.at(-1)).toBe(
      'info: 1 imported file(s) were not uploaded (`dependencies: exclude`): the service sees an upload that does not compile on its own.',
    );
  });

  it('names an import that reaches outside the workspace without reading it', async () => {
    const { log, lines } = recordingLogger();
    await findContracts(
      await search({
        'foundry.toml': "[profile.default]\nremappings = ['evil/=../../../etc/']\n",
        'src/A.sol': `import "evil/passwd";\nimport "../../outside.sol";\n${CONTRACT}`,
      }),
      log,
    );
    const warning = lines.find((line) => line.startsWith('warning:')) ?? '';
    expect(warning).toContain('src/A.sol:1 imports "evil/passwd": its remapping leads to');
    expect(warning).toContain('which is outside the workspace');
    expect(warning).toMatch(
      /src\/A\.sol:2 imports "\.\.\/\.\.\/outside\.sol": \/\S+\/outside\.sol is outside the workspace/,
    );
  });

  it('with several projects, one upload each, named from its own root: the same name in two projects is no conflict', async () => {
    const { log, lines } = recordingLogger();
    const uploads = await findUploads(
      await search({
        'packages/a/foundry.toml': '[profile.default]\n',
        'packages/a/src/A.sol': `import "src/Shared.sol";\n${CONTRACT}`,
        'packages/a/src/Shared.sol': CONTRACT,
        'packages/b/foundry.toml': '[profile.default]\n',
        'packages/b/src/B.sol': `import "src/Shared.sol";\n${CONTRACT}`,
        'packages/b/src/Shared.sol': CONTRACT,
      }),
      log,
    );
    expect(
      uploads.map((each) => ({
        name: each.name,
        path: each.path,
        files: each.files.map((file) => `${file.relativePath} ← ${file.repositoryPath}`),
      })),
    ).toEqual([
      {
        name: 'acme/packages/a',
        path: 'packages/a',
        files: ['src/A.sol ← packages/a/src/A.sol', 'src/Shared.sol ← packages/a/src/Shared.sol'],
      },
      {
        name: 'acme/packages/b',
        path: 'packages/b',
        files: ['src/B.sol ← packages/b/src/B.sol', 'src/Shared.sol ← packages/b/src/Shared.sol'],
      },
    ]);
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([]);
  });

  it('audits at most 50 projects in one step, and says what to do instead', async () => {
    const projects = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [
        [`packages/p${i}/foundry.toml`, ''],
        [`packages/p${i}/src/A.sol`, CONTRACT],
      ]).flat(),
    ) as Record<string, string>;
    await expect(findUploads(await search(projects), recordingLogger().log)).rejects.toThrow(
      '51 projects under ./ have contracts to audit; one run audits at most 50.',
    );
  });

  it('names a workspace package it could not look through to the end, and what to do', async () => {
    const { log, lines } = recordingLogger();
    const generated = Object.fromEntries(
      Array.from({ length: 2001 }, (_, i) => [`packages/big/contracts/gen/${i}.json`, '']),
    );
    await findUploads(
      await search({
        'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
        'packages/core/foundry.toml': '',
        'packages/core/src/A.sol': CONTRACT,
        'packages/big/package.json': JSON.stringify({ name: 'big' }),
        ...generated,
        'packages/big/contracts/zz/Big.sol': CONTRACT,
      }),
      log,
    );
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
      expect.stringContaining(
        'Some workspace packages were not looked through for contracts, so none of theirs is audited unless imported:\n  - packages/big',
      ),
      // The package's contracts are named all the same.
      expect.stringContaining(
        "lie outside every project's folder, so they are not audited:\n  - packages/big/contracts/zz/Big.sol",
      ),
    ]);
  });

  it('names a project folder literally, glob characters and all', async () => {
    const uploads = await findUploads(
      await search({
        'packages/v[1]/foundry.toml': '[profile.default]\n',
        'packages/v[1]/src/A.sol': CONTRACT,
        'packages/v[1]/test/A.t.sol': CONTRACT,
        'packages/{x}/foundry.toml': '[profile.default]\n',
        'packages/{x}/src/B.sol': CONTRACT,
      }),
      recordingLogger().log,
    );
    expect(uploads.map((each) => each.files.map((file) => file.repositoryPath))).toEqual([
      ['packages/v[1]/src/A.sol'],
      ['packages/{x}/src/B.sol'],
    ]);
  });

  it('warns once about an import name that leads to two files, naming both', async () => {
    const { log, lines } = recordingLogger();
    const files = await findContracts(
      await search({
        'foundry.toml':
          "[profile.default]\nremappings = ['src/a/:@x/=lib/x1/', 'src/b/:@x/=lib/x2/']\n",
        'src/a/A.sol': `import "@x/X.sol";\n${CONTRACT}`,
        'src/b/B.sol': `import "@x/X.sol";\n${CONTRACT}`,
        'lib/x1/X.sol': CONTRACT,
        'lib/x2/X.sol': CONTRACT,
      }),
      log,
    );
    expect(files.filter((file) => file.dependency).map((file) => file.repositoryPath)).toEqual([
      'lib/x1/X.sol',
    ]);
    const warnings = lines.filter((line) => line.startsWith('warning:'));
    expect(warnings).toEqual([
      expect.stringContaining('- "@x/X.sol": sent lib/x1/X.sol, not lib/x2/X.sol'),
    ]);
  });

  it('names a link it skipped and why, without reading it', async () => {
    const options = await search({ 'src/Vault.sol': CONTRACT });
    await symlink('/etc', path.join(options.workspace, 'src/outside'));
    await symlink('missing.sol', path.join(options.workspace, 'src/Broken.sol'));
    const { log, lines } = recordingLogger();
    await findContracts(options, log);
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
      'warning: Skipped the symbolic link src/Broken.sol (to missing.sol): its target does not exist. It was not read.',
      'warning: Skipped the symbolic link src/outside (to /etc): it points outside the workspace. It was not read.',
    ]);
  });

  it('warns about a pattern of its own that matched nothing, unless told to ignore', async () => {
    const given = {
      contractPatterns: ['src/**/*.sol', 'contracts/**/*.sol'],
      defaultContractPatterns: false,
    };
    for (const [ifNoFilesFound, level] of [
      ['error', 'warning'],
      ['ignore', 'info'],
    ] as const) {
      const { log, lines } = recordingLogger();
      await findContracts(
        await search({ 'src/Vault.sol': CONTRACT }, { ...given, ifNoFilesFound }),
        log,
      );
      expect(lines).toContain(
        `${level}: No file matched these \`contracts\` patterns: contracts/**/*.sol`,
      );
    }
    // The defaults look for Solidity and Vyper: a Solidity-only project is no mistake.
    const { log, lines } = recordingLogger();
    await findContracts(await search({ 'src/Vault.sol': CONTRACT }), log);
    expect(lines.join('\n')).not.toContain('No file matched');
  });

  it('says what it looked for when nothing matched: an error, a warning, or a line', async () => {
    const nothing = { 'packages/core/README.md': '# no contracts' };
    const message =
      'No contract files found under packages/core/ for **/*.sol, **/*.vy, **/*.vyi. Check `contracts`, `exclude` and `working-directory`.';
    await expect(
      findContracts(await search(nothing, { pathPrefix: 'packages/core/' }), recordingLogger().log),
    ).rejects.toThrow(ConfigurationError);
    await expect(
      findContracts(await search(nothing, { pathPrefix: 'packages/core/' }), recordingLogger().log),
    ).rejects.toThrow(/Set `if-no-files-found` to warn or ignore to allow this\.\)$/);

    for (const [ifNoFilesFound, level] of [
      ['warn', 'warning'],
      ['ignore', 'info'],
    ] as const) {
      const { log, lines } = recordingLogger();
      const files = await findContracts(
        await search(nothing, { pathPrefix: 'packages/core/', ifNoFilesFound }),
        log,
      );
      expect(files).toEqual([]);
      expect(lines.at(-1)?.startsWith(`${level}: ${message}`)).toBe(true);
    }
    const { log, lines } = recordingLogger();
    await findContracts(
      await search(nothing, { useDefaultExcludes: false, ifNoFilesFound: 'warn' }),
      log,
    );
    expect(lines.at(-1)).toBe(
      'warning: No contract files found under ./ for **/*.sol, **/*.vy, **/*.vyi. Check `contracts`, `exclude` and `working-directory`.',
    );
  });

  it('refuses an upload over the limits before anything is sent', async () => {
    const options = await search(
      { 'src/A.sol': CONTRACT, 'src/B.sol': CONTRACT },
      { limits: { maxFiles: 1, maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000 } },
    );
    await expect(findContracts(options, recordingLogger().log)).rejects.toThrow(ConfigurationError);
  });

  it('ends an import closure that a folder link would make endless, and says why', async () => {
    const options = await search({
      'foundry.toml': '[profile.default]\n',
      'src/X.sol': `import "./d/X.sol";\n${CONTRACT}`,
    });
    await symlink('.', path.join(options.workspace, 'src/d'));
    const { log, lines } = recordingLogger();
    const files = await findContracts(options, log);
    // src/X.sol, then d/X.sol … under 8 names in all: the same file each time.
    expect(files).toHaveLength(8);
    expect(lines.find((line) => line.startsWith('warning:'))).toContain(
      'it reaches a file already sent under 8 names (a folder link that leads back into itself?)',
    );
  });

  it('stops following imports once the upload would pass max-files, and says what to change', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`node_modules/dep/L${i}.sol`, CONTRACT]),
    );
    const imports = Object.keys(many)
      .map((file) => `import "${file.replace('node_modules/', '')}";`)
      .join('\n');
    const options = await search(
      { 'hardhat.config.js': '', 'contracts/A.sol': `${imports}\n${CONTRACT}`, ...many },
      { limits: { maxFiles: 10, maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000 } },
    );
    await expect(findContracts(options, recordingLogger().log)).rejects.toThrow(
      /^The 1 files to audit import so many others that the upload would hold more than 10 files \(input `max-files`\)\. Raise `max-files`/,
    );
  });

  it('leaves build output out when a project keeps its sources at its root', async () => {
    const files = await findContracts(
      await search({
        'foundry.toml': "[profile.default]\nsrc = '.'\n",
        'Token.sol': CONTRACT,
        'out/Token.sol/Token.sol': CONTRACT,
        'cache/x.sol': CONTRACT,
      }),
      recordingLogger().log,
    );
    expect(files.map((file) => file.relativePath)).toEqual(['Token.sol']);
  });
});

describe('findUploads: hidden names, and files production code imports', () => {
  const FOUNDRY = "[profile.default]\nsrc = 'src'\n";
  const importing = (...paths: string[]) =>
    `${paths.map((p) => `import "${p}";`).join('\n')}\n${CONTRACT}`;
  const audit = async (files: Record<string, string>, overrides: Partial<ContractSearch> = {}) => {
    const { log, lines } = recordingLogger();
    const found = await findContracts(await search(files, overrides), log);
    return {
      lines,
      files: found.map((file) => [file.repositoryPath, file.dependency ? 'dependency' : 'audited']),
    };
  };

  it('audits a contract in a dot folder, found by the search and not only imported', async () => {
    const { files, lines } = await audit({
      'foundry.toml': FOUNDRY,
      'src/Vault.sol': importing('./.internal/VaultLogic.sol'),
      'src/.internal/VaultLogic.sol': CONTRACT,
      'src/.a/.b/Deep.sol': CONTRACT,
    });
    expect(files).toEqual([
      ['src/.a/.b/Deep.sol', 'audited'],
      ['src/.internal/VaultLogic.sol', 'audited'],
      ['src/Vault.sol', 'audited'],
    ]);
    expect(lines).toContain(`  src/.internal/VaultLogic.sol (${CONTRACT.length} bytes)`);
  });

  it('audits a hidden contract at the root of a plain folder, and leaves .git out', async () => {
    const { files } = await audit({
      '.Hidden.sol': CONTRACT,
      '.git/modules/x/A.sol': CONTRACT,
      'node_modules/.pnpm/x/B.sol': CONTRACT,
    });
    expect(files).toEqual([['.Hidden.sol', 'audited']]);
  });

  it('audits a file left out by convention that production code imports, through a chain of imports', async () => {
    const { files, lines } = await audit({
      'foundry.toml': FOUNDRY,
      'src/Vault.sol': importing('./utils/VaultHarness.sol'),
      // The harness passes the import on: what it reaches is production code too.
      'src/utils/VaultHarness.sol': importing('../mocks/LogicMock.sol', '../../lib/dep/Dep.sol'),
      'src/mocks/LogicMock.sol': CONTRACT,
      'src/mocks/Unused.sol': CONTRACT,
      'lib/dep/Dep.sol': CONTRACT,
    });
    expect(files).toEqual([
      ['src/Vault.sol', 'audited'],
      ['src/mocks/LogicMock.sol', 'audited'],
      ['src/utils/VaultHarness.sol', 'audited'],
      ['lib/dep/Dep.sol', 'dependency'],
    ]);
    expect(lines).toContain(
      'group: Audited because production code imports them (2), though left out above',
    );
  });

  it("audits a project's test or script file that production code imports, and what `contracts` selects only", async () => {
    const files = {
      'foundry.toml': FOUNDRY,
      'src/Vault.sol': importing('../test/utils/Logic.sol', '../script/Helper.sol'),
      'test/utils/Logic.sol': CONTRACT,
      'script/Helper.sol': CONTRACT,
    };
    expect((await audit(files)).files).toEqual([
      ['src/Vault.sol', 'audited'],
      ['script/Helper.sol', 'audited'],
      ['test/utils/Logic.sol', 'audited'],
    ]);
    // With `contracts` given, the user's globs say what is the team's to audit.
    expect(
      (
        await audit(files, {
          contractPatterns: ['src/**', 'test/**'],
          defaultContractPatterns: false,
        })
      ).files,
    ).toEqual([
      ['src/Vault.sol', 'audited'],
      ['test/utils/Logic.sol', 'audited'],
      ['script/Helper.sol', 'dependency'],
    ]);
  });

  it('sends an imported file of its own even with `dependencies: exclude`', async () => {
    const { files } = await audit(
      {
        'foundry.toml': FOUNDRY,
        'src/Vault.sol': importing('./VaultHarness.sol', '../lib/dep/Dep.sol'),
        'src/VaultHarness.sol': CONTRACT,
        'lib/dep/Dep.sol': CONTRACT,
      },
      { dependencies: 'exclude' },
    );
    expect(files).toEqual([
      ['src/Vault.sol', 'audited'],
      ['src/VaultHarness.sol', 'audited'],
    ]);
  });

  it("keeps as dependencies what lives in a dependency folder, hidden or not, or in the user's exclude", async () => {
    const { files } = await audit(
      {
        'foundry.toml': FOUNDRY,
        'src/Vault.sol': importing(
          '../lib/.x/Hidden.sol',
          './legacy/Old.sol',
          '../node_modules/pkg/P.sol',
        ),
        'lib/.x/Hidden.sol': CONTRACT,
        'src/legacy/Old.sol': CONTRACT,
        'node_modules/pkg/P.sol': CONTRACT,
      },
      { excludePatterns: ['src/legacy/'] },
    );
    expect(files).toEqual([
      ['src/Vault.sol', 'audited'],
      ['lib/.x/Hidden.sol', 'dependency'],
      ['node_modules/pkg/P.sol', 'dependency'],
      ['src/legacy/Old.sol', 'dependency'],
    ]);
  });

  it("audits another project's file left out by convention in the project whose code imports it", async () => {
    const { files } = await audit({
      'packages/a/foundry.toml': FOUNDRY,
      'packages/a/src/A.sol': importing('../../b/src/BHarness.sol', '../../b/src/B.sol'),
      'packages/b/foundry.toml': FOUNDRY,
      'packages/b/src/B.sol': CONTRACT,
      'packages/b/src/BHarness.sol': CONTRACT,
    });
    expect(files).toEqual([
      ['packages/a/src/A.sol', 'audited'],
      ['packages/b/src/BHarness.sol', 'audited'],
      // Audited by its own project's upload, so only sent with the importer's.
      ['packages/b/src/B.sol', 'dependency'],
      ['packages/b/src/B.sol', 'audited'],
    ]);
  });

  it('audits the sources the exported Hardhat config names, whatever object comes before it', async () => {
    const decoy = 'const legacy = { paths: { sources: "./legacy" } };\n';
    const layout = (config: string) => ({
      'hardhat.config.js': decoy + config,
      'contracts/Vault.sol': CONTRACT,
      'legacy/Old.sol': CONTRACT,
    });
    expect((await audit(layout('module.exports = { solidity: "0.8.24" };'))).files).toEqual([
      ['contracts/Vault.sol', 'audited'],
    ]);
    // Exported by code that is never run: the default and every literal value, never fewer.
    const { files, lines } = await audit(layout('module.exports = build(legacy);'));
    expect(files).toEqual([
      ['contracts/Vault.sol', 'audited'],
      ['legacy/Old.sol', 'audited'],
    ]);
    expect(lines.join('\n')).toContain(
      "hardhat.config.js: paths.sources = contracts, legacy (the default and the literal values the file holds: the config's exported value is not a literal and is never run)",
    );
  });
});
