/**
 * The action's one GitHub REST client: the few endpoints the reports use, typed narrowly, and
 * every request bounded. The token goes only to the API it was issued for (https, or http to
 * this machine), never to another origin or outside the API's base path, whatever a `Link`
 * header or a redirect says. Every body is redacted just before it is sent, every answer is read
 * up to a size cap, lists stop at a page cap, and no request starts after the deadline. Errors say
 * which permission the job lacks; the token is only ever handed to Octokit, never put in a
 * message, and nothing Octokit would log reaches the console.
 */
import type { Response as UndiciResponse } from 'undici';
import { parseRetryAfter } from '../api/retry-after.ts';
import type { ChangedFile } from '../audit/scope.ts';
import { createDispatcher, isSafeTransport, loadUndici } from '../net/dispatcher.ts';
import { truncateText } from '../text.ts';
import type { GitHubOctokit, RequestHook } from './octokit.ts';

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
   * When the GitHub work must be over, on the `now` clock (ms). No request starts after it, none
   * waits for an answer past it, and no repeat is waited for beyond it. Default: none.
   */
  deadline?: number;
  /** Default `Date.now`. */
  now?: () => number;
  /** Applied to every request body, and to each URL's path and query, just before sending. */
  redact?: (text: string) => string;
  /**
   * Where Octokit's own messages go, whatever their level: deprecation notices quote the API's
   * `Sunset` and `Link` headers verbatim, so they need the action's redacting, neutralizing
   * logger. Default: discarded, never the console.
   */
  log?: { debug(message: string): void };
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
  /** All files, up to GitHub's cap of 3,000; `capped` when that many came back, or more pages. */
  listPullRequestFiles(pullNumber: number): Promise<{ files: ChangedFile[]; capped: boolean }>;
  /**
   * Oldest first, up to ISSUE_COMMENTS_MAX_PAGES pages; `capped` when there were more.
   */
  listIssueComments(issueNumber: number): Promise<{ comments: IssueComment[]; capped: boolean }>;
  createIssueComment(issueNumber: number, body: string): Promise<IssueComment>;
  updateIssueComment(commentId: number, body: string): Promise<IssueComment>;
  /** Closes the kept-alive connections, which would otherwise hold the process open for seconds. */
  close(): Promise<void>;
}

/** GitHub lists at most this many files of a pull request. */
export const PULL_REQUEST_FILES_CAP = 3_000;
const PER_PAGE = 100;
/** GitHub's cap in pages: a server that keeps answering `rel="next"` is not followed further. */
export const PULL_REQUEST_FILES_MAX_PAGES = PULL_REQUEST_FILES_CAP / PER_PAGE;
/**
 * Pages of 100 comments read to find the sticky comment: 3,000 comments. A `rel="next"` that
 * never ends once made 12,210 requests (2.9 GB) in 40 s.
 */
export const ISSUE_COMMENTS_MAX_PAGES = 30;
/**
 * Appending annotations stops this long before the deadline, so the run can still be completed:
 * a run left in progress blocks a required check.
 */
export const COMPLETION_RESERVE_MS = 10_000;
/** Attempts at completing a check run; other idempotent requests get two, the rest one. */
const COMPLETE_ATTEMPTS = 4;
const IDEMPOTENT_ATTEMPTS = 2;
/** Longest wait before a repeat, whatever Retry-After or x-ratelimit-reset ask for. */
const MAX_RETRY_WAIT_MS = 60_000;
const MAX_REDIRECTS = 3;
/**
 * The most of one answer's body that is read: GitHub's pages (100 files with their patches, 100
 * comments) are far smaller. An endless answer once took the action to 9.9 GB in 64 s; a hosted
 * runner has 7 GB.
 */
export const GITHUB_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 2_000;

/** How the request hook treats one call, passed as the endpoint's `request` options. */
interface RequestPolicy {
  /** Safe to send twice: GitHub may have acted on a request that got no answer. */
  idempotent?: boolean;
  /** Attempts for an idempotent request. */
  attempts?: number;
  /** The request must be over this long before the deadline. */
  reserveMs?: number;
}

/**
 * A request the client would not send, or an answer it would not take (a redirect, or past the
 * size cap): never repeated.
 */
class RefusedRequest extends Error {
  override name = 'RefusedRequest';
}

/** The request timed out: repeated like a server error. */
class NoAnswer extends Error {
  override name = 'NoAnswer';
}

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
  const basePath = api.pathname.replace(/\/+$/, '');
  const baseUrl = api.origin + basePath;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const { deadline, redact } = options;
  const debug = (message: string) => options.log?.debug(message);
  const log = { debug, info: debug, warn: debug, error: debug };
  // A loopback API is reached directly; any other through the runner's HTTP(S)_PROXY.
  const dispatcher = createDispatcher(api);

  /** Redacts the path and query, then refuses any URL but the API's own. */
  const prepare = (url: URL): URL => {
    if (redact) {
      url.pathname = redact(url.pathname);
      url.search = redact(url.search);
    }
    const underBase = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
    if (url.origin !== api.origin || !underBase) {
      throw new RefusedRequest(
        `a request to ${truncateText(url.origin + url.pathname, 200)} was not sent: it is outside ` +
          `the API at ${baseUrl}, and the token goes nowhere else`,
      );
    }
    return url;
  };

  /** Every request, pagination's `Link: rel="next"` and redirects included, passes here. */
  const send = async (url: string, init: RequestInit): Promise<UndiciResponse> => {
    let next = prepare(new URL(url));
    let method = init.method ?? 'GET';
    // Octokit sends JSON bodies as strings.
    let body = init.body as string | undefined;
    if (redact && body !== undefined) body = redactBody(body, redact);
    const [{ fetch: undiciFetch }, pool] = await Promise.all([loadUndici(), dispatcher.get()]);
    for (let redirects = 0; ; redirects += 1) {
      const response = await undiciFetch(next, {
        ...(init as object),
        method,
        body,
        redirect: 'manual',
        dispatcher: pool,
      });
      if (response.status < 300 || response.status >= 400 || response.status === 304)
        return readCapped(response, `${method} ${truncateText(next.pathname, 200)}`);
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location === null || redirects === MAX_REDIRECTS)
        throw new RefusedRequest(
          `GitHub answered ${response.status}; the redirect was not followed`,
        );
      next = prepare(new URL(location, next));
      // As fetch does: a 303, or a 301/302 after a POST, is followed with a GET.
      if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  };

  let requestCount = 0;
  /** Runs each call within its policy: the deadline, a timeout per attempt, and the repeats. */
  const bounded: RequestHook = async (request, endpoint) => {
    const policy = (endpoint.request ?? {}) as RequestPolicy;
    // Creating, or appending annotations, is not repeated after a server error or a timeout:
    // GitHub may have acted on it.
    const idempotent = endpoint.method === 'GET' || policy.idempotent === true;
    const attempts = idempotent ? (policy.attempts ?? IDEMPOTENT_ATTEMPTS) : 1;
    const timeLeft = () =>
      deadline === undefined ? Infinity : deadline - (policy.reserveMs ?? 0) - now();
    for (let attempt = 1; ; attempt += 1) {
      const left = timeLeft();
      if (left <= 0) {
        throw new RefusedRequest(
          policy.reserveMs === undefined
            ? 'the time allowed for GitHub is up, so nothing more was sent'
            : `less than ${policy.reserveMs / 1000} s are left before the deadline, which are kept to complete the check run`,
        );
      }
      const ms = Math.ceil(Math.min(timeoutMs, left));
      const timeout = AbortSignal.timeout(ms);
      requestCount += 1;
      let failure: unknown;
      try {
        // The hooks inside this one get `endpoint` itself, whatever is passed to `request`. Its
        // `request` options may be a method's defaults, shared by calls: replaced, not changed.
        endpoint.request = { ...endpoint.request, signal: timeout };
        // A body cut off by the timeout throws: the fetch wrapper reads it.
        return await request(endpoint);
      } catch (error) {
        const cause = (error as { cause?: unknown } | null)?.cause;
        if (cause instanceof RefusedRequest) throw cause;
        failure = timeout.aborted ? new NoAnswer(`no answer within ${ms / 1000} s`) : error;
      }
      const wait = attempt < attempts ? retryWait(failure, attempt) : undefined;
      if (wait === undefined || wait > Math.min(MAX_RETRY_WAIT_MS, timeLeft())) throw failure;
      await sleep(wait);
    }
  };

  let loading: Promise<GitHubOctokit> | undefined;
  /** Octokit, loaded and set up on the first call: a run that calls no GitHub API never loads it. */
  const octokit = () =>
    (loading ??= import('./octokit.ts').then(({ GitHubOctokit }) => {
      const instance = new GitHubOctokit({
        auth: `token ${target.token}`,
        userAgent: orchestrationUserAgent(),
        baseUrl,
        log,
        // Request-level messages (deprecation notices) use this log, else the console.
        request: { log, fetch: send },
      });
      instance.hook.wrap('request', bounded);
      return instance;
    }));

  /**
   * How long to wait before repeating, or undefined when the failure is not worth repeating:
   * what GitHub asks for (Retry-After, or the rate limit's reset), else a doubling backoff.
   */
  function retryWait(failure: unknown, attempt: number): number | undefined {
    const status = statusOf(failure);
    const rateLimited = (status === 403 || status === 429) && isRateLimit(failure);
    if (!(failure instanceof NoAnswer) && status < 500 && !rateLimited) return undefined;
    const headers = headersOf(failure);
    const reset = Number(headers['x-ratelimit-reset']);
    const untilReset =
      headers['x-ratelimit-remaining'] === '0' && reset > 0
        ? Math.max(0, reset * 1000 - now())
        : undefined;
    return (
      parseRetryAfter(headers['retry-after'], now, Infinity) ??
      untilReset ??
      retryDelayMs * 2 ** (attempt - 1)
    );
  }

  const repo = { owner: target.owner, repo: target.repo };

  return {
    get requestCount() {
      return requestCount;
    },

    async createCheckRun(params) {
      const { data } = await call('create the check run', 'checks: write', true, async () =>
        (await octokit()).rest.checks.create({
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
        (await octokit()).rest.checks.update({
          ...repo,
          check_run_id: id,
          ...(params.status === undefined ? {} : { status: params.status }),
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
        const { paginate, rest } = await octokit();
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
        const { paginate, rest } = await octokit();
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
        async () =>
          (await octokit()).rest.issues.createComment({ ...repo, issue_number: issueNumber, body }),
      );
      return toComment(data);
    },

    async updateIssueComment(commentId, body) {
      const { data } = await call(
        'update the pull request comment',
        'pull-requests: write',
        false,
        async () =>
          (await octokit()).rest.issues.updateComment({
            ...repo,
            comment_id: commentId,
            body,
            request: { idempotent: true } satisfies RequestPolicy,
          }),
      );
      return toComment(data);
    },

    close: () => dispatcher.close(),
  };
}

/** As `@actions/github` sends it: GitHub ties the requests to the workflow run by this tag. */
function orchestrationUserAgent(): string | undefined {
  const id = process.env['ACTIONS_ORCHESTRATION_ID']?.trim();
  return id ? `actions_orchestration_id/${id.replace(/[^a-z0-9_.-]/gi, '_')}` : undefined;
}

function parseApiUrl(apiUrl: string): URL {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`The GitHub API URL is not a URL: ${truncateText(apiUrl, 200)}`);
  }
  if (!isSafeTransport(url)) {
    throw new Error(
      `The GitHub API URL ${url.origin} is neither https nor http to this machine: ` +
        'the token is not sent over it in clear, so GitHub is not called',
    );
  }
  return url;
}

/**
 * The answer with its body read whole, or a RefusedRequest once it passes
 * GITHUB_ANSWER_MAX_BYTES, holding no more than that. Read here because Octokit takes a body that
 * fails mid-read for an empty one.
 */
async function readCapped(response: UndiciResponse, what: string): Promise<UndiciResponse> {
  const { body } = response;
  if (body === null) return response;
  const tooLarge = () =>
    new RefusedRequest(
      `GitHub's answer to ${what} exceeded ${GITHUB_ANSWER_MAX_BYTES / 1024 / 1024} MiB`,
    );
  // Refused before reading: the bytes may be slow to come.
  if (Number(response.headers.get('content-length')) > GITHUB_ANSWER_MAX_BYTES) {
    await body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop cancels the stream, which closes the connection.
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > GITHUB_ANSWER_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const { status, statusText, headers } = response;
  const { Response } = await loadUndici();
  return new Response(Buffer.concat(chunks, size), { status, statusText, headers });
}

/** Items of at most `maxPages` pages; `more` when the last page read still had a next one. */
async function collectPages<T>(
  pages: AsyncIterable<{ data: T[]; headers: { link?: string } }>,
  maxPages: number,
): Promise<{ items: T[]; more: boolean }> {
  const items: T[] = [];
  let count = 0;
  for await (const page of pages) {
    items.push(...page.data);
    count += 1;
    if (count === maxPages) return { items, more: /rel="next"/.test(page.headers.link ?? '') };
  }
  return { items, more: false };
}

/** Redacts each string of a JSON body, so the JSON stays valid; any other body as text. */
function redactBody(body: string, redact: (text: string) => string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return redact(body);
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
    return v;
  };
  return JSON.stringify(walk(value));
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
    (status === 403 && !isRateLimit(error)) ||
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
function isRateLimit(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return headersOf(error)['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message);
}

function headersOf(error: unknown): Record<string, string | undefined> {
  return (
    (error as { response?: { headers?: Record<string, string> } } | null)?.response?.headers ?? {}
  );
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
