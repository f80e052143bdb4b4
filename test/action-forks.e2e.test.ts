/**
 * A fork's pull request audited the two-workflow way, as a user's runner runs it: the action as
 * a child process, first as workflow A on the fork's `pull_request` (no key: it collects the
 * upload as the artifact `contract-audit-upload` through `@actions/artifact`, Twirp to the
 * results-service stand-in and the bytes to Azurite), then as workflow B on `workflow_run` (the
 * key, no checkout: it downloads that artifact through the GitHub stand-in's REST API, a 302 to
 * the blob, reads the head commit the stand-in serves from a real git repository of the same
 * files, audits it on the reference service and reports on the head commit and the fork's pull
 * request).
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditService } from '@contract-audit/reference-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAzurite, type Azurite } from './support/azurite.ts';
import { commitFolder } from './support/git-commit.ts';
import { startGitHubApi, type GitHubApiStandIn } from './support/github-api.ts';
import { startResultsService, type ResultsServiceStandIn } from './support/results-service.ts';
import { repositoryRoot, runAction, type ActionRun } from './support/run-action.ts';
import { workflowRunEvent } from './support/scenarios.ts';
import { useAuditService } from './support/service.ts';
import { serviceFinding } from './support/workspace.ts';

const DEMO = path.join(repositoryRoot, 'examples/foundry-demo');
let HEAD_SHA: string;
const RUN_A = 501;
const PULL = 9;

const findings = [
  serviceFinding(),
  serviceFinding({
    id: 'f2',
    severity: 'critical',
    title: 'Unprotected selfdestruct',
    swc_id: 'SWC-106',
    description: 'Anyone can destroy the wallet.',
    file: 'src/Wallet.sol',
  }),
];

const serve = useAuditService();
let azurite: Azurite;
let results: ResultsServiceStandIn;
let github: GitHubApiStandIn;
let workflowA: ActionRun;

beforeAll(async () => {
  azurite = await startAzurite();
  results = await startResultsService(azurite);
  github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
  // The fork's head commit: what workflow A checks out, and what GitHub serves to workflow B.
  const head = await commitFolder(DEMO);
  HEAD_SHA = head.sha;
  github.serveCommits([head]);
  github.serveArtifacts(() =>
    results.artifacts
      .filter((artifact) => artifact.finalized)
      .map((artifact) => ({ ...artifact, url: () => results.artifactUrl(artifact) })),
  );
  github.seedPulls([
    { number: PULL, state: 'open', headSha: HEAD_SHA, headRef: 'feature', headOwner: 'stranger' },
  ]);
  github.seedPullRequestFiles(PULL, [
    { filename: 'src/Vault.sol', status: 'modified', additions: 1, deletions: 0 },
  ]);
  // Workflow A: the fork's pull_request run, checkout of the fork, no secrets.
  workflowA = await runAction({
    workspace: DEMO,
    eventName: 'pull_request',
    event: {
      pull_request: {
        number: PULL,
        head: { sha: HEAD_SHA, ref: 'feature', repo: { full_name: 'stranger/vaults' } },
      },
      repository: { full_name: 'acme/vaults' },
    },
    inputs: {
      'api-key': '',
      'base-url': 'https://api.example-audit.com',
      'fork-pull-requests': 'collect',
    },
    env: { ...results.env(RUN_A), GITHUB_RUN_ID: String(RUN_A), GITHUB_API_URL: github.url },
  });
}, 120_000);

afterAll(async () => {
  await github.close();
  await results.close();
  await azurite.close();
});

/** Workflow B: the default branch's workflow_run run, with the key, nothing checked out. */
async function workflowB(service: AuditService, event: object, inputs = {}) {
  return runAction({
    workspace: await mkdtemp(path.join(tmpdir(), 'no-checkout-')),
    eventName: 'workflow_run',
    event,
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.url,
      'github-token': github.token,
      'poll-interval-seconds': '0.05',
      ...inputs,
    },
    env: {
      ...results.env(RUN_A + 1),
      GITHUB_RUN_ID: String(RUN_A + 1),
      GITHUB_API_URL: github.url,
    },
  });
}

describe('a fork pull request, workflow A then workflow B', () => {
  it('A collects the upload as an artifact, sends nothing, and passes as skipped', () => {
    expect(workflowA.exitCode).toBe(0);
    expect(workflowA.outputs['verdict']).toBe('skipped');
    expect(workflowA.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: expect.stringContaining('were collected as the artifact `contract-audit-upload`'),
      }),
    );
    expect(results.artifacts).toEqual([
      expect.objectContaining({ runId: RUN_A, name: 'contract-audit-upload', finalized: true }),
    ]);
    // A has no key: it reached neither the audit service nor the GitHub API.
    expect(github.requests).toEqual([]);
  });

  it('B audits the artifact, reports on the head commit and comments on the fork pull request, with scope', async () => {
    const service = await serve({ findings, pollsUntilDone: 1 });
    const before = github.requests.length;
    const b = await workflowB(service, workflowRunEvent({ id: RUN_A, headSha: HEAD_SHA }), {
      scope: 'changed-files',
    });
    expect(b.exitCode).toBe(1);
    expect(b.outputs['verdict']).toBe('fail');
    expect(service.uploads).toHaveLength(1);
    expect(service.uploads[0]?.files.map((file) => file.filename).sort()).toEqual([
      'solmate/utils/SafeTransferLib.sol',
      'src/LegacyToken.sol',
      'src/Lottery.sol',
      'src/Vault.sol',
      'src/Wallet.sol',
    ]);
    // The critical finding is outside the pull request's change: only the high one counts.
    expect(b.outputs['findings-count']).toBe('2');
    expect(b.outputs['in-scope-count']).toBe('1');
    const check = github.checkRuns.at(-1);
    expect(check).toMatchObject({ head_sha: HEAD_SHA, status: 'completed', conclusion: 'failure' });
    expect(check?.annotations.map((annotation) => annotation.path)).toEqual(['src/Vault.sol']);
    const [comment] = github.comments(PULL);
    expect(comment?.body).toContain('Reentrancy');
    expect(
      github.requests.slice(before).map((request) => `${request.method} ${request.path}`),
    ).toEqual(
      expect.arrayContaining([
        'GET /repos/acme/vaults/pulls?state=open&head=stranger%3Afeature&per_page=100',
        `GET /repos/acme/vaults/actions/runs/${RUN_A}/artifacts?name=contract-audit-upload&per_page=100`,
      ]),
    );
  });

  it('B takes the pull request GitHub lists with the run, without looking it up by head', async () => {
    const service = await serve({ findings, pollsUntilDone: 1 });
    const before = github.requests.length;
    const event = workflowRunEvent({
      id: RUN_A,
      headSha: HEAD_SHA,
      pullRequests: [{ number: PULL, headSha: HEAD_SHA }],
    });
    const b = await workflowB(service, event);
    expect(b.outputs['verdict']).toBe('fail');
    const requested = github.requests.slice(before).map((request) => request.path);
    expect(requested.some((each) => each.startsWith('/repos/acme/vaults/pulls?'))).toBe(false);
    // The sticky comment is updated, not repeated.
    expect(github.comments(PULL)).toHaveLength(1);
  });

  it("B skips a run of this repository's own that left no artifact, with a notice, and exits 0", async () => {
    const service = await serve({ findings, pollsUntilDone: 1 });
    const b = await workflowB(
      service,
      workflowRunEvent({ id: 999, headSha: HEAD_SHA, headOwner: 'acme' }),
    );
    expect(b.exitCode).toBe(0);
    expect(b.outputs['verdict']).toBe('skipped');
    expect(service.uploads).toEqual([]);
    expect(b.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: expect.stringContaining('has no artifact `contract-audit-upload`'),
      }),
    );
  });

  it('downloads into one fresh folder under RUNNER_TEMP: the zip, and the files it held', async () => {
    const service = await serve({ findings, pollsUntilDone: 1 });
    const b = await workflowB(service, workflowRunEvent({ id: RUN_A, headSha: HEAD_SHA }));
    const temp = path.dirname(b.outputs['results-file'] ?? '');
    const made = (await readdir(temp)).filter((name) =>
      name.startsWith('contract-audit-artifact-'),
    );
    expect(made).toHaveLength(1);
    expect((await readdir(path.join(temp, made[0]!))).sort()).toEqual(['files', 'zip']);
    expect((await readdir(path.join(temp, made[0]!, 'files'))).sort()).toEqual([
      '1',
      'contract-audit-manifest.json',
    ]);
    // And one standing for the head commit, holding what the search reads of it.
    const heads = (await readdir(temp)).filter((name) => name.startsWith('contract-audit-head-'));
    expect(heads).toHaveLength(1);
    expect((await readdir(path.join(temp, heads[0]!))).sort()).toEqual(
      ['foundry.toml', 'lib', 'remappings.txt', 'script', 'src', 'test'].sort(),
    );
  });
});

describe('a fork whose workflow A collects only what it chooses', () => {
  it('B still audits every production contract of the head commit, with its own bytes', async () => {
    const RUN_LYING = RUN_A + 10;
    // The fork's own workflow A leaves the vulnerable vault out of the artifact.
    const lying = await runAction({
      workspace: DEMO,
      eventName: 'pull_request',
      event: {
        pull_request: {
          number: PULL,
          head: { sha: HEAD_SHA, ref: 'feature', repo: { full_name: 'stranger/vaults' } },
        },
        repository: { full_name: 'acme/vaults' },
      },
      inputs: {
        'api-key': '',
        'base-url': 'https://api.example-audit.com',
        'fork-pull-requests': 'collect',
        contracts: 'src/LegacyToken.sol',
      },
      env: {
        ...results.env(RUN_LYING),
        GITHUB_RUN_ID: String(RUN_LYING),
        GITHUB_API_URL: github.url,
      },
    });
    expect(lying.outputs['verdict']).toBe('skipped');
    const service = await serve({ findings, pollsUntilDone: 1 });
    const b = await workflowB(service, workflowRunEvent({ id: RUN_LYING, headSha: HEAD_SHA }));
    expect(b.exitCode).toBe(1);
    expect(b.outputs['verdict']).toBe('fail');
    expect(service.uploads[0]?.files.map((file) => file.filename).sort()).toEqual([
      'solmate/utils/SafeTransferLib.sol',
      'src/LegacyToken.sol',
      'src/Lottery.sol',
      'src/Vault.sol',
      'src/Wallet.sol',
    ]);
    expect(github.checkRuns.at(-1)).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'failure' });
  });
});

describe('workflow B with a download that never ends', () => {
  it('ends the process at timeout-minutes, not when the download gives up', async () => {
    const service = await serve({ findings, pollsUntilDone: 1 });
    github.failNext({ method: 'GET', path: /\/actions\/artifacts\/\d+\/zip$/, status: 'hang' });
    const started = Date.now();
    const b = await workflowB(service, workflowRunEvent({ id: RUN_A, headSha: HEAD_SHA }), {
      'timeout-minutes': '0.05',
    });
    expect(b.outputs['verdict']).toBe('timeout');
    expect(b.exitCode).toBe(1);
    // The toolkit's download goes on unwatched; it must not keep the step running.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
