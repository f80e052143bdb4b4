/**
 * A hostile or exhausted GitHub API against the bundled action: the verdict, outputs and summary
 * are written whatever it does, the token never leaves its origin, and the check run always ends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceFinding } from '@contract-audit/reference-service';
import {
  startGitHubApi,
  type GitHubApiOptions,
  type GitHubApiStandIn,
} from '../support/github-api.ts';
import { runOnPullRequest } from '../support/scenarios.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

const serve = useAuditService();
let github: GitHubApiStandIn | undefined;
let elsewhere: Server | undefined;
afterEach(async () => {
  await github?.close();
  if (elsewhere) await new Promise((resolve) => elsewhere!.close(resolve));
  github = elsewhere = undefined;
});

async function runWith(findings: ServiceFinding[], api: GitHubApiOptions) {
  const service = await serve({ findings, pollsUntilDone: 1 });
  github = await startGitHubApi({ owner: 'acme', repo: 'vaults', ...api });
  return runOnPullRequest({
    number: 9,
    service,
    github,
    workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT.repeat(400) }),
  });
}

const many = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    serviceFinding({ id: `f${i}`, title: `Finding ${i}`, start_line: (i % 1500) + 1 }),
  );

describe('the GitHub channels can never hang or leak', () => {
  it('an endless next-page link on the comments: bounded, and the verdict is written', async () => {
    const run = await runWith([serviceFinding()], {
      nextLink: (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        url.searchParams.set('page', String(page + 1));
        return url.href;
      },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(run.summary).toContain('Reentrancy');
    const commentPages = github!.requests.filter(
      (r) => r.method === 'GET' && r.path.includes('/comments'),
    );
    expect(commentPages.length).toBeLessThanOrEqual(30);
    expect(github!.comments(9)).toHaveLength(0);
  });

  it('a next-page link to another origin gets no request, and no token', async () => {
    const seen: string[] = [];
    elsewhere = createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      response.end('[]');
    });
    await new Promise<void>((resolve) => elsewhere!.listen(0, '127.0.0.2', resolve));
    const other = `http://127.0.0.2:${(elsewhere.address() as AddressInfo).port}`;
    const run = await runWith([serviceFinding()], {
      nextLink: (url) => `${other}${url.pathname}?page=2`,
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(seen).toEqual([]);
  });

  it('a rate limit in the middle of the annotations still completes the check run', async () => {
    const run = await runWith(many(400), {
      // The batch and the first try to complete the run are both refused.
      rateLimit: { afterAnnotationUpdates: 2, requests: 2, retryAfterSeconds: 0 },
    });
    expect(run.outputs['verdict']).toBe('fail');
    const [checkRun] = github!.checkRuns;
    expect(checkRun!.status).toBe('completed');
    expect(checkRun!.conclusion).toBe('failure');
    expect(checkRun!.annotations).toHaveLength(100);
    expect(checkRun!.output.summary).toMatch(/Only 100 of 400 annotations/);
  });

  it('1,200 findings: at most 20 annotation requests, and the rest are counted', async () => {
    const run = await runWith(many(1_200), {});
    expect(run.outputs['verdict']).toBe('fail');
    const [checkRun] = github!.checkRuns;
    expect(checkRun!.status).toBe('completed');
    expect(checkRun!.annotations).toHaveLength(1_000);
    const annotationRequests = github!.requests.filter(
      (r) =>
        r.method === 'PATCH' &&
        ((r.body as { output?: { annotations?: unknown[] } } | undefined)?.output?.annotations
          ?.length ?? 0) > 0,
    );
    expect(annotationRequests).toHaveLength(20);
    expect(run.summary).toMatch(/200 findings are not annotated on the check run/);
    expect(run.outputs['findings-count']).toBe('1200');
  });

  it(
    'a GitHub API that never answers delays only itself, never the audit or its verdict',
    { timeout: 60_000 },
    async () => {
      const service = await serve({ findings: [], pollsUntilDone: 1 });
      github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
      github.failNext({ method: 'POST', path: /check-runs$/, status: 'hang' });
      const run = await runOnPullRequest({
        number: 9,
        service,
        github,
        workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
        inputs: { 'timeout-minutes': '0.25', 'fail-on': 'none' },
      });
      // The audit was polled to its end while the check run hung.
      expect(run.outputs['verdict']).toBe('pass');
      expect(run.exitCode).toBe(0);
      const verdict = run.stdout.indexOf('Verdict: pass');
      const hung = run.stdout.indexOf('Could not create the check run');
      expect(verdict).toBeGreaterThan(-1);
      expect(hung).toBeGreaterThan(verdict);
    },
  );
});
