/**
 * Situations the end-to-end tests set up again and again: a pull request of acme/vaults with the
 * GitHub stand-in answering for it, and a service whose every poll gets the same answer.
 */
import type { AuditService } from '@contract-audit/reference-service';
import type { GitHubApiStandIn } from './github-api.ts';
import { runAction, type ActionRun } from './run-action.ts';

/** The `pull_request` event of acme/vaults#number from a branch of the repository itself. */
export function pullRequestEvent(number: number, headSha = 'e'.repeat(40)) {
  return {
    pull_request: { number, head: { sha: headSha, repo: { full_name: 'acme/vaults' } } },
    repository: { full_name: 'acme/vaults', name: 'vaults', owner: { login: 'acme' } },
  };
}

/** The `pull_request` event of acme/vaults#number from a fork: no secrets, a read-only token. */
export function forkPullRequestEvent(number: number) {
  return {
    pull_request: { number, head: { repo: { full_name: 'stranger/vaults' } } },
    repository: { full_name: 'acme/vaults' },
  };
}

/** acme/vaults' repository id, as GitHub's payloads and minimal pull requests name it. */
export const REPOSITORY_ID = 4242;

/**
 * A `workflow_run` event for the completion of a fork's `pull_request` run, as GitHub sends it:
 * `pull_requests` is empty for a fork's run unless given; each given one's base is acme/vaults
 * unless it names another repository's id.
 */
export function workflowRunEvent(run: {
  id: number;
  headSha: string;
  headBranch?: string;
  headOwner?: string;
  pullRequests?: Array<{ number: number; headSha: string; baseRepositoryId?: number }>;
}) {
  const repository = (id: number) => ({
    id,
    url: `https://api.github.com/repositories/${id}`,
    name: 'vaults',
  });
  return {
    action: 'completed',
    workflow_run: {
      id: run.id,
      event: 'pull_request',
      status: 'completed',
      conclusion: 'success',
      head_sha: run.headSha,
      head_branch: run.headBranch ?? 'feature',
      head_repository: {
        full_name: `${run.headOwner ?? 'stranger'}/vaults`,
        owner: { login: run.headOwner ?? 'stranger' },
      },
      pull_requests: (run.pullRequests ?? []).map((pull) => ({
        number: pull.number,
        head: { sha: pull.headSha, ref: run.headBranch ?? 'feature', repo: repository(7) },
        base: { ref: 'main', repo: repository(pull.baseRepositoryId ?? REPOSITORY_ID) },
      })),
    },
    repository: {
      id: REPOSITORY_ID,
      full_name: 'acme/vaults',
      name: 'vaults',
      owner: { login: 'acme' },
    },
  };
}

/** Every GET of an audit answers `body` (200), whatever the service itself would say. */
export function answerEveryPoll(service: AuditService, body: object): void {
  service.addFault({
    kind: 'status',
    method: 'GET',
    path: /^\/v1\/audits\//,
    status: 200,
    times: 1_000,
    body: JSON.stringify(body),
  });
}

/** The action on pull request #number, reporting to the GitHub stand-in. */
export function runOnPullRequest(options: {
  number: number;
  service: AuditService;
  github: GitHubApiStandIn;
  workspace: string;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
}): Promise<ActionRun> {
  const { service, github } = options;
  return runAction({
    workspace: options.workspace,
    eventName: 'pull_request',
    event: pullRequestEvent(options.number),
    env: { GITHUB_API_URL: github.url, ...options.env },
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.url,
      'github-token': github.token,
      'poll-interval-seconds': '0.02',
      ...options.inputs,
    },
  });
}
