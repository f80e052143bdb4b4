import * as github from '@actions/github';

/** The facts of the workflow run that reports need, read once from the runner's environment. */
export interface RunContext {
  eventName: string;
  actor: string;
  serverUrl: string;
  /** `owner/name`, '' outside Actions. */
  repository: string;
  sha: string;
  /** Set when secrets are withheld: a pull request from a fork or from Dependabot. */
  untrustedPullRequest: 'fork' | 'dependabot' | undefined;
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
    untrustedPullRequest: classifyPullRequest(context.eventName, context.payload, context.actor),
  };
}

const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment',
]);

/**
 * GitHub withholds secrets from `pull_request` runs of forks and of Dependabot, so an empty key
 * there is expected, not a misconfiguration. (`pull_request_target` does get secrets.)
 */
export function classifyPullRequest(
  eventName: string,
  payload: typeof github.context.payload,
  actor: string,
): RunContext['untrustedPullRequest'] {
  if (!PULL_REQUEST_EVENTS.has(eventName)) return undefined;
  if (actor === 'dependabot[bot]') return 'dependabot';
  const head = payload.pull_request?.['head'] as
    { repo?: { full_name?: string } | null } | undefined;
  if (head?.repo === null) return 'fork'; // the fork was deleted
  const base = payload.repository?.full_name;
  const headName = head?.repo?.full_name;
  if (headName && base && headName !== base) return 'fork';
  return undefined;
}
