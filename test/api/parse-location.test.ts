import { describe, expect, it } from 'vitest';
import { locate, normalizePath } from '../../src/api/parse-location.ts';

const known = ['contracts/A.sol', 'contracts/sub/B.sol'];

describe('normalizePath', () => {
  it('resolves . and .. segments inside the repository to the clean form', () => {
    for (const path of ['contracts/./A.sol', 'contracts/sub/../A.sol', './contracts//x/../A.sol']) {
      expect(normalizePath(path), path).toBe('contracts/A.sol');
      expect(normalizePath(path, known), path).toBe('contracts/A.sol');
    }
  });

  it('never yields a path outside the repository when no uploaded file matches', () => {
    for (const path of [
      '/etc/passwd',
      'C:\\x\\y.sol',
      'C:y.sol',
      '\\\\server\\share\\y.sol',
      '../../etc/passwd',
      'contracts/../../x.sol',
      'contracts/%2e%2e/%2E%2E/etc/passwd',
      'https://evil.example/a.sol',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    ]) {
      expect(normalizePath(path), path).toBeUndefined();
      expect(normalizePath(path, known), path).toBeUndefined();
    }
  });

  it('maps an absolute, climbing or URL path to the uploaded file it ends with', () => {
    for (const path of [
      '/tmp/upload/contracts/A.sol',
      'C:\\work\\repo\\contracts\\A.sol',
      '\\\\server\\share\\contracts\\A.sol',
      '../../contracts/A.sol',
      'lib/../../contracts/A.sol',
      'file:///tmp/upload/contracts/A.sol',
      'https://evil.example/src/contracts/A.sol?raw=1#L3',
    ]) {
      expect(normalizePath(path, known), path).toBe('contracts/A.sol');
    }
    // Only a relative path may be a shortened one: `/B.sol` names no uploaded file.
    expect(normalizePath('B.sol', known)).toBe('contracts/sub/B.sol');
    expect(normalizePath('/B.sol', known)).toBeUndefined();
  });

  it('keeps a file name on one line, without invisible characters, and bounded', () => {
    expect(normalizePath('contracts/A\n</details>.sol')).toBe('contracts/A </details>.sol');
    expect(normalizePath('contracts/\u202eA\u200b.sol', known)).toBe('contracts/A.sol');
    expect(normalizePath(`contracts/${'a'.repeat(2000)}.sol`)).toBeUndefined();
    expect(normalizePath('\u200b \n')).toBeUndefined();
  });
});

describe('locate', () => {
  it('drops the lines with a file it will not name', () => {
    for (const file of ['/etc/passwd', '../x.sol', 'https://evil.example/a.sol']) {
      expect(locate([{ file, line: 3 }], known), file).toEqual({
        file: undefined,
        startLine: undefined,
        endLine: undefined,
      });
    }
    expect(locate([{ file: '/srv/contracts/A.sol', line: 3 }], known)).toEqual({
      file: 'contracts/A.sol',
      startLine: 3,
      endLine: 3,
    });
  });
});
