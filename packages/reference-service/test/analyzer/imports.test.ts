import { describe, expect, it } from 'vitest';
import { importPath, isRelativeImport, sourceUnitName } from '../../src/analyzer/imports.ts';

// Every expected name below is also what solc 0.8.37 (soljson) asked its import callback for,
// unless the case says otherwise.
describe('sourceUnitName: relative imports', () => {
  it.each([
    ['./B.sol', 'src/A.sol', 'src/B.sol'],
    ['./lib/B.sol', 'src/A.sol', 'src/lib/B.sol'],
    ['../B.sol', 'src/core/A.sol', 'src/B.sol'],
    ['../../lib/B.sol', 'src/core/A.sol', 'lib/B.sol'],
    ['./B.sol', 'A.sol', 'B.sol'],
    ['./x/../../../y/B.sol', 'src/A.sol', 'y/B.sol'],
    ['.//x.sol', 'src/A.sol', 'src/x.sol'],
    ['./dir/', 'src/A.sol', 'src/dir'],
  ])('%s from %s is %s', (path, importer, name) => {
    expect(sourceUnitName(path, importer)).toBe(name);
  });

  it('ignores `..` above the root: nothing is left to remove, so the rest hangs off the root', () => {
    expect(sourceUnitName('../B.sol', 'A.sol')).toBe('B.sol');
    expect(sourceUnitName('../B.sol', 'src/A.sol')).toBe('B.sol');
    expect(sourceUnitName('../../B.sol', 'src/A.sol')).toBe('B.sol');
    expect(sourceUnitName('../../../../lib/B.sol', 'src/A.sol')).toBe('lib/B.sol');
  });

  it("normalises the import path but keeps the importer's part as written (solc docs' examples)", () => {
    const importer = 'lib/src/../contract.sol';
    expect(sourceUnitName('./util/./util.sol', importer)).toBe('lib/src/../util/util.sol');
    expect(sourceUnitName('./util//util.sol', importer)).toBe('lib/src/../util/util.sol');
    // `..` removes the importer's `..` segment as text rather than climbing twice.
    expect(sourceUnitName('../util/../array/util.sol', importer)).toBe('lib/src/array/util.sol');
    expect(sourceUnitName('../.././../util.sol', importer)).toBe('util.sol');
    expect(sourceUnitName('../../.././../util.sol', importer)).toBe('util.sol');
  });

  it('squashes the slashes before the removed segment of the importer', () => {
    expect(sourceUnitName('./c.sol', 'a//b.sol')).toBe('a/c.sol');
    expect(sourceUnitName('../d.sol', 'a/b//c.sol')).toBe('a/d.sol');
  });

  it('keeps an absolute or URL importer as written', () => {
    expect(sourceUnitName('./util.sol', '/project/lib/math.sol')).toBe('/project/lib/util.sol');
    expect(sourceUnitName('../token.sol', '/project/lib/math.sol')).toBe('/project/token.sol');
    expect(sourceUnitName('../c.sol', 'https://x.org/a/b.sol')).toBe('https://x.org/c.sol');
  });

  it('follows the docs where `..` reaches the root of an absolute importer', () => {
    // solc 0.8.37 answers `/x.sol` here (it keeps the root for one step); the docs' rule gives `x.sol`.
    expect(sourceUnitName('../x.sol', '/project/math.sol')).toBe('x.sol');
  });

  it('keeps the case of every segment', () => {
    expect(sourceUnitName('./Token.sol', 'Src/A.sol')).toBe('Src/Token.sol');
  });
});

describe('sourceUnitName: direct imports', () => {
  it.each([
    'src/B.sol',
    'B.sol',
    '@openzeppelin/contracts/token/ERC20/ERC20.sol',
    'forge-std/Test.sol',
    '/project/lib/util.sol',
    'https://example.com/token.sol',
  ])('%s is its own source unit name, whatever the importer', (path) => {
    expect(sourceUnitName(path, 'src/deep/A.sol')).toBe(path);
  });

  it('is never normalised: `.`, `..` and doubled slashes stay part of the name', () => {
    expect(sourceUnitName('src/./B.sol', 'src/A.sol')).toBe('src/./B.sol');
    expect(sourceUnitName('src//B.sol', 'src/A.sol')).toBe('src//B.sol');
    expect(sourceUnitName('lib/../src/B.sol', 'src/A.sol')).toBe('lib/../src/B.sol');
  });
});

describe('isRelativeImport', () => {
  it('is true only for paths that start with ./ or ../', () => {
    expect(isRelativeImport('./B.sol')).toBe(true);
    expect(isRelativeImport('../B.sol')).toBe(true);
    expect(isRelativeImport('B.sol')).toBe(false);
    expect(isRelativeImport('.hidden/B.sol')).toBe(false);
    expect(isRelativeImport('..B.sol')).toBe(false);
    expect(isRelativeImport('/src/B.sol')).toBe(false);
  });
});

describe('importPath: the literal as solc reads it', () => {
  it('leaves a literal without escapes as it is', () => {
    expect(importPath('./B.sol')).toBe('./B.sol');
  });

  it('decodes \\x, \\u, quote, backslash and control escapes', () => {
    expect(importPath('f\\x2fg.sol')).toBe('f/g.sol');
    expect(importPath('\\u0041.sol')).toBe('A.sol');
    expect(importPath('it\\\'s \\"q\\".sol')).toBe('it\'s "q".sol');
    expect(importPath('a\\\\b.sol')).toBe('a\\b.sol');
    expect(importPath('a\\tb.sol')).toBe('a\tb.sol');
  });

  it('drops an escaped line break', () => {
    expect(importPath('./lib/\\\nB.sol')).toBe('./lib/B.sol');
    expect(importPath('./lib/\\\r\nB.sol')).toBe('./lib/B.sol');
  });

  it('assembles \\x bytes as UTF-8', () => {
    expect(importPath('caf\\xc3\\xa9.sol')).toBe('café.sol');
  });
});
