/** The guarded reader every config goes through: its answers at the edges of what it reads. */
import { execFileSync } from 'node:child_process';
import fs, { appendFile, mkdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createConfigReader,
  KEPT_REMAPPINGS,
  MAX_CONFIG_BYTES,
  readConfig,
  type RemappingsRead,
} from '../../src/project/config-file.ts';
import { workspaceWith } from '../support/workspace.ts';

async function workspace() {
  return realpath(await workspaceWith({ 'foundry.toml': '[profile.default]\n' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** `file` swapped by `swap` just after the reader looked at it, as a hostile process could. */
function swappedAfterStat(file: string, swap: () => Promise<void>) {
  const stat = fs.stat.bind(fs);
  vi.spyOn(fs, 'stat').mockImplementation(async (...args: Parameters<typeof fs.stat>) => {
    const stats = await stat(...args);
    if (args[0] === file) await swap();
    return stats;
  });
}

describe('readConfig', () => {
  it('reads a file of the bound exactly, and refuses one byte more', async () => {
    const root = await workspace();
    const file = path.join(root, 'remappings.txt');
    await writeFile(file, 'a'.repeat(MAX_CONFIG_BYTES));
    const read = await readConfig(file, root);
    expect(read.kind === 'text' && read.text.length).toBe(MAX_CONFIG_BYTES);
    await writeFile(file, 'a'.repeat(MAX_CONFIG_BYTES + 1));
    expect(await readConfig(file, root)).toEqual({
      kind: 'unusable',
      why: 'too-large',
      reason: 'is larger than 1 MiB, more than a config holds',
    });
  });

  it('tells nothing there from a link to nothing, and a loop of links from both', async () => {
    const root = await workspace();
    expect(await readConfig(path.join(root, 'hardhat.config.ts'), root)).toEqual({
      kind: 'missing',
    });
    expect(await readConfig(path.join(root, 'gone/foundry.toml'), root)).toEqual({
      kind: 'missing',
    });
    await symlink('nowhere', path.join(root, 'ape-config.yaml'));
    expect(await readConfig(path.join(root, 'ape-config.yaml'), root)).toMatchObject({
      why: 'dangling',
      reason: 'is a link to nothing',
    });
    await symlink('b.toml', path.join(root, 'a.toml'));
    await symlink('a.toml', path.join(root, 'b.toml'));
    expect(await readConfig(path.join(root, 'a.toml'), root)).toMatchObject({
      why: 'dangling',
      reason: 'is a link that leads to itself',
    });
  });

  it('says when a link leads to what is not a file, and follows one to a file inside', async () => {
    const root = await workspace();
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    await symlink('pipe', path.join(root, 'brownie-config.yaml'));
    expect(await readConfig(path.join(root, 'brownie-config.yaml'), root)).toMatchObject({
      why: 'fifo',
      reason: 'is a link to a FIFO (named pipe), not a file',
    });
    await mkdir(path.join(root, 'pkg'));
    await symlink('../foundry.toml', path.join(root, 'pkg/foundry.toml'));
    expect(await readConfig(path.join(root, 'pkg/foundry.toml'), root)).toEqual({
      kind: 'text',
      text: '[profile.default]\n',
    });
  });
});

const remappingsOf = (read: RemappingsRead) =>
  read.kind === 'remappings' ? read.remappings : undefined;

describe('readConfig, when the file is swapped between its checks and its read', () => {
  it('never waits on a FIFO put in its place: the descriptor read is checked', async () => {
    const root = await workspace();
    const file = path.join(root, 'foundry.toml');
    swappedAfterStat(file, async () => {
      await rm(file);
      execFileSync('mkfifo', [file]);
    });
    expect(await readConfig(file, root)).toMatchObject({
      why: 'fifo',
      reason: 'is a FIFO (named pipe), not a file',
    });
  }, 10_000);

  it('never follows a link put in its place', async () => {
    const root = await workspace();
    const file = path.join(root, 'foundry.toml');
    await writeFile(path.join(root, 'other.toml'), 'x');
    swappedAfterStat(file, async () => {
      await rm(file);
      await symlink('other.toml', file);
    });
    expect(await readConfig(file, root)).toMatchObject({
      why: 'unreadable',
      reason: 'cannot be read (ELOOP)',
    });
  });
});

describe('readConfig, when the file grows as it is read', () => {
  it('reads no more than the size it checked, and says the file changed', async () => {
    const root = await workspace();
    const file = path.join(root, 'foundry.toml');
    const open = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      const handle = await open(...args);
      const stat = handle.stat.bind(handle);
      vi.spyOn(handle, 'stat').mockImplementation(async () => {
        const stats = await stat();
        await appendFile(file, 'x'.repeat(MAX_CONFIG_BYTES));
        return stats;
      });
      return handle;
    });
    expect(await readConfig(file, root)).toMatchObject({
      why: 'unreadable',
      reason: 'grew while it was read',
    });
  });
});

describe('createConfigReader', () => {
  it('keeps only the remappings of a long remappings.txt a project can use, and counts them all', async () => {
    const root = await workspace();
    const lines = Array.from({ length: 100_000 }, (_, i) => `r${i}=x`);
    await writeFile(path.join(root, 'remappings.txt'), lines.join('\n'));
    const read = await createConfigReader(root).remappings(path.join(root, 'remappings.txt'));
    expect(read).toMatchObject({ kind: 'remappings', listed: 100_000 });
    expect(remappingsOf(read)).toHaveLength(KEPT_REMAPPINGS);
    expect(remappingsOf(read)?.at(-1)).toEqual({
      context: '',
      prefix: `r${KEPT_REMAPPINGS - 1}`,
      target: 'x',
    });
  });

  it('reads each real file once, and says of each path whether it is a link', async () => {
    const root = await workspace();
    const reader = createConfigReader(root);
    execFileSync('mkfifo', [path.join(root, 'remappings.txt')]);
    await symlink('remappings.txt', path.join(root, 'linked.txt'));
    expect(await reader.remappings(path.join(root, 'remappings.txt'))).toMatchObject({
      reason: 'is a FIFO (named pipe), not a file',
    });
    expect(await reader.remappings(path.join(root, 'linked.txt'))).toMatchObject({
      reason: 'is a link to a FIFO (named pipe), not a file',
    });
    await writeFile(path.join(root, 'lib.txt'), 'a/=lib/a/\n');
    await symlink('lib.txt', path.join(root, 'lib-link.txt'));
    const direct = await reader.remappings(path.join(root, 'lib.txt'));
    expect(direct).toEqual({
      kind: 'remappings',
      remappings: [{ context: '', prefix: 'a/', target: 'lib/a/' }],
      listed: 1,
    });
    // The same real file: the same answer, not a second read.
    const linked = await reader.remappings(path.join(root, 'lib-link.txt'));
    expect(remappingsOf(linked)).toBe(remappingsOf(direct));
  });
});
