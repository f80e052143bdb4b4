/** The rule an upload name keeps to travel as a bundle entry: relative, one place, no tricks. */
import { describe, expect, it } from 'vitest';
import { uploadNameProblem } from '../../src/files/upload-name.ts';

describe('uploadNameProblem', () => {
  it.each([
    'src/Vault.sol',
    '@openzeppelin/contracts/token/ERC20/ERC20.sol',
    'solmate/utils/SafeTransferLib.sol',
    '..config/A.sol',
    'ünïcode/Ä.sol',
  ])('takes %s', (name) => {
    expect(uploadNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'an empty name'],
    ['../outside.sol', 'a `..` segment'],
    ['src/../../x.sol', 'a `..` segment'],
    ['./src/A.sol', 'a `.` segment'],
    ['/etc/passwd', 'an absolute path'],
    ['src\\A.sol', 'a backslash in the name'],
    ['src/A\n.sol', 'a control character in the name'],
    ['src/A\u0085.sol', 'a control character in the name'],
    ['C:/A.sol', 'one of " : < > | * ? in the name'],
    ['src//A.sol', 'an empty path segment (`//` or a trailing `/`)'],
    ['src/', 'an empty path segment (`//` or a trailing `/`)'],
    [`${'a'.repeat(256)}.sol`, 'a path segment longer than 255 bytes'],
    ['a/'.repeat(600), 'a name longer than 1024 characters'],
  ])('refuses %j: %s', (name, problem) => {
    expect(uploadNameProblem(name)).toBe(problem);
  });
});
