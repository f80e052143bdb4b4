import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/audit/findings.ts';
import { activeFindings, countFindings, type TriagedFinding } from '../../../src/audit/triage.ts';
import type { GitHubClient } from '../../../src/action/github/client.ts';
import { GitHubChannels, type CheckRunReport } from '../../../src/action/github/channels.ts';
import type { PullRequestFacts } from '../../../src/action/context.ts';
import {
  checkRunAnnotations,
  checkRunConclusion,
  checkRunTitle,
  renderCheckRunCompletion,
  renderCheckRunStart,
} from '../../../src/report/check-run-output.ts';
import { commentMarker } from '../../../src/report/comment-memory.ts';
import { makeFinding } from '../../support/findings.ts';
import { recordingLogger } from '../../support/logger.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { allActive } from '../../support/triage.ts';

const setUp = useGitHubApi();

function channelsFor(
  client: GitHubClient | undefined,
  options: { comment?: boolean; pullRequest?: PullRequestFacts } = {},
) {
  const { log, lines } = recordingLogger();
  const channels = new GitHubChannels({
    client,
    pullRequest: options.pullRequest,
    headSha: 'c0ffee',
    checkRun: { enabled: true, name: 'Smart contract audit' },
    comment: options.comment ?? false,
    log,
  });
  return { channels, lines, log };
}

function highFindings(count: number): TriagedFinding[] {
  return allActive(Array.from({ length: count }, (): Finding => makeFinding({ severity: 'high' })));
}

/** A check run report as publishing renders it. */
function reportOf(findings: TriagedFinding[]): CheckRunReport {
  const plan = checkRunAnnotations(activeFindings(findings));
  const title = checkRunTitle({
    verdict: 'fail',
    counts: countFindings(findings),
    headCommit: undefined,
  });
  return {
    start: renderCheckRunStart('audit-1'),
    conclusion: checkRunConclusion('fail'),
    annotations: plan.annotations,
    output: (posted) =>
      renderCheckRunCompletion({
        title,
        summaryMarkdown: 'The summary.',
        total: plan.annotations.length + plan.overCap,
        overCap: plan.overCap,
        posted,
      }),
  };
}

describe('GitHubChannels.completeCheckRun', () => {
  it('creates the run if the audit never started, posts every annotation given, and completes it', async () => {
    const { api, client } = await setUp();
    const { channels, lines } = channelsFor(client);
    const published = await channels.completeCheckRun(reportOf(highFindings(3)));
    expect(published).toEqual({
      url: expect.stringMatching(/\/runs\/\d+$/),
      completed: {
        requests: 2,
        annotationsPosted: 3,
        annotationsNotPosted: 0,
        postingError: undefined,
      },
    });
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(api.checkRuns[0]?.annotations).toHaveLength(3);
    expect(lines).toEqual([
      `info: Check run completed with 3 annotation(s) in 2 request(s): ${published?.url}`,
    ]);
  });

  it('uses the run created when the audit started', async () => {
    const { api, client } = await setUp();
    const { channels, lines } = channelsFor(client);
    void channels.auditStarted(renderCheckRunStart('audit-1'));
    const published = await channels.completeCheckRun(reportOf(highFindings(1)));
    expect(api.checkRuns).toHaveLength(1);
    expect(lines[0]).toBe(`info: Check run: ${published?.url}`);
  });

  it('stops at the rate limit, completes the run, and returns what was not posted', async () => {
    const { api, client } = await setUp({ rateLimit: { afterAnnotationUpdates: 2 } });
    const { channels } = channelsFor(client);
    const published = await channels.completeCheckRun(reportOf(highFindings(200)));
    expect(published?.completed).toMatchObject({
      annotationsPosted: 100,
      annotationsNotPosted: 100,
      postingError: expect.objectContaining({
        message: expect.stringMatching(/API rate limit exceeded/),
      }),
    });
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });

  it('gives the URL of a run it could not complete, and warns once naming the permission', async () => {
    const { api, client } = await setUp();
    api.failNext({
      method: 'PATCH',
      path: /check-runs/,
      status: 403,
      times: 2,
      message: 'Resource not accessible by integration',
    });
    const { channels, lines } = channelsFor(client);
    const published = await channels.completeCheckRun(reportOf(highFindings(3)));
    expect(published).toEqual({
      url: expect.stringMatching(/\/runs\/\d+$/),
      completed: undefined,
    });
    expect(api.checkRuns).toEqual([expect.objectContaining({ status: 'in_progress' })]);
    expect(lines).toEqual([expect.stringMatching(/^warning: .*add `checks: write`/)]);
  });
});

describe('GitHubChannels.annotatesCheckRun', () => {
  it('is true until the check run cannot be created (then nothing is annotated), and false without a client', async () => {
    const { api, client } = await setUp({ forbid: ['check-runs'] });
    const { channels } = channelsFor(client);
    expect(channels.annotatesCheckRun).toBe(true);
    await channels.auditStarted(renderCheckRunStart('audit-1'));
    expect(channels.annotatesCheckRun).toBe(false);
    expect(await channels.completeCheckRun(reportOf(highFindings(2)))).toBeUndefined();
    expect(api.checkRuns).toEqual([]);
    expect(channelsFor(undefined).channels.annotatesCheckRun).toBe(false);
  });
});

describe('GitHubChannels.upsertComment', () => {
  it('creates the comment, then renders the update from the body it replaces, and logs both', async () => {
    const { api, client } = await setUp();
    const pullRequest = { number: 17, headSha: 'c0ffee', changedFiles: 1 };
    const { channels, lines } = channelsFor(client, { comment: true, pullRequest });
    const marker = commentMarker('vault');
    const seen: (string | undefined)[] = [];
    const render = (previousBody: string | undefined) => {
      seen.push(previousBody);
      return `${marker}\nrun ${seen.length}`;
    };
    const first = await channels.upsertComment(marker, render);
    const second = await channels.upsertComment(marker, render);
    expect(first).toMatch(/\/pull\/17#issuecomment-\d+$/);
    expect(second).toBe(first);
    expect(seen).toEqual([undefined, `${marker}\nrun 1`]);
    expect(api.comments(17).map((c) => c.body)).toEqual([`${marker}\nrun 2`]);
    expect(lines.filter((line) => line.includes('Pull-request comment'))).toEqual([
      `info: Pull-request comment created: ${first}`,
      `info: Pull-request comment updated: ${first}`,
    ]);
  });

  it('is off without a pull request, and warns once naming the permission when refused', async () => {
    const { api, client } = await setUp({ forbid: ['issue-comments'] });
    const render = () => 'the report';
    expect(
      await channelsFor(client, { comment: true }).channels.upsertComment('m', render),
    ).toBeUndefined();
    const pullRequest = { number: 17, headSha: 'c0ffee', changedFiles: 1 };
    const { channels, lines } = channelsFor(client, { comment: true, pullRequest });
    expect(await channels.upsertComment('m', render)).toBeUndefined();
    expect(await channels.upsertComment('m', render)).toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(/^warning: .*add `pull-requests: write`/)]);
    expect(api.comments(17)).toEqual([]);
  });
});

describe('GitHubChannels warnings', () => {
  it('names the failed operation once, in the words of the client', async () => {
    const { api, client } = await setUp();
    api.failNext({ method: 'POST', path: /check-runs$/, status: 422, times: 2 });
    const { channels, lines } = channelsFor(client);
    await channels.auditStarted(renderCheckRunStart('audit-1'));
    const warnings = lines.filter((line) => line.startsWith('warning: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: Could not create the check run on GitHub \(HTTP 422\)/);
    expect(warnings[0]).not.toMatch(/Could not create the check run: Could not/);
  });
});
