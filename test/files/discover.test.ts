import { execFileSync } from 'node:child_process';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import {
  discoverContracts,
  type DiscoveryOptions,
  type DiscoveryResult,
} from '../../src/files/discover.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const SOURCES = ['**/*.sol', '**/*.vy'];

let sandbox: string; // holds the workspace and things outside it
let workspace: string;

beforeEach(async () => {
  sandbox = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'discover-')));
  workspace = path.join(sandbox, 'workspace');
  await fs.mkdir(workspace);
});

afterEach(async () => {
  await fs.rm(sandbox, { recursive: true, force: true });
});

/** Writes each file (content = its own path, so sizes differ) under `base`. */
async function tree(base: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await fs.writeFile(path.join(base, file), `// ${file}\n`);
  }
}

async function link(target: string, at: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(workspace, at)), { recursive: true });
  await fs.symlink(target, path.join(workspace, at));
}

/** Records every directory the walker lists, relative to the sandbox. */
function spyingReadDir(opened: string[]): (dir: string) => Promise<Dirent[]> {
  return async (dir) => {
    opened.push(path.relative(sandbox, dir).split(path.sep).join('/'));
    return fs.readdir(dir, { withFileTypes: true });
  };
}

function discover(options: Partial<DiscoveryOptions> = {}): Promise<DiscoveryResult> {
  return discoverContracts({
    vocabulary: ACTION_VOCABULARY,
    workspace,
    root: workspace,
    patterns: SOURCES,
    excludes: [],
    useDefaultExcludes: true,
    ...options,
  });
}

const paths = (result: DiscoveryResult) => result.files.map((file) => file.relativePath);

/** A path with raw bytes (numbers) in it: a string cannot name a file that is not UTF-8. */
function bytes(...parts: (string | Buffer | number)[]): Buffer {
  return Buffer.concat(parts.map((p) => (typeof p === 'number' ? Buffer.of(p) : Buffer.from(p))));
}

/** The message discovery fails with; fails the test if it does not fail. */
async function refusal(options: Partial<DiscoveryOptions> = {}): Promise<string> {
  const error: unknown = await discover(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return (error as Error).message;
}

const mkfifo = (at: string) => execFileSync('mkfifo', [path.join(workspace, at)]);

describe('discoverContracts on common layouts', () => {
  it('finds the sources of a Foundry project and prunes its dependencies and build output', async () => {
    await tree(workspace, [
      'foundry.toml',
      'src/Token.sol',
      'src/interfaces/IToken.sol',
      'src/Token.t.sol',
      'lib/forge-std/src/Test.sol',
      'test/Token.t.sol',
      'script/Deploy.s.sol',
      'out/Token.sol/Token.json',
      'cache/solidity-files-cache.json',
    ]);

    const result = await discover();

    expect(paths(result)).toEqual(['src/Token.sol', 'src/interfaces/IToken.sol']);
    expect(result.prunedDirectories).toEqual(['cache', 'lib', 'out', 'script', 'test']);
    expect(result.files[0]).toEqual({
      absolutePath: path.join(workspace, 'src/Token.sol'),
      relativePath: 'src/Token.sol',
      size: '// src/Token.sol\n'.length,
    });
    expect(result.unmatchedPatterns).toEqual(['**/*.vy']);
    expect(result.skippedLinks).toEqual([]);
  });

  it('never opens node_modules or artifacts of a Hardhat project', async () => {
    await tree(workspace, [
      'hardhat.config.ts',
      'contracts/Vault.sol',
      'contracts/pools/Pool.vy',
      'node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol',
      'artifacts/contracts/Vault.sol/Vault.json',
    ]);
    const opened: string[] = [];

    const result = await discover({ readDir: spyingReadDir(opened) });

    expect(paths(result)).toEqual(['contracts/Vault.sol', 'contracts/pools/Pool.vy']);
    expect(result.prunedDirectories).toEqual(['artifacts', 'node_modules']);
    expect(opened.sort()).toEqual([
      'workspace',
      'workspace/contracts',
      'workspace/contracts/pools',
    ]);
  });

  it('applies the defaults inside every package of a monorepo, and takes lib/ for a dependency only at the root', async () => {
    await tree(workspace, [
      'packages/a/contracts/A.sol',
      'packages/a/test/A.t.sol',
      'packages/b/src/B.sol',
      'packages/b/lib/dep/Dep.sol',
      'packages/b/node_modules/x/X.sol',
    ]);

    const result = await discover();

    expect(paths(result)).toEqual([
      'packages/a/contracts/A.sol',
      'packages/b/lib/dep/Dep.sol',
      'packages/b/src/B.sol',
    ]);
    expect(result.prunedDirectories).toEqual(['packages/a/test', 'packages/b/node_modules']);
  });
});

describe('discoverContracts patterns and excludes', () => {
  beforeEach(async () => {
    await tree(workspace, [
      'contracts/Token.sol',
      'contracts/mocks/TokenMock.sol',
      'contracts/lib/Math.sol',
      'contracts/legacy/Old.sol',
      'contracts/ERC20Mock.sol',
      'lib/forge-std/Test.sol',
      'test/Token.t.sol',
      'docs/Example.sol',
    ]);
  });

  it('adds user excludes to the defaults: directories, globs and basenames', async () => {
    const result = await discover({
      excludes: ['contracts/mocks/', '**/legacy/**', '*Mock.sol', 'docs'],
    });

    expect(paths(result)).toEqual(['contracts/Token.sol', 'contracts/lib/Math.sol']);
    expect(result.prunedDirectories).toEqual([
      'contracts/legacy',
      'contracts/mocks',
      'docs',
      'lib',
      'test',
    ]);
    expect(result.excluded).toContainEqual({
      path: 'contracts/mocks/',
      reason: '`exclude: contracts/mocks/`',
    });
    expect(result.excluded).toContainEqual({ path: 'docs/', reason: '`exclude: docs`' });
    expect(result.excluded).toContainEqual({
      path: 'contracts/ERC20Mock.sol',
      reason: '`exclude: *Mock.sol`',
    });
  });

  it('re-includes a default with a negated user exclude', async () => {
    const result = await discover({ excludes: ['!mocks/', '!*Mock*.sol'] });

    expect(paths(result)).toContain('contracts/mocks/TokenMock.sol');
    expect(paths(result)).toContain('contracts/ERC20Mock.sol');
    expect(result.prunedDirectories).toEqual(['lib', 'test']);
  });

  it('drops files matched by a negated pattern', async () => {
    const result = await discover({ patterns: ['**/*.sol', '!**/*Mock.sol', '!docs/**'] });

    expect(paths(result)).toEqual([
      'contracts/Token.sol',
      'contracts/legacy/Old.sol',
      'contracts/lib/Math.sol',
    ]);
  });

  it('includes everything the patterns match when the defaults are off', async () => {
    const result = await discover({ patterns: ['**/*.sol'], useDefaultExcludes: false });

    expect(paths(result)).toContain('lib/forge-std/Test.sol');
    expect(paths(result)).toContain('test/Token.t.sol');
    expect(result.files).toHaveLength(8);
    expect(result.prunedDirectories).toEqual([]);
  });

  it('reports the positive patterns that matched no file left by the excludes', async () => {
    const result = await discover({
      patterns: ['contracts/*.sol', 'src/**/*.sol', 'test/**/*.sol', '**/*.vy', '!nothing/**'],
    });

    expect(paths(result)).toEqual(['contracts/Token.sol']);
    expect(result.unmatchedPatterns).toEqual(['src/**/*.sol', 'test/**/*.sol', '**/*.vy']);
  });

  it('opens only directories that the literal prefix of a pattern leads to', async () => {
    const opened: string[] = [];

    const result = await discover({
      patterns: ['contracts/legacy/*.sol'],
      readDir: spyingReadDir(opened),
    });

    expect(paths(result)).toEqual(['contracts/legacy/Old.sol']);
    expect(opened.sort()).toEqual([
      'workspace',
      'workspace/contracts',
      'workspace/contracts/legacy',
    ]);
  });

  it('treats a plain directory pattern as the contracts below it, nothing else', async () => {
    await tree(workspace, ['contracts/README.md', 'contracts/deep/Pool.vy', 'contracts/Token.sol']);

    const result = await discover({ patterns: ['contracts/'] });

    expect(paths(result)).toEqual(
      expect.arrayContaining(['contracts/Token.sol', 'contracts/deep/Pool.vy']),
    );
    expect(paths(result)).not.toContain('contracts/README.md');
    expect(paths(result)).not.toContain('docs/Example.sol');
  });
});

describe('discoverContracts and symbolic links', () => {
  it('skips links leading outside the workspace or nowhere, without reading them', async () => {
    await tree(sandbox, ['outside/Secret.sol', 'outside/dir/Leak.sol']);
    await tree(workspace, ['src/Token.sol']);
    await link(path.join(sandbox, 'outside/Secret.sol'), 'src/Secret.sol');
    await link('../../outside/dir', 'src/external');
    await link(path.join(sandbox, 'missing.sol'), 'src/Broken.sol');
    // Excluded by name: no warning, as a real node_modules would not get one either.
    await link(path.join(sandbox, 'outside'), 'node_modules');
    const opened: string[] = [];

    const result = await discover({ readDir: spyingReadDir(opened) });

    expect(paths(result)).toEqual(['src/Token.sol']);
    expect(result.skippedLinks).toEqual([
      { path: 'src/Broken.sol', target: path.join(sandbox, 'missing.sol'), reason: 'broken' },
      {
        path: 'src/Secret.sol',
        target: path.join(sandbox, 'outside/Secret.sol'),
        reason: 'outside-workspace',
      },
      {
        path: 'src/external',
        target: path.join(sandbox, 'outside/dir'),
        reason: 'outside-workspace',
      },
    ]);
    expect(opened.every((dir) => dir.startsWith('workspace'))).toBe(true);
  });

  it('follows links inside the workspace, naming files by the link and reading the real file', async () => {
    await tree(workspace, ['shared/Lib.sol', 'app/contracts/App.sol', 'app/Single.sol.txt']);
    await link('../../shared', 'app/contracts/shared');
    await link('Single.sol.txt', 'app/Single.sol');

    const result = await discover({ root: path.join(workspace, 'app') });

    expect(result.files.map((f) => [f.relativePath, f.absolutePath])).toEqual([
      ['Single.sol', path.join(workspace, 'app/Single.sol.txt')],
      ['contracts/App.sol', path.join(workspace, 'app/contracts/App.sol')],
      ['contracts/shared/Lib.sol', path.join(workspace, 'shared/Lib.sol')],
    ]);
    expect(result.skippedLinks).toEqual([]);
  });

  it('never uploads a link whose own name is not a contract, whatever it leads to', async () => {
    await tree(workspace, ['.env', 'contracts/Real.sol']);
    await link('../.env', 'contracts/notes.txt');
    await link('Real.sol', 'contracts/readme.txt');

    for (const patterns of [SOURCES, ['contracts/']]) {
      const result = await discover({ patterns });

      expect(
        result.files.map((f) => [f.relativePath, f.absolutePath]),
        String(patterns),
      ).toEqual([['contracts/Real.sol', path.join(workspace, 'contracts/Real.sol')]]);
    }
  });

  it('lists a directory under its own name when a link also leads to it', async () => {
    await tree(workspace, ['z-real/Real.sol']);
    await link('../z-real', 'a/alias');

    const result = await discover();

    expect(paths(result)).toEqual(['z-real/Real.sol']);
  });

  it('terminates on link cycles and lists each file once', async () => {
    await tree(workspace, ['src/A.sol', 'src/nested/B.sol']);
    await link('..', 'src/nested/up');
    await link(workspace, 'src/root');
    await link('loop-b', 'src/loop-a');
    await link('loop-a', 'src/loop-b');

    const result = await discover();

    expect(paths(result)).toEqual(['src/A.sol', 'src/nested/B.sol']);
    expect(result.skippedLinks.map((l) => [l.path, l.reason])).toEqual([
      ['src/loop-a', 'broken'],
      ['src/loop-b', 'broken'],
    ]);
  });
});

describe('discoverContracts working directory', () => {
  it('gives paths relative to a working-directory subfolder', async () => {
    await tree(workspace, ['packages/a/contracts/A.sol', 'packages/b/contracts/B.sol']);

    const result = await discover({ root: path.join(workspace, 'packages/a') });

    expect(paths(result)).toEqual(['contracts/A.sol']);
    expect(result.files[0]!.absolutePath).toBe(path.join(workspace, 'packages/a/contracts/A.sol'));
  });

  it.each([
    ['outside the workspace', () => sandbox, /working-directory.*outside the workspace/],
    ['a link leading outside', () => path.join(workspace, 'escape'), /working-directory.*leads to/],
    ['missing', () => path.join(workspace, 'nope'), /working-directory.*does not exist/],
    ['a file', () => path.join(workspace, 'file.sol'), /working-directory.*not a directory/],
  ])('rejects a working-directory that is %s', async (_case, root, message) => {
    await tree(workspace, ['file.sol']);
    await link(sandbox, 'escape');

    const failure = discover({ root: root() });

    await expect(failure).rejects.toThrow(ConfigurationError);
    await expect(failure).rejects.toThrow(message);
  });

  it('names a directory it cannot read, and how to leave it out', async () => {
    await tree(workspace, ['src/A.sol', 'private/B.sol']);
    const readDir = async (dir: string) => {
      if (dir.endsWith('private')) {
        throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      }
      return fs.readdir(dir, { withFileTypes: true });
    };

    const failure = discover({ readDir });

    await expect(failure).rejects.toThrow(ConfigurationError);
    await expect(failure).rejects.toThrow(/Cannot read directory private \(EACCES\).*`exclude`/);
  });
});

describe('discoverContracts and contract files that cannot be uploaded', () => {
  it('names a contract whose name is not UTF-8 instead of leaving it out, and says how to fix it', async () => {
    await tree(workspace, ['contracts/Token.sol']);
    await fs.writeFile(bytes(workspace, '/contracts/Evil', 0xff, '.sol'), 'contract Evil {}');
    await fs.writeFile(bytes(workspace, '/contracts/notes', 0xfe, '.txt'), 'not a contract');

    const message = await refusal();

    expect(message).toContain(
      '1 file(s) match `contracts` but cannot be uploaded, so they would go unaudited:\n' +
        '  - contracts/Evil\\xff.sol: its name is not valid UTF-8\n',
    );
    expect(message).toMatch(/Rename each one.*leave it out with `exclude`/s);
  });

  it('is satisfied by an exclude rule naming the file as the message shows it', async () => {
    await tree(workspace, ['contracts/Token.sol']);
    await fs.writeFile(bytes(workspace, '/contracts/Evil', 0xff, '.sol'), 'contract Evil {}');

    const result = await discover({ excludes: ['contracts/Evil\\xff.sol'] });

    expect(paths(result)).toEqual(['contracts/Token.sol']);
  });

  it('uploads a name holding U+FFFD itself, which is valid UTF-8', async () => {
    await tree(workspace, ['contracts/Caf\uFFFD.sol']);

    const result = await discover();

    expect(result.files).toEqual([
      {
        absolutePath: path.join(workspace, 'contracts/Caf\uFFFD.sol'),
        relativePath: 'contracts/Caf\uFFFD.sol',
        size: '// contracts/Caf\uFFFD.sol\n'.length + 2, // U+FFFD is 3 bytes
      },
    ]);
  });

  it('walks a directory whose name is not UTF-8 and names the contracts in it', async () => {
    const directory = bytes(workspace, '/bad', 0xc3, 0x28);
    await fs.mkdir(directory);
    await fs.writeFile(bytes(directory, '/Token.sol'), 'contract T {}');
    await fs.writeFile(bytes(directory, '/README.md'), 'docs');

    const message = await refusal();

    expect(message).toContain('  - bad\\xc3(/Token.sol: its name is not valid UTF-8');
    expect(message).not.toContain('README');
  });

  it('never reads an excluded directory, whatever its name', async () => {
    await tree(workspace, ['src/Token.sol']);
    const directory = bytes(workspace, '/old', 0xff);
    await fs.mkdir(directory);
    // Either would fail the run if the directory were walked.
    await fs.writeFile(bytes(directory, '/Evil', 0xff, '.sol'), 'contract Evil {}');
    mkfifo('pipe');
    await fs.rename(path.join(workspace, 'pipe'), bytes(directory, '/Pipe.sol'));

    const result = await discover({ excludes: ['old*/'] });

    expect(paths(result)).toEqual(['src/Token.sol']);
    expect(result.prunedDirectories).toEqual(['old\\xff']);
  });

  it('names FIFOs and links to them that are named like contracts', async () => {
    await tree(workspace, ['contracts/Token.sol']);
    mkfifo('contracts/Pipe.sol');
    mkfifo('contracts/pipe.txt');
    await link('Pipe.sol', 'contracts/Alias.sol');

    const message = await refusal();

    expect(message).toContain(
      '2 file(s) match `contracts` but cannot be uploaded, so they would go unaudited:\n' +
        '  - contracts/Alias.sol: it is not a regular file\n' +
        '  - contracts/Pipe.sol: it is not a regular file\n',
    );
  });

  it('names a link whose target path is not UTF-8', async () => {
    const directory = bytes(workspace, '/weird', 0xff);
    await fs.mkdir(directory);
    await fs.writeFile(bytes(directory, '/Real.txt'), 'contract R {}');
    await fs.symlink(bytes('weird', 0xff, '/Real.txt'), path.join(workspace, 'Good.sol'));

    const message = await refusal();

    expect(message).toContain(
      '  - Good.sol: the path of the file it links to is not valid UTF-8\n',
    );
  });

  it('names a contract removed between listing its directory and reading it', async () => {
    await tree(workspace, ['contracts/Token.sol', 'contracts/Gone.sol']);
    const readDir = async (dir: string) => {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      if (dir.endsWith('contracts')) await fs.rm(path.join(dir, 'Gone.sol'));
      return entries;
    };

    const message = await refusal({ readDir });

    expect(message).toContain(
      '  - contracts/Gone.sol: it was removed while the checkout was searched\n',
    );
  });

  // Root reads every file whatever its mode, so only another user can see these refused.
  it.skipIf(process.getuid?.() === 0)(
    'names contracts it cannot read, unreadable themselves or in an unsearchable folder',
    async () => {
      await tree(workspace, ['contracts/Secret.sol', 'locked/Token.sol']);
      await fs.chmod(path.join(workspace, 'contracts/Secret.sol'), 0o000);
      await fs.chmod(path.join(workspace, 'locked'), 0o600); // listable, not searchable
      try {
        const message = await refusal();

        expect(message).toContain('  - contracts/Secret.sol: it cannot be read (EACCES)\n');
        expect(message).toContain('  - locked/Token.sol: it cannot be read (EACCES)\n');
      } finally {
        await fs.chmod(path.join(workspace, 'locked'), 0o700); // so that afterEach can remove it
      }
    },
  );
});
