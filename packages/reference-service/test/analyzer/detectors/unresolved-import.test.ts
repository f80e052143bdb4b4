import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/analyzer/analyze.ts';
import type { SourceFile } from '../../../src/analyzer/types.ts';

const PRAGMA = '// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\n';
const library = (name: string) => `${PRAGMA}library ${name} {}\n`;

/** `[file, startLine, endLine]` of every unresolved-import finding, and its descriptions. */
function unresolved(files: SourceFile[], uploadedNames?: string[]) {
  const result = analyzeSources(files, undefined, uploadedNames);
  expect(result.detectorErrors).toEqual([]);
  const findings = result.findings.filter((f) => f.detector === 'unresolved-import');
  return {
    spans: findings.map((f) => [f.file, f.startLine, f.endLine]),
    descriptions: findings.map((f) => f.description),
  };
}

describe('unresolved-import', () => {
  it('resolves relative imports against the importer and direct ones by exact name', () => {
    const { spans } = unresolved([
      {
        path: 'src/core/Vault.sol',
        content: `${PRAGMA}import "./Math.sol";\nimport "../utils/Lib.sol";\nimport "src/Root.sol";\nimport "../../Top.sol";\nimport "../../../Top.sol";\n`,
      },
      { path: 'src/core/Math.sol', content: library('Math') },
      { path: 'src/utils/Lib.sol', content: library('Lib') },
      { path: 'src/Root.sol', content: library('Root') },
      { path: 'Top.sol', content: library('Top') },
    ]);
    expect(spans).toEqual([]);
  });

  it('reports each missing import once, on its own line, in every import form and quote', () => {
    const content = `${PRAGMA}import "./A.sol";
import './B.sol';
import {X, Y as Z} from "./C.sol";
import * as D from './D.sol';
import "./E.sol" as E;
import {
  F,
  G
} from "lib/F.sol";
`;
    const { spans, descriptions } = unresolved([{ path: 'src/Main.sol', content }]);
    expect(spans).toEqual([
      ['src/Main.sol', 3, 3],
      ['src/Main.sol', 4, 4],
      ['src/Main.sol', 5, 5],
      ['src/Main.sol', 6, 6],
      ['src/Main.sol', 7, 7],
      ['src/Main.sol', 8, 11],
    ]);
    expect(descriptions[0]).toBe(
      '`import "./A.sol"` resolves to source unit `src/A.sol`, but no file was uploaded under that name, so a compiler given this upload cannot build `src/Main.sol`.',
    );
    expect(descriptions[5]).toBe(
      '`import "lib/F.sol"` names that source unit directly, but no file was uploaded under that name, so a compiler given this upload cannot build `src/Main.sol`.',
    );
  });

  it('ignores imports inside comments and strings', () => {
    const content = `${PRAGMA}// import "./A.sol";
/* import "./B.sol";
   import {C} from "./C.sol"; */
/// @dev import "./D.sol";
contract K {
    string public constant S = 'import "./E.sol";';
}
`;
    expect(unresolved([{ path: 'K.sol', content }]).spans).toEqual([]);
  });

  it('matches names case-sensitively', () => {
    const { spans } = unresolved([
      {
        path: 'src/Main.sol',
        content: `${PRAGMA}import "./token.sol";\nimport "Src/Token.sol";\n`,
      },
      { path: 'src/Token.sol', content: library('Token') },
    ]);
    expect(spans).toEqual([
      ['src/Main.sol', 3, 3],
      ['src/Main.sol', 4, 4],
    ]);
  });

  it('does not normalise a direct import: `src/./Token.sol` is not `src/Token.sol`', () => {
    const { spans } = unresolved([
      { path: 'src/Main.sol', content: `${PRAGMA}import "src/./Token.sol";\n` },
      { path: 'src/Token.sol', content: library('Token') },
    ]);
    expect(spans).toEqual([['src/Main.sol', 3, 3]]);
  });

  it('names the unit a `..` above the root reaches', () => {
    const { descriptions } = unresolved([
      { path: 'src/Main.sol', content: `${PRAGMA}import "../../Top.sol";\n` },
    ]);
    expect(descriptions).toEqual([expect.stringContaining('resolves to source unit `Top.sol`')]);
  });

  it('reads the path as solc does, escapes decoded', () => {
    const { spans } = unresolved([
      { path: 'src/Main.sol', content: `${PRAGMA}import ".\\x2fToken.sol";\n` },
      { path: 'src/Token.sol', content: library('Token') },
    ]);
    expect(spans).toEqual([]);
  });

  it('counts files that do not parse, Vyper files and unreadable files as uploaded', () => {
    const { spans } = unresolved(
      [
        {
          path: 'src/Main.sol',
          content: `${PRAGMA}import "./Broken.sol";\nimport "./Vault.vy";\nimport "./Binary.sol";\n`,
        },
        { path: 'src/Broken.sol', content: `${PRAGMA}contract B { uint x }\n` },
        { path: 'src/Vault.vy', content: '# @version 0.3.10\n' },
      ],
      ['src/Main.sol', 'src/Broken.sol', 'src/Vault.vy', 'src/Binary.sol'],
    );
    expect(spans).toEqual([]);
  });

  it('checks neither a file that does not parse nor a Vyper file', () => {
    const result = analyzeSources([
      {
        path: 'src/Broken.sol',
        content: `${PRAGMA}import "./Missing.sol";\ncontract B { uint x }\n`,
      },
      { path: 'src/Vault.vy', content: 'from ethereum.ercs import IERC20\nimport missing as m\n' },
    ]);
    expect(result.findings.map((f) => [f.file, f.detector])).toEqual([
      ['src/Broken.sol', 'parse-error'],
      ['src/Vault.vy', 'vyper-not-analysed'],
    ]);
  });
});
