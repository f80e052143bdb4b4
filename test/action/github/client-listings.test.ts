/**
 * The client's listings a finishing run needs, against the GitHub stand-in: a commit's check runs
 * in progress by name (with their app and `external_id`), the open pull requests, the default
 * branch.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_RUNS_MAX_PAGES } from '../../../src/action/github/pending-endpoints.ts';
import { PermissionError } from '../../../src/action/github/errors.ts';
import { GITHUB_ACTIONS_APP } from '../../support/github-check-runs.ts';
import { useGitHubApi } from '../../support/github-client.ts';

const setUp = useGitHubApi();
const HEAD = 'e'.repeat(40);
const OTHER = 'f'.repeat(40);
const NAME = 'Smart contract audit';
const ELSEWHERE = { id: 99, slug: 'imposter-app', name: 'Imposter' };

describe('listCheckRunsInProgress', () => {
  it('lists every named run in progress on the commit, older ones of an app too, with their app and record', async () => {
    const { api, client } = await setUp();
    const older = api.seedCheckRun({ name: NAME, head_sha: HEAD, external_id: 'older' });
    const mine = api.seedCheckRun({
      name: NAME,
      head_sha: HEAD,
      external_id: '{"v":1}',
      output: { title: 'Pending', summary: 's', text: 'the text' },
    });
    const theirs = api.seedCheckRun({
      name: NAME,
      head_sha: HEAD,
      app: ELSEWHERE,
      started_at: '2026-11-29T07:00:00Z',
    });
    api.seedCheckRun({ name: NAME, head_sha: HEAD, status: 'completed', conclusion: 'success' });
    api.seedCheckRun({ name: 'Another check', head_sha: HEAD });
    api.seedCheckRun({ name: NAME, head_sha: OTHER });

    const { checkRuns, capped } = await client.listCheckRunsInProgress(HEAD, NAME);
    expect(capped).toBe(false);
    expect(checkRuns).toEqual([
      {
        id: theirs.id,
        name: NAME,
        headSha: HEAD,
        url: expect.stringMatching(new RegExp(`/runs/${theirs.id}$`)) as string,
        externalId: null,
        text: null,
        startedAt: '2026-11-29T07:00:00Z',
        app: { id: ELSEWHERE.id, slug: ELSEWHERE.slug },
      },
      expect.objectContaining({
        id: mine.id,
        externalId: '{"v":1}',
        text: 'the text',
        app: { id: GITHUB_ACTIONS_APP.id, slug: GITHUB_ACTIONS_APP.slug },
      }),
      expect.objectContaining({ id: older.id, externalId: 'older' }),
    ]);
    expect(api.requests.at(-1)?.path).toBe(
      `/repos/octo-org/contracts/commits/${HEAD}/check-runs?check_name=Smart%20contract%20audit&status=in_progress&filter=all&per_page=100&page=1`,
    );
  });

  it("lists a branch's head commit by the branch's name", async () => {
    const { api, client } = await setUp();
    api.seedBranch('main', OTHER);
    const run = api.seedCheckRun({ name: NAME, head_sha: OTHER });
    const { checkRuns } = await client.listCheckRunsInProgress('main', NAME);
    expect(checkRuns.map((each) => each.id)).toEqual([run.id]);
  });

  it(`reads at most ${CHECK_RUNS_MAX_PAGES} pages, and says there were more`, async () => {
    const { api, client } = await setUp();
    for (let app = 1; app <= 100 * CHECK_RUNS_MAX_PAGES + 1; app += 1)
      api.seedCheckRun({
        name: NAME,
        head_sha: HEAD,
        app: { id: app, slug: `a${app}`, name: 'A' },
      });
    const { checkRuns, capped } = await client.listCheckRunsInProgress(HEAD, NAME);
    expect(checkRuns).toHaveLength(100 * CHECK_RUNS_MAX_PAGES);
    expect(capped).toBe(true);
    expect(api.requests).toHaveLength(CHECK_RUNS_MAX_PAGES);
  });

  it('names the permission when the check runs may not be listed', async () => {
    const { client } = await setUp({ forbid: ['check-runs'] });
    const error = await client.listCheckRunsInProgress(HEAD, NAME).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).permission).toBe('checks: read');
  });
});

describe('a check run of another app', () => {
  it('cannot be updated: GitHub lets only the app that created it', async () => {
    const { api, client } = await setUp();
    const run = api.seedCheckRun({ name: NAME, head_sha: HEAD, app: ELSEWHERE });
    const error = await client
      .updateCheckRun(run.id, { status: 'completed', conclusion: 'success' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(run.status).toBe('in_progress');
  });
});

describe('listOpenPullRequests and getDefaultBranch', () => {
  it('lists the open pull requests with their head commits, and says when there were more', async () => {
    const { api, client } = await setUp();
    const pull = (number: number, state: 'open' | 'closed' = 'open') => ({
      number,
      state,
      headSha: String(number).repeat(40).slice(0, 40),
      headRef: `b${number}`,
      headOwner: 'octo-org',
    });
    api.seedPulls([pull(1), pull(2, 'closed'), pull(3)]);
    expect(await client.listOpenPullRequests(1)).toEqual({
      pulls: [
        { number: 1, headSha: '1'.repeat(40) },
        { number: 3, headSha: '3'.repeat(40) },
      ],
      capped: false,
    });
    api.seedPulls(Array.from({ length: 101 }, (_, n) => pull(n + 1)));
    const capped = await client.listOpenPullRequests(1);
    expect(capped.pulls).toHaveLength(100);
    expect(capped.capped).toBe(true);
  });

  it("reads the repository's default branch", async () => {
    const { client } = await setUp({ defaultBranch: 'trunk' });
    expect(await client.getDefaultBranch()).toBe('trunk');
  });
});

describe('getPullRequest', () => {
  it('reads a pull request by its number, open or closed, with its head and how many files it changes', async () => {
    const { api, client } = await setUp();
    api.seedPulls([
      { number: 5, state: 'closed', headSha: HEAD, headRef: 'feature', headOwner: 'octo-org' },
    ]);
    api.seedPullRequestFiles(
      5,
      Array.from({ length: 3 }, (_, n) => ({
        filename: `src/F${n}.sol`,
        status: 'added',
        additions: 1,
        deletions: 0,
      })),
    );
    expect(await client.getPullRequest(5)).toEqual({ number: 5, headSha: HEAD, changedFiles: 3 });
    expect(await client.getPullRequest(6)).toBeUndefined();
    expect(api.requests.map((each) => each.path)).toEqual([
      '/repos/octo-org/contracts/pulls/5',
      '/repos/octo-org/contracts/pulls/6',
    ]);
  });

  it('names the permission when the pull request may not be read', async () => {
    const { client } = await setUp({ forbid: ['pulls'] });
    const error = await client.getPullRequest(5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).permission).toBe('pull-requests: read');
  });
});

describe('listClosedPullRequests and listRecentRunCommits', () => {
  it('lists the closed pull requests updated last first, with their heads and when they changed', async () => {
    const { api, client } = await setUp();
    const pull = (number: number, state: 'open' | 'closed', updatedAt: string) => ({
      number,
      state,
      headSha: String(number).repeat(40).slice(0, 40),
      headRef: `b${number}`,
      headOwner: 'octo-org',
      updatedAt,
    });
    api.seedPulls([
      pull(4, 'closed', '2026-11-20T10:00:00Z'),
      pull(3, 'open', '2026-11-29T10:00:00Z'),
      pull(2, 'closed', '2026-11-28T10:00:00Z'),
      pull(1, 'closed', '2026-11-01T10:00:00Z'),
    ]);
    expect(await client.listClosedPullRequests()).toEqual([
      { headSha: '2'.repeat(40), seenAt: '2026-11-28T10:00:00Z' },
      { headSha: '4'.repeat(40), seenAt: '2026-11-20T10:00:00Z' },
      { headSha: '1'.repeat(40), seenAt: '2026-11-01T10:00:00Z' },
    ]);
    expect(api.requests.map((each) => each.path)).toEqual([
      '/repos/octo-org/contracts/pulls?state=closed&sort=updated&direction=desc&per_page=100',
    ]);
  });

  it('lists the commits of the newest workflow runs, one page, newest first', async () => {
    const { api, client } = await setUp();
    api.seedWorkflowRuns([
      { headSha: HEAD, createdAt: '2026-11-28T10:00:00Z' },
      { headSha: OTHER, createdAt: '2026-11-29T10:00:00Z', event: 'pull_request' },
      ...Array.from({ length: 100 }, () => ({ headSha: OTHER, createdAt: '2026-11-29T11:00:00Z' })),
    ]);
    const commits = await client.listRecentRunCommits();
    expect(commits).toHaveLength(100);
    expect(commits[0]).toEqual({ headSha: OTHER, seenAt: '2026-11-29T11:00:00Z' });
    expect(commits.some((each) => each.headSha === HEAD)).toBe(false);
    expect(api.requests.map((each) => each.path)).toEqual([
      '/repos/octo-org/contracts/actions/runs?exclude_pull_requests=true&per_page=100',
    ]);
  });

  it('names `actions: read` when the workflow runs may not be listed', async () => {
    const { client } = await setUp({ forbid: ['workflow-runs'] });
    const error = await client.listRecentRunCommits().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).permission).toBe('actions: read');
  });
});
