import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGitHubClient } from '../../../src/action/github/client.ts';
import { PermissionError } from '../../../src/action/github/errors.ts';
import { GITHUB_ANSWER_MAX_BYTES } from '../../../src/action/github/transport.ts';
import type { GitHubApiOptions } from '../../support/github-api.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { startRecordingProxy, startServer } from '../../support/hostile-server.ts';

const startApi = useGitHubApi();

/** A client that records the waits it would make between attempts. */
async function setUp(options: GitHubApiOptions = {}) {
  const sleeps: number[] = [];
  const { api, client } = await startApi(options, {
    retryDelayMs: 1_500,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { api, client, sleeps };
}

const output = { title: 'T', summary: 'S' };

describe('createGitHubClient', () => {
  it('calls the API URL it is given, below a GHES-style base path, with the token', async () => {
    const { api, client } = await setUp({ basePath: '/api/v3' });
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
    await client.createCheckRun({ name: 'n', headSha: 'abc', status: 'in_progress', output });
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/repos/octo-org/contracts/check-runs',
        auth: 'token',
      }),
    ]);
    expect(client.requestCount).toBe(1);
  });

  it('refuses an empty token before any request', () => {
    expect(() =>
      createGitHubClient({ apiUrl: 'http://127.0.0.1:1', token: '', owner: 'o', repo: 'r' }),
    ).toThrow('No GitHub token was given');
  });

  it('repeats a read once after a server error, after the injected wait', async () => {
    const { api, client, sleeps } = await setUp();
    api.seedComments(1, [{ body: 'hello' }]);
    api.failNext({ method: 'GET', path: /comments$/, status: 502 });
    const { comments } = await client.listIssueComments(1);
    expect(comments.map((c) => c.body)).toEqual(['hello']);
    expect(sleeps).toEqual([1_500]);
    expect(client.requestCount).toBe(2);
  });

  it('gives up on a read after the one repeat, naming the operation', async () => {
    const { api, client } = await setUp();
    api.failNext({ method: 'GET', path: /comments$/, status: 503, times: 2 });
    await expect(client.listIssueComments(1)).rejects.toThrow(
      'Could not list the pull request comments on GitHub (HTTP 503): Server Error',
    );
    expect(api.requests).toHaveLength(2);
  });

  it('repeats replacing a comment (idempotent) but never creating one', async () => {
    const { api, client } = await setUp();
    const [seeded] = api.seedComments(1, [
      { body: 'old', login: 'github-actions[bot]', type: 'Bot' },
    ]);
    api.failNext({ method: 'PATCH', path: /comments/, status: 500 });
    await client.updateIssueComment(seeded!.id, 'new');
    expect(api.comments(1).map((c) => c.body)).toEqual(['new']);

    api.failNext({ method: 'POST', path: /comments/, status: 502 });
    await expect(client.createIssueComment(1, 'body')).rejects.toThrow('(HTTP 502)');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(api.comments(1)).toHaveLength(1);
  });

  it('repeats completing a check run, but not appending annotations', async () => {
    const { api, client } = await setUp();
    const run = await client.createCheckRun({
      name: 'n',
      headSha: 'a',
      status: 'in_progress',
      output,
    });
    api.failNext({ method: 'PATCH', path: /check-runs/, status: 502 });
    await client.updateCheckRun(run.id, { status: 'completed', conclusion: 'success', output });
    expect(api.checkRuns[0]?.conclusion).toBe('success');

    api.failNext({ method: 'PATCH', path: /check-runs/, status: 502 });
    const annotation = {
      path: 'a.sol',
      start_line: 1,
      end_line: 1,
      annotation_level: 'notice' as const,
      message: 'm',
    };
    await expect(
      client.updateCheckRun(run.id, { output: { ...output, annotations: [annotation] } }),
    ).rejects.toThrow('(HTTP 502)');
    // Two for the completion (one repeat), one for the annotations.
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(3);
  });

  it('gives up on a request that gets no answer within the timeout, after one repeat', async () => {
    const { api, client } = await startApi({}, { requestTimeoutMs: 100 });
    api.failNext({ method: 'GET', path: /files$/, status: 'hang', times: 2 });
    await expect(client.listPullRequestFiles(1)).rejects.toThrow(
      'Could not list the pull request files on GitHub: no answer within 0.1 s',
    );
    expect(client.requestCount).toBe(2);
  });

  it('takes an answer of exactly the size cap, and refuses one a byte longer without a repeat', async () => {
    const { api, client } = await setUp();
    const files = { method: 'GET', path: /files$/, status: 'flood' } as const;
    api.failNext({ ...files, bytes: GITHUB_ANSWER_MAX_BYTES });
    expect((await client.listPullRequestFiles(1)).files).toEqual([
      expect.objectContaining({ path: 'contracts/Flood.sol' }),
    ]);
    api.failNext({ ...files, bytes: GITHUB_ANSWER_MAX_BYTES + 1 });
    await expect(client.listPullRequestFiles(1)).rejects.toThrow(
      "Could not list the pull request files on GitHub: GitHub's answer to GET /repos/octo-org/contracts/pulls/1/files exceeded 16 MiB",
    );
    expect(client.requestCount).toBe(2);
  });

  it('closes its connections on close(), after which it sends nothing', async () => {
    const { api, client } = await setUp();
    await client.listIssueComments(1);
    await client.close();
    await expect(client.listIssueComments(1)).rejects.toThrow(
      /^Could not list the pull request comments on GitHub: /,
    );
    expect(api.requests).toHaveLength(1);
  });

  it('reports a 404 on an object that is gone as an ordinary error', async () => {
    const { client } = await setUp();
    const error = await client.updateIssueComment(999_999, 'x').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PermissionError);
    expect((error as Error).message).toBe(
      'Could not update the pull request comment on GitHub (HTTP 404): Not Found',
    );
  });

  it('reports a 404 on the repository (a token that cannot see it) as a missing permission', async () => {
    const { api } = await setUp();
    const client = createGitHubClient(
      { ...api.target, repo: 'private' },
      { sleep: async () => {} },
    );
    await expect(client.listIssueComments(1)).rejects.toMatchObject({
      name: 'PermissionError',
      permission: 'pull-requests: write',
      status: 404,
    });
  });

  it('does not take a rate-limit 403 for a missing permission', async () => {
    const { api, client } = await setUp();
    api.failNext({
      method: 'POST',
      path: /comments/,
      status: 403,
      message: 'API rate limit exceeded for installation',
    });
    const error = await client.createIssueComment(1, 'x').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PermissionError);
    expect((error as Error).message).toContain('API rate limit exceeded');
  });

  it('says which permission each refused operation needs, and never shows the token', async () => {
    const { api, client } = await setUp({ readOnly: true, token: 'ghs_SECRET_token_value' });
    api.seedComments(1, [{ body: 'visible' }]);
    expect((await client.listIssueComments(1)).comments).toHaveLength(1);
    const errors = await Promise.all([
      client
        .createCheckRun({ name: 'n', headSha: 'a', status: 'in_progress', output })
        .catch((e: unknown) => e),
      client.createIssueComment(1, 'x').catch((e: unknown) => e),
    ]);
    expect(
      errors.map((e) => [(e as PermissionError).permission, (e as PermissionError).status]),
    ).toEqual([
      ['checks: write', 403],
      ['pull-requests: write', 403],
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(PermissionError);
      expect((error as Error).message).toMatch(
        /^GitHub refused to .+ \(403: Resource not accessible by integration - https:\/\/docs\.github\.com\/rest\)\. The token needs `.+`: add it to the job's permissions/,
      );
      expect(JSON.stringify(error)).not.toContain('SECRET');
      expect((error as Error).message).not.toContain('SECRET');
      expect((error as Error).cause).toBeUndefined();
    }
  });
});

describe("the triggering run's artifacts and pull requests", () => {
  it("lists a run's artifacts by name, as GitHub records them", async () => {
    const { api, client } = await setUp();
    api.serveArtifacts(() => [
      {
        id: 9,
        runId: 77,
        name: 'contract-audit-upload',
        size: 1234,
        digest: 'sha256:ab',
        url: () => '',
      },
      { id: 10, runId: 77, name: 'other', size: 1, digest: undefined, url: () => '' },
      {
        id: 11,
        runId: 78,
        name: 'contract-audit-upload',
        size: 1,
        digest: undefined,
        url: () => '',
      },
    ]);
    expect(await client.listRunArtifacts(77, 'contract-audit-upload')).toEqual([
      {
        id: 9,
        name: 'contract-audit-upload',
        sizeInBytes: 1234,
        expired: false,
        digest: 'sha256:ab',
      },
    ]);
  });

  it('lists the open pull requests of a head, with their head commits', async () => {
    const { api, client } = await setUp();
    api.seedPulls([
      { number: 3, state: 'open', headSha: 'a1', headRef: 'feature', headOwner: 'stranger' },
      { number: 4, state: 'closed', headSha: 'a1', headRef: 'feature', headOwner: 'stranger' },
      { number: 5, state: 'open', headSha: 'b2', headRef: 'feature', headOwner: 'someone' },
    ]);
    expect(await client.listPullRequestsByHead('stranger:feature')).toEqual([
      { number: 3, headSha: 'a1' },
    ]);
  });

  it('names `actions: read` when the artifacts may not be listed', async () => {
    const { client } = await setUp({ forbid: ['artifacts'] });
    const error = await client
      .listRunArtifacts(77, 'contract-audit-upload')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).permission).toBe('actions: read');
  });
});

describe('the transport', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    vi.unstubAllEnvs();
    for (const close of closers.splice(0)) await close();
  });

  it('reaches an API elsewhere through HTTPS_PROXY, and sends nothing there directly', async () => {
    const proxy = await startRecordingProxy();
    closers.push(() => proxy.close());
    for (const name of ['HTTPS_PROXY', 'https_proxy']) vi.stubEnv(name, proxy.url);
    for (const name of ['NO_PROXY', 'no_proxy']) vi.stubEnv(name, '');
    const client = createGitHubClient(
      { apiUrl: 'https://ghe.example.test/api/v3', token: 't', owner: 'o', repo: 'r' },
      { sleep: async () => {} },
    );
    closers.push(() => client.close());
    await expect(client.createIssueComment(1, 'x')).rejects.toThrow(
      /^Could not comment on the pull request on GitHub: /,
    );
    expect(proxy.seen).toEqual(['CONNECT ghe.example.test:443']);
  });

  it("tags its requests with the runner's orchestration id, as @actions/github does", async () => {
    vi.stubEnv('ACTIONS_ORCHESTRATION_ID', 'run 42/job:1');
    const userAgents: string[] = [];
    const server = await startServer((request, response) => {
      userAgents.push(request.headers['user-agent'] ?? '');
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 1, html_url: 'https://github.test/run/1' }));
    });
    closers.push(() => server.close());
    const client = createGitHubClient({ apiUrl: server.url, token: 't', owner: 'o', repo: 'r' });
    closers.push(() => client.close());
    await client.createCheckRun({ name: 'n', headSha: 'a', status: 'in_progress', output });
    expect(userAgents).toEqual([
      expect.stringMatching(/^actions_orchestration_id\/run_42_job_1 octokit-core\.js\//),
    ]);
  });
});
