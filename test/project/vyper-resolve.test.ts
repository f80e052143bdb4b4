import { realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { describe, expect, it } from 'vitest';
import { emptyProject } from '../../src/project/detect.ts';
import { createImportResolver, type SourceNode } from '../../src/project/resolve.ts';
import { workspaceWith } from '../support/workspace.ts';

/** A plain folder at `projectPath` in a workspace of `files`; importers named from that folder. */
async function resolverFor(files: Record<string, string>, projectPath = '') {
  const workspace = await realpath(await workspaceWith(files));
  const root = path.join(workspace, projectPath);
  const resolve = createImportResolver(emptyProject(root, ''), workspace, ACTION_VOCABULARY);
  return {
    workspace,
    resolve: async (module: string, from: string) => {
      const importer: SourceNode = {
        name: from,
        unitName: from,
        absolutePath: path.join(root, from),
        size: 0,
      };
      const resolution = await resolve(module, importer);
      if ('node' in resolution)
        return `${resolution.node.name} ← ${path.relative(workspace, resolution.node.absolutePath)}`;
      return 'problem' in resolution ? resolution.problem : `built in: ${resolution.builtIn}`;
    },
  };
}

describe('Vyper imports', () => {
  it('resolves a relative import from the importer, a module before an interface before an ABI', async () => {
    const { resolve } = await resolverFor({
      'src/vault.vy': '',
      'src/fees.vy': '',
      'src/fees.vyi': '',
      'src/interfaces/i_vault.vyi': '',
      'src/interfaces/i_vault.json': '{}',
      'src/interfaces/oracle.json': '{}',
      'constants.vy': '',
    });
    expect(await resolve('.fees', 'src/vault.vy')).toBe('src/fees.vy ← src/fees.vy');
    expect(await resolve('.interfaces.i_vault', 'src/vault.vy')).toBe(
      'src/interfaces/i_vault.vyi ← src/interfaces/i_vault.vyi',
    );
    expect(await resolve('..interfaces.oracle', 'src/interfaces/i_vault.vyi')).toBe(
      'src/interfaces/oracle.json ← src/interfaces/oracle.json',
    );
    expect(await resolve('..constants', 'src/vault.vy')).toBe('constants.vy ← constants.vy');
    expect(await resolve('.missing', 'src/vault.vy')).toBe(
      'no module was found at src/missing.vy, src/missing.vyi, src/missing.json',
    );
  });

  it('resolves an absolute import beside the compiled file, then from the root, the sources and the installed packages', async () => {
    const { resolve } = await resolverFor({
      'contracts/dao/gauge.vy': '',
      'contracts/dao/erc4626.vy': '',
      'src/interfaces/i_token.vyi': '',
      'lib/pypi/snekmate/auth/ownable.vy': '',
      '.venv/lib/python3.12/site-packages/snekmate/tokens/erc20.vy': '',
      'erc4626.vy': '',
    });
    // The compiler searches the compiled file's folder first.
    expect(await resolve('erc4626', 'contracts/dao/gauge.vy')).toBe(
      'contracts/dao/erc4626.vy ← contracts/dao/erc4626.vy',
    );
    expect(await resolve('erc4626', 'src/a.vy')).toBe('erc4626.vy ← erc4626.vy');
    expect(await resolve('src.interfaces.i_token', 'contracts/dao/gauge.vy')).toBe(
      'src/interfaces/i_token.vyi ← src/interfaces/i_token.vyi',
    );
    // moccasin puts its contracts folder and lib/pypi on the search path: sent under the import's name.
    expect(await resolve('interfaces.i_token', 'contracts/dao/gauge.vy')).toBe(
      'interfaces/i_token.vyi ← src/interfaces/i_token.vyi',
    );
    expect(await resolve('snekmate.auth.ownable', 'contracts/dao/gauge.vy')).toBe(
      'snekmate/auth/ownable.vy ← lib/pypi/snekmate/auth/ownable.vy',
    );
    expect(await resolve('snekmate.tokens.erc20', 'contracts/dao/gauge.vy')).toBe(
      'snekmate/tokens/erc20.vy ← .venv/lib/python3.12/site-packages/snekmate/tokens/erc20.vy',
    );
  });

  it("leaves the compiler's built-ins alone, and math only when no file is found", async () => {
    const bare = await resolverFor({ 'a.vy': '' });
    expect(await bare.resolve('ethereum.ercs.IERC20', 'a.vy')).toBe(
      'built in: ethereum.ercs.IERC20',
    );
    expect(await bare.resolve('vyper.interfaces.ERC20', 'a.vy')).toBe(
      'built in: vyper.interfaces.ERC20',
    );
    expect(await bare.resolve('math', 'a.vy')).toBe('built in: math');
    const own = await resolverFor({ 'a.vy': '', 'math.vy': '' });
    expect(await own.resolve('math', 'a.vy')).toBe('math.vy ← math.vy');
    // A relative import is never a built-in.
    expect(await bare.resolve('.ethereum.ercs.IERC20', 'a.vy')).toMatch(/^no module was found/);
  });

  it('never reads outside the workspace, and names a module above the upload it cannot name', async () => {
    const outside = await realpath(await workspaceWith({ 'secret.vy': '' }));
    const { resolve, workspace } = await resolverFor({ 'pkg/a.vy': '', 'shared.vy': '' }, 'pkg');
    expect(await resolve('..shared', 'a.vy')).toMatch(
      /^it leads to shared\.vy, above the folder the upload is named from/,
    );
    expect(await resolve(`${'.'.repeat(40)}etc.passwd`, 'a.vy')).toContain(
      'is outside the workspace',
    );
    await symlink(path.join(outside, 'secret.vy'), path.join(workspace, 'pkg/leak.vy'));
    expect(await resolve('.leak', 'a.vy')).toContain('leak.vy links outside the workspace');
  });
});
