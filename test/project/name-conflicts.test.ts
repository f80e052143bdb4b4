/**
 * Import names that lead to different files (context remappings) are named in one warning, by
 * name, then by the file not sent, whatever the order the importers are read in.
 */
import { describe, expect, it } from 'vitest';
import { findUploads } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

describe('import names that lead to different files', () => {
  it('are listed by name, then by the file not sent', async () => {
    const remappings = [
      'src/a/:@x/=lib/x3/',
      'src/b/:@x/=lib/x2/',
      'src/c/:@x/=lib/x1/',
      'src/a/:@w/=lib/w1/',
      'src/b/:@w/=lib/w2/',
    ];
    const importer = `import "@x/X.sol";\nimport "@w/W.sol";\n${CONTRACT}`;
    const workspace = await workspaceWith({
      'foundry.toml': `[profile.default]\nremappings = ${JSON.stringify(remappings)}\n`,
      'src/a/A.sol': importer,
      'src/b/B.sol': importer,
      'src/c/C.sol': `import "@x/X.sol";\n${CONTRACT}`,
      'lib/x1/X.sol': CONTRACT,
      'lib/x2/X.sol': CONTRACT,
      'lib/x3/X.sol': CONTRACT,
      'lib/w1/W.sol': CONTRACT,
      'lib/w2/W.sol': CONTRACT,
    });
    const { log, lines } = recordingLogger();
    await findUploads(contractSearch(workspace), log);
    const warning = lines.find((line) => line.includes('lead to two different files')) ?? '';
    expect(warning.split('\n').filter((line) => line.startsWith('  - '))).toEqual([
      '  - "@w/W.sol": sent lib/w1/W.sol, not lib/w2/W.sol',
      '  - "@x/X.sol": sent lib/x3/X.sol, not lib/x1/X.sol',
      '  - "@x/X.sol": sent lib/x3/X.sol, not lib/x2/X.sol',
    ]);
  });
});
