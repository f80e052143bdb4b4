import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/audit/findings.ts';
import type { GitHubClient } from '../../src/github/api.ts';
import { GitHubReporter, type PublishInput } from '../../src/github/reporter.ts';
import { makeFinding } from '../support/findings.ts';
import { useGitHubApi } from '../support/github-client.ts';
import { allActive } from '../support/triage.ts';

const setUp = useGitHubApi();

function reporterFor(client: GitHubClient | undefined) {
  const lines: string[] = [];
  const reporter = new GitHubReporter({
    client,
    pullRequest: undefined,
    headSha: 'c0ffee',
    checkRun: { enabled: true, name: 'Smart contract audit' },
    comment: false,
    log: {
      info: (message) => lines.push(`info: ${message}`),
      warning: (message) => lines.push(`warning: ${message}`),
      debug: () => {},
    },
  });
  return { reporter, lines };
}

function input(count: number): PublishInput {
  const findings = allActive(
    Array.from({ length: count }, (): Finding => makeFinding({ severity: 'high' })),
  );
  return {
    verdict: 'fail',
    auditId: 'audit-1',
    findings,
    pathPrefix: '',
    checkRunSummary: 'The summary.',
    comment: {
      projectName: 'vault',
      verdict: 'fail',
      reason: 'findings at or above high',
      findings,
      links: undefined,
      pathPrefix: '',
      auditId: 'audit-1',
      reportUrl: undefined,
    },
  };
}

describe('GitHubReporter.publish', () => {
  it('annotates every finding on the check run and says so', async () => {
    const { api, client } = await setUp();
    const { reporter, lines } = reporterFor(client);
    const published = await reporter.publish(input(3));
    expect(published).toEqual({
      checkRunUrl: expect.stringMatching(/\/runs\/\d+$/),
      annotatedOnCheckRun: true,
      notAnnotated: 0,
      commentUrl: undefined,
    });
    expect(api.checkRuns[0]?.annotations).toHaveLength(3);
    expect(lines).toEqual([
      `info: Check run completed with 3 annotation(s) in 2 request(s): ${published.checkRunUrl}`,
    ]);
  });

  it('returns how many findings are past the cap, and logs it', async () => {
    const { api, client } = await setUp();
    const { reporter, lines } = reporterFor(client);
    const published = await reporter.publish(input(1_200));
    expect(published).toMatchObject({ annotatedOnCheckRun: false, notAnnotated: 200 });
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed' });
    expect(api.checkRuns[0]?.annotations).toHaveLength(1_000);
    expect(lines[1]).toBe(
      "info: 200 finding(s) are not annotated on the check run: it gets at most 1,000, the most severe, to spare the token's request limit.",
    );
  });

  it('completes the run when the rate limit stops the annotations, and warns with the counts', async () => {
    const { api, client } = await setUp({ rateLimit: { afterAnnotationUpdates: 2 } });
    const { reporter, lines } = reporterFor(client);
    const published = await reporter.publish(input(200));
    expect(published).toMatchObject({ annotatedOnCheckRun: false, notAnnotated: 100 });
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(lines[1]).toMatch(
      /^warning: Posted 100 of 200 check run annotations; 100 were not: Could not update the check run on GitHub \(HTTP 403\): API rate limit exceeded/,
    );
  });

  it('counts every finding as not annotated when the run cannot be completed', async () => {
    const { api, client } = await setUp();
    api.failNext({
      method: 'PATCH',
      path: /check-runs/,
      status: 403,
      times: 2,
      message: 'Resource not accessible by integration',
    });
    const { reporter, lines } = reporterFor(client);
    const published = await reporter.publish(input(3));
    expect(published).toMatchObject({
      checkRunUrl: expect.stringMatching(/\/runs\/\d+$/),
      annotatedOnCheckRun: false,
      notAnnotated: 3,
    });
    expect(lines).toEqual([expect.stringMatching(/^warning: .*add `checks: write`/)]);
  });
});

describe('GitHubReporter.annotatesCheckRun', () => {
  it('is true until the check run cannot be created (then nothing is annotated), and false without a client', async () => {
    const { client } = await setUp({ forbid: ['check-runs'] });
    const { reporter } = reporterFor(client);
    expect(reporter.annotatesCheckRun).toBe(true);
    await reporter.auditStarted('audit-1');
    expect(reporter.annotatesCheckRun).toBe(false);
    expect(await reporter.publish(input(2))).toMatchObject({
      annotatedOnCheckRun: false,
      notAnnotated: 2,
    });
    expect(reporterFor(undefined).reporter.annotatesCheckRun).toBe(false);
  });
});

describe('GitHubReporter warnings', () => {
  it('names the failed operation once, in the words of the client', async () => {
    const { api, client } = await setUp();
    api.failNext({ method: 'POST', path: /check-runs$/, status: 422, times: 2 });
    const { reporter, lines } = reporterFor(client);
    await reporter.auditStarted('audit-1');
    const warnings = lines.filter((line) => line.startsWith('warning: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: Could not create the check run on GitHub \(HTTP 422\)/);
    expect(warnings[0]).not.toMatch(/Could not create the check run: Could not/);
  });
});
