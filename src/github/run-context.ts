import * as github from '@actions/github';

/** The facts of the workflow run that reports need, read once from the runner's environment. */
export interface RunContext {
  eventName: string;
  actor: string;
  serverUrl: string;
  /** `owner/name`, '' outside Actions. */
  repository: string;
  sha: string;
  apiUrl: string;
  /** `owner/name` of this action's repository, as the runner names it. */
  actionRepository: string | undefined;
  /** The workflow run's page, for links back from comments. */
  runUrl: string | undefined;
  /** Set on `pull_request` and `pull_request_target` events. */
  pullRequest: PullRequestFacts | undefined;
  /** Set when secrets are withheld: a pull request from a fork or from Dependabot. */
  untrustedPullRequest: 'fork' | 'dependabot' | undefined;
}

export interface PullRequestFacts {
  number: number;
  /** Check runs belong to the head commit, not to the merge commit GITHUB_SHA names. */
  headSha: string;
  /** As the event reports it; the files API lists at most 3,000. */
  changedFiles: number | undefined;
}

export function readRunContext(): RunContext {
  const { context } = github;
  const repository = process.env['GITHUB_REPOSITORY'] ?? '';
  return {
    eventName: context.eventName,
    actor: context.actor,
    serverUrl: context.serverUrl,
    repository,
    sha: context.sha,
    apiUrl: context.apiUrl,
    actionRepository: process.env['GITHUB_ACTION_REPOSITORY'] || undefined,
    runUrl:
      repository && context.runId
        ? `${context.serverUrl}/${repository}/actions/runs/${context.runId}`
        : undefined,
    pullRequest: readPullRequest(context.eventName, context.payload, context.sha),
    untrustedPullRequest: classifyPullRequest(
      context.eventName,
      context.payload,
      context.actor,
      repository,
    ),
  };
}

const COMMENTABLE_PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

function readPullRequest(
  eventName: string,
  payload: typeof github.context.payload,
  sha: string,
): PullRequestFacts | undefined {
  const pullRequest = payload.pull_request;
  if (!COMMENTABLE_PULL_REQUEST_EVENTS.has(eventName) || !pullRequest) return undefined;
  const head = pullRequest['head'] as { sha?: string } | undefined;
  const changedFiles = pullRequest['changed_files'] as unknown;
  return {
    number: pullRequest.number,
    headSha: head?.sha ?? sha,
    changedFiles: typeof changedFiles === 'number' ? changedFiles : undefined,
  };
}

const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment',
]);

/**
 * GitHub withholds secrets from `pull_request` runs of forks and from runs Dependabot triggers,
 * so an empty key there is expected, not a misconfiguration. (`pull_request_target` does get secrets.)
 */
export function classifyPullRequest(
  eventName: string,
  payload: typeof github.context.payload,
  actor: string,
  /** GITHUB_REPOSITORY, for events whose payload does not name the repository. */
  repository = '',
): RunContext['untrustedPullRequest'] {
  // Runs Dependabot triggers get only Dependabot secrets, whatever the event.
  if (actor === 'dependabot[bot]') return 'dependabot';
  if (!PULL_REQUEST_EVENTS.has(eventName)) return undefined;
  const head = payload.pull_request?.['head'] as
    { repo?: { full_name?: string } | null } | undefined;
  if (head?.repo === null) return 'fork'; // the fork was deleted
  const base = payload.repository?.full_name ?? repository;
  const headName = head?.repo?.full_name;
  if (headName && base && headName !== base) return 'fork';
  return undefined;
}
