/**
 * Opening the triggering run of a `workflow_run` event against the GitHub stand-in: what is
 * refused before any request, and which pull request the reports go to, from GitHub's facts only.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { openTriggeringRun } from '../../../src/action/artifact/triggering-run.ts';
import type { RunContext, WorkflowRunFacts } from '../../../src/action/context.ts';
import type { ActionSettings } from '../../../src/action/inputs.ts';
import type { GitHubApiOptions, GitHubApiStandIn } from '../../support/github-api.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { recordingLogger } from '../../support/logger.ts';

const HEAD_SHA = 'f00d'.repeat(10);
const OTHER_SHA = 'beef'.repeat(10);

const setUp = useGitHubApi();
const standIn = async (options?: GitHubApiOptions) => (await setUp(options)).api;

function contextOf(
  api: GitHubApiStandIn,
  run: Partial<WorkflowRunFacts> | undefined,
  repository = `${api.owner}/${api.repo}`,
): RunContext {
  return {
    eventName: 'workflow_run',
    actor: 'octocat',
    serverUrl: 'https://github.com',
    repository,
    sha: '0'.repeat(40),
    apiUrl: api.url,
    actionRepository: undefined,
    runUrl: undefined,
    pullRequest: undefined,
    untrustedPullRequest: undefined,
    workflowRun: run && {
      id: 77,
      event: 'pull_request',
      headSha: HEAD_SHA,
      headBranch: 'feature',
      headOwner: 'stranger',
      headRepository: 'stranger/vaults',
      pullRequests: [],
      ...run,
    },
  };
}

/** Opens the run; only the token of the settings is read before its artifact is fetched. */
async function open(api: GitHubApiStandIn, context: RunContext, token = api.token) {
  const { log, lines } = recordingLogger();
  const settings = { githubToken: token } as ActionSettings;
  const triggering = await openTriggeringRun(settings, context, {
    deadline: { at: Date.now() + 30_000, now: Date.now },
    redact: (text) => text,
    log,
  });
  onTestFinished(() => triggering.close());
  return { triggering, lines };
}

describe('openTriggeringRun', () => {
  it('refuses an event that names no run, before any request', async () => {
    const api = await standIn();
    await expect(open(api, contextOf(api, undefined))).rejects.toThrow(
      'This `workflow_run` event does not name the run that triggered it',
    );
    expect(api.requests).toEqual([]);
  });

  it.each([
    ['no token', '', undefined],
    ['no repository', undefined, ''],
    ['no owner', undefined, '/contracts'],
    ['no repository name', undefined, 'octo-org'],
    ['an empty repository name', undefined, 'octo-org/'],
  ])('refuses %s, naming `github-token`, before any request', async (_, token, repository) => {
    const api = await standIn();
    const error = await open(api, contextOf(api, {}, repository), token).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.name).toBe('ConfigurationError');
    expect(error?.message).toBe(
      "On `workflow_run`, `github-token` is needed to download the triggering run's artifact: keep its default and give the job `actions: read`.",
    );
    expect(api.requests).toEqual([]);
  });

  it('reports on the head commit and the pull request GitHub lists with the run at that commit, not another', async () => {
    const api = await standIn();
    const { triggering } = await open(
      api,
      contextOf(api, {
        pullRequests: [
          { number: 5, headSha: OTHER_SHA },
          { number: 6, headSha: HEAD_SHA },
        ],
      }),
    );
    expect(triggering.context).toMatchObject({
      sha: HEAD_SHA,
      pullRequest: { number: 6, headSha: HEAD_SHA, changedFiles: undefined },
    });
    // GitHub's own list was enough: the open pull requests were not listed.
    expect(api.requests).toEqual([]);
  });

  it('takes the open pull request of the head at the run commit when none GitHub lists with the run is', async () => {
    const api = await standIn();
    api.seedPulls([
      { number: 8, state: 'open', headSha: OTHER_SHA, headRef: 'feature', headOwner: 'stranger' },
      { number: 9, state: 'open', headSha: HEAD_SHA, headRef: 'feature', headOwner: 'stranger' },
    ]);
    const { triggering } = await open(
      api,
      contextOf(api, { pullRequests: [{ number: 5, headSha: OTHER_SHA }] }),
    );
    expect(triggering.context.pullRequest?.number).toBe(9);
    expect(api.requests.map((request) => request.path)).toEqual([
      '/repos/octo-org/contracts/pulls?state=open&head=stranger%3Afeature&per_page=100',
    ]);
  });

  it.each([
    ['no head repository', { headOwner: '' }],
    ['no head branch', { headBranch: '' }],
  ])(
    'takes no pull request when the run names %s, saying so, without listing any',
    async (_, run) => {
      const api = await standIn();
      const { triggering, lines } = await open(api, contextOf(api, run));
      expect(triggering.context.pullRequest).toBeUndefined();
      expect(triggering.context.sha).toBe(HEAD_SHA);
      expect(lines).toEqual([
        `notice: The triggering run names no head repository and branch, so there is no pull-request comment; the check run is on commit ${HEAD_SHA.slice(0, 12)}.`,
      ]);
      expect(api.requests).toEqual([]);
    },
  );

  it('takes no pull request when two GitHub lists with the run are at its commit, naming both', async () => {
    const api = await standIn();
    const { triggering, lines } = await open(
      api,
      contextOf(api, {
        pullRequests: [
          { number: 5, headSha: HEAD_SHA },
          { number: 6, headSha: HEAD_SHA },
        ],
      }),
    );
    expect(triggering.context.pullRequest).toBeUndefined();
    expect(lines).toEqual([
      `notice: 2 pull requests GitHub lists with run 77 (#5, #6) are at commit ${HEAD_SHA.slice(0, 12)}, and which one this run was for cannot be told, so there is no pull-request comment; the check run is on commit ${HEAD_SHA.slice(0, 12)}.`,
    ]);
  });

  it("passes what GitHub's answers say of the API to the run's debug log", async () => {
    const api = await standIn({ headers: { deprecation: 'true', sunset: 'a day to come' } });
    api.seedPulls([
      { number: 9, state: 'open', headSha: HEAD_SHA, headRef: 'feature', headOwner: 'stranger' },
    ]);
    const { triggering, lines } = await open(api, contextOf(api, {}));
    expect(triggering.context.pullRequest?.number).toBe(9);
    expect(lines).toEqual([
      expect.stringMatching(/^debug: .*is scheduled to be removed on a day to come/),
    ]);
  });
});

describe('fetchUploads, when there is no artifact to download', () => {
  const artifact = (fields: { expired?: boolean; name?: string }) => ({
    id: 3,
    runId: 77,
    name: 'contract-audit-upload',
    size: 100,
    digest: undefined,
    url: () => 'http://127.0.0.1:9/never-fetched',
    ...fields,
  });

  it("audits a fork's head commit without one, naming where its head is", async () => {
    const api = await standIn();
    const { triggering } = await open(api, contextOf(api, {}));
    expect(await triggering.fetchUploads()).toEqual({
      kind: 'bundle',
      bundle: { uploads: [], summaries: [] },
      note:
        'The triggering run 77 (pull_request) has no artifact `contract-audit-upload`, and its head is in stranger/vaults: the head commit is audited as GitHub holds it, ' +
        'without the installed packages and submodule contents the artifact would supply (imports of them are named as unresolved).',
    });
  });

  it('says so when the event names no head repository, and an expired artifact is none', async () => {
    const api = await standIn();
    api.serveArtifacts(() => [artifact({ expired: true })]);
    const { triggering } = await open(api, contextOf(api, { headRepository: '', event: '' }));
    const fetched = await triggering.fetchUploads();
    expect(fetched).toMatchObject({ kind: 'bundle', bundle: { uploads: [], summaries: [] } });
    expect(fetched.kind === 'bundle' && fetched.note).toMatch(
      /^The triggering run 77 \(unknown event\) has only an expired artifact `contract-audit-upload`, and its head is in a repository the event does not name: /,
    );
  });

  it('takes no artifact of another name, should the list hold one', async () => {
    const api = await standIn({ artifactsOfEveryName: true });
    api.serveArtifacts(() => [artifact({ name: 'contract-audit-upload-old' })]);
    const { triggering } = await open(api, contextOf(api, {}));
    expect(await triggering.fetchUploads()).toMatchObject({
      kind: 'bundle',
      note: expect.stringMatching(/^The triggering run 77 \(pull_request\) has no artifact /),
    });
  });

  it('finds nothing to audit for a run of this repository, whatever the case of its name', async () => {
    const api = await standIn();
    const repository = `${api.owner}/${api.repo}`.toUpperCase();
    const { triggering } = await open(api, contextOf(api, { headRepository: repository }));
    expect(await triggering.fetchUploads()).toEqual({
      kind: 'missing',
      reason:
        'The triggering run 77 (pull_request) has no artifact `contract-audit-upload`, so there is nothing to audit. ' +
        'It is made by this action with `fork-pull-requests: collect` on a pull request from a fork or Dependabot.',
    });
  });
});
