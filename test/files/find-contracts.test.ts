import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { findContracts, type ContractSearch } from '../../src/files/find-contracts.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

async function search(
  files: Record<string, string>,
  overrides: Partial<ContractSearch> = {},
): Promise<ContractSearch> {
  const workspace = await workspaceWith(files);
  return {
    workspace,
    workingDirectory: workspace,
    pathPrefix: '',
    contractPatterns: ['**/*.sol', '**/*.vy'],
    defaultContractPatterns: true,
    excludePatterns: [],
    useDefaultExcludes: true,
    ifNoFilesFound: 'error',
    limits: { maxFiles: 100, maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000 },
    ...overrides,
  };
}

describe('findContracts', () => {
  it('lists the files found with their sizes, and the folders it did not search', async () => {
    const { log, lines } = recordingLogger();
    const files = await findContracts(
      await search({ 'src/Vault.sol': CONTRACT, 'lib/forge-std/Test.sol': CONTRACT }),
      log,
    );
    expect(files.map((file) => file.relativePath)).toEqual(['src/Vault.sol']);
    expect(lines[0]).toBe('group: Contract files (1)');
    expect(lines[1]).toBe(`  src/Vault.sol (${CONTRACT.length} bytes)`);
    expect(lines[2]).toMatch(
      /^ {2}Not searched \(excluded by node_modules\/ .* and `exclude`\): lib$/,
    );
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
    const nothing = { 'README.md': '# no contracts' };
    const message =
      'No contract files found under packages/core/ for **/*.sol, **/*.vy (built-in excludes: ';
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
      'warning: No contract files found under ./ for **/*.sol, **/*.vy. Check `contracts`, `exclude` and `working-directory`.',
    );
  });

  it('refuses an upload over the limits before anything is sent', async () => {
    const options = await search(
      { 'src/A.sol': CONTRACT, 'src/B.sol': CONTRACT },
      { limits: { maxFiles: 1, maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000 } },
    );
    await expect(findContracts(options, recordingLogger().log)).rejects.toThrow(ConfigurationError);
  });
});
