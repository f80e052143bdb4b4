import { mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadView } from '../../src/engine/upload-view.ts';

const SUPPRESSED =
  'contract V {\n  // audit-ignore-next-line reentrancy-eth -- guarded\n  f();\n}\n';

/** A checkout with an audited file that suppresses line 3, and a dependency. */
async function checkout() {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'upload-view-')));
  await writeFile(path.join(root, 'Vault.sol'), SUPPRESSED);
  await writeFile(path.join(root, 'Lib.sol'), '// audit-ignore-line *\n');
  const file = (name: string, dependency: boolean) => ({
    absolutePath: path.join(root, name),
    relativePath: `src/${name}`,
    repositoryPath: `core/src/${name}`,
    size: 1,
    dependency,
  });
  return { root, files: [file('Vault.sol', false), file('Lib.sol', true)] };
}

describe("a project's upload as its triage reads it", () => {
  it("reads this run's files by the names findings give, each once, and keeps a manifest of them", async () => {
    const { root, files } = await checkout();
    const view = uploadView({ files, manifest: undefined }, { workspace: root, root });
    expect(view.uploaded?.get('src/Vault.sol')?.repositoryPath).toBe('core/src/Vault.sol');
    const first = view.suppressions('src/Vault.sol');
    expect(first).toEqual([
      {
        line: 3,
        rules: ['reentrancy-eth'],
        text: 'audit-ignore-next-line reentrancy-eth -- guarded',
      },
    ]);
    await writeFile(files[0]!.absolutePath, 'changed\n');
    expect(view.suppressions('src/Vault.sol')).toBe(first);
    expect(view.suppressions('src/Missing.sol')).toEqual([]);
    // A dependency's comments are never kept: its findings never count anyway.
    expect(view.manifest()).toEqual({
      files: [
        { relativePath: 'src/Vault.sol', repositoryPath: 'core/src/Vault.sol', dependency: false },
        { relativePath: 'src/Lib.sol', repositoryPath: 'core/src/Lib.sol', dependency: true },
      ],
      suppressions: new Map([['src/Vault.sol', first]]),
    });
  });

  it('reads nothing of the checkout given a manifest', async () => {
    const { root, files } = await checkout();
    const manifest = uploadView(
      { files, manifest: undefined },
      { workspace: root, root },
    ).manifest()!;
    await writeFile(files[0]!.absolutePath, '// audit-ignore-line *\n'.repeat(5));
    const view = uploadView({ files: undefined, manifest }, { workspace: root, root });
    expect(view.suppressions('src/Vault.sol')).toEqual(manifest.suppressions.get('src/Vault.sol'));
    expect(view.suppressions('src/Lib.sol')).toEqual([]);
    expect(view.uploaded?.get('src/Lib.sol')?.dependency).toBe(true);
    expect(view.manifest()).toBe(manifest);
  });

  it('reads a name under the working directory when the run has no upload, and keeps no manifest', async () => {
    const { root } = await checkout();
    const view = uploadView({ files: undefined }, { workspace: root, root });
    expect(view.uploaded).toBeUndefined();
    expect(view.suppressions('Vault.sol')).toHaveLength(1);
    expect(view.manifest()).toBeUndefined();
  });
});
