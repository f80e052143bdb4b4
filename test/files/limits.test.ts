import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import type { ContractFile } from '../../src/files/discover.ts';
import { checkUploadLimits, formatBytes, type UploadLimits } from '../../src/files/limits.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const KB = 1024;
const MB = 1024 * KB;
const GENEROUS: UploadLimits = { maxFiles: 100, maxFileBytes: MB, maxTotalBytes: 10 * MB };

const file = (relativePath: string, size: number): ContractFile => ({
  absolutePath: `/ws/${relativePath}`,
  relativePath,
  size,
});

function failure(files: readonly ContractFile[], limits: UploadLimits): string {
  try {
    checkUploadLimits(files, limits, ACTION_VOCABULARY);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected the limits to be exceeded');
}

describe('checkUploadLimits', () => {
  it('accepts files within every limit, including exactly at the limits', () => {
    const files = [file('a.sol', MB), file('b.sol', MB)];
    expect(() =>
      checkUploadLimits(
        files,
        { maxFiles: 2, maxFileBytes: MB, maxTotalBytes: 2 * MB },
        ACTION_VOCABULARY,
      ),
    ).not.toThrow();
  });

  it('names the file count, the limit, the busiest folders and the input to raise', () => {
    const files = [
      ...Array.from({ length: 7 }, (_, i) => file(`contracts/mocks/M${i}.sol`, 10)),
      ...Array.from({ length: 3 }, (_, i) => file(`contracts/C${i}.sol`, 10)),
      file('Root.sol', 10),
    ];

    const message = failure(files, { ...GENEROUS, maxFiles: 5 });

    expect(message).toContain('11 contract files were found; at most 5 may be uploaded');
    expect(message).toContain(
      '  - contracts/mocks/ (7 files)\n  - contracts/ (3 files)\n  - ./ (1 files)',
    );
    expect(message).toMatch(/Narrow `contracts` or add `exclude`.*raise `max-files`\.$/s);
  });

  it('says how much of the upload is dependencies, and that they can be left out', () => {
    const files = [
      file('src/A.sol', 2 * KB),
      { ...file('forge-std/Test.sol', 3 * KB), dependency: true },
      { ...file('forge-std/Vm.sol', 5 * KB), dependency: true },
    ];

    const message = failure(files, { ...GENEROUS, maxFiles: 2, maxTotalBytes: 9 * KB });

    expect(message).toContain(
      '3 contract files were found (2 of them, 8 KB, dependencies the audited files import); at most 2 may be uploaded',
    );
    expect(message).toContain(
      'The 3 files (2 of them, 8 KB, dependencies the audited files import) add up to 10 KB',
    );
    expect(message).toContain('set `dependencies: exclude` to send only those, or raise');
  });

  it('lists the largest oversized files, with sizes, up to five', () => {
    const files = Array.from({ length: 7 }, (_, i) => file(`F${i}.sol`, (i + 2) * MB));
    files.push(file('Small.sol', KB));

    const message = failure(files, { ...GENEROUS, maxTotalBytes: Infinity });

    expect(message).toContain('7 file(s) are larger than 1 MB (input `max-file-size-kb`)');
    expect(message).toContain('  - F6.sol (8 MB)\n  - F5.sol (7 MB)');
    expect(message).toContain('  … and 2 more');
    expect(message).not.toContain('Small.sol');
    expect(message).toContain('raise `max-file-size-kb`.');
  });

  it('reports the total size and every limit exceeded at once', () => {
    const files = [file('Big.sol', 3 * MB), file('Mid.sol', 600 * KB), file('Tiny.sol', 10)];

    const message = failure(files, { maxFiles: 2, maxFileBytes: 2 * MB, maxTotalBytes: 3 * MB });

    expect(message).toContain('The 3 files add up to 3.6 MB; at most 3 MB may be uploaded');
    expect(message).toContain('  - Big.sol (3 MB)\n  - Mid.sol (600 KB)\n  - Tiny.sol (10 B)');
    expect(message).toContain('raise `max-files`, `max-file-size-kb`, `max-total-size-mb`.');
  });
});

describe('formatBytes', () => {
  it('uses 1,024-based units with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * MB)).toBe('50 MB');
    expect(formatBytes(3 * 1024 * MB)).toBe('3 GB');
  });
});
