import { existsSync, readFileSync } from 'node:fs';
import { EOL } from 'node:os';

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

/**
 * The parts of the event payload (the JSON file at GITHUB_EVENT_PATH) the reports read. The
 * runner writes it; nothing here is trusted to have the shape GitHub documents.
 */
export interface EventPayload {
  pull_request?: {
    number?: unknown;
    changed_files?: unknown;
    head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
  };
  repository?: { full_name?: unknown };
}

/**
 * Read from the runner's variables and event file, as `@actions/github`'s `context` does, but
 * without loading Octokit: a run that calls no GitHub API never needs it.
 */
export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const eventName = env['GITHUB_EVENT_NAME'] ?? '';
  const actor = env['GITHUB_ACTOR'] ?? '';
  const sha = env['GITHUB_SHA'] ?? '';
  const serverUrl = env['GITHUB_SERVER_URL'] ?? 'https://github.com';
  const repository = env['GITHUB_REPOSITORY'] ?? '';
  const runId = Number.parseInt(env['GITHUB_RUN_ID'] ?? '', 10);
  const payload = readEventPayload(env['GITHUB_EVENT_PATH']);
  return {
    eventName,
    actor,
    serverUrl,
    repository,
    sha,
    apiUrl: env['GITHUB_API_URL'] ?? 'https://api.github.com',
    actionRepository: env['GITHUB_ACTION_REPOSITORY'] || undefined,
    runUrl: repository && runId ? `${serverUrl}/${repository}/actions/runs/${runId}` : undefined,
    pullRequest: readPullRequest(eventName, payload, sha),
    untrustedPullRequest: classifyPullRequest(eventName, payload, actor, repository),
  };
}

/** The event file's payload; empty outside Actions. The runner writes it: one that is not JSON throws. */
function readEventPayload(file: string | undefined): EventPayload {
  if (!file) return {};
  if (!existsSync(file)) {
    // Why the pull request's features are off, said as `@actions/github` said it.
    process.stdout.write(`GITHUB_EVENT_PATH ${file} does not exist${EOL}`);
    return {};
  }
  const payload: unknown = JSON.parse(readFileSync(file, 'utf8'));
  // Every field is read through `?.` and checked for its type, so any JSON value is safe here.
  return (payload ?? {}) as EventPayload;
}

const COMMENTABLE_PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

function readPullRequest(
  eventName: string,
  payload: EventPayload,
  sha: string,
): PullRequestFacts | undefined {
  const pullRequest = payload.pull_request;
  const number = pullRequest?.number;
  if (!COMMENTABLE_PULL_REQUEST_EVENTS.has(eventName) || typeof number !== 'number')
    return undefined;
  const changedFiles = pullRequest?.changed_files;
  return {
    number,
    headSha: text(pullRequest?.head?.sha) ?? sha,
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
  payload: EventPayload,
  actor: string,
  /** GITHUB_REPOSITORY, for events whose payload does not name the repository. */
  repository = '',
): RunContext['untrustedPullRequest'] {
  // Runs Dependabot triggers get only Dependabot secrets, whatever the event.
  if (actor === 'dependabot[bot]') return 'dependabot';
  if (!PULL_REQUEST_EVENTS.has(eventName)) return undefined;
  const head = payload.pull_request?.head;
  if (head?.repo === null) return 'fork'; // the fork was deleted
  const base = text(payload.repository?.full_name) ?? repository;
  const headName = text(head?.repo?.full_name);
  if (headName && base && headName !== base) return 'fork';
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
