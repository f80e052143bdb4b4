/**
 * A finishing run's listings against GitHub answers shaped badly, on a real socket: one item that
 * is no check run is left out and said, not the end of every other check run; a listing that is
 * no list is refused, saying so; a pull request is the number asked for, whatever GitHub answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findPendingCheckRuns } from '../../../src/action/finish/pending-check-runs.ts';
import { createGitHubClient } from '../../../src/action/github/client.ts';
import { startServer } from '../../support/hostile-server.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
const KEY = {
  apiKey: 'test-api-key-0123456789',
  repository: 'o/r',
  checkName: 'Smart contract audit',
  service: 'https://audits.example',
  now: Date.parse('2026-11-29T12:00:00Z'),
};
const HEAD = 'a'.repeat(40);

/** GitHub answering `checkRuns` for every commit's check runs, and `pull` for any pull request. */
async function gitHubAnswering(checkRuns: unknown, pull: unknown = {}) {
  const server = await startServer((request, response) => {
    const url = request.url ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    if (url.startsWith('/repos/o/r/pulls?'))
      response.end(
        JSON.stringify(url.includes('state=open') ? [{ number: 7, head: { sha: HEAD } }] : []),
      );
    else if (url.startsWith('/repos/o/r/pulls/')) response.end(JSON.stringify(pull));
    else if (url.startsWith('/repos/o/r/actions/runs'))
      response.end(JSON.stringify({ total_count: 0, workflow_runs: [] }));
    else if (url === '/repos/o/r') response.end(JSON.stringify({ default_branch: 'main' }));
    else if (url.includes('/check-runs')) response.end(JSON.stringify(checkRuns));
    else response.end('{}');
  });
  closers.push(() => server.close());
  const client = createGitHubClient({ apiUrl: server.url, token: 't', owner: 'o', repo: 'r' });
  closers.push(() => client.close());
  return client;
}

const listed = {
  id: 1,
  name: 'Smart contract audit',
  head_sha: HEAD,
  html_url: 'https://github.test/r/1',
  external_id: 'contract-audit-pending:text',
  started_at: null,
  output: { text: null },
  app: { id: 15368, slug: 'github-actions' },
};

describe('a finishing run against check-run listings shaped badly', () => {
  it('leaves out an item that is no check run, says so, and finds the others', async () => {
    const client = await gitHubAnswering({
      total_count: 3,
      check_runs: [{ ...listed, id: 2, output: null }, { name: 'no id' }, listed],
    });
    const { found, warnings } = await findPendingCheckRuns(client, KEY);
    expect(found.map((each) => each.checkRun.id).sort()).toEqual([1, 2]);
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /listed 1 item\(s\) that are no check run on a{40}; they were left out/,
      ),
    );
  });

  it('refuses a listing whose check_runs is no list, saying so', async () => {
    const client = await gitHubAnswering({ total_count: 2, check_runs: 'ab' });
    await expect(findPendingCheckRuns(client, KEY)).rejects.toThrow(/check run/i);
  });

  it('reads a pull request as the number asked for, whatever number GitHub answers with', async () => {
    const client = await gitHubAnswering(
      { total_count: 0, check_runs: [] },
      { number: 9, head: { sha: HEAD }, changed_files: 1 },
    );
    expect(await client.getPullRequest(7)).toEqual({ number: 7, headSha: HEAD, changedFiles: 1 });
  });
});
