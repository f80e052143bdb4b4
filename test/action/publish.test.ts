/**
 * publish() in process, with a typed stand-in for src/runner.ts and a stand-in GitHub API: what
 * reaches the outputs, the job summary, the log, the check run and the comment, and in what
 * order the fallbacks apply.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Finding } from '../../src/audit/findings.ts';
import { completedResult, type JudgedCommit } from '../../src/audit/result.ts';
import { GitHubChannels } from '../../src/action/github/channels.ts';
import type { GitHubClient } from '../../src/action/github/client.ts';
import type { PullRequestFacts, RunContext } from '../../src/action/context.ts';
import { createActionLogger } from '../../src/action/logger.ts';
import { publish } from '../../src/action/publish.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { Redactor } from '../../src/redaction.ts';
import { commentMarker } from '../../src/report/comment-memory.ts';
import { buildReport, type Report } from '../../src/report/model.ts';
import { recorded, resetCore } from '../support/core.ts';
import { makeFinding } from '../support/findings.ts';
import { HEAD_SHA, judgedCommit } from '../support/head-commit.ts';
import { useGitHubApi } from '../support/github-client.ts';
import { allActive, triageOf } from '../support/triage.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const setUp = useGitHubApi();

const context: RunContext = {
  eventName: 'push',
  actor: 'octocat',
  serverUrl: 'https://github.com',
  repository: 'octo-org/contracts',
  sha: 'c0ffee',
  apiUrl: 'https://api.github.com',
  actionRepository: undefined,
  runUrl: undefined,
  pullRequest: undefined,
  untrustedPullRequest: undefined,
  workflowRun: undefined,
};

const pullRequest: PullRequestFacts = { number: 17, headSha: 'c0ffee', changedFiles: 1 };

beforeEach(() => {
  resetCore();
  vi.stubEnv('GITHUB_STEP_SUMMARY', 'stand-in');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The report of one project's completed audit, as the Action's run builds it. */
function reportOf(findings: Finding[], headCommit?: JudgedCommit): Report {
  const result = completedResult(
    { auditId: 'audit-1', resumed: false, fileCount: 1 },
    {
      auditId: 'audit-1',
      state: 'completed',
      rawStatus: 'completed',
      message: undefined,
      reportUrl: undefined,
      findings,
      incomplete: undefined,
    },
    triageOf(allActive(findings)),
    { failOn: 'high', vocabulary: ACTION_VOCABULARY },
  );
  return buildReport(
    { projects: [{ name: 'contracts', path: '.', ...result }], several: false, headCommit },
    {
      projectName: 'contracts',
      failOn: 'low',
      vocabulary: ACTION_VOCABULARY,
      links: { serverUrl: context.serverUrl, repository: context.repository, sha: context.sha },
      runUrl: context.runUrl,
    },
  );
}

const highFindings = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeFinding({ severity: 'high', startLine: i + 1, endLine: i + 1 }),
  );

async function publishWith(
  client: GitHubClient | undefined,
  findings: Finding[],
  options: {
    comment?: boolean;
    pullRequest?: PullRequestFacts;
    started?: boolean;
    headCommit?: JudgedCommit;
  } = {},
) {
  const redactor = new Redactor();
  const log = createActionLogger(redactor);
  const channels = new GitHubChannels({
    client,
    pullRequest: options.pullRequest,
    headSha: 'c0ffee',
    checkRun: { enabled: true, name: 'Smart contract audit' },
    comment: options.comment ?? false,
    log,
  });
  await publish(reportOf(findings, options.headCommit), {
    settings: undefined,
    startedAt: Date.now(),
    context: { ...context, pullRequest: options.pullRequest },
    channels,
    log,
    redactor,
  });
  return channels;
}

const logAnnotations = () => recorded.annotations.filter((a) => a.properties.file !== undefined);

describe('publish with a check run', () => {
  it('annotates every finding on the check run, not in the log, and says so', async () => {
    const { api, client } = await setUp();
    await publishWith(client, highFindings(3));
    const url = recorded.outputs['check-run-url'];
    expect(url).toMatch(/\/runs\/\d+$/);
    expect(api.checkRuns[0]?.annotations).toHaveLength(3);
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(recorded.log).toContain(
      `Check run completed with 3 annotation(s) in 2 request(s): ${url}`,
    );
    expect(recorded.log).toContain(
      `The 3 finding(s) that count are annotated on the check run: ${url}`,
    );
    expect(logAnnotations()).toEqual([]);
    expect(recorded.failed).toEqual([expect.stringMatching(/^Verdict: fail\. 3 findings/)]);
  });

  it('annotates the 1,000 most severe, logs how many are past the cap, and counts them in the summary', async () => {
    const { api, client } = await setUp();
    await publishWith(client, highFindings(1_200));
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed' });
    expect(api.checkRuns[0]?.annotations).toHaveLength(1_000);
    expect(api.checkRuns[0]?.output.summary).toMatch(
      /^> ℹ️ 200 of 1200 findings are not annotated here:/,
    );
    expect(recorded.log).toContain(
      "200 finding(s) are not annotated on the check run: it gets at most 1,000, the most severe, to spare the token's request limit.",
    );
    expect(recorded.summary).toContain(
      'ℹ️ 200 findings are not annotated on the check run: it carries the most severe ones, at most 1,000.',
    );
    expect(logAnnotations()).toEqual([]);
  });

  it('completes the run when the rate limit stops the annotations, and warns with the counts', async () => {
    const { api, client } = await setUp({ rateLimit: { afterAnnotationUpdates: 2 } });
    await publishWith(client, highFindings(200));
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(api.checkRuns[0]?.output.summary).toMatch(
      /^> ⚠️ Only 100 of 200 annotations could be posted;/,
    );
    expect(recorded.annotations.map((a) => a.message)).toContainEqual(
      expect.stringMatching(
        /^Posted 100 of 200 check run annotations; 100 were not: Could not update the check run on GitHub \(HTTP 403\): API rate limit exceeded/,
      ),
    );
    expect(recorded.summary).toContain('ℹ️ 100 findings are not annotated on the check run');
    expect(logAnnotations()).toEqual([]);
  });

  it('annotates in the log instead when the run cannot be completed, and still gives its URL', async () => {
    const { api, client } = await setUp();
    api.failNext({
      method: 'PATCH',
      path: /check-runs/,
      status: 403,
      times: 2,
      message: 'Resource not accessible by integration',
    });
    await publishWith(client, highFindings(3));
    expect(api.checkRuns).toEqual([expect.objectContaining({ status: 'in_progress' })]);
    expect(recorded.outputs['check-run-url']).toMatch(/\/runs\/\d+$/);
    expect(recorded.annotations.map((a) => a.message)).toContainEqual(
      expect.stringMatching(/add `checks: write`/),
    );
    expect(recorded.log).toContain(
      'The check run carries no annotations; annotating in the log instead.',
    );
    expect(logAnnotations()).toHaveLength(3);
  });

  it('annotates in the log from the start when the check run could not be created', async () => {
    const { api, client } = await setUp({ forbid: ['check-runs'] });
    const redactor = new Redactor();
    const log = createActionLogger(redactor);
    const channels = new GitHubChannels({
      client,
      pullRequest: undefined,
      headSha: 'c0ffee',
      checkRun: { enabled: true, name: 'Smart contract audit' },
      comment: false,
      log,
    });
    await channels.auditStarted({ externalId: 'audit-1', output: { title: 't', summary: 's' } });
    expect(channels.annotatesCheckRun).toBe(false);
    await publish(reportOf(highFindings(2)), {
      settings: undefined,
      startedAt: Date.now(),
      context,
      channels,
      log,
      redactor,
    });
    expect(api.checkRuns).toEqual([]);
    expect(recorded.outputs['check-run-url']).toBeUndefined();
    expect(logAnnotations()).toHaveLength(2);
    expect(recorded.log).not.toContain(
      'The check run carries no annotations; annotating in the log instead.',
    );
  });
});

describe('publish with a pull-request comment', () => {
  it('creates the comment, then updates it with what changed since', async () => {
    const { api, client } = await setUp();
    await publishWith(client, highFindings(2), { comment: true, pullRequest });
    await publishWith(client, [], { comment: true, pullRequest });
    const comments = api.comments(17);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body.startsWith(commentMarker('contracts'))).toBe(true);
    expect(comments[0]?.body).toContain('#### ✅ Fixed since the previous run (2)');
    expect(recorded.log).toContainEqual(
      expect.stringMatching(/^Pull-request comment updated: .*\/pull\/17#issuecomment-\d+$/),
    );
  });
});

describe('publish of a workflow_run that judged a head commit', () => {
  it('names the commit and the refused artifact files in the summary, the check run and the comment', async () => {
    const { api, client } = await setUp();
    await publishWith(client, highFindings(1), {
      comment: true,
      pullRequest,
      headCommit: judgedCommit(2),
    });
    const short = HEAD_SHA.slice(0, 7);
    expect(api.checkRuns[0]?.output.title).toContain(
      `at commit ${short}; 2 artifact files refused`,
    );
    expect(api.checkRuns[0]?.output.summary).toContain(`Audited commit [\`${short}`);
    expect(recorded.summary).toContain('contracts/Refused1.sol');
    expect(api.comments(pullRequest.number)[0]?.body).toContain(`Audited commit [\`${short}`);
  });
});

describe('publish without GitHub channels', () => {
  it('sets the outputs, writes the summary and annotates in the log, keeping one error for the verdict', async () => {
    const redactor = new Redactor();
    const log = createActionLogger(redactor);
    await publish(reportOf(highFindings(12)), {
      settings: undefined,
      startedAt: Date.now(),
      context,
      channels: undefined,
      log,
      redactor,
    });
    expect(recorded.outputs).toMatchObject({
      verdict: 'fail',
      'findings-count': '12',
      'high-count': '12',
      'in-scope-count': '12',
      status: 'completed',
    });
    expect(logAnnotations()).toHaveLength(9);
    expect(recorded.summary).toContain('3 findings were not annotated in the log (3 errors)');
    expect(recorded.failed).toHaveLength(1);
  });

  it('lists the 1,000 most severe findings in the log, and how many more the results file has', async () => {
    const redactor = new Redactor();
    const log = createActionLogger(redactor);
    const findings = [
      ...highFindings(1_200),
      makeFinding({ severity: 'critical', title: 'Worst' }),
    ];
    await publish(reportOf(findings), {
      settings: undefined,
      startedAt: Date.now(),
      context,
      channels: undefined,
      log,
      redactor,
    });
    const group = recorded.log.slice(recorded.log.indexOf('▸ Findings (1201)') + 1);
    expect(group[0]).toMatch(/^CRITICAL .* Worst/);
    expect(recorded.log.filter((line) => /^(CRITICAL|HIGH) /.test(line))).toHaveLength(1_000);
    expect(group[1_000]).toBe(
      '… and 201 more, not logged: the log lists the 1,000 most severe. The results file has every finding.',
    );
  });
});
