/**
 * The Action's one GitHub REST client: `@actions/github`'s Octokit, given the project's guards
 * through the options it takes (a transport that keeps the token to the API and caps answers, a
 * request hook that bounds every call by the deadline, a log), and the few endpoints the reports
 * use, typed narrowly. Lists stop at a page cap. Errors say which permission the job lacks.
 */
import { getOctokit } from '@actions/github';
import type { ChangedFile } from '../../audit/scope.ts';
import type { Deadline } from '../../deadline.ts';
import { call } from './errors.ts';
import {
  boundedRequests,
  COMPLETE_ATTEMPTS,
  IDEMPOTENT_ATTEMPTS,
  type RequestPolicy,
} from './request-policy.ts';
import type {
  CheckRun,
  CheckRunCreate,
  CheckRunUpdate,
  GitTree,
  HeadPullRequest,
  IssueComment,
  RunArtifact,
} from './resources.ts';
import { collectPages, PER_PAGE } from './pages.ts';
import { pendingEndpoints, type PendingEndpoints } from './pending-endpoints.ts';
import { createTransport, parseApiUrl } from './transport.ts';

export interface GitHubTarget {
  /** `GITHUB_API_URL`: https://api.github.com, or a GHES `…/api/v3`. */
  apiUrl: string;
  token: string;
  owner: string;
  repo: string;
}

export interface GitHubClientOptions {
  /** Default 30 s; never more than the time left before `deadline`. */
  requestTimeoutMs?: number;
  /** First wait before repeating a failed idempotent request, doubled each time; default 2 s. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * When the GitHub work must be over. No request starts after it, none waits for an answer past
   * it, and no repeat is waited for beyond it. Its clock times the waits too. Default: none, on
   * Date.now's clock.
   */
  deadline?: Deadline;
  /** Applied to every request body, and to each URL's path and query, just before sending. */
  redact?: (text: string) => string;
  /**
   * Where Octokit's own messages go, whatever their level: deprecation notices quote the API's
   * `Sunset` and `Link` headers verbatim, so they need the action's redacting, neutralizing
   * logger. Default: discarded, never the console.
   */
  log?: { debug(message: string): void };
}

export interface GitHubClient extends PendingEndpoints {
  /** Requests sent so far, repeats included. */
  readonly requestCount: number;
  createCheckRun(params: CheckRunCreate): Promise<CheckRun>;
  updateCheckRun(id: number, params: CheckRunUpdate): Promise<void>;
  /** All files, up to GitHub's cap of 3,000; `capped` when that many came back, or more pages. */
  listPullRequestFiles(pullNumber: number): Promise<{ files: ChangedFile[]; capped: boolean }>;
  /**
   * Oldest first, up to ISSUE_COMMENTS_MAX_PAGES pages; `capped` when there were more.
   */
  listIssueComments(issueNumber: number): Promise<{ comments: IssueComment[]; capped: boolean }>;
  createIssueComment(issueNumber: number, body: string): Promise<IssueComment>;
  /** The run's artifacts named `name` (GitHub filters by name). */
  listRunArtifacts(runId: number, name: string): Promise<RunArtifact[]>;
  /** Open pull requests whose head is `owner:branch`, up to HEAD_PULLS_MAX_PAGES pages. */
  listPullRequestsByHead(head: string): Promise<HeadPullRequest[]>;
  updateIssueComment(commentId: number, body: string): Promise<IssueComment>;
  /** The tree `sha` (a commit's or a tree's), with every folder below it when `recursive`. */
  getTree(sha: string, recursive: boolean): Promise<GitTree>;
  /** The blob's bytes, as served raw. */
  getBlob(sha: string): Promise<Buffer>;
  /** Closes the kept-alive connections, which would otherwise hold the process open for seconds. */
  close(): Promise<void>;
}

/** GitHub lists at most this many files of a pull request. */
export const PULL_REQUEST_FILES_CAP = 3_000;
/** GitHub's cap in pages: a server that keeps answering `rel="next"` is not followed further. */
export const PULL_REQUEST_FILES_MAX_PAGES = PULL_REQUEST_FILES_CAP / PER_PAGE;
/**
 * Pages of 100 comments read to find the sticky comment: 3,000 comments. A `rel="next"` that
 * never ends is not followed further.
 */
export const ISSUE_COMMENTS_MAX_PAGES = 30;
/**
 * Appending annotations stops this long before the deadline, so the run can still be completed:
 * a run left in progress blocks a required check.
 */
export const COMPLETION_RESERVE_MS = 10_000;
/** Open pull requests of one head branch: more than a page is already unusual. */
export const HEAD_PULLS_MAX_PAGES = 3;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 2_000;

/**
 * Throws, before anything is sent, for an API URL the token must not travel to in clear: only
 * https, or plain http to this machine.
 */
export function createGitHubClient(
  target: GitHubTarget,
  options: GitHubClientOptions = {},
): GitHubClient {
  if (target.token === '') throw new Error('No GitHub token was given, so GitHub cannot be called');
  const api = parseApiUrl(target.apiUrl);
  const transport = createTransport(api, options.redact);
  const debug = (message: string) => options.log?.debug(message);
  const log = { debug, info: debug, warn: debug, error: debug };
  let requestCount = 0;
  // Not @actions/github's own proxy fetch: the transport also keeps loopback unproxied.
  const octokit = getOctokit(target.token, {
    baseUrl: api.origin + api.pathname.replace(/\/+$/, ''),
    log,
    // Request-level messages (deprecation notices) use this log, else the console.
    request: { log, fetch: transport.fetch },
  });
  octokit.hook.wrap(
    'request',
    boundedRequests({
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      sleep: options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms))),
      deadline: options.deadline ?? { at: Infinity, now: Date.now },
      onAttempt: () => (requestCount += 1),
    }),
  );
  const { rest, paginate } = octokit;

  const repo = { owner: target.owner, repo: target.repo };

  return {
    ...pendingEndpoints({ rest, paginate }, repo),

    get requestCount() {
      return requestCount;
    },

    async createCheckRun(params) {
      const { data } = await call('create the check run', 'checks: write', true, async () =>
        rest.checks.create({
          ...repo,
          name: params.name,
          head_sha: params.headSha,
          status: params.status,
          ...(params.externalId === undefined ? {} : { external_id: params.externalId }),
          ...(params.detailsUrl === undefined ? {} : { details_url: params.detailsUrl }),
          output: params.output,
        }),
      );
      return { id: data.id, url: data.html_url ?? '' };
    },

    async updateCheckRun(id, params) {
      const appends = (params.output?.annotations?.length ?? 0) > 0;
      const policy: RequestPolicy = appends
        ? { reserveMs: COMPLETION_RESERVE_MS }
        : {
            idempotent: true,
            attempts: params.status === 'completed' ? COMPLETE_ATTEMPTS : IDEMPOTENT_ATTEMPTS,
          };
      await call('update the check run', 'checks: write', false, async () =>
        rest.checks.update({
          ...repo,
          check_run_id: id,
          ...(params.status === undefined ? {} : { status: params.status }),
          ...(params.externalId === undefined ? {} : { external_id: params.externalId }),
          ...(params.conclusion === undefined
            ? {}
            : { conclusion: params.conclusion, completed_at: new Date().toISOString() }),
          ...(params.output === undefined ? {} : { output: params.output }),
          request: policy,
        }),
      );
    },

    async listPullRequestFiles(pullNumber) {
      return call('list the pull request files', 'pull-requests: read', true, async () => {
        const { items, more } = await collectPages(
          paginate.iterator(rest.pulls.listFiles, {
            ...repo,
            pull_number: pullNumber,
            per_page: PER_PAGE,
          }),
          PULL_REQUEST_FILES_MAX_PAGES,
        );
        return {
          files: items.slice(0, PULL_REQUEST_FILES_CAP).map(toChangedFile),
          capped: more || items.length >= PULL_REQUEST_FILES_CAP,
        };
      });
    },

    async listIssueComments(issueNumber) {
      return call('list the pull request comments', 'pull-requests: write', true, async () => {
        const { items, more } = await collectPages(
          paginate.iterator(rest.issues.listComments, {
            ...repo,
            issue_number: issueNumber,
            per_page: PER_PAGE,
          }),
          ISSUE_COMMENTS_MAX_PAGES,
        );
        return { comments: items.map(toComment), capped: more };
      });
    },

    async createIssueComment(issueNumber, body) {
      const { data } = await call(
        'comment on the pull request',
        'pull-requests: write',
        true,
        async () => rest.issues.createComment({ ...repo, issue_number: issueNumber, body }),
      );
      return toComment(data);
    },

    async updateIssueComment(commentId, body) {
      const { data } = await call(
        'update the pull request comment',
        'pull-requests: write',
        false,
        async () =>
          rest.issues.updateComment({
            ...repo,
            comment_id: commentId,
            body,
            request: { idempotent: true } satisfies RequestPolicy,
          }),
      );
      return toComment(data);
    },

    async listRunArtifacts(runId, name) {
      return call("list the triggering run's artifacts", 'actions: read', true, async () => {
        const { data } = await rest.actions.listWorkflowRunArtifacts({
          ...repo,
          run_id: runId,
          name,
          per_page: PER_PAGE,
        });
        return data.artifacts.map((artifact) => ({
          id: artifact.id,
          name: artifact.name,
          sizeInBytes: artifact.size_in_bytes,
          expired: artifact.expired,
          digest: artifact.digest ?? undefined,
        }));
      });
    },

    async listPullRequestsByHead(head) {
      return call(
        'list the pull requests of the head branch',
        'pull-requests: read',
        true,
        async () => {
          const { items } = await collectPages(
            paginate.iterator(rest.pulls.list, {
              ...repo,
              state: 'open',
              head,
              per_page: PER_PAGE,
            }),
            HEAD_PULLS_MAX_PAGES,
          );
          return items.map((pull) => ({ number: pull.number, headSha: pull.head.sha }));
        },
      );
    },

    async getTree(sha, recursive) {
      return call('read a tree of the head commit', 'contents: read', false, async () => {
        const { data } = await rest.git.getTree({
          ...repo,
          tree_sha: sha,
          ...(recursive ? { recursive: '1' } : {}),
        });
        return {
          truncated: data.truncated,
          entries: data.tree.map((entry) => ({
            path: entry.path,
            mode: entry.mode,
            type: entry.type,
            sha: entry.sha,
            size: entry.size,
          })),
        };
      });
    },

    async getBlob(sha) {
      return call('read a file of the head commit', 'contents: read', false, async () => {
        // The body as bytes whatever its content type says: a file need not be UTF-8.
        const { data } = await rest.git.getBlob({
          ...repo,
          file_sha: sha,
          headers: { accept: 'application/vnd.github.raw+json' },
          request: { parseSuccessResponseBody: false },
        });
        return Buffer.from(await new Response(data as unknown as ReadableStream).arrayBuffer());
      });
    },

    close: () => transport.close(),
  };
}

function toChangedFile(file: {
  filename: string;
  status: string;
  patch?: string;
  additions: number;
  previous_filename?: string;
}): ChangedFile {
  return {
    path: file.filename,
    status: file.status,
    patch: file.patch,
    additions: file.additions,
    ...(file.previous_filename === undefined ? {} : { previousPath: file.previous_filename }),
  };
}

function toComment(comment: {
  id: number;
  html_url: string;
  body?: string;
  user: { login: string; type: string } | null;
}): IssueComment {
  return {
    id: comment.id,
    url: comment.html_url,
    body: comment.body ?? '',
    author:
      comment.user === null
        ? undefined
        : { login: comment.user.login, isBot: comment.user.type === 'Bot' },
  };
}
