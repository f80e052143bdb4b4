import { describe, expect, it } from 'vitest';
import { readVyperImports } from '../../src/project/vyper-imports.ts';

describe('readVyperImports', () => {
  it('reads every form as one dotted module, with a dot per level of a relative import', () => {
    const source = [
      '# pragma version ~=0.4.1',
      'import a.b as c',
      'from a.b import c',
      'from . import x',
      'from .. import y',
      'from .sub import z as zed',
      'from ethereum.ercs import IERC20, IERC4626',
      'from .modules import (',
      '    accounting,',
      '    limits as caps,',
      ')',
      'from pkg \\',
      '    import joined',
      'import one as o, two as t',
    ].join('\n');
    expect(readVyperImports(source)).toEqual([
      { path: 'a.b', line: 2 },
      { path: 'a.b.c', line: 3 },
      { path: '.x', line: 4 },
      { path: '..y', line: 5 },
      { path: '.sub.z', line: 6 },
      { path: 'ethereum.ercs.IERC20', line: 7 },
      { path: 'ethereum.ercs.IERC4626', line: 7 },
      { path: '.modules.accounting', line: 8 },
      { path: '.modules.limits', line: 8 },
      { path: 'pkg.joined', line: 12 },
      { path: 'one', line: 14 },
      { path: 'two', line: 14 },
    ]);
  });

  it('skips comments, strings and docstrings, and counts the lines they span', () => {
    const source = [
      '"""',
      '@title Vault',
      'import not.this as n',
      'from not import that',
      '"""',
      '# from nowhere import x',
      "x: String[20] = 'import y'",
      "MSG: constant(String[40]) = '''from z import w'''",
      'importer: address  # a name that only starts with import',
      'from real import module  # import trailing.comment',
      'y: uint256; import after.semicolon as s',
    ].join('\n');
    expect(readVyperImports(source)).toEqual([
      { path: 'real.module', line: 10 },
      { path: 'after.semicolon', line: 11 },
    ]);
  });

  it('names nothing for what is no module list, and reads hostile input in one pass', () => {
    expect(readVyperImports('from a import *\nfrom import x\nimport "quoted"\n')).toEqual([]);
    // An unclosed docstring or bracket runs to the end, and nothing after it is an import.
    expect(readVyperImports('"""never closed\nimport a as b\n')).toEqual([]);
    expect(readVyperImports('x: uint256 = (1,\nimport a as b\n')).toEqual([]);
    const long = `from ${'.'.repeat(200_000)} import deep\n${'#'.repeat(1_000_000)}\n`;
    const [deep] = readVyperImports(long);
    expect(deep?.path.length).toBe(200_004);
    expect(readVyperImports('('.repeat(500_000))).toEqual([]);
  });
});
