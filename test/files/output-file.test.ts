import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileSafe, writeOutputFile } from '../../src/files/output-file.ts';
import { Redactor } from '../../src/redaction.ts';
import { leakedForms } from '../support/leaks.ts';

let sandbox: string;
let workspace: string;
let runnerTemp: string;
let outside: string; // where a planted link would send the write
let roots: string[];

beforeEach(async () => {
  sandbox = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'output-file-')));
  workspace = path.join(sandbox, 'workspace');
  runnerTemp = path.join(sandbox, 'runner-temp');
  outside = path.join(sandbox, 'outside');
  for (const dir of [workspace, runnerTemp, outside]) await fs.mkdir(dir);
  roots = [workspace, runnerTemp];
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(sandbox, { recursive: true, force: true });
});

describe('writeOutputFile', () => {
  it('creates the missing folders of a nested path, in the workspace or RUNNER_TEMP', async () => {
    const file = path.join(workspace, 'reports/sarif/audit.sarif');
    await expect(writeOutputFile(file, ['{"runs":[]}'], roots)).resolves.toBe(file);
    expect(await fs.readFile(file, 'utf8')).toBe('{"runs":[]}');

    const results = path.join(runnerTemp, 'audit-results-1.json');
    await expect(writeOutputFile(results, ['{}'], roots)).resolves.toBe(results);
    expect(await fs.readFile(results, 'utf8')).toBe('{}');
  });

  it('replaces a file already there', async () => {
    const file = path.join(workspace, 'audit.sarif');
    await fs.writeFile(file, 'a much longer previous report');
    await writeOutputFile(file, ['new'], roots);
    expect(await fs.readFile(file, 'utf8')).toBe('new');
  });

  it('refuses a folder that is a link, and writes nothing where it leads', async () => {
    await fs.symlink(outside, path.join(workspace, 'reports'));

    await expect(
      writeOutputFile(path.join(workspace, 'reports/audit.sarif'), ['x'], roots),
    ).rejects.toThrow(`${path.join(workspace, 'reports')} is a symbolic link`);
    expect(await fs.readdir(outside)).toEqual([]);
  });

  it('refuses a link in a middle folder, creating nothing beyond it', async () => {
    await fs.mkdir(path.join(workspace, 'out'));
    await fs.symlink(outside, path.join(workspace, 'out/link'));

    await expect(
      writeOutputFile(path.join(workspace, 'out/link/deep/report.json'), ['x'], roots),
    ).rejects.toThrow(/out\/link is a symbolic link; output files are never written through one/);
    expect(await fs.readdir(outside)).toEqual([]);
  });

  it('replaces a link at the final name instead of writing through it', async () => {
    const victim = path.join(outside, 'victim.txt');
    await fs.writeFile(victim, 'keep');
    const file = path.join(workspace, 'audit.sarif');
    await fs.symlink(victim, file);
    const dangling = path.join(runnerTemp, 'results.json');
    await fs.symlink(path.join(outside, 'created-through-link.json'), dangling);

    await writeOutputFile(file, ['report'], roots);
    await writeOutputFile(dangling, ['results'], roots);

    expect(await fs.readFile(victim, 'utf8')).toBe('keep');
    expect((await fs.lstat(file)).isFile()).toBe(true);
    expect(await fs.readFile(file, 'utf8')).toBe('report');
    expect(await fs.readFile(dangling, 'utf8')).toBe('results');
    expect(await fs.readdir(outside)).toEqual(['victim.txt']);
  });

  it('refuses a path outside the roots, also one that leaves them with ..', async () => {
    for (const file of [
      path.join(outside, 'audit.sarif'),
      `${workspace}/../outside/audit.sarif`,
      path.join(sandbox, 'workspace-other/audit.sarif'),
    ]) {
      await expect(writeOutputFile(file, ['x'], roots), file).rejects.toThrow(
        /is outside .* where output files may go/,
      );
    }
    expect(await fs.readdir(outside)).toEqual([]);
    expect(await fs.readdir(sandbox)).not.toContain('workspace-other');
  });

  it('writes the chunks as they come, and leaves no file when they fail part way', async () => {
    const file = path.join(workspace, 'reports/audit-results.json');
    async function* chunks() {
      yield '{"findings": [';
      yield '1, 2';
      yield ']}';
    }
    await writeOutputFile(file, chunks(), roots);
    expect(await fs.readFile(file, 'utf8')).toBe('{"findings": [1, 2]}');

    async function* failing() {
      yield '{"findings": [';
      throw new Error('the renderer failed');
    }
    await expect(writeOutputFile(file, failing(), roots)).rejects.toThrow('the renderer failed');
    expect(await fs.readdir(path.dirname(file))).toEqual([]);
  });

  it('tells why the write failed when closing the file fails too, and leaves no file', async () => {
    const file = path.join(workspace, 'audit-results.json');
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      const handle = await open(...args);
      const close = handle.close.bind(handle);
      handle.close = async () => {
        await close();
        throw new Error('EIO on close');
      };
      return handle;
    });
    async function* failing() {
      yield '{"findings": [';
      throw new Error('the renderer failed');
    }
    await expect(writeOutputFile(file, failing(), roots)).rejects.toThrow('the renderer failed');
    // With nothing else wrong, the close's own error is the one told.
    await expect(writeOutputFile(file, ['{}'], roots)).rejects.toThrow('EIO on close');
    expect(await fs.readdir(workspace)).toEqual([]);
  });

  it('written through the redactor, holds no form of a key split between chunks', async () => {
    const key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
    const redactor = new Redactor();
    redactor.add(key);
    const text = JSON.stringify(
      {
        findings: [
          { title: `as it is ${key}` },
          {
            title: `JSON-escaped ${[...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}`,
          },
          { title: `hex ${Buffer.from(key).toString('hex')}` },
          { title: `split ${[...key].join('\u200b')}` },
        ],
      },
      null,
      2,
    );
    const file = path.join(runnerTemp, 'audit-results.json');
    // Chunks of every size up to past the key's length cut each of its forms at every place.
    for (let size = 1; size <= 40; size += 1) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      );
      await writeOutputFile(file, redactor.redactChunks(chunks), roots);
      const written = await fs.readFile(file, 'utf8');
      expect(written, `chunks of ${size}`).toBe(redactor.redact(text));
      expect(written.split('***')).toHaveLength(5);
      expect(leakedForms([written], key)).toEqual([]);
    }
  });

  it('refuses to replace a folder, or to use a file as one', async () => {
    await fs.mkdir(path.join(workspace, 'audit.sarif'));
    await fs.writeFile(path.join(workspace, 'plain'), 'text');

    await expect(
      writeOutputFile(path.join(workspace, 'audit.sarif'), ['x'], roots),
    ).rejects.toThrow(/audit\.sarif is a directory/);
    await expect(
      writeOutputFile(path.join(workspace, 'plain/audit.sarif'), ['x'], roots),
    ).rejects.toThrow(/plain is not a directory/);
    expect(await fs.readFile(path.join(workspace, 'plain'), 'utf8')).toBe('text');
  });
});

describe('fileSafe', () => {
  it('keeps a name from the service to one short path segment', () => {
    expect(fileSafe('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(fileSafe('a\n::error::b')).toBe('a_error_b');
    // Linux allows 255 bytes per name; the default names add a prefix, the project and an extension.
    expect(fileSafe('x'.repeat(1_000))).toHaveLength(100);
  });
});
