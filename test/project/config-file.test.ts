/** The guarded reader every config goes through: its answers at the edges of what it reads. */
import { execFileSync } from 'node:child_process';
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createConfigReader,
  MAX_CONFIG_BYTES,
  readConfig,
  type RemappingsRead,
} from '../../src/project/config-file.ts';
import { workspaceWith } from '../support/workspace.ts';

async function workspace() {
  return realpath(await workspaceWith({ 'foundry.toml': '[profile.default]\n' }));
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

describe('createConfigReader', () => {
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
    });
    // The same real file: the same answer, not a second read.
    const linked = await reader.remappings(path.join(root, 'lib-link.txt'));
    expect(remappingsOf(linked)).toBe(remappingsOf(direct));
  });
});
