/** The guarded reader every config goes through: its answers at the edges of what it reads. */
import { execFileSync } from 'node:child_process';
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, readConfig } from '../../src/project/config-file.ts';
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
