/**
 * Forge's scan of a libs folder where it has a choice to make, held against forge: libraries of
 * one name at the same depth, a JavaScript package's `contracts` deep in it, a library's files in
 * nested folders (under a source folder or not), files in a nested `lib` folder itself, and folder
 * links that lead nowhere or twice to one folder.
 */
import { describe, expect, it } from 'vitest';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { forgeUnavailable } from '../support/forge.ts';
import { agrees, compared, workspaceOf } from '../support/forge-fixtures.ts';

/** The fixture with lib/gone leading nowhere, and lib/twice/<name> to vendor/shared for each name. */
async function withLinks(...names: string[]): Promise<string> {
  const workspace = await workspaceOf('scan-choices');
  await symlink('../nowhere', path.join(workspace, 'lib/gone'));
  await mkdir(path.join(workspace, 'lib/twice'));
  for (const name of names)
    await symlink('../../vendor/shared', path.join(workspace, 'lib/twice', name));
  return workspace;
}

describe.skipIf(forgeUnavailable !== undefined)(
  `forge's scan, where it chooses${forgeUnavailable ? ` (skipped: ${forgeUnavailable})` : ''}`,
  () => {
    it("libraries of one name at one depth: one ending in src wins, else the first; a package's contracts deep in it, files in nested folders, a nested lib folder's own files", async () => {
      // oz/ in lib/x/lib/oz/contracts/, lib/y/lib/oz/src/ and lib/z/lib/oz/contracts/;
      // lib/pkg/packages/contracts/P.sol; lib/deepflat/a/b/F.sol; lib/srcdeep/src/a/b/S.sol;
      // lib/v/lib/Loose.sol, alone, and lib/w/lib/Loose.sol beside lib/w/lib/src/S.sol and
      // lib/w/lib/tool/src/T.sol: a lib folder's own files and a library named src name none.
      const comparison = await compared(await workspaceOf('scan-choices'));
      expect(comparison.printed.ours).toEqual([
        'deepflat/=lib/deepflat/',
        'oz/=lib/y/lib/oz/src/',
        'pkg/=lib/pkg/',
        'srcdeep/=lib/srcdeep/src/',
        'tool/=lib/w/lib/tool/src/',
      ]);
      expect(comparison).toMatchObject({ ...agrees, sent: 6 });
    });

    it('a folder link that leads nowhere is skipped; a second link to a folder already walked ends the scan of the folder holding it', async () => {
      const once = await compared(await withLinks('a'));
      expect(once.printed.ours).toContain('twice/=lib/twice/a/src/');
      expect(once).toMatchObject(agrees);
      const twice = await compared(await withLinks('a', 'b'));
      expect(twice.printed.ours.filter((each) => each.startsWith('twice/'))).toEqual([]);
      expect(twice).toMatchObject(agrees);
    });
  },
);
