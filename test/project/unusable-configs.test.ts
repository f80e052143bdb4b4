/**
 * A sub-project whose config cannot be used (a link to nothing or outside the workspace, a file
 * that does not parse) never takes its contracts out of the audit unsaid: they are audited by
 * convention or by the folder's other config, and a warning says why.
 */
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUploads } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

/** A monorepo whose `packages/core` is a sound Foundry project, plus `files`. */
async function monorepo(files: Record<string, string>) {
  return workspaceWith({
    'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
    'packages/core/src/Core.sol': CONTRACT,
    ...files,
  });
}

async function audit(workspace: string) {
  const { log, lines } = recordingLogger();
  const uploads = await findUploads(contractSearch(workspace), log);
  return {
    audited: uploads.flatMap((upload) =>
      upload.files.filter((file) => !file.dependency).map((file) => file.repositoryPath),
    ),
    warnings: lines.filter((line) => line.startsWith('warning: ')),
  };
}

describe('sub-projects whose config cannot be used', () => {
  it('audits the folder of a config that links to nothing, and says so', async () => {
    const workspace = await monorepo({ 'packages/a/src/A.sol': CONTRACT });
    await symlink('missing.toml', path.join(workspace, 'packages/a/foundry.toml'));
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/a/src/A.sol', 'packages/core/src/Core.sol']);
    // The search of the folder names the link too, as it names every link it does not follow.
    expect(warnings).toEqual([
      "warning: packages/a/foundry.toml is a link to nothing. It is not used: the folder's contracts are searched as a plain folder's (all but tests, scripts, mocks and harnesses by convention, and lib/).",
      'warning: Skipped the symbolic link packages/a/foundry.toml (to missing.toml): its target does not exist. It was not read.',
    ]);
  });

  it('never reads a config that links outside the workspace, audits its folder, and names the link', async () => {
    const outside = await workspaceWith({ 'foundry.toml': "[profile.default]\nsrc = 'nowhere'\n" });
    const workspace = await monorepo({
      'packages/b/contracts/B.sol': CONTRACT,
      'packages/b/test/B.t.sol': CONTRACT,
      'packages/b/lib/dep/Dep.sol': CONTRACT,
    });
    await symlink(
      path.join(outside, 'foundry.toml'),
      path.join(workspace, 'packages/b/foundry.toml'),
    );
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/b/contracts/B.sol', 'packages/core/src/Core.sol']);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^warning: packages\/b\/foundry\.toml is a link that leads outside the workspace \(to \/\S+\/foundry\.toml\)\. It is not used: /,
    );
  });

  it('audits the folder of a foundry.toml that does not parse, by convention', async () => {
    const workspace = await monorepo({
      'packages/c/foundry.toml': "[profile.default]\nsrc = 'src\n",
      'packages/c/contracts/C.sol': CONTRACT,
      'packages/c/src/mocks/CMock.sol': CONTRACT,
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/c/contracts/C.sol', 'packages/core/src/Core.sol']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: packages\/c\/foundry\.toml is not valid TOML .* It is not used: the folder's contracts are searched as a plain folder's/,
      ),
    ]);
  });

  it("falls back to the Hardhat config beside a foundry.toml that does not parse, with Foundry's default folders too", async () => {
    const workspace = await monorepo({
      'packages/d/foundry.toml': 'src = {{src}}',
      'packages/d/hardhat.config.ts': 'export default { paths: { sources: "./sol" } };',
      'packages/d/sol/D.sol': CONTRACT,
      'packages/d/src/Template.sol': CONTRACT,
      'packages/d/lib/forge-std/src/Test.sol': CONTRACT,
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual([
      'packages/core/src/Core.sol',
      'packages/d/sol/D.sol',
      'packages/d/src/Template.sol',
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: packages\/d\/foundry\.toml is not valid TOML .* It is not used: the folder is taken for a Hardhat project, with Foundry's default folders too \(src\/ audited\)\.$/,
      ),
    ]);
  });

  it('searches the working directory by convention when its own config links to nothing', async () => {
    const workspace = await monorepo({
      'contracts/Root.sol': CONTRACT,
      'test/Root.t.sol': CONTRACT,
    });
    await symlink('gone/foundry.toml', path.join(workspace, 'foundry.toml'));
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['contracts/Root.sol', 'packages/core/src/Core.sol']);
    expect(warnings[0]).toBe(
      "warning: foundry.toml is a link to nothing. It is not used: the folder's contracts are searched as a plain folder's (all but tests, scripts, mocks and harnesses by convention, and lib/).",
    );
  });

  it('takes a config linked to a folder for no config, and says so', async () => {
    const workspace = await monorepo({ 'packages/f/src/F.sol': CONTRACT, 'packages/f/dir/x': '' });
    await symlink('dir', path.join(workspace, 'packages/f/hardhat.config.ts'));
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/core/src/Core.sol', 'packages/f/src/F.sol']);
    expect(warnings).toEqual([
      expect.stringContaining(
        'packages/f/hardhat.config.ts is a link to a directory, not a file. It is not used:',
      ),
    ]);
  });

  it('falls back the same way for a Brownie or Ape config that is not YAML', async () => {
    const workspace = await monorepo({
      'packages/e/brownie-config.yaml': 'compiler: [unclosed',
      'packages/e/contracts/E.sol': CONTRACT,
      'packages/e/tests/ETest.sol': CONTRACT,
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/core/src/Core.sol', 'packages/e/contracts/E.sol']);
    expect(warnings).toHaveLength(1);
  });
});

describe('contracts outside every project', () => {
  it('names the contracts of a folder with no config beside projects, which nothing audits', async () => {
    const workspace = await monorepo({
      'legacy/Vault.sol': CONTRACT,
      'legacy/mocks/VaultMock.sol': CONTRACT,
      'lib/dep/Dep.sol': CONTRACT,
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/core/src/Core.sol']);
    expect(warnings).toEqual([
      "warning: 1 contract file(s) lie outside every project's folder, so they are not audited:\n  - legacy/Vault.sol\nGive their folder a project config (or a package.json in a workspace), or set `contracts` to audit them.",
    ]);
  });

  it('says nothing when a project holds the working directory, or when `contracts` is given', async () => {
    const rooted = await workspaceWith({
      'foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'src/A.sol': CONTRACT,
      'legacy/Old.sol': CONTRACT,
    });
    expect((await audit(rooted)).warnings).toEqual([]);
    const { log, lines } = recordingLogger();
    await findUploads(
      contractSearch(await monorepo({ 'legacy/Vault.sol': CONTRACT }), {
        contractPatterns: ['packages/**/*.sol'],
        defaultContractPatterns: false,
      }),
      log,
    );
    expect(lines.filter((line) => line.startsWith('warning: '))).toEqual([]);
  });
});
