/**
 * The imports that could not be resolved are listed by file, line, then import: two on one line
 * are named in the order of their paths, whatever their order in the line.
 */
import { describe, expect, it } from 'vitest';
import { findUploads } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

describe('unresolved imports', () => {
  it('names two on one line in the order of their paths', async () => {
    const workspace = await workspaceWith({
      'foundry.toml': '[profile.default]\n',
      'src/A.sol': `import "zeta/Z.sol"; import "alpha/A.sol";\n${CONTRACT}`,
    });
    const { log, lines } = recordingLogger();
    await findUploads(contractSearch(workspace), log);
    const named = lines
      .filter((line) => line.startsWith('warning: '))
      .flatMap((line) => line.split('\n'))
      .filter((line) => line.startsWith('  - '))
      .map((line) => line.slice(0, line.indexOf(':', line.indexOf('imports'))));
    expect(named).toEqual([
      '  - src/A.sol:1 imports "alpha/A.sol"',
      '  - src/A.sol:1 imports "zeta/Z.sol"',
    ]);
  });
});
