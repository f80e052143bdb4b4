/**
 * The facts of the workflow run that the reports need, from `@actions/github`'s context: its
 * event, repository, commit and run, and whether GitHub withheld secrets from it.
 */
import * as github from '@actions/github';

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
  /** Set on `workflow_run` events: the run that triggered this one, as GitHub describes it. */
  workflowRun: WorkflowRunFacts | undefined;
}

/** GitHub's facts of a triggering run: where its artifact is, and which commit it ran on. */
export interface WorkflowRunFacts {
  id: number;
  /** The triggering run's event, e.g. `pull_request`. */
  event: string;
  headSha: string;
  headBranch: string;
  /** The login owning the head repository (the fork's owner). */
  headOwner: string;
  /** `owner/name` of the head repository, '' when the event does not say. */
  headRepository: string;
  /** Pull requests of this repository GitHub lists for the run (none for a fork's). */
  pullRequests: Array<{ number: number; headSha: string }>;
}

export interface PullRequestFacts {
  number: number;
  /** Check runs belong to the head commit, not to the merge commit GITHUB_SHA names. */
  headSha: string;
  /** As the event reports it; the files API lists at most 3,000. */
  changedFiles: number | undefined;
}

/**
 * The parts of the event payload the reports read. The runner writes it; nothing here is
 * trusted to have the shape GitHub documents.
 */
export interface EventPayload {
  workflow_run?: {
    id?: unknown;
    event?: unknown;
    head_sha?: unknown;
    head_branch?: unknown;
    head_repository?: { full_name?: unknown; owner?: { login?: unknown } | null } | null;
    pull_requests?: unknown;
  };
  pull_request?: {
    number?: unknown;
    changed_files?: unknown;
    head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
  };
  repository?: { full_name?: unknown; id?: unknown };
}

/** What is read of `@actions/github`'s context (read once, when that package is imported). */
export type GitHubContext = Pick<
  typeof github.context,
  'eventName' | 'actor' | 'sha' | 'serverUrl' | 'apiUrl' | 'runId' | 'payload' | 'repo'
>;

export function readRunContext(
  context: GitHubContext = github.context,
  env: NodeJS.ProcessEnv = process.env,
): RunContext {
  // Each field is read through `?.` and checked for its type: the payload may be any JSON.
  const payload = (context.payload ?? {}) as EventPayload;
  const eventName = context.eventName ?? '';
  const actor = context.actor ?? '';
  const sha = context.sha ?? '';
  const repository = repositoryOf(context);
  return {
    eventName,
    actor,
    serverUrl: context.serverUrl,
    repository,
    sha,
    apiUrl: context.apiUrl,
    actionRepository: env['GITHUB_ACTION_REPOSITORY'] || undefined,
    runUrl:
      repository && context.runId
        ? `${context.serverUrl}/${repository}/actions/runs/${context.runId}`
        : undefined,
    pullRequest: readPullRequest(eventName, payload, sha),
    untrustedPullRequest: classifyPullRequest(eventName, payload, actor, repository),
    workflowRun: eventName === 'workflow_run' ? readWorkflowRun(payload) : undefined,
  };
}

/** Undefined when the payload lacks what a report needs: the run's id, commit and branch. */
function readWorkflowRun(payload: EventPayload): WorkflowRunFacts | undefined {
  const run = payload.workflow_run;
  const id = run?.id;
  const headSha = text(run?.head_sha);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || !headSha) return undefined;
  const listed: unknown[] = Array.isArray(run?.pull_requests) ? run.pull_requests : [];
  const repositoryId = payload.repository?.id;
  return {
    id,
    event: text(run?.event) ?? '',
    headSha,
    headBranch: text(run?.head_branch) ?? '',
    headOwner: text(run?.head_repository?.owner?.login) ?? '',
    headRepository: text(run?.head_repository?.full_name) ?? '',
    pullRequests: listed.flatMap((entry) => {
      const pull = entry as {
        number?: unknown;
        head?: { sha?: unknown };
        base?: { repo?: { id?: unknown } };
      } | null;
      // GitHub lists pull requests of other repositories from the run's branch too (a fork's
      // own): their numbers name someone else's pull request here.
      const ours = typeof repositoryId === 'number' && pull?.base?.repo?.id === repositoryId;
      const pullSha = text(pull?.head?.sha);
      return ours && typeof pull.number === 'number' && pullSha
        ? [{ number: pull.number, headSha: pullSha }]
        : [];
    }),
  };
}

/**
 * `owner/name`, or '' outside Actions (where `context.repo` throws). Without GITHUB_REPOSITORY,
 * context.repo reads the event payload unchecked: only names GitHub could give are taken.
 */
function repositoryOf(context: GitHubContext): string {
  try {
    const { owner, repo } = context.repo;
    const name = /^[\w.-]+$/;
    return typeof owner === 'string' &&
      typeof repo === 'string' &&
      name.test(owner) &&
      name.test(repo)
      ? `${owner}/${repo}`
      : '';
  } catch {
    return '';
  }
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

/** The events on which GitHub gives Dependabot's runs Dependabot secrets only (GitHub's docs). */
const DEPENDABOT_RESTRICTED_EVENTS = new Set([
  ...PULL_REQUEST_EVENTS,
  'push',
  'create',
  'deployment',
  'deployment_status',
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
  // Runs Dependabot triggers get only Dependabot secrets on these events; on others (workflow_run
  // among them) the repository's secrets, so an empty key there is a misconfiguration.
  if (actor === 'dependabot[bot]' && DEPENDABOT_RESTRICTED_EVENTS.has(eventName))
    return 'dependabot';
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
