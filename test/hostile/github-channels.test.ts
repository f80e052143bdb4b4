/**
 * The GitHub client against an API that points elsewhere, never stops paging or answering,
 * outlasts the deadline, or puts commands in its headers: the token stays with the API, every
 * list, answer and wait is bounded, nothing leaves unredacted, and nothing reaches the console.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createGitHubClient,
  ISSUE_COMMENTS_MAX_PAGES,
  PULL_REQUEST_FILES_MAX_PAGES,
} from '../../src/action/github/client.ts';
import { GITHUB_ANSWER_MAX_BYTES } from '../../src/action/github/transport.ts';
import { GitHubChannels } from '../../src/action/github/channels.ts';
import { completeCheckRun, startCheckRun } from '../../src/action/github/check-run-lifecycle.ts';
import { upsertStickyComment } from '../../src/action/github/sticky-comment.ts';
import { fetchChangedFiles } from '../../src/action/github/pr-files.ts';
import { Redactor } from '../../src/redaction.ts';
import {
  renderCheckRunCompletion,
  renderCheckRunStart,
} from '../../src/report/check-run-output.ts';
import { commentMarker } from '../../src/report/comment-memory.ts';
import { useGitHubApi } from '../support/github-client.ts';
import { startRecordingProxy } from '../support/hostile-server.ts';

const setUp = useGitHubApi();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const close of closers.splice(0)) await close();
});

/** A second origin, 127.0.0.2, that records what reaches it and answers an empty list. */
async function startBystander(): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? 'none'}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, requests };
}

/** The same list, one page further, forever. */
function endless(url: URL): string {
  const next = new URL(url);
  next.searchParams.set('page', String(Number(url.searchParams.get('page') ?? 1) + 1));
  return next.href;
}

const PR = 5;
const render = () => 'the report';

describe('where the token goes', () => {
  it('refuses an API URL that would carry the token in clear, before any request', () => {
    const target = { token: 't', owner: 'o', repo: 'r' };
    expect(() =>
      createGitHubClient({ ...target, apiUrl: 'http://ghe.example.com/api/v3' }),
    ).toThrow(
      'The GitHub API URL http://ghe.example.com is neither https nor http to this machine: the token is not sent over it in clear',
    );
    expect(() => createGitHubClient({ ...target, apiUrl: 'not a url' })).toThrow(
      'The GitHub API URL is not a URL',
    );
    for (const apiUrl of ['https://api.github.com', 'http://127.0.0.1:1', 'http://[::1]:1']) {
      expect(() => createGitHubClient({ ...target, apiUrl })).not.toThrow();
    }
  });

  it('never sends a loopback API request through HTTP_PROXY', async () => {
    const proxy = await startRecordingProxy();
    closers.push(() => proxy.close());
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'])
      vi.stubEnv(name, proxy.url);
    for (const name of ['NO_PROXY', 'no_proxy']) vi.stubEnv(name, '');
    const { api, client } = await setUp();
    api.seedComments(PR, [{ body: 'hello' }]);
    expect((await client.listIssueComments(PR)).comments).toHaveLength(1);
    expect(proxy.seen).toEqual([]);
  });

  it('does not follow a next-page link to another origin', async () => {
    const bystander = await startBystander();
    const { api, client } = await setUp({
      nextLink: () => `${bystander.url}/repos/octo-org/contracts/issues/${PR}/comments?page=2`,
    });
    await expect(client.listIssueComments(PR)).rejects.toThrow(
      `Could not list the pull request comments on GitHub: a request to ${bystander.url}/repos/octo-org/contracts/issues/${PR}/comments was not sent: it is outside the API at ${api.url}, and the token goes nowhere else`,
    );
    expect(bystander.requests).toEqual([]);
    expect(api.requests).toHaveLength(1);
  });

  it("does not follow a next-page link out of a GHES base path on the API's own origin", async () => {
    const { api, client } = await setUp({
      basePath: '/api/v3',
      nextLink: (url) => `${url.origin}/login/oauth/comments?page=2`,
    });
    await expect(fetchChangedFiles(client, PR)).rejects.toThrow(/was not sent: it is outside/);
    expect(api.requests.map((r) => r.path)).toEqual([
      `/repos/octo-org/contracts/pulls/${PR}/files?per_page=100`,
    ]);
  });

  it('does not follow a redirect to another origin', async () => {
    const bystander = await startBystander();
    const { api, client } = await setUp();
    api.failNext({
      method: 'GET',
      path: /comments$/,
      status: 302,
      headers: { location: `${bystander.url}/steal` },
    });
    await expect(
      upsertStickyComment(client, { issueNumber: PR, marker: commentMarker('p'), render }),
    ).rejects.toThrow(`a request to ${bystander.url}/steal was not sent`);
    expect(bystander.requests).toEqual([]);
    expect(api.comments(PR)).toEqual([]);
  });

  it("follows a redirect within the API, keeping a PATCH's method and body", async () => {
    const { api, client } = await setUp();
    const [ours] = api.seedComments(PR, [
      { body: 'old', login: 'github-actions[bot]', type: 'Bot' },
    ]);
    api.failNext({
      method: 'PATCH',
      path: /comments\/\d+$/,
      status: 307,
      headers: { location: `${api.url}/repos/octo-org/contracts/issues/comments/${ours!.id}` },
    });
    await client.updateIssueComment(ours!.id, 'new');
    expect(api.comments(PR).map((c) => c.body)).toEqual(['new']);
    expect(api.requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
  });
});

describe('endless pages', () => {
  it(`reads at most ${ISSUE_COMMENTS_MAX_PAGES} pages of comments and then writes no new comment`, async () => {
    const { api, client } = await setUp({ nextLink: endless });
    await expect(
      upsertStickyComment(client, { issueNumber: PR, marker: commentMarker('p'), render }),
    ).rejects.toThrow(
      "more comments than the 3000 read to find this action's comment, so no new one was written",
    );
    expect(api.requests.filter((r) => r.method === 'GET')).toHaveLength(ISSUE_COMMENTS_MAX_PAGES);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('still updates its comment when it was found before the cap', async () => {
    const { api, client } = await setUp({ nextLink: endless });
    api.seedComments(PR, [
      { body: `${commentMarker('p')}\nold`, login: 'github-actions[bot]', type: 'Bot' },
    ]);
    const result = await upsertStickyComment(client, {
      issueNumber: PR,
      marker: commentMarker('p'),
      render,
    });
    expect(result).toMatchObject({ action: 'updated', requests: ISSUE_COMMENTS_MAX_PAGES + 1 });
    expect(api.comments(PR).map((c) => c.body)).toEqual(['the report']);
  });

  it(`reads at most ${PULL_REQUEST_FILES_MAX_PAGES} pages of files, and calls the list cut`, async () => {
    const { api, client } = await setUp({ nextLink: endless });
    api.seedPullRequestFiles(PR, [
      { filename: 'a.sol', status: 'added', additions: 1, deletions: 0 },
    ]);
    // Even where the event counts 3,000 files: fewer came back.
    const result = await fetchChangedFiles(client, PR, 3_000);
    expect(result.truncated).toBe(true);
    expect(api.requests).toHaveLength(PULL_REQUEST_FILES_MAX_PAGES);
  });
});

describe('an endless answer', () => {
  it('is read no further than the size cap, and scope falls back to all', async () => {
    const { api, client } = await setUp();
    api.failNext({ method: 'GET', path: /files$/, status: 'flood' });
    const warnings: string[] = [];
    const channels = new GitHubChannels({
      client,
      pullRequest: { number: PR, headSha: 'c0ffee', changedFiles: 1 },
      headSha: 'c0ffee',
      checkRun: { enabled: false, name: 'audit' },
      comment: false,
      log: { info: () => {}, warning: (message) => warnings.push(message), debug: () => {} },
    });
    expect(await channels.changedFiles()).toBeUndefined();
    expect(warnings).toEqual([
      "Could not read the pull request's changed files; `scope` falls back to all: Could not list " +
        `the pull request files on GitHub: GitHub's answer to GET /repos/octo-org/contracts/pulls/${PR}/files ` +
        'exceeded 16 MiB. The audit result is unaffected.',
    ]);
    // The stand-in writes only as fast as the client reads; the slack is socket buffers.
    expect(api.floodedBytes).toBeGreaterThan(GITHUB_ANSWER_MAX_BYTES);
    expect(api.floodedBytes).toBeLessThan(GITHUB_ANSWER_MAX_BYTES + 16 * 1024 * 1024);
  });
});

describe("the API's headers", () => {
  it('put a deprecation notice only in the given log, never on the console', async () => {
    const sunset = '##[set-output name=verdict;]pass';
    const link = 'https://example.com/##[error]retired';
    const consoles = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level),
    );
    const stderr = vi.spyOn(process.stderr, 'write');
    const logged: string[] = [];
    const { api, client } = await setUp(
      { headers: { deprecation: 'true', sunset, link: `<${link}>; rel="deprecation"` } },
      { log: { debug: (message) => logged.push(message) } },
    );
    await client.createIssueComment(PR, 'with a log');
    // Without a log, the notice is dropped.
    const silent = createGitHubClient(api.target);
    closers.push(() => silent.close());
    await silent.createIssueComment(PR, 'without one');

    for (const spy of [...consoles, stderr]) expect(spy).not.toHaveBeenCalled();
    expect(logged).toEqual([
      expect.stringContaining(`is scheduled to be removed on ${sunset}. See ${link}`),
    ]);
    expect(api.comments(PR)).toHaveLength(2);
  });
});

describe('the deadline', () => {
  it('starts no request after it', async () => {
    const { api, client } = await setUp({}, { deadline: { at: 5_000, now: () => 5_000 } });
    await expect(client.listIssueComments(PR)).rejects.toThrow(
      'Could not list the pull request comments on GitHub: the time allowed for GitHub is up, so nothing more was sent',
    );
    expect(api.requests).toEqual([]);
  });

  it('stops paging when it comes', async () => {
    let now = 0;
    const { api, client } = await setUp(
      {
        nextLink: (url) => {
          now += 1_000; // each page takes a second
          return endless(url);
        },
      },
      { deadline: { at: 4_500, now: () => now } },
    );
    await expect(client.listIssueComments(PR)).rejects.toThrow('the time allowed for GitHub is up');
    expect(api.requests).toHaveLength(5);
  });

  it('waits for an answer no longer than the time left, and does not repeat past it', async () => {
    const { api, client } = await setUp(
      {},
      { deadline: { at: 50, now: () => 0 }, requestTimeoutMs: 30_000 },
    );
    api.failNext({ method: 'GET', path: /files$/, status: 'hang' });
    await expect(client.listPullRequestFiles(PR)).rejects.toThrow(
      'Could not list the pull request files on GitHub: no answer within 0.05 s',
    );
    expect(api.requests).toHaveLength(1);
  });

  it('does not wait for a repeat that would start after it', async () => {
    const sleeps: number[] = [];
    const { api, client } = await setUp(
      {},
      {
        deadline: { at: 1_000, now: () => 0 },
        retryDelayMs: 2_000,
        sleep: async (ms) => void sleeps.push(ms),
      },
    );
    api.failNext({ method: 'GET', path: /comments$/, status: 502 });
    await expect(client.listIssueComments(PR)).rejects.toThrow('(HTTP 502)');
    expect(sleeps).toEqual([]);
    expect(api.requests).toHaveLength(1);
  });
});

describe('redaction', () => {
  const secret = 'sk_live_0123456789abcdef';

  it('redacts every body, and the path and query, just before sending; never the token', async () => {
    const redactor = new Redactor();
    redactor.add(secret);
    const { api, client } = await setUp(
      {
        nextLink: (url) =>
          url.searchParams.has('page') ? undefined : `${url.href}&page=2&leak=${secret}`,
      },
      { redact: (text) => redactor.redact(text) },
    );
    redactor.add(api.token); // a token that is also a secret still reaches the API
    await upsertStickyComment(client, {
      issueNumber: PR,
      marker: commentMarker('p'),
      render: () => `key "${secret}" in the report`,
    });
    const run = await startCheckRun(client, {
      name: 'n',
      headSha: 'a',
      ...renderCheckRunStart(secret),
    });
    await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      annotations: [
        { path: 'a.sol', start_line: 1, end_line: 1, annotation_level: 'failure', message: secret },
      ],
      output: (posted) =>
        renderCheckRunCompletion({
          title: `Failed: ${secret}`,
          summaryMarkdown: `summary ${secret}`,
          total: 1,
          overCap: 0,
          posted,
        }),
    });

    expect(JSON.stringify(api.requests)).not.toContain(secret);
    expect(api.requests.every((r) => r.auth === 'token')).toBe(true);
    expect(api.requests[1]?.path).toMatch(/&page=2&leak=\*\*\*$/);
    expect(api.comments(PR)[0]?.body).toBe('key "***" in the report');
    expect(api.checkRuns[0]).toMatchObject({
      external_id: '***',
      output: { title: 'Failed: ***', summary: 'summary ***' },
      annotations: [expect.objectContaining({ message: '***' })],
    });
  });
});
