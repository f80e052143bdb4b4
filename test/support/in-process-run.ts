/**
 * Set-up for tests that call run() in process. @actions/github reads the run's context (event,
 * repository, API URL) once, when it is first imported, so `prepareRunContext` must run inside
 * `vi.hoisted` before any import of src/; `useInProcessRun` then gives each test a checkout, a
 * RUNNER_TEMP, a reference service and the inputs a workflow would pass.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditService, AuditServiceOptions } from '@contract-audit/reference-service';
import { afterAll, afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import { resetCore } from './core.ts';
import { startGitHubApi, type GitHubApiStandIn } from './github-api.ts';
import { actionDefaults, repositoryRoot } from './run-action.ts';
import { useAuditService } from './service.ts';

export const DEMO_WORKSPACE = path.join(repositoryRoot, 'examples/foundry-demo');

/** The runner's environment for a run of acme/vaults on `eventName`, and the GitHub stand-in. */
export async function prepareRunContext(
  eventName: string,
  event: object = {},
): Promise<GitHubApiStandIn> {
  const api = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
  const eventFile = path.join(await mkdtemp(path.join(tmpdir(), 'event-')), 'event.json');
  await writeFile(eventFile, JSON.stringify(event));
  Object.assign(process.env, {
    GITHUB_API_URL: api.url,
    GITHUB_REPOSITORY: 'acme/vaults',
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_ACTOR: 'octocat',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '42',
  });
  return api;
}

export type InProcessSetUp = (
  inputs?: Record<string, string>,
  serviceOptions?: AuditServiceOptions,
) => Promise<AuditService>;

/** Per test: the demo checkout, a fresh RUNNER_TEMP, a reference service and the inputs. */
export function useInProcessRun(github: GitHubApiStandIn): InProcessSetUp {
  const serve = useAuditService();
  beforeEach(async () => {
    vi.stubEnv('GITHUB_WORKSPACE', DEMO_WORKSPACE);
    vi.stubEnv('RUNNER_TEMP', await mkdtemp(path.join(tmpdir(), 'runner-')));
    vi.stubEnv('GITHUB_STEP_SUMMARY', 'stand-in');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(() => github.close());
  return async (inputs = {}, serviceOptions = {}) => {
    const service = await serve(serviceOptions);
    resetCore({
      ...(await actionDefaults()),
      'github-token': github.token,
      'api-key': service.apiKey,
      'base-url': service.url,
      'poll-interval-seconds': '0.02',
      ...inputs,
    });
    return service;
  };
}

/**
 * For the current test, the event the run reads, as `@actions/github` read it once at import
 * (imported here only then: importing it earlier would read the context before it is set).
 */
export async function withEvent(event: object): Promise<void> {
  const actionsGitHub = await import('@actions/github');
  const before = actionsGitHub.context.payload;
  actionsGitHub.context.payload = event;
  onTestFinished(() => {
    actionsGitHub.context.payload = before;
  });
}

/**
 * Per test, the repository a finishing run looks at: pull request `number` open on `head`, the
 * default branch `main` at `mainHead`, no workflow runs, no check runs yet; and the run's own
 * lines on stdout kept quiet (the toolkit writes them with the real @actions/core).
 */
export function usePullRequest(
  github: GitHubApiStandIn,
  { number = 5, head = 'e'.repeat(40), mainHead = 'd'.repeat(40) } = {},
): void {
  beforeEach(() => {
    vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    github.checkRuns.length = 0;
    github.seedBranch('main', mainHead);
    github.seedPulls([
      { number, state: 'open', headSha: head, headRef: 'feature', headOwner: 'acme' },
    ]);
    github.seedWorkflowRuns([]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
