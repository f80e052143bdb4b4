import { describe, expect, it } from 'vitest';
import { isRelativeImport, resolveRelativeImport } from '../../src/project/unit-names.ts';

describe('source unit names of relative imports', () => {
  it('tells relative imports from direct ones', () => {
    expect(isRelativeImport('./A.sol')).toBe(true);
    expect(isRelativeImport('../A.sol')).toBe(true);
    expect(isRelativeImport('.hidden/A.sol')).toBe(false);
    expect(isRelativeImport('src/A.sol')).toBe(false);
    expect(isRelativeImport('@oz/A.sol')).toBe(false);
  });

  it("resolves against the importer's name without its last segment, normalising . and ..", () => {
    expect(resolveRelativeImport('src/core/Pool.sol', './Lib.sol')).toBe('src/core/Lib.sol');
    expect(resolveRelativeImport('src/core/Pool.sol', '../utils/./Math.sol')).toBe(
      'src/utils/Math.sol',
    );
    expect(
      resolveRelativeImport('@oz/contracts/token/ERC20/ERC20.sol', '../../utils/Context.sol'),
    ).toBe('@oz/contracts/utils/Context.sol');
    expect(resolveRelativeImport('src/A.sol', './/B.sol')).toBe('src/B.sol');
  });

  it('ignores a `..` with nothing left to remove, as solc does', () => {
    expect(resolveRelativeImport('src/A.sol', '../../B.sol')).toBe('B.sol');
    expect(resolveRelativeImport('A.sol', '../B.sol')).toBe('B.sol');
    expect(resolveRelativeImport('src/A.sol', '../../../x/../B.sol')).toBe('B.sol');
  });
});
