/**
 * The head commit read through the GitHub client from the stand-in, which serves it from a real
 * git repository; the folder standing for it; and what of an artifact it takes. The whole run is
 * in test/action/main-head-commit.test.ts; these are the cases it does not reach.
 */
import { mkdtemp, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeArtifactFiles, writeHeadFolder } from '../../../src/action/artifact/head-folder.ts';
import { gitBlobId, readHeadFile, readHeadTree } from '../../../src/action/artifact/head-tree.ts';
import { MAX_CONFIG_BYTES } from '../../../src/project/config-file.ts';
import type { ProjectUpload } from '../../../src/project/find-contracts.ts';
import { commitFiles, type CommittedFile } from '../../support/git-commit.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { recordingLogger } from '../../support/logger.ts';

const setUp = useGitHubApi();
const CONTRACT = 'pragma solidity 0.8.20;\ncontract A {}\n';

async function served(
  files: Record<string, CommittedFile>,
  truncateAbove?: number,
  deadline = { at: Date.now() + 60_000, now: Date.now },
) {
  const head = await commitFiles(files, truncateAbove === undefined ? {} : { truncateAbove });
  const { api, client } = await setUp({ owner: 'acme', repo: 'vaults' }, { deadline });
  api.serveCommits([head]);
  const reader = { client, commit: head.sha, deadline };
  return { head, api, reader };
}

async function headFolder(files: Record<string, CommittedFile>) {
  const { head, api, reader } = await served(files);
  const { log, lines } = recordingLogger();
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'head-')));
  const folder = await writeHeadFolder(await readHeadTree(reader, true), root, reader, log);
  return { head, api, folder, root, lines, log };
}

/** An artifact's one upload of these files (repository path → bytes). */
async function artifact(files: Record<string, string>): Promise<ProjectUpload[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'artifact-'));
  return [
    {
      name: 'vaults',
      path: '.',
      files: await Promise.all(
        Object.entries(files).map(async ([repositoryPath, data], index) => {
          const absolutePath = path.join(dir, String(index));
          await writeFile(absolutePath, data);
          return {
            absolutePath,
            relativePath: repositoryPath,
            repositoryPath,
            size: data.length,
            dependency: false,
          };
        }),
      ),
    },
  ];
}

describe('readHeadTree', () => {
  it('is an error naming the folder when even its own listing is truncated', async () => {
    const { reader } = await served({ 'a.sol': CONTRACT, 'b.sol': CONTRACT }, 1);
    await expect(readHeadTree(reader, true)).rejects.toThrow(
      `The folder ./ of the head commit ${reader.commit} holds more entries than GitHub lists in one answer`,
    );
  });

  it('is an error naming `contents: read` when GitHub refuses the token', async () => {
    const { api, reader } = await served({ 'a.sol': CONTRACT });
    api.failNext({ method: 'GET', path: /\/git\/trees\//, status: 403, message: 'Forbidden' });
    await expect(readHeadTree(reader, true)).rejects.toThrow(/The token needs `contents: read`/);
  });

  it('is a timeout, not an error, once the deadline has passed', async () => {
    const { reader } = await served({ 'a.sol': CONTRACT }, undefined, {
      at: Date.now() - 1,
      now: Date.now,
    });
    await expect(readHeadTree(reader, true)).rejects.toMatchObject({
      name: 'DeadlineError',
      message: expect.stringContaining(
        `The time limit (\`timeout-minutes\`) ran out while the head commit ${reader.commit} was read from GitHub`,
      ),
    });
  });

  it('leaves out folders of installed packages when asked to, and lists them otherwise', async () => {
    const { reader } = await served({ 'src/A.sol': CONTRACT, 'node_modules/x/B.sol': CONTRACT });
    const paths = (await readHeadTree(reader, true)).map((entry) => entry.path);
    expect(paths.sort()).toEqual(['src', 'src/A.sol']);
    const all = (await readHeadTree(reader, false)).map((entry) => entry.path);
    expect(all.sort()).toEqual([
      'node_modules',
      'node_modules/x',
      'node_modules/x/B.sol',
      'src',
      'src/A.sol',
    ]);
  });
});

describe('readHeadFile', () => {
  it('is an error naming the file and the commit when GitHub does not serve it', async () => {
    const { head, api, reader } = await served({ 'src/A.sol': CONTRACT });
    api.failNext({ method: 'GET', path: /\/git\/blobs\//, status: 404, message: 'Not Found' });
    const entry = { path: 'src/A.sol', sha: head.blobId('src/A.sol') };
    await expect(readHeadFile(reader, entry)).rejects.toThrow(
      `The head commit ${head.sha} could not be read: its file src/A.sol was not served (Could not read a file of the head commit on GitHub (HTTP 404)`,
    );
    // Served, its bytes are the file's.
    expect((await readHeadFile(reader, entry)).toString()).toBe(CONTRACT);
  });
});

describe('writeHeadFolder', () => {
  it('writes a config too large to read as a placeholder of its size, never read from GitHub', async () => {
    const big = `# ${'x'.repeat(MAX_CONFIG_BYTES)}\n`;
    const { api, root, folder } = await headFolder({ 'foundry.toml': big, 'src/A.sol': CONTRACT });
    expect((await stat(path.join(root, 'foundry.toml'))).size).toBe(big.length);
    expect(api.requests.filter((request) => request.path.includes('/git/blobs/'))).toEqual([]);
    expect(folder.configsRead).toBe(0);
    // Its bytes are read only if something would send it (through a link with a contract's name).
    expect([...folder.placeholders.keys()].sort()).toEqual(['foundry.toml', 'src/A.sol']);
  });

  it('names a config path that cannot be written as a file, and leaves it out', async () => {
    const { head, reader } = await served({ 'src/A.sol': CONTRACT });
    const { log, lines } = recordingLogger();
    const root = await realpath(await mkdtemp(path.join(tmpdir(), 'head-')));
    const entries = [
      ...(await readHeadTree(reader, true)),
      {
        path: 'src/../../foundry.toml',
        mode: '100644',
        type: 'blob',
        sha: head.blobId('src/A.sol'),
        size: 1,
      },
    ];
    const folder = await writeHeadFolder(entries, root, reader, log);
    expect([...folder.placeholders.keys()]).toEqual(['src/A.sol']);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^warning: 1 path\(s\) of the head commit [^]*"src\/\.\.\/\.\.\/foundry\.toml"/,
      ),
    );
  });

  it('is an error naming a contract whose path cannot be written as a file: it might be one to audit', async () => {
    const { head, reader } = await served({ 'src/A.sol': CONTRACT });
    const root = await realpath(await mkdtemp(path.join(tmpdir(), 'head-')));
    const entries = [
      ...(await readHeadTree(reader, true)),
      {
        path: 'src/Vault\t.sol',
        mode: '100644',
        type: 'blob',
        sha: head.blobId('src/A.sol'),
        size: 1,
      },
      // On a Windows runner, a backslash would name a place outside the folder.
      {
        path: 'src/..\\..\\escape\\Vault.sol',
        mode: '100644',
        type: 'blob',
        sha: head.blobId('src/A.sol'),
        size: 1,
      },
    ];
    await expect(writeHeadFolder(entries, root, reader, recordingLogger().log)).rejects.toThrow(
      /2 contract file\(s\) or link\(s\) of the head commit [^]* cannot be audited:\n {2}- "src\/Vault\\t\.sol": a control character in the name\n {2}- "src\/\.\.\\\\\.\.\\\\escape\\\\Vault\.sol": a backslash in the name\nRename them/,
    );
  });
});

describe('takeArtifactFiles', () => {
  it('refuses what the commit does not hold as a file, and a path claimed twice with other bytes', async () => {
    const { head, root, folder, log } = await headFolder({
      'src/A.sol': CONTRACT,
      'src/lib': { gitlink: 'b'.repeat(40) },
      'docs/README.md': 'read me\n',
    });
    const uploads = await artifact({
      'src/A.sol': CONTRACT,
      src: CONTRACT,
      'src/lib': CONTRACT,
      'docs/README.md/X.sol': CONTRACT,
      'src/lib/L.sol': CONTRACT,
    });
    uploads.push(...(await artifact({ 'src/lib/L.sol': `${CONTRACT}// other\n` })));
    const refused = await takeArtifactFiles(folder, uploads, log, 'c'.repeat(40));
    expect(refused).toEqual([
      { path: 'src', reason: 'the head commit holds a folder or a submodule there' },
      { path: 'src/lib', reason: 'the head commit holds a folder or a submodule there' },
      {
        path: 'docs/README.md/X.sol',
        reason: 'the head commit holds a file or link where it has a folder',
      },
      { path: 'src/lib/L.sol', reason: 'the artifact holds it twice, with different bytes' },
    ]);
    // The commit's own file, its bytes verified, and the submodule's file, written.
    expect(await readFile(path.join(root, 'src/A.sol'), 'utf8')).toBe(CONTRACT);
    expect(await readFile(path.join(root, 'src/lib/L.sol'), 'utf8')).toBe(CONTRACT);
    expect(folder.placeholders.size).toBe(0);
    expect([...folder.artifactOnly]).toEqual(['src/lib/L.sol']);
    // The id the bytes are judged by is git's own.
    expect(gitBlobId(Buffer.from(CONTRACT))).toBe(head.blobId('src/A.sol'));
  });
});
