/**
 * The action's one GitHub REST client: the few endpoints the reports use, typed narrowly, with a
 * per-request timeout, one repeat of a failed idempotent request, and errors that say which
 * permission the job lacks. The token is only ever handed to Octokit, never put in a message.
 */
import { getOctokit } from '@actions/github';
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { ChangedFile } from '../audit/scope.ts';
import { truncateText } from '../report/escape.ts';

export interface GitHubTarget {
  /** `GITHUB_API_URL`: https://api.github.com, or a GHES `…/api/v3`. */
  apiUrl: string;
  token: string;
  owner: string;
  repo: string;
}

export interface GitHubClientOptions {
  /** Default 30 s. */
  requestTimeoutMs?: number;
  /** Wait before repeating a failed idempotent request; default 2 s. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** What to add to the job's `permissions:` for the operation that was refused. */
export type Permission = 'checks: write' | 'pull-requests: write' | 'pull-requests: read';

/**
 * GitHub refused the operation for want of a permission: 403 (a read-only token on a fork's pull
 * request, or a `permissions:` block without it), or 404 where the repository itself cannot be
 * seen. Callers warn once, naming `permission`, and fall back.
 */
export class PermissionError extends Error {
  override name = 'PermissionError';
  readonly permission: Permission;
  readonly status: number;

  constructor(message: string, permission: Permission, status: number) {
    super(message);
    this.permission = permission;
    this.status = status;
  }
}

export type AnnotationLevel = 'notice' | 'warning' | 'failure';

/** One check-run annotation as the Checks API takes it. */
export interface CheckAnnotation {
  /** Relative to the repository root. */
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: AnnotationLevel;
  message: string;
  title?: string;
  raw_details?: string;
}

export interface CheckRunOutput {
  title: string;
  summary: string;
  text?: string;
  /** Appended to the check run's annotations; at most 50 per request. */
  annotations?: CheckAnnotation[];
}

export type CheckConclusion = 'success' | 'failure' | 'neutral' | 'timed_out';

export interface CheckRunCreate {
  name: string;
  headSha: string;
  status: 'queued' | 'in_progress';
  externalId?: string;
  detailsUrl?: string;
  output: CheckRunOutput;
}

export interface CheckRunUpdate {
  status?: 'in_progress' | 'completed';
  conclusion?: CheckConclusion;
  output?: CheckRunOutput;
}

export interface CheckRun {
  id: number;
  /** The check run's page on GitHub. */
  url: string;
}

export interface IssueComment {
  id: number;
  url: string;
  body: string;
  author: { login: string; isBot: boolean } | undefined;
}

export interface GitHubClient {
  /** Requests sent so far, repeats included. */
  readonly requestCount: number;
  createCheckRun(params: CheckRunCreate): Promise<CheckRun>;
  updateCheckRun(id: number, params: CheckRunUpdate): Promise<void>;
  /** All files, up to GitHub's cap of 3,000; `capped` when that many came back. */
  listPullRequestFiles(pullNumber: number): Promise<{ files: ChangedFile[]; capped: boolean }>;
  listIssueComments(issueNumber: number): Promise<IssueComment[]>;
  createIssueComment(issueNumber: number, body: string): Promise<IssueComment>;
  updateIssueComment(commentId: number, body: string): Promise<IssueComment>;
  /** Closes the kept-alive connections, which would otherwise hold the process open for seconds. */
  close(): Promise<void>;
}

/** GitHub lists at most this many files of a pull request. */
export const PULL_REQUEST_FILES_CAP = 3_000;
const PER_PAGE = 100;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 2_000;

export function createGitHubClient(
  target: GitHubTarget,
  options: GitHubClientOptions = {},
): GitHubClient {
  if (target.token === '') throw new Error('No GitHub token was given, so GitHub cannot be called');
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  // @actions/github fixes its base URL and proxy at import time; passing both here makes the
  // client follow the URL it is given (GHES, the tests' stand-in) through the runner's proxy.
  const dispatcher = new EnvHttpProxyAgent();
  const octokit = getOctokit(target.token, {
    baseUrl: target.apiUrl.replace(/\/+$/, ''),
    request: {
      fetch: (url: string, init: RequestInit) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
        return undiciFetch(url, { ...(init as object), signal, dispatcher }).catch(
          (error: unknown) => {
            throw timeout.aborted ? new Error(`no answer within ${timeoutMs / 1000} s`) : error;
          },
        );
      },
    },
  });

  let requestCount = 0;
  octokit.hook.wrap('request', async (request, endpoint) => {
    // Reads, and writes flagged as idempotent, are repeated once after a server error or a
    // timeout (both reach here as status 500+). Creating, or appending annotations, is not:
    // GitHub may have acted on it.
    const idempotent = endpoint.method === 'GET' || endpoint.request?.['idempotent'] === true;
    requestCount += 1;
    try {
      return await request(endpoint);
    } catch (error) {
      if (!idempotent || statusOf(error) < 500) throw error;
      await sleep(retryDelayMs);
      requestCount += 1;
      return await request(endpoint);
    }
  });

  const repo = { owner: target.owner, repo: target.repo };

  return {
    get requestCount() {
      return requestCount;
    },

    async createCheckRun(params) {
      const { data } = await call('create the check run', 'checks: write', true, () =>
        octokit.rest.checks.create({
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
      await call('update the check run', 'checks: write', false, () =>
        octokit.rest.checks.update({
          ...repo,
          check_run_id: id,
          ...(params.status === undefined ? {} : { status: params.status }),
          ...(params.conclusion === undefined
            ? {}
            : { conclusion: params.conclusion, completed_at: new Date().toISOString() }),
          ...(params.output === undefined ? {} : { output: params.output }),
          request: { idempotent: !appends },
        }),
      );
    },

    async listPullRequestFiles(pullNumber) {
      return call('list the pull request files', 'pull-requests: read', true, async () => {
        const files: ChangedFile[] = [];
        const pages = octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
          ...repo,
          pull_number: pullNumber,
          per_page: PER_PAGE,
        });
        for await (const page of pages) {
          for (const file of page.data) files.push(toChangedFile(file));
          if (files.length >= PULL_REQUEST_FILES_CAP) break;
        }
        return {
          files: files.slice(0, PULL_REQUEST_FILES_CAP),
          capped: files.length >= PULL_REQUEST_FILES_CAP,
        };
      });
    },

    async listIssueComments(issueNumber) {
      return call('list the pull request comments', 'pull-requests: write', true, async () => {
        const comments: IssueComment[] = [];
        const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
          ...repo,
          issue_number: issueNumber,
          per_page: PER_PAGE,
        });
        for await (const page of pages) for (const c of page.data) comments.push(toComment(c));
        return comments;
      });
    },

    async createIssueComment(issueNumber, body) {
      const { data } = await call('comment on the pull request', 'pull-requests: write', true, () =>
        octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body }),
      );
      return toComment(data);
    },

    async updateIssueComment(commentId, body) {
      const { data } = await call(
        'update the pull request comment',
        'pull-requests: write',
        false,
        () =>
          octokit.rest.issues.updateComment({
            ...repo,
            comment_id: commentId,
            body,
            request: { idempotent: true },
          }),
      );
      return toComment(data);
    },

    close: () => dispatcher.close(),
  };
}

/**
 * Runs one operation, turning GitHub's refusals into PermissionError and anything else into an
 * Error that names the operation. `notFoundIsPermission`: for a repository-level operation a
 * 404 means the token cannot see the repository; for one on a given object, that it is gone.
 */
async function call<T>(
  operation: string,
  permission: Permission,
  notFoundIsPermission: boolean,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translateError(error, operation, permission, notFoundIsPermission);
  }
}

function translateError(
  error: unknown,
  operation: string,
  permission: Permission,
  notFoundIsPermission: boolean,
): Error {
  const status = statusOf(error);
  const raw = error instanceof Error ? error.message : String(error);
  const message = truncateText(raw.replace(/\s+/g, ' ').trim(), 300);
  const refused =
    (status === 403 && !isRateLimit(error, message)) ||
    (status === 404 && notFoundIsPermission) ||
    /resource not accessible by integration/i.test(message);
  if (refused) {
    return new PermissionError(
      `GitHub refused to ${operation} (${status}: ${message}). ` +
        `The token needs \`${permission}\`: add it to the job's permissions ` +
        '(pull requests from forks always get a read-only token).',
      permission,
      status,
    );
  }
  // Octokit reports a request that got no answer (refused, timed out) as status 500.
  const answered = (error as { response?: unknown } | null)?.response !== undefined;
  return new Error(
    `Could not ${operation} on GitHub${answered ? ` (HTTP ${status})` : ''}: ${message}`,
  );
}

/** A 403 for exhausting the rate limit is not a missing permission. */
function isRateLimit(error: unknown, message: string): boolean {
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers;
  return headers?.['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message);
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
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
