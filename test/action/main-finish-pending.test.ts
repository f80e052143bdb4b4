/**
 * run() in process as a finishing run (`finish-pending: true`) after a pull request's run with
 * `wait: false`: the pending check run found on the pull request's head commit, its audit polled
 * once, left while it runs, then completed as a waiting run would, once; records that do not
 * hold, waiting runs' and other apps' check runs, and runs past their time limit.
 */
import type { AuditService } from '@contract-audit/reference-service';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { pendingRecordText, pendingService } from '../../src/engine/pending-record.ts';
import { recorded, resetCore } from '../support/core.ts';
import { useInProcessRun, usePullRequest } from '../support/in-process-run.ts';
import { pendingRecord, RUN_REPOSITORY } from '../support/pending-record.ts';
import { useResultsService } from '../support/runner-services.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const HEAD = 'e'.repeat(40);
const MAIN = 'd'.repeat(40);
const NAME = 'Smart contract audit';
/** What a record left by a run here is sealed for: its repository, head commit, check and service. */
const keyOf = (service: AuditService) => ({
  apiKey: service.apiKey,
  repository: RUN_REPOSITORY,
  headSha: HEAD,
  checkName: NAME,
});
/** A record of a run here, its audits started at `service`. */
const recordFor = (service: AuditService, changes: Parameters<typeof pendingRecord>[0]) =>
  pendingRecord({ service: pendingService(new URL(service.url)), ...changes });
const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { pullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', pullRequestEvent(5, 'e'.repeat(40)));
});
const setUp = useInProcessRun(github);
const results = useResultsService();

usePullRequest(github, { head: HEAD, mainHead: MAIN });

const polls = (service: AuditService) =>
  service.requests.filter((r) => r.method === 'GET' && r.path === '/v1/audits/audit-1').length;

/** The same workflow's scheduled finishing run: the same key and service, no upload. */
async function finishingRun(): Promise<void> {
  resetCore({ ...recorded.inputs, 'finish-pending': 'true', wait: 'true' });
  await run();
}

describe('a finishing run', () => {
  it('leaves a pending check run while its audit runs, then completes it as a waiting run would, once', async () => {
    const service = await setUp({ wait: 'false' });
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    const [checkRun] = github.checkRuns;

    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(polls(service)).toBe(2);
    expect(checkRun).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(recorded.summary).toContain('0 of 1 check run(s) left pending were completed');
    expect(recorded.summary).toContain('Still running');

    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(polls(service)).toBe(3);
    expect(service.uploads).toHaveLength(1);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(checkRun?.output.title).toMatch(/^Failed: \d+ findings/);
    expect(checkRun?.annotations.length).toBeGreaterThan(0);
    expect(github.checkRuns).toHaveLength(1);
    expect(github.comments(5)).toHaveLength(1);
    expect(github.comments(5)[0]?.body).toMatch(/Failed: smart contract audit of vaults/);
    expect(recorded.summary).toContain('1 of 1 check run(s) left pending were completed');
    expect(recorded.outputs).toEqual({});

    // Idempotent: nothing in progress is left, so nothing more is polled or changed.
    await finishingRun();
    expect(polls(service)).toBe(3);
    expect(recorded.summary).toContain('0 of 0 check run(s)');
  });

  it('records a finished audit for reuse, which a pending one never is: the next run of the same upload pays nothing', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    expect(results().entries).toEqual([]);
    const pullRequestRun = { ...recorded.inputs };

    await finishingRun();
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(results().entries).toHaveLength(1);

    resetCore({ ...pullRequestRun, wait: 'true' });
    await run();
    expect(service.uploads).toHaveLength(1);
    expect(recorded.outputs).toMatchObject({
      verdict: 'fail',
      reused: 'true',
      'audit-id': 'audit-1',
    });
  });

  it('finishes a run of several projects under their own names, updating their one comment', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    vi.stubEnv(
      'GITHUB_WORKSPACE',
      await workspaceWith({
        'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
        'packages/core/src/Vault.sol': CONTRACT,
        'packages/tokens/foundry.toml': "[profile.default]\nsrc = 'src'\n",
        'packages/tokens/src/Token.sol': CONTRACT,
      }),
    );
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    const comments = github.comments(5).length;
    expect(github.comments(5).at(-1)?.body).toContain('The audit is still running');
    const [checkRun] = github.checkRuns;

    await finishingRun();
    expect(service.uploads).toHaveLength(2);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(checkRun?.output.summary).toContain('vaults/packages/core');
    // The sticky comment of the run's project name is updated, not written again.
    expect(github.comments(5)).toHaveLength(comments);
    expect(github.comments(5).at(-1)?.body).toMatch(/Failed: smart contract audit of vaults/);
  });

  it('reports a completion GitHub refuses as not completed, writing no comment or reuse record until a later run completes it', async () => {
    await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    const comments = github.comments(5).map((comment) => comment.body);

    // The annotations' one batch and the completion.
    github.failNext({ method: 'PATCH', path: /\/check-runs\/\d+$/, status: 403, times: 2 });
    await finishingRun();
    expect(checkRun).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(checkRun?.annotations).toEqual([]);
    expect(recorded.summary).toContain('0 of 1 check run(s) left pending were completed');
    expect(recorded.summary).toContain('Not completed: GitHub refused it');
    expect(github.comments(5).map((comment) => comment.body)).toEqual(comments);
    expect(results().entries).toEqual([]);

    await finishingRun();
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(recorded.summary).toContain('1 of 1 check run(s) left pending were completed');
    expect(github.comments(5).at(-1)?.body).toMatch(/Failed: smart contract audit of vaults/);
    expect(results().entries).toHaveLength(1);
  });

  it('leaves a check run another finishing run completed meanwhile, posting nothing twice', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    // The audit's one poll is slow; meanwhile another finishing run completes the check run.
    service.addFault({ method: 'GET', path: /^\/v1\/audits\//, kind: 'delay', ms: 400 });
    const overtake = setTimeout(() => {
      Object.assign(checkRun!, { status: 'completed', conclusion: 'failure' });
    }, 100);
    await finishingRun();
    clearTimeout(overtake);
    expect(recorded.failed).toEqual([]);
    expect(checkRun?.annotations).toEqual([]);
    expect(recorded.summary).toContain('0 of 1 check run(s) left pending were completed');
    expect(recorded.summary).toContain('Completed by another run');
  });

  it('comments on no pull request when the one its sealed record names has moved on, not even on another whose head the commit is', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const comments = github.comments(5).map((comment) => comment.body);
    github.checkRuns.length = 0;
    github.seedPulls([
      { number: 7, state: 'open', headSha: 'f'.repeat(40), headRef: 'other', headOwner: 'acme' },
      { number: 5, state: 'open', headSha: HEAD, headRef: 'feature', headOwner: 'acme' },
    ]);
    // On pull request 5's head, sealed for pull request 7, which has been pushed again since.
    const sealedFor7 = github.seedCheckRun({
      name: NAME,
      head_sha: HEAD,
      external_id: pendingRecordText(
        recordFor(service, {
          pullRequest: 7,
        }),
        keyOf(service),
      ),
    });
    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(sealedFor7).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(github.comments(5).map((comment) => comment.body)).toEqual(comments);
    expect(github.comments(7)).toEqual([]);
    expect(recorded.summary).toContain('eeeeeee (former head) | — |');
  });

  it('says the service gave no status, not that the audit is still running, when its one poll meets a 503', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    service.addFault({ method: 'GET', path: /^\/v1\/audits\//, kind: 'status', status: 503 });
    await finishingRun();
    expect(checkRun).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(recorded.summary).toContain('No status from the service');
    expect(recorded.summary).not.toContain('Still running');
    const warnings = recorded.annotations.filter((each) => each.level === 'warning');
    expect(warnings.map((each) => each.message)).toContainEqual(
      expect.stringMatching(/its one poll got no status: .*503/),
    );
  });

  it('tells a finishing run to check `base-url`, never the `audit-id` it has no input for, when the service knows no such audit', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    checkRun!.external_id = pendingRecordText(
      recordFor(service, {
        audits: [{ name: 'vaults', path: '.', auditId: 'audit-unknown' }],
      }),
      keyOf(service),
    );
    await finishingRun();
    expect(checkRun).toMatchObject({ status: 'completed' });
    // As the summary escapes it for Markdown.
    expect(checkRun?.output.summary).toContain(
      'audit\\-unknown not found \\(HTTP 404\\) — check \\`base\\-url\\`\n',
    );
    expect(checkRun?.output.summary).not.toContain('and \\`audit\\-id\\`');
  });

  it('completes a run past its time limit as timed out, with how to resume', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1_000 });
    await run();
    const [checkRun] = github.checkRuns;
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    checkRun!.external_id = pendingRecordText(
      recordFor(service, {
        startedAt: old,
      }),
      keyOf(service),
    );
    await finishingRun();
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'timed_out' });
    expect(checkRun?.output.summary).toContain('audit\\-id: audit\\-1');
    expect(recorded.failed).toEqual([]);
  });

  it("never completes a forged record as success, and leaves waiting runs' and other apps' check runs alone", async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 0 });
    const forged = github.seedCheckRun({
      name: NAME,
      head_sha: HEAD,
      external_id: pendingRecordText(
        recordFor(service, {
          failOn: 'none',
        }),
        { ...keyOf(service), apiKey: 'not-the-key-0123456789' },
      ),
    });
    const waiting = github.seedCheckRun({ name: NAME, head_sha: MAIN, external_id: 'audit-9' });
    const elsewhere = github.seedCheckRun({
      name: NAME,
      head_sha: MAIN,
      external_id: forged.external_id,
      app: { id: 7, slug: 'other-app', name: 'Other' },
    });
    const comments = github.comments(5).map((comment) => comment.body);
    resetCore({ ...recorded.inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(forged).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(forged.output.summary).toContain('its record does not hold');
    expect(waiting.status).toBe('in_progress');
    expect(elsewhere.status).toBe('in_progress');
    // Another app's check run is not even taken up (GitHub would refuse its completion anyway).
    expect(recorded.summary).toContain('1 of 1 check run(s) left pending were completed');
    expect(polls(service)).toBe(0);
    expect(github.comments(5).map((comment) => comment.body)).toEqual(comments);
  });

  it('completes a check run left on a head pushed over, commenting on no pull request, and says it was on a former head', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    const comments = github.comments(5).map((comment) => comment.body);
    // Pushed again: the pull request's head is another commit; the run on the old one is listed.
    const pushed = 'f'.repeat(40);
    github.seedPulls([
      { number: 5, state: 'open', headSha: pushed, headRef: 'feature', headOwner: 'acme' },
    ]);
    github.seedWorkflowRuns([
      { headSha: HEAD, createdAt: new Date().toISOString(), event: 'pull_request' },
    ]);
    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(polls(service)).toBe(2);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(github.comments(5).map((comment) => comment.body)).toEqual(comments);
    expect(recorded.summary).toContain('1 of 1 check run(s) left pending were completed');
    expect(recorded.summary).toContain(`| ${HEAD.slice(0, 7)} (former head) | — |`);
    expect(recorded.summary).toContain(
      '1 check run(s) (marked "former head") were on commits no longer a head',
    );
  });

  it('completes as timed out a check run on a head pushed over a week ago, found through the workflow runs of eight days ago', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1_000 });
    await run();
    const [checkRun] = github.checkRuns;
    const weekAgo = Date.now() - 9 * 24 * 60 * 60 * 1000;
    checkRun!.external_id = pendingRecordText(
      recordFor(service, {
        startedAt: new Date(weekAgo).toISOString(),
      }),
      keyOf(service),
    );
    const pushed = 'f'.repeat(40);
    github.seedPulls([
      { number: 5, state: 'open', headSha: pushed, headRef: 'feature', headOwner: 'acme' },
    ]);
    // A hundred newer runs since: the old head is no longer among the newest.
    github.seedWorkflowRuns([
      { headSha: HEAD, createdAt: new Date(weekAgo).toISOString(), event: 'pull_request' },
      ...Array.from({ length: 100 }, () => ({
        headSha: pushed,
        createdAt: new Date().toISOString(),
      })),
    ]);
    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'timed_out' });
    expect(recorded.summary).toContain(`| ${HEAD.slice(0, 7)} (former head) | — |`);
  });

  it('completes a check run on the head of a closed pull request, updating its comment, warning without `actions: read` and failing nothing', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    const comments = github.comments(5).map((comment) => comment.body);
    github.seedPulls([
      { number: 5, state: 'closed', headSha: HEAD, headRef: 'feature', headOwner: 'acme' },
    ]);
    github.failNext({ method: 'GET', path: /\/actions\/runs$/, status: 403 });
    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(polls(service)).toBe(2);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    // Its head is still the commit: its comment shows the verdict, updated in place.
    const [pending, ...more] = comments;
    expect(pending).toMatch(/still running/);
    expect(github.comments(5).map((comment) => comment.body)).toEqual([
      expect.stringMatching(/^(?![\s\S]*still running)[\s\S]*Failed/),
      ...more,
    ]);
    expect(recorded.summary).toContain('eeeeeee | #5 |');
    const warnings = recorded.annotations.filter((each) => each.level === 'warning');
    expect(warnings.map((each) => each.message)).toContainEqual(
      expect.stringMatching(/`actions: read`/),
    );
    expect(recorded.summary).toMatch(/> .*actions: read/);
  });

  it("leaves a check run in progress while its pull request cannot be read: its scope and comment are that pull request's", async () => {
    await setUp({ wait: 'false' }, { pollsUntilDone: 1 });
    await run();
    const [checkRun] = github.checkRuns;
    github.failNext({ method: 'GET', path: /\/pulls\/5$/, status: 403 });
    await finishingRun();
    expect(recorded.failed).toEqual([]);
    expect(checkRun).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(recorded.summary).toContain('Not completed: GitHub refused it');
    const warnings = recorded.annotations.filter((each) => each.level === 'warning');
    expect(warnings.map((each) => each.message)).toContainEqual(
      expect.stringMatching(
        /could not read its pull request .*403.*left for the next finishing run/,
      ),
    );
    await finishingRun();
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });

  it('takes up at most 20 check runs per run, and says more were left', async () => {
    await setUp({ 'finish-pending': 'true' });
    const heads = Array.from({ length: 21 }, (_, n) => n.toString(16).padStart(40, 'a'));
    github.seedPulls(
      heads.map((headSha, n) => ({
        number: 100 + n,
        state: 'open' as const,
        headSha,
        headRef: `b${n}`,
        headOwner: 'acme',
      })),
    );
    const seeded = heads.map((headSha) =>
      github.seedCheckRun({ name: NAME, head_sha: headSha, external_id: '{"v":1}' }),
    );
    await run();
    expect(recorded.failed).toEqual([]);
    expect(seeded.filter((each) => each.status === 'completed')).toHaveLength(20);
    expect(recorded.summary).toContain('20 of 20 check run(s) left pending were completed');
    expect(recorded.summary).toContain('More were left for a later run.');
  });

  it('fails the step naming the permission when GitHub refuses the listing', async () => {
    github.failNext({ method: 'GET', path: /\/check-runs$/, status: 403, times: 3 });
    await setUp({ 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([
      expect.stringMatching(/^Could not finish the pending check runs: .*`checks: read`/),
    ]);
  });

  it('fails the step saying what to fix without a token', async () => {
    await setUp({ 'finish-pending': 'true', 'github-token': '' });
    await run();
    expect(recorded.failed).toEqual([expect.stringMatching(/needs `github-token`/)]);
  });

  it('fails the step saying what to fix when it has no key', async () => {
    await setUp({ 'finish-pending': 'true', 'api-key': '' });
    await run();
    expect(recorded.failed).toEqual([expect.stringMatching(/^Input `api-key` is empty/)]);
  });
});
