import { describe, expect, it } from 'vitest';
import { readImports } from '../../src/project/imports.ts';

describe('readImports', () => {
  it('reads every import form, with either quote, and the line of each', () => {
    const source = [
      '// SPDX-License-Identifier: MIT',
      'pragma solidity ^0.8.20;',
      'import "./A.sol";',
      "import './B.sol' as B;",
      'import * as C from "../C.sol";',
      'import {D, E as F} from "lib/D.sol";',
      'import {',
      '    G,',
      '    H',
      '} from "@scope/pkg/G.sol";',
    ].join('\n');
    expect(readImports(source)).toEqual([
      { path: './A.sol', line: 3 },
      { path: './B.sol', line: 4 },
      { path: '../C.sol', line: 5 },
      { path: 'lib/D.sol', line: 6 },
      { path: '@scope/pkg/G.sol', line: 7 },
    ]);
  });

  it('skips imports in comments and strings, and words that only contain "import"', () => {
    const source = [
      '// import "./Line.sol";',
      '/* import "./Block.sol";',
      '   import "./Block2.sol"; */',
      'string constant S = "import \\"./String.sol\\";";',
      'contract importer { uint256 important; }',
      'import "./Real.sol";',
    ].join('\n');
    expect(readImports(source)).toEqual([{ path: './Real.sol', line: 6 }]);
  });

  it('counts lines inside block comments and escaped newlines, and survives unterminated input', () => {
    expect(readImports('/*\n\n*/\nimport "./X.sol";')).toEqual([{ path: './X.sol', line: 4 }]);
    expect(readImports('string s = "a\\\nb";\nimport "./Y.sol";')).toEqual([
      { path: './Y.sol', line: 3 },
    ]);
    expect(readImports('import ')).toEqual([]);
    expect(readImports('import {A} from ;\nimport "./Z.sol";')).toEqual([
      { path: './Z.sol', line: 2 },
    ]);
    expect(readImports('/* never closed import "./W.sol";')).toEqual([]);
  });
});
