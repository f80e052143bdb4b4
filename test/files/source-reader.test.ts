import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSourceReader } from '../../src/files/source-reader.ts';

const base = mkdtempSync(path.join(tmpdir(), 'sources-'));
const workspace = path.join(base, 'repo');
const outside = path.join(base, 'secret.txt');
mkdirSync(path.join(workspace, 'pkg/src'), { recursive: true });
writeFileSync(path.join(workspace, 'pkg/src/A.sol'), 'contract A {}\n');
writeFileSync(path.join(workspace, 'pkg/Other.sol'), 'contract O {}\n');
writeFileSync(outside, 'do not read');
symlinkSync(outside, path.join(workspace, 'pkg/src/Link.sol'));
const fifo = path.join(workspace, 'pkg/src/Pipe.sol');
execFileSync('mkfifo', [fifo]);
mkdirSync(path.join(workspace, 'pkg/src/Folder.sol'));

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('createSourceReader', () => {
  const root = path.join(workspace, 'pkg');

  it('reads files under the working directory by the names the service reported', () => {
    const read = createSourceReader({ workspace, root, uploaded: undefined });
    expect(read('src/A.sol')).toBe('contract A {}\n');
    expect(read('Other.sol')).toBe('contract O {}\n');
  });

  it('never reads outside the workspace, by path or through a link', () => {
    const read = createSourceReader({ workspace, root, uploaded: undefined });
    expect(read('../../secret.txt')).toBeUndefined();
    expect(read(outside)).toBeUndefined();
    expect(read('src/Link.sol')).toBeUndefined();
    expect(read('src/Missing.sol')).toBeUndefined();
  });

  it('reads a file whose name merely starts with two dots', () => {
    writeFileSync(path.join(workspace, '..dots.sol'), 'contract D {}\n');
    const read = createSourceReader({ workspace, root: workspace, uploaded: undefined });
    expect(read('..dots.sol')).toBe('contract D {}\n');
  });

  it('reads only uploaded files when the upload is known, from where they were uploaded from', () => {
    const uploaded = new Map([
      ['src/A.sol', path.join(root, 'src/A.sol')],
      // A dependency named by its import string, not by its place on disk.
      ['pkg/A.sol', path.join(root, 'src/A.sol')],
      ['escape/passwd', '/etc/passwd'],
    ]);
    const read = createSourceReader({ workspace, root, uploaded });
    expect(read('src/A.sol')).toBe('contract A {}\n');
    expect(read('pkg/A.sol')).toBe('contract A {}\n');
    expect(read('Other.sol')).toBeUndefined();
    expect(read('escape/passwd')).toBeUndefined();
  });

  it('returns at once for a FIFO or anything else that is not a regular file', () => {
    // A writer waiting for a reader: a read that opened the FIFO would get its text instead of
    // undefined, where without a writer it would block this thread for good.
    const writer = spawn('sh', ['-c', 'printf "contract P {}" > "$0"', fifo], { stdio: 'ignore' });
    try {
      const read = createSourceReader({ workspace, root, uploaded: undefined });
      expect(read('src/Pipe.sol')).toBeUndefined();
      expect(read('src/Folder.sol')).toBeUndefined();
    } finally {
      writer.kill();
    }
  });

  it('reads a file of up to 4 MiB, and none larger', () => {
    const cap = 4 * 1024 * 1024;
    writeFileSync(path.join(root, 'AtCap.sol'), 'a'.repeat(cap));
    writeFileSync(path.join(root, 'Over.sol'), 'a'.repeat(cap + 1));
    const read = createSourceReader({ workspace, root, uploaded: undefined });
    expect(read('AtCap.sol')).toHaveLength(cap);
    expect(read('Over.sol')).toBeUndefined();
  });
});
