/**
 * run() in process on `workflow_run`, against a head commit whose symbolic links a fork shapes:
 * chains, `..` after a folder link, configs and contracts of other names, installed-package
 * folders, names no upload can carry, cycles, and links leading outside. Whatever they do, B
 * never sends a placeholder's zero bytes, never writes outside its folder, and never passes a
 * head commit whose contract, reached as a checkout reaches it, holds a reentrancy.
 */
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import type { Report } from '../../src/report/model.ts';
import { recorded } from '../support/core.ts';
import { FORK, HARMLESS, TOKEN, VAULT, useHeadCommitRun } from '../support/head-commit-run.ts';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));
// The outcome each run published, as the reports are made from it.
const published = vi.hoisted(() => [] as Report[]);
vi.mock('../../src/action/publish.ts', async (original) => {
  const real = await original<typeof import('../../src/action/publish.ts')>();
  return {
    ...real,
    publish: (
      outcome: Report,
      ...rest: Parameters<typeof real.publish> extends [unknown, ...infer R] ? R : never
    ) => {
      published.push(outcome);
      return real.publish(outcome, ...rest);
    },
  };
});

const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  return prepareRunContext('workflow_run', {});
});
const { setUp, seedArtifact, headCommit, uploaded, reentrancy } = useHeadCommitRun(
  github,
  published,
);

const noZeros = (service: Awaited<ReturnType<typeof setUp>>) =>
  [...uploaded(service).values()].every((text) => !text.includes('\0'));

describe('run() on workflow_run, links of the head commit as the kernel reads them', () => {
  it('chain: a contract link to a link to a non-source file is audited (not dangling)', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: 'A.txt' },
      'src/A.txt': { link: '../docs/Vault.txt' },
      'docs/Vault.txt': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(noZeros(service)).toBe(true);
    expect(recorded.outputs['verdict']).not.toBe('pass');
    expect(reentrancy()).toHaveLength(1);
  });

  it('lexical vs physical: a target through a folder link then `..`', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: '../a/b/../Vault.txt' },
      'a/b': { link: '../c/d' },
      'a/Vault.txt': 'not solidity\n',
      'c/d/keep.txt': 'x\n',
      'c/Vault.txt': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(noZeros(service)).toBe(true);
    expect(recorded.outputs['verdict']).not.toBe('pass');
    expect(reentrancy()).toHaveLength(1);
  });

  it('a config link to a file of another name is read with its bytes, not zeros', async () => {
    await headCommit({
      'foundry.toml': { link: 'cfg/profile.txt' },
      'cfg/profile.txt': '[profile.default]\nsrc = "lib"\nlibs = ["deps"]\n',
      'src/Token.sol': TOKEN,
      'lib/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(noZeros(service)).toBe(true);
    expect(recorded.outputs['verdict']).not.toBe('pass');
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual(['lib/Vault.sol']);
  });

  it('a contract link to a config too large to read: never sent as zeros', async () => {
    const big = VAULT + `// ${'x'.repeat(1024 * 1024 + 10)}\n`;
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: '../big/remappings.txt' },
      'big/remappings.txt': big,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp({ 'max-file-size-kb': '4096' });
    await run();
    expect(noZeros(service)).toBe(true);
    expect(recorded.outputs['verdict']).not.toBe('pass');
  });

  it('a folder link with a control character in its name hides nothing', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/\u0001core': { link: '../impl' },
      'impl/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).not.toBe('pass');
  });

  it('cycles and a link to an ancestor end, and the vault is audited', async () => {
    await headCommit({
      ...FORK,
      'src/up': { link: '..' },
      'src/root': { link: '/' },
      'src/ws': { link: process.env['GITHUB_WORKSPACE'] ?? '/tmp' },
      'src/a.sol': { link: 'b.sol' },
      'src/b.sol': { link: 'a.sol' },
      'src/self': { link: 'self' },
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(noZeros(service)).toBe(true);
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(reentrancy()).toHaveLength(1);
  });

  it('a config link chain through a link of another name', async () => {
    await headCommit({
      'foundry.toml': { link: 'mid.txt' },
      'mid.txt': { link: '.config/foundry.toml' },
      '.config/foundry.toml': '[profile.default]\nsrc = "lib"\nlibs = ["deps"]\n',
      'src/Token.sol': TOKEN,
      'lib/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual(['lib/Vault.sol']);
  });

  it('a hardhat config link to a file of another name: its sources are audited, not conventions', async () => {
    await headCommit({
      'hardhat.config.js': { link: 'cfg/hh.txt' },
      'cfg/hh.txt': 'module.exports = { solidity: "0.8.20", paths: { sources: "./lib" } };\n',
      'contracts/Token.sol': TOKEN,
      'lib/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'contracts/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).not.toBe('pass');
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual(['lib/Vault.sol']);
  });

  it('control: the same hardhat config as a plain file audits lib/', async () => {
    await headCommit({
      'hardhat.config.js':
        'module.exports = { solidity: "0.8.20", paths: { sources: "./lib" } };\n',
      'contracts/Token.sol': TOKEN,
      'lib/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'contracts/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual(['lib/Vault.sol']);
  });

  it('control: the same tree audits the vault when src/Vault.sol is a plain link to c/Vault.txt', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: '../c/Vault.txt' },
      'c/Vault.txt': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
  });

  it('a contract link into a committed node_modules folder is audited', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: '../node_modules/x/Vault.txt' },
      'node_modules/x/Vault.txt': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).not.toBe('pass');
  });

  it('a source folder link into a committed node_modules folder is audited', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/core': { link: '../node_modules/pkg' },
      'node_modules/pkg/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).not.toBe('pass');
  });

  it('a source folder link to a submodule the artifact fills: never a pass', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\nlibs = ["lib"]\n',
      '.gitmodules': '[submodule "sub"]\n\tpath = lib/sub\n\turl = https://github.com/x/sub\n',
      'src/Token.sol': TOKEN,
      'src/core': { link: '../lib/sub' },
      'lib/sub': { gitlink: 'a'.repeat(40) },
    });
    await seedArtifact([
      { path: 'src/Token.sol', data: TOKEN },
      { path: 'lib/sub/Vault.sol', data: VAULT, dependency: true },
    ]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).not.toBe('pass');
  });

  it('links named node_modules leading outside: the artifact never writes through them', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-'));
    await headCommit({
      ...FORK,
      node_modules: { link: outside },
      'src/node_modules': { link: outside },
      'lib/x': { link: outside },
    });
    await seedArtifact([
      { path: 'src/Token.sol', data: TOKEN },
      { path: 'node_modules/@oz/Lib.sol', data: HARMLESS('Lib'), dependency: true },
      { path: 'src/node_modules/@oz/Lib.sol', data: HARMLESS('Lib'), dependency: true },
      { path: 'lib/x/node_modules/Lib.sol', data: HARMLESS('Lib'), dependency: true },
      { path: 'lib/x/Lib.sol', data: HARMLESS('Lib'), dependency: true },
    ]);
    await setUp();
    await run();
    expect(await readdir(outside)).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('fail');
  });

  it('working-directory the head commit holds as a link leading outside: a verdict, no crash', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-wd-'));
    await headCommit({ ...FORK, app: { link: outside }, app2: { link: '../../../..' } });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp({ 'working-directory': 'app' });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(await readdir(outside)).toEqual([]);
  });

  it('a contract link whose target is not UTF-8 (a file of that name)', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: '../docs/\u00e9.txt' },
      'docs/\u00e9.txt': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
  });
});
