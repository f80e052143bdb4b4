/**
 * scripts/forge-compare.ts against forge itself: a project both sides resolve alike, and an
 * import only forge follows (the action reads nothing outside the workspace), with the warning
 * that names it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './support/run-action.ts';
import { workspaceWith } from './support/workspace.ts';

const SCRIPT = path.join(repositoryRoot, 'scripts', 'forge-compare.ts');
// forge's npm package carries a binary per platform; CI runs where this one is installed.
const FORGE_RUNS = (process.platform === 'linux' && process.arch === 'x64') || !!process.env.CI;

async function compare(repository: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, repository]);
  return stdout;
}

function tableRows(output: string): string[] {
  return output.split('\n').filter((line) => /^\| [^-p]/.test(line));
}

const VAULT = 'pragma solidity ^0.8.0;\nimport "dep/Math.sol";\ncontract Vault {}\n';
const LIBRARY = 'pragma solidity ^0.8.0;\nlibrary Math {}\n';

describe.skipIf(!FORGE_RUNS)('forge-compare (forge runs on linux-x64 only here)', () => {
  it('counts, by real path, what forge reaches from the files to audit and what the action sends', async () => {
    const repository = await workspaceWith({
      'foundry.toml': '[profile.default]\nsrc = "src"\nlibs = ["lib"]\n',
      'src/Vault.sol': VAULT,
      'lib/dep/src/Math.sol': `${LIBRARY}import "./Base.sol";\n`,
      'lib/dep/src/Base.sol': LIBRARY.replace('Math', 'Base'),
    });

    const output = await compare(repository);

    expect(tableRows(output)).toEqual(['| . | 1 | 3 | 3 | 0 | 0 | 0 | 0 |']);
    expect(output).toContain('Sent, not reached by forge (0):');
    expect(output).toContain('Reached by forge, not sent (0):');
  });

  it('names a file only forge reaches, the import that led there, and the warning the search gave', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'forge-compare-'));
    const repository = path.join(parent, 'repository');
    await mkdir(path.join(parent, 'outside'));
    await writeFile(path.join(parent, 'outside', 'Ext.sol'), LIBRARY.replace('Math', 'Ext'));
    for (const [name, content] of Object.entries({
      'foundry.toml': '[profile.default]\nsrc = "src"\nlibs = ["lib"]\n',
      'remappings.txt': 'ext/=../outside/\n',
      'src/Vault.sol': VAULT.replace('dep/Math.sol', 'ext/Ext.sol'),
    })) {
      await mkdir(path.dirname(path.join(repository, name)), { recursive: true });
      await writeFile(path.join(repository, name), content);
    }

    const output = await compare(repository);

    // Outside the workspace the action reads nothing; forge follows the remapping there.
    expect(tableRows(output)).toEqual(['| . | 1 | 2 | 1 | 0 | 1 | 0 | 0 |']);
    expect(output).toContain('- ../outside/Ext.sol, imported at src/Vault.sol:2 "ext/Ext.sol"\n');
    expect(output).toContain('which is outside the workspace');
  });
});
