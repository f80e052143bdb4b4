/**
 * The committed bundle, `dist/index.js`, run as the runner runs it. The other end-to-end tests
 * run the sources; these few make sure what ships behaves the same. `.ci/run` rebuilds dist/ and
 * checks it is the build of src/ before the tests run, so here it is never stale in CI.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubApi, type GitHubApiStandIn } from './support/github-api.ts';
import {
  BUNDLE_ENTRY,
  repositoryRoot,
  runAction,
  SOURCE_ENTRY,
  verdictAnnotation,
} from './support/run-action.ts';
import { layoutWorkspace } from './support/layouts.ts';
import { forkPullRequestEvent, pullRequestEvent } from './support/scenarios.ts';
import { useAuditService } from './support/service.ts';

const workspace = path.join(repositoryRoot, 'examples/foundry-demo');
const serve = useAuditService();
let github: GitHubApiStandIn | undefined;

afterEach(async () => {
  await github?.close();
  github = undefined;
});

describe('dist/index.js as the runner runs it', () => {
  it('audits, annotates on a check run, comments, writes SARIF and fails on findings', async () => {
    const service = await serve();
    github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
    const run = await runAction({
      entry: BUNDLE_ENTRY,
      workspace,
      eventName: 'pull_request',
      event: pullRequestEvent(3),
      env: { GITHUB_API_URL: github.url },
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        'github-token': github.token,
        'poll-interval-seconds': '0.02',
      },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.outputs).toMatchObject({
      'audit-id': 'audit-1',
      verdict: 'fail',
      'findings-count': '21',
      'check-run-url': expect.stringMatching(/\/runs\/\d+$/),
    });
    expect(verdictAnnotation(run)?.message).toBe(
      'Verdict: fail. 16 findings at or above low (1 critical, 8 high, 2 medium, 5 low); not counted: 1 in a dependency',
    );
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(github.checkRuns[0]?.annotations).toHaveLength(20);
    expect(github.comments(3)).toHaveLength(1);
    const sarif = JSON.parse(await readFile(run.outputs['sarif-file']!, 'utf8')) as {
      runs: { results: unknown[] }[];
    };
    // The library finding is listed in the summary but is not the repository's code to scan.
    expect(sarif.runs[0]?.results).toHaveLength(20);
    expect(run.summary).toContain('## Smart contract audit: vaults');
  });

  it('skips a fork pull request without a key, sending nothing', async () => {
    const service = await serve();
    const run = await runAction({
      entry: BUNDLE_ENTRY,
      workspace,
      eventName: 'pull_request',
      event: forkPullRequestEvent(7),
      inputs: { 'base-url': service.url },
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['verdict']).toBe('skipped');
    expect(service.requests).toHaveLength(0);
  });

  it('fails with the reason when an input is wrong, before any request', async () => {
    const run = await runAction({
      entry: BUNDLE_ENTRY,
      workspace,
      inputs: { 'api-key': 'k-remote-secret', 'base-url': 'http://audit.example.com' },
    });
    expect(run.exitCode).toBe(1);
    expect(verdictAnnotation(run)?.message).toContain('plain http:// for audit.example.com');
    expect(run.stdout.replace('::add-mask::k-remote-secret\n', '')).not.toContain(
      'k-remote-secret',
    );
  });

  it('says plainly that it needs Node 24 on an older Node, before loading anything else', async () => {
    // Node 24 made to report 20.20.2: the same code path as a runner with an older Node.
    const olderNode =
      'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})';
    const run = await runAction({
      entry: BUNDLE_ENTRY,
      nodeArgs: ['--import', olderNode],
      workspace,
      inputs: { 'api-key': 'k-never-used', 'base-url': 'https://audit.example.com' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.annotations).toEqual([
      {
        level: 'error',
        properties: {},
        message: expect.stringMatching(
          /^This action needs Node\.js 24 or newer \(action\.yml: runs\.using: node24\), but it is running on Node\.js 20\.20\.2\./,
        ),
      },
    ]);
    expect(run.outputs).toEqual({});
  });

  it('reads a Brownie config (YAML, a parser loaded through import()) as the sources do', async () => {
    const service = await serve();
    const uploads = [];
    for (const entry of [SOURCE_ENTRY, BUNDLE_ENTRY]) {
      const run = await runAction({
        entry,
        workspace: await layoutWorkspace('brownie-vyper'),
        inputs: {
          'api-key': service.apiKey,
          'base-url': service.url,
          'github-token': '',
          'poll-interval-seconds': '0.02',
        },
      });
      expect(run.stderr).toBe('');
      // The remapping comes from brownie-config.yaml.
      expect(run.stdout).toContain('its remapping leads to OpenZeppelin/openzeppelin-contracts');
      uploads.push(service.uploads.at(-1)?.files.map((file) => file.filename));
    }
    expect(uploads[0]).toEqual([
      'contracts/LiquidityGauge.vy',
      'contracts/StableSwap.vy',
      'contracts/Zap.sol',
      'interfaces/IStableSwap.vy',
    ]);
    expect(uploads[1]).toEqual(uploads[0]);
  });
});
