/**
 * Benchmark: what workflow B reads from GitHub to audit a fork's head commit (issue 29), for a
 * monorepo of 50,000 files built here as a git repository, or the HEAD of the git repository
 * given: requests by route, bytes answered and time, with an honest artifact (every file workflow
 * A collects) and with one that omits everything, each with GitHub's limits on one tree answer
 * (100,000 entries, 7 MB) and with a tree truncated at 5,000 entries, read a folder at a time.
 * The GitHub stand-in (test/support/github-api.ts) serves the commit with git itself.
 * Run: node scripts/bench-head-commit.ts [git-dir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { headCommitUploads } from '../src/action/artifact/head-commit.ts';
import { createGitHubClient } from '../src/action/github/client.ts';
import { ACTION_VOCABULARY } from '../src/action/vocabulary.ts';
import type { RefusedFile } from '../src/audit/result.ts';
import { readSettings } from '../src/engine/settings.ts';
import type { OpenedBundle } from '../src/engine/upload-bundle.ts';
import type { Logger } from '../src/log.ts';
import { findUploads } from '../src/project/find-contracts.ts';
import { serveRepository } from '../test/support/git-commit.ts';
import { startGitHubApi, type RecordedRequest } from '../test/support/github-api.ts';

const PACKAGES = 40;
const CONTRACTS_PER_PACKAGE = 20;
const TESTS_PER_PACKAGE = 20;
const FILES = 50_000;
const WRITE_CONCURRENCY = 64;

const silent: Logger = {
  debug: () => undefined,
  info: () => undefined,
  notice: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: () => undefined,
};

/** A pnpm-style monorepo: Foundry packages among app code, docs and JSON. */
async function buildMonorepo(dir: string): Promise<void> {
  const files = new Map<string, string>();
  files.set('package.json', JSON.stringify({ private: true, workspaces: ['packages/*'] }));
  for (let p = 0; p < PACKAGES; p += 1) {
    const base = `packages/p${p}`;
    files.set(`${base}/foundry.toml`, '[profile.default]\nsrc = "src"\nlibs = ["lib"]\n');
    files.set(`${base}/package.json`, JSON.stringify({ name: `p${p}`, version: '1.0.0' }));
    for (let c = 0; c < CONTRACTS_PER_PACKAGE; c += 1) {
      const imports = c === 0 ? '' : `import "./C${c - 1}.sol";\n`;
      files.set(
        `${base}/src/C${c}.sol`,
        `// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n${imports}contract C${c} {\n    uint256 public value${c};\n}\n`,
      );
    }
    for (let t = 0; t < TESTS_PER_PACKAGE; t += 1)
      files.set(`${base}/test/C${t}.t.sol`, `pragma solidity 0.8.20;\ncontract T${t} {}\n`);
  }
  for (let n = 0; files.size < FILES; n += 1) {
    const app = `apps/app${n % 50}/src/m${Math.floor(n / 500)}`;
    const name = n % 10 === 0 ? `data${n}.json` : n % 10 === 1 ? `README${n}.md` : `f${n}.ts`;
    files.set(`${app}/${name}`, `export const v${n} = ${n};\n`);
  }
  const names = [...files.keys()];
  for (const folder of new Set(names.map((name) => path.dirname(path.join(dir, name)))))
    await fs.mkdir(folder, { recursive: true });
  for (let start = 0; start < names.length; start += WRITE_CONCURRENCY) {
    await Promise.all(
      names
        .slice(start, start + WRITE_CONCURRENCY)
        .map((name) => fs.writeFile(path.join(dir, name), files.get(name) ?? '')),
    );
  }
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@example.com',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@example.com',
      },
    });
  git('init', '--quiet');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'monorepo');
}

/**
 * The files of HEAD as a checkout without submodules has them. A snapshot may lack its largest
 * blobs: those are left out.
 */
async function extract(gitDir: string, checkout: string): Promise<void> {
  const listing = execFileSync('git', ['-C', gitDir, 'ls-tree', '-r', '-z', 'HEAD'], {
    maxBuffer: 1 << 30,
  }).toString('utf8');
  for (const line of listing.split('\0').filter(Boolean)) {
    const [meta = '', name = ''] = line.split('\t');
    const [mode, , id = ''] = meta.split(' ');
    if (mode === '160000') continue;
    let bytes: Buffer;
    try {
      bytes = execFileSync('git', ['-C', gitDir, 'cat-file', 'blob', id], {
        maxBuffer: 1 << 30,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      continue;
    }
    const target = path.join(checkout, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (mode === '120000') await fs.symlink(bytes.toString('utf8'), target);
    else await fs.writeFile(target, bytes);
  }
}

/** `GET /git/blobs`: ids and queries out, so requests group by what they do. */
function route(request: RecordedRequest): string {
  const where = request.path.replace(/^\/repos\/[^/]+\/[^/]+/, '').replace(/[0-9a-f]{40}/, '{sha}');
  return `${request.method} ${where}`;
}

const given = process.argv[2];
const temp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-head-'));
try {
  let gitDir: string;
  const checkout = path.join(temp, 'checkout');
  if (given === undefined) {
    gitDir = checkout;
    await fs.mkdir(checkout);
    const built = performance.now();
    await buildMonorepo(checkout);
    console.log(
      `Built a monorepo of ${FILES.toLocaleString('en-US')} files in ${((performance.now() - built) / 1000).toFixed(1)} s.`,
    );
  } else {
    gitDir = path.resolve(given);
    // Workflow A's checkout, without submodules.
    await fs.mkdir(checkout);
    await extract(gitDir, checkout);
  }
  const sha = execFileSync('git', ['-C', gitDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const entries = execFileSync('git', ['-C', gitDir, 'ls-tree', '-r', sha], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
    .split('\n')
    .filter(Boolean).length;
  console.log(`Commit ${sha}: ${entries.toLocaleString('en-US')} files.`);

  const settingsIn = async (workspace: string) =>
    readSettings(
      {
        vocabulary: ACTION_VOCABULARY,
        get: (name: string) =>
          ({
            'api-key': 'k'.repeat(32),
            'base-url': 'https://api.example-audit.com',
          })[name] ?? '',
      },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: await fs.mkdtemp(path.join(temp, 'runner-')) },
      silent,
    );
  // Workflow A: what an honest fork collects from its checkout; the same search B runs.
  const searched = performance.now();
  const collected = await findUploads(
    {
      ...(await settingsIn(checkout)),
      limits: { maxFiles: 5000, maxFileBytes: 10 << 20, maxTotalBytes: 50 << 20 },
    },
    silent,
  );
  const honest: OpenedBundle = { uploads: collected, summaries: [] };
  const omitted: OpenedBundle = { uploads: [], summaries: [] };
  const sent = collected.reduce((sum, upload) => sum + upload.files.length, 0);
  console.log(
    `Workflow A collects ${sent} file(s) of ${collected.length} project(s); its search of the checkout took ${((performance.now() - searched) / 1000).toFixed(1)} s.`,
  );

  for (const [tree, truncateAbove] of [
    ["within GitHub's limits", undefined],
    ['truncated at 5,000 entries', 5_000],
  ] as const) {
    for (const [artifact, bundle] of [
      ['honest artifact', honest],
      ['artifact omitting everything', omitted],
    ] as const) {
      const github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
      const commit = serveRepository(
        gitDir,
        sha,
        truncateAbove === undefined ? {} : { truncateAbove },
      );
      // The stand-in runs git in this process, blocking it: its time is counted apart.
      let servingMs = 0;
      github.serveCommits([
        {
          ...commit,
          answer: (...args) => {
            const begun = performance.now();
            try {
              return commit.answer(...args);
            } finally {
              servingMs += performance.now() - begun;
            }
          },
        },
      ]);
      const client = createGitHubClient(github.target);
      const settings = await settingsIn(await fs.mkdtemp(path.join(temp, 'empty-')));
      const refused: RefusedFile[] = [];
      const started = performance.now();
      try {
        const head = await headCommitUploads(
          {
            ...settings,
            limits: { maxFiles: 5000, maxFileBytes: 10 << 20, maxTotalBytes: 50 << 20 },
          },
          bundle,
          {
            client,
            commit: sha,
            deadline: { at: Date.now() + 30 * 60_000, now: Date.now },
            log: silent,
            refused,
          },
        );
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const all = head.uploads.flatMap((upload) => upload.files);
        const files = `${all.length} (${new Set(all.map((file) => file.repositoryPath)).size} distinct)`;
        // A placeholder sent would be zeros: none may be.
        let zeros = 0;
        for (const file of all) {
          const bytes = await fs.readFile(file.absolutePath);
          if (bytes.length > 0 && bytes.every((byte) => byte === 0)) zeros += 1;
        }
        if (zeros > 0) throw new Error(`${zeros} placeholder(s) would have been sent`);
        console.log(
          `\n${artifact}, tree ${tree}: ${github.requests.length} requests, ${(github.answeredBytes / 1024 / 1024).toFixed(2)} MiB answered, ${seconds} s (${(servingMs / 1000).toFixed(1)} s of it the stand-in's git); ` +
            `${files} file(s) of ${head.uploads.length} project(s) to upload, ${refused.length} refused, ${head.passes} search pass(es).`,
        );
        const routes = new Map<string, number>();
        for (const request of github.requests)
          routes.set(route(request), (routes.get(route(request)) ?? 0) + 1);
        for (const [name, count] of [...routes].sort((a, b) => b[1] - a[1]).slice(0, 6))
          console.log(`  ${String(count).padStart(6)}  ${name}`);
      } catch (error) {
        console.log(
          `\n${artifact}, tree ${tree}: failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${(error as Error).message}`,
        );
      } finally {
        await client.close();
        await github.close();
      }
    }
  }
} finally {
  await fs.rm(temp, { recursive: true, force: true });
}
