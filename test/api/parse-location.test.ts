import { describe, expect, it } from 'vitest';
import {
  indexKnownFiles,
  locate,
  normalizePath,
  pathReader,
} from '../../src/api/parse-location.ts';
import { seeded } from '../support/random.ts';

const known = indexKnownFiles(['contracts/A.sol', 'contracts/sub/B.sol']);

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
  const uploadedPaths = pathReader(['contracts/A.sol', 'contracts/sub/B.sol']);

  it('drops the lines with a file it will not name', () => {
    for (const file of ['/etc/passwd', '../x.sol', 'https://evil.example/a.sol']) {
      expect(locate([{ file, line: 3 }], uploadedPaths), file).toEqual({
        file: undefined,
        startLine: undefined,
        endLine: undefined,
      });
    }
    expect(locate([{ file: '/srv/contracts/A.sol', line: 3 }], uploadedPaths)).toEqual({
      file: 'contracts/A.sol',
      startLine: 3,
      endLine: 3,
    });
  });
});

describe('normalizePath with uploaded files', () => {
  it('prefers the same file, then the longest uploaded path the reported one ends with', () => {
    const uploaded = indexKnownFiles(['contracts/A.sol', 'pkg/contracts/A.sol', 'x/pkg/B.sol']);
    expect(normalizePath('contracts/A.sol', uploaded)).toBe('contracts/A.sol');
    expect(normalizePath('/tmp/pkg/contracts/A.sol', uploaded)).toBe('pkg/contracts/A.sol');
    expect(normalizePath('/tmp/other/contracts/A.sol', uploaded)).toBe('contracts/A.sol');
    expect(normalizePath(`/${'deep/'.repeat(300)}x/pkg/B.sol`, uploaded)).toBe('x/pkg/B.sol');
    // `pkg/B.sol` is not a whole segment of `x/pkg/B.sol`'s end: `kg/B.sol` is no shortening.
    expect(normalizePath('kg/B.sol', uploaded)).toBe('kg/B.sol');
  });

  it('gives the first upload of one file named twice, and no shortened path for it', () => {
    const name = 'contracts/Ünï.sol';
    const uploaded = indexKnownFiles([name.normalize('NFD'), name.normalize('NFC')]);
    expect(normalizePath(name.normalize('NFC'), uploaded)).toBe(name.normalize('NFD'));
    expect(normalizePath('/srv/contracts/%C3%9Cn%C3%AF.sol', uploaded)).toBe(name.normalize('NFD'));
    // Two uploads end with it: the service's `Ünï.sol` is read as it is, relative.
    expect(normalizePath('Ünï.sol', uploaded)).toBe('Ünï.sol');
    expect(normalizePath('/Ünï.sol', uploaded)).toBeUndefined();
  });

  it('matches percent-encoded uploads and reports alike', () => {
    const uploaded = indexKnownFiles(['contracts/My%20Vault.sol', 'src/Ü.sol'.normalize('NFD')]);
    expect(normalizePath('contracts/My Vault.sol', uploaded)).toBe('contracts/My%20Vault.sol');
    expect(normalizePath('My%20Vault.sol', uploaded)).toBe('contracts/My%20Vault.sol');
    expect(normalizePath('file:///w/src/%C3%9C.sol', uploaded)).toBe('src/Ü.sol'.normalize('NFD'));
    expect(normalizePath('%C3%9C.sol', uploaded)).toBe('src/Ü.sol'.normalize('NFD'));
  });

  it('gives what a scan of every uploaded path gives, for any mix of names', () => {
    const random = seeded(20_240_611);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const segments = [
      'a',
      'b',
      'A.sol',
      'B.sol',
      'Ü.sol'.normalize('NFC'),
      'Ü.sol'.normalize('NFD'),
      '%C3%9C.sol',
      'My V.sol',
      'My%20V.sol',
      '.',
      '..',
    ];
    const pathOf = (most: number) =>
      Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(segments)).join('/');
    for (let round = 0; round < 3_000; round += 1) {
      const uploads = Array.from(
        { length: 1 + Math.floor(random() * 6) },
        () => pick(['', './', 'a/']) + pathOf(3),
      );
      const reported = pick(['', '', '/', '/tmp/up/', '../', 'a/../']) + pathOf(4);
      expect(normalizePath(reported, indexKnownFiles(uploads)), `${reported} in ${uploads}`).toBe(
        scanned(reported, uploads),
      );
    }
  });
});

/** The matching rules as a scan of every uploaded path, for the simple paths generated above. */
function scanned(raw: string, uploads: readonly string[]): string | undefined {
  const path = resolved(raw);
  const decoded = resolved(decodedPath(raw));
  const inside = path.inside && decoded.inside;
  if (path.clean === '') return undefined;
  const key = comparableKey(path.clean);
  const known = uploads.flatMap((file) => {
    const clean = resolved(file).clean;
    return clean === '' ? [] : [{ file: clean, key: comparableKey(clean) }];
  });
  const same = known.find((k) => k.key === key);
  if (same !== undefined) return same.file;
  const longer = known
    .filter((k) => key.endsWith(`/${k.key}`))
    .sort((a, b) => b.key.length - a.key.length)[0];
  if (longer !== undefined) return longer.file;
  if (!inside) return undefined;
  const shorter = known.filter((k) => k.key.endsWith(`/${key}`));
  return shorter.length === 1 ? shorter[0]!.file : path.clean;
}

function resolved(path: string): { clean: string; inside: boolean } {
  const segments: string[] = [];
  let climbs = false;
  for (const segment of path.split('/')) {
    if (segment === '..') {
      if (segments.pop() === undefined) climbs = true;
    } else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return { clean: segments.join('/'), inside: !path.startsWith('/') && !climbs };
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function comparableKey(path: string): string {
  return decodedPath(path).normalize('NFC');
}
