/**
 * Odd shapes held against forge, on the odd-configs fixture: a library whose foundry.toml is a
 * folder, and a remapping of one file listed after a remapping of a folder.
 */
import { describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { forgeUnavailable } from '../support/forge.ts';
import { compared, workspaceOf } from '../support/forge-fixtures.ts';

const CONTRACT = (name: string) =>
  `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\ncontract ${name} {}\n`;

describe.skipIf(forgeUnavailable !== undefined)(
  `odd libraries, held against forge${forgeUnavailable ? ` (skipped: ${forgeUnavailable})` : ''}`,
  () => {
    it("a library whose foundry.toml is a folder gives none of its own remappings, but is still found by forge's scan; a file's remapping after a folder's is compiled with", async () => {
      const workspace = await workspaceOf('odd-configs');
      const write = async (file: string, text: string) => {
        await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
        await writeFile(path.join(workspace, file), text);
      };
      await write('lib/dirconf/foundry.toml/README', '');
      await write('lib/dirconf/remappings.txt', '@dirconf/=src/\n');
      await write('lib/dirconf/src/D.sol', CONTRACT('D'));
      await write(
        'remappings.txt',
        'tokens/=lib/token/\nToken.sol=lib/token/Token.sol\nBad.sol=lib/bad/\n',
      );
      await write(
        'src/Shop.sol',
        '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\nimport "Token.sol";\nimport "dirconf/D.sol";\nimport "@dirconf/D.sol";\n\ncontract Shop {}\n',
      );
      const comparison = await compared(workspace);
      expect(comparison.printed.ours).toContain('dirconf/=lib/dirconf/src/');
      expect(comparison.printed.ours.filter((each) => each.startsWith('@dirconf/'))).toEqual([]);
      expect(comparison.built.ours.slice(0, 2)).toEqual([
        'tokens/=lib/token/',
        'Token.sol=lib/token/Token.sol',
      ]);
      expect(comparison).toMatchObject({
        extra: [],
        missing: [],
        build: { extra: [], missing: [] },
      });
      expect(comparison.warnings).toEqual([
        "warning: lib/dirconf/foundry.toml is a directory, not a file. It is not used: the library's remappings are left out, so imports only they map may not resolve.",
        expect.stringContaining('src/Shop.sol:6 imports "@dirconf/D.sol": no file was found'),
      ]);
    });
  },
);
