/**
 * run() in process: a finishing run (`finish-pending: true`) against a waiting run on the same
 * commit and inputs, whose reports must be the same once run-specific text (audit ids, times) is
 * set aside. The pull request is the one the pending run's record names, whatever else lists the
 * commit; every pending check run of the name on a commit is finished; a run of several projects
 * stays pending while any audit runs.
 */
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded, resetCore } from '../support/core.ts';
import { useInProcessRun, usePullRequest } from '../support/in-process-run.ts';
import { shown, waitingAndFinishing as compare } from '../support/compare-runs.ts';
import { useResultsService } from '../support/runner-services.ts';
import { serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const HEAD = 'e'.repeat(40);
const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { pullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', pullRequestEvent(5, 'e'.repeat(40)));
});
const setUp = useInProcessRun(github);
useResultsService();

usePullRequest(github);

const VAULT = [
  'pragma solidity ^0.8.0;',
  'contract Vault {',
  '  function deposit() public {}',
  '  function withdraw() public {}',
  '  function sweep() public {}',
  '}',
  '',
].join('\n');
const FOUNDRY = "[profile.default]\nsrc = 'src'\n";
/** Pull request 5's change: line 4 of the contract, so `scope: changed-lines` counts only it. */
const CHANGED = [
  {
    filename: 'src/Vault.sol',
    status: 'modified',
    additions: 1,
    deletions: 0,
    patch: '@@ -3,0 +4,1 @@\n+  function withdraw() public {}',
  },
];
/** A high finding outside the change: it fails the job only where scope falls back to all. */
const OUTSIDE_THE_CHANGE = serviceFinding({
  id: 'f5',
  severity: 'high',
  title: 'Sweep',
  start_line: 5,
  end_line: 5,
});

/** A waiting run's report, then the same inputs with `wait: false` and a finishing run's. */
async function waitingAndFinishing(options: {
  inputs: Record<string, string>;
  findings: ReturnType<typeof serviceFinding>[];
  beforeFinish?: () => void;
}) {
  const compared = await compare({
    ...options,
    setUp,
    github,
    checkout: await workspaceWith({ 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT }),
    pr: 5,
  });
  expect(compared.pending.outputs['verdict']).toBe('pending');
  expect(compared.finishingFailed).toEqual([]);
  return compared;
}

describe('a finishing run, against a waiting run on the same commit', () => {
  it("takes the pull request the record names, not the first the commit's listing gives: two open pull requests on one head", async () => {
    github.seedPulls([
      { number: 7, state: 'open', headSha: HEAD, headRef: 'feature', headOwner: 'acme' },
      { number: 5, state: 'open', headSha: HEAD, headRef: 'feature', headOwner: 'acme' },
    ]);
    github.seedPullRequestFiles(5, CHANGED);
    github.seedPullRequestFiles(7, CHANGED);
    const { waiting, finishing } = await waitingAndFinishing({
      inputs: { 'fail-on': 'medium', scope: 'changed-lines' },
      findings: [OUTSIDE_THE_CHANGE],
    });
    expect(waiting).toMatchObject({
      conclusion: 'success',
      comment: expect.stringMatching(/Passed/),
    });
    expect(finishing).toEqual(waiting);
    expect(github.comments(7)).toEqual([]);
  });

  it('judges and comments on a pull request merged fast-forward: closed, its head now the default branch head', async () => {
    github.seedPullRequestFiles(5, CHANGED);
    const { waiting, finishing } = await waitingAndFinishing({
      inputs: { 'fail-on': 'medium', scope: 'changed-lines' },
      findings: [OUTSIDE_THE_CHANGE],
      beforeFinish: () => {
        github.seedPulls([
          { number: 5, state: 'closed', headSha: HEAD, headRef: 'feature', headOwner: 'acme' },
        ]);
        github.seedBranch('main', HEAD);
      },
    });
    expect(waiting).toMatchObject({
      conclusion: 'success',
      comment: expect.stringMatching(/Passed/),
    });
    expect(finishing).toEqual(waiting);
    expect(recorded.summary).toContain('eeeeeee | #5 | Passed');
  });
});

describe('a finishing run, of several pending check runs of one name on one commit', () => {
  it('finishes each, the older ones too: a re-run leaves the first in progress', async () => {
    const checkout = await workspaceWith({ 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT });
    await setUp({ wait: 'false', reuse: 'false' }, { pollsUntilDone: 1 });
    vi.stubEnv('GITHUB_WORKSPACE', checkout);
    const inputs = { ...recorded.inputs };
    await run();
    resetCore(inputs);
    await run();
    expect(github.checkRuns).toHaveLength(2);
    expect(github.checkRuns.map((each) => each.status)).toEqual(['in_progress', 'in_progress']);
    resetCore({ ...inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(github.checkRuns.map((each) => [each.status, each.conclusion])).toEqual([
      ['completed', 'failure'],
      ['completed', 'failure'],
    ]);
    expect(recorded.summary).toContain('2 of 2 check run(s) left pending were completed');
  });
});

describe('a run of several projects, one failed while another still runs', () => {
  const PROJECTS = {
    'a/foundry.toml': FOUNDRY,
    'a/src/Vault.sol': VAULT,
    'b/foundry.toml': FOUNDRY,
    'b/src/Vault.sol': VAULT,
  };
  const HIGH = serviceFinding({
    id: 'f4',
    severity: 'high',
    title: 'W',
    start_line: 4,
    end_line: 4,
  });

  it('stays pending in the finishing run, showing what is known, until every audit finished; then as a waiting run', async () => {
    const service = await setUp({ 'fail-on': 'medium' }, { findings: [HIGH], pollsUntilDone: 2 });
    const inputs = { ...recorded.inputs };
    vi.stubEnv('GITHUB_WORKSPACE', await workspaceWith(PROJECTS));
    resetCore({ ...inputs, wait: 'true', reuse: 'false' });
    await run();
    const waiting = shown(github, 5, []);
    expect(waiting).toMatchObject({ conclusion: 'failure' });
    github.checkRuns.length = 0;
    resetCore({ ...inputs, wait: 'false', reuse: 'false' });
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    const ids = JSON.parse(recorded.outputs['audit-id']!) as Record<string, string>;
    // One more poll of a's audit, as if it were quicker: a finishes at the next poll, b after.
    await fetch(`${service.url}/v1/audits/${ids['a']}`, {
      headers: { authorization: `Bearer ${service.apiKey}` },
    });
    const [checkRun] = github.checkRuns;
    const left = checkRun?.output.summary;
    expect(left).toMatch(/0 of 2 projects finished; 2 still running/);

    // a has failed, b still runs: a fail no longer completes the run with b's results unknown.
    resetCore({ ...inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(checkRun).toMatchObject({ status: 'in_progress', conclusion: null, annotations: [] });
    expect(checkRun?.output.summary).toBe(left);
    expect(recorded.summary).toContain('Still running');

    resetCore({ ...inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    const finishing = shown(github, 5, []);
    expect(finishing.title).toBe(waiting.title);
    expect(finishing.conclusion).toBe(waiting.conclusion);
    expect(finishing.annotations).toEqual(waiting.annotations);
  });

  it('is pending in the run that does not wait, whatever the others gave at its one poll', async () => {
    const service = await setUp(
      { 'fail-on': 'medium', wait: 'false', reuse: 'false' },
      { findings: [HIGH], pollsUntilDone: 0 },
    );
    vi.stubEnv('GITHUB_WORKSPACE', await workspaceWith(PROJECTS));
    // The second audit's one poll gets no status: it is left running, the first has failed.
    service.addFault({
      method: 'GET',
      path: /^\/v1\/audits\/audit-2$/,
      kind: 'status',
      status: 503,
    });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('pending');
    const [checkRun] = github.checkRuns;
    expect(checkRun).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(checkRun?.output.summary).toMatch(
      /1 of 2 projects finished \\\(1 fail\\\); 1 still running/,
    );

    resetCore({ ...recorded.inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });
});
