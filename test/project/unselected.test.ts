/** The accounting of contracts no upload holds, for the cases the layouts do not reach. */
import { execFileSync } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUploads } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

async function leftOut(files: Record<string, string>, prepare?: (workspace: string) => void) {
  const workspace = await realpath(await workspaceWith(files));
  prepare?.(workspace);
  const { log, lines } = recordingLogger();
  await findUploads(contractSearch(workspace), log);
  return lines;
}

describe('contracts no upload holds', () => {
  it('names a file outside the sources of the deepest project that holds it', async () => {
    const lines = await leftOut({
      'foundry.toml': '[profile.default]\n',
      'src/Vault.sol': CONTRACT,
      'periphery/foundry.toml': '[profile.default]\n',
      'periphery/src/Router.sol': CONTRACT,
      'periphery/legacy/OldRouter.sol': CONTRACT,
    });
    expect(lines).toContain(
      '  periphery/legacy/OldRouter.sol: not in src/ of the project at periphery',
    );
  });

  it('says so when the folders outside the sources cannot be looked through', async () => {
    const lines = await leftOut(
      { 'foundry.toml': '[profile.default]\n', 'src/Vault.sol': CONTRACT, 'legacy/x': '' },
      (workspace) => execFileSync('mkfifo', [path.join(workspace, 'legacy/Pipe.sol')]),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^warning: Could not look for contracts outside the projects' source folders, which are not audited: .*legacy\/Pipe\.sol/s,
        ),
      ]),
    );
  });
});
