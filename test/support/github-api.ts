/**
 * A stand-in for the parts of GitHub's REST API the reports use: a real HTTP server on
 * 127.0.0.1 with check runs (annotations appended per update, at most 50 each), issue comments
 * and pull request files (paginated with Link headers, files capped at 3,000 like GitHub), the
 * limits GitHub enforces answered 422, refusals like a read-only token's, an exhausted rate
 * limit, and answers that never end; and the git trees and blobs of commits (git-commit.ts). Every request is recorded, without the Authorization
 * header's value.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServedCommit } from './git-commit.ts';
import { GITHUB_ACTIONS_APP, listCheckRuns, type CheckRunApp } from './github-check-runs.ts';
import { listWorkflowRuns, type StoredWorkflowRun } from './github-workflow-runs.ts';

export type Endpoint =
  'check-runs' | 'issue-comments' | 'pull-files' | 'pulls' | 'artifacts' | 'workflow-runs' | 'git';

/** An artifact as the REST API lists it; `url` is where its zip download redirects (302). */
export interface ListedArtifact {
  id: number;
  runId: number;
  name: string;
  size: number;
  digest: string | undefined;
  /** Past its retention: listed, no longer downloadable. */
  expired?: boolean;
  url(): string;
}

/**
 * An open or closed pull request, as `GET /pulls` lists it. Seeded newest first, the order of
 * GitHub's default sort (`created`, descending).
 */
export interface StoredPull {
  number: number;
  state: 'open' | 'closed';
  headSha: string;
  headRef: string;
  /** The login owning the head repository. */
  headOwner: string;
  /** When it last changed (ISO 8601), for `sort=updated`; default the epoch. */
  updatedAt?: string;
}

export interface GitHubApiOptions {
  owner?: string;
  repo?: string;
  /** The only token accepted (`Authorization: token …`); default `test-token`. */
  token?: string;
  /** Author of the comments the token creates; default `github-actions[bot]`, a Bot. */
  botLogin?: string;
  /** Like a fork's read-only token: every POST and PATCH answers 403. */
  readOnly?: boolean;
  /** Endpoints that answer 403 to every method, like a job without that permission. */
  forbid?: Endpoint[];
  /** Serve the API below this path, as GHES does with `/api/v3`; default ''. */
  basePath?: string;
  /** Lists a run's artifacts of every name, as a server that does not read `name` would. */
  artifactsOfEveryName?: boolean;
  /** The app the token acts as, which its check runs are created by; default GitHub Actions. */
  app?: CheckRunApp;
  /** `GET /repos/{owner}/{repo}`'s `default_branch`; default `main`. */
  defaultBranch?: string;
  /** Sent with every answer, as GitHub sends `Deprecation` and `Sunset` for a retiring API. */
  headers?: Record<string, string>;
  /**
   * Replaces the `Link` header of list pages: `rel="next"` points wherever this says (another
   * server, or on forever), or nowhere when it returns undefined.
   */
  nextLink?: (url: URL) => string | undefined;
  /**
   * Like a GITHUB_TOKEN running out of requests: after `afterAnnotationUpdates` check-run
   * updates that carried annotations, the next `requests` requests (default 1) answer 403 with
   * `x-ratelimit-remaining: 0`, `x-ratelimit-reset: resetAt` (epoch seconds) and, when given,
   * `retry-after`.
   */
  rateLimit?: {
    afterAnnotationUpdates: number;
    requests?: number;
    resetAt?: number;
    retryAfterSeconds?: number;
  };
}

export interface RecordedRequest {
  method: string;
  /** Below the base path, query included. */
  path: string;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
  /** Which credentials came, never their value. */
  auth: 'token' | 'wrong-token' | 'missing';
}

export interface StoredAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: string;
  message: string;
  title?: string;
  raw_details?: string;
}

export interface StoredCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  external_id: string | null;
  details_url: string | null;
  /** When it began (ISO 8601): as created with, else when it was created. */
  started_at: string;
  /** The app that created it: only that app may update it. */
  app: CheckRunApp;
  output: { title: string | null; summary: string | null; text: string | null };
  /** Every annotation received, in order, across all updates. */
  annotations: StoredAnnotation[];
}

export interface StoredComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: 'User' | 'Bot' };
}

export interface StoredFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
  patch?: string;
  previous_filename?: string;
}

export interface GitHubApiStandIn {
  /** The API base URL (base path included, no trailing slash): what GITHUB_API_URL holds. */
  url: string;
  owner: string;
  repo: string;
  token: string;
  /** What a client needs to reach it: `{ apiUrl, token, owner, repo }`. */
  target: { apiUrl: string; token: string; owner: string; repo: string };
  requests: RecordedRequest[];
  checkRuns: StoredCheckRun[];
  /** Comments of one issue or pull request, oldest first. */
  comments(issue: number): StoredComment[];
  seedComments(
    issue: number,
    comments: Array<{ body: string; login?: string; type?: 'User' | 'Bot' }>,
  ): StoredComment[];
  seedPullRequestFiles(pull: number, files: StoredFile[]): void;
  /** A check run created by anyone (another app, another workflow), as it is stored. */
  seedCheckRun(
    run: Pick<StoredCheckRun, 'name' | 'head_sha'> & Partial<StoredCheckRun>,
  ): StoredCheckRun;
  /** Points a branch at a commit, for `GET /commits/{branch}/check-runs`. */
  seedBranch(name: string, sha: string): void;
  /** Replaces the pull requests `GET /pulls` lists and `GET /pulls/{number}` reads. */
  seedPulls(pulls: StoredPull[]): void;
  /** Replaces the workflow runs `GET /actions/runs` lists. */
  seedWorkflowRuns(
    runs: Array<Pick<StoredWorkflowRun, 'headSha' | 'createdAt'> & Partial<StoredWorkflowRun>>,
  ): StoredWorkflowRun[];
  /** Where the run artifacts listed and downloaded come from (e.g. the results-service stand-in). */
  serveArtifacts(source: () => ListedArtifact[]): void;
  /** The commits whose trees and blobs `GET /git/trees/…` and `/git/blobs/…` serve (git-commit.ts). */
  serveCommits(commits: readonly ServedCommit[]): void;
  /**
   * After letting `skip` matching requests through, the next `times` requests matching
   * `method` and `path` answer `status` (with `message` and `headers`), never answer (`hang`),
   * or answer 200 with a JSON array of files (`flood`): `bytes` long with a Content-Length, or
   * without `bytes` chunked and endless.
   */
  failNext(fault: {
    method: string;
    path: RegExp;
    status: number | 'hang' | 'flood';
    skip?: number;
    times?: number;
    message?: string;
    headers?: Record<string, string>;
    bytes?: number;
  }): void;
  /** Bytes of the bodies of every answer but `flood`s, so far. */
  readonly answeredBytes: number;
  /**
   * Bytes of `flood` bodies handed to the socket so far. Written only as fast as the client
   * reads, so this is what it read plus what the socket buffers hold (a few MiB).
   */
  readonly floodedBytes: number;
  close(): Promise<void>;
}

const PULL_FILES_CAP = 3_000;
const SUMMARY_MAX = 65_535;
const COMMENT_MAX = 65_536;
const ANNOTATIONS_PER_REQUEST = 50;
const LEVELS = new Set(['notice', 'warning', 'failure']);
const CONCLUSIONS = new Set([
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out',
]);

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as it is instead of `body`'s JSON, as a raw media type. */
  raw?: Buffer;
}

/** A `flood` answer's length: Infinity for endless. */
type Answer = Reply | 'hang' | { bytes: number };

class Invalid extends Error {}

export async function startGitHubApi(options: GitHubApiOptions = {}): Promise<GitHubApiStandIn> {
  const owner = options.owner ?? 'octo-org';
  const repo = options.repo ?? 'contracts';
  const token = options.token ?? 'test-token';
  const botLogin = options.botLogin ?? 'github-actions[bot]';
  const basePath = options.basePath ?? '';
  const forbidden = new Set(options.forbid ?? []);

  const requests: RecordedRequest[] = [];
  const checkRuns: StoredCheckRun[] = [];
  const comments: StoredComment[] = [];
  const pullFiles = new Map<number, StoredFile[]>();
  const pulls: StoredPull[] = [];
  const workflowRuns: StoredWorkflowRun[] = [];
  const tokenApp = options.app ?? GITHUB_ACTIONS_APP;
  const branches = new Map<string, string>();
  let artifactSource: () => ListedArtifact[] = () => [];
  let commits: readonly ServedCommit[] = [];
  const faults: Array<{
    method: string;
    path: RegExp;
    status: number | 'hang' | 'flood';
    skip: number;
    times: number;
    message: string;
    headers?: Record<string, string>;
    bytes?: number;
  }> = [];
  let floodedBytes = 0;
  let answeredBytes = 0;
  let annotationUpdates = 0;
  let rateLimited = options.rateLimit?.requests ?? 1;
  let nextId = 1000;
  let origin = '';

  const server = createServer((req, res) => {
    void readBody(req).then(
      (raw) => answer(res, handle(req, raw)),
      () => answer(res, { status: 400, body: { message: 'Problems parsing JSON' } }),
    );
  });

  function answer(res: ServerResponse, reply: Answer): void {
    if (reply === 'hang') return; // the connection stays open until close()
    if (!('bytes' in reply) && reply.status === 302) {
      res.writeHead(302, { ...options.headers, ...reply.headers, 'content-length': 0 });
      res.end();
      return;
    }
    if ('bytes' in reply) {
      void flood(res, reply.bytes, options.headers, (n) => (floodedBytes += n));
      return;
    }
    if (reply.raw !== undefined) {
      res.writeHead(reply.status, {
        'content-type': 'application/vnd.github.raw+json',
        'content-length': reply.raw.length,
        ...options.headers,
      });
      answeredBytes += reply.raw.length;
      res.end(reply.raw);
      return;
    }
    const text = JSON.stringify(reply.body);
    answeredBytes += Buffer.byteLength(text);
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...options.headers,
      ...reply.headers,
    });
    res.end(text);
  }

  function handle(req: IncomingMessage, raw: string): Answer {
    const method = req.method ?? 'GET';
    // The host the client asked for, so `nextLink` is given the URL it requested.
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const path = url.pathname.startsWith(basePath)
      ? url.pathname.slice(basePath.length)
      : url.pathname;
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      return { status: 400, body: { message: 'Problems parsing JSON' } };
    }
    const authorization = req.headers.authorization;
    const auth: RecordedRequest['auth'] =
      authorization === undefined
        ? 'missing'
        : authorization === `token ${token}`
          ? 'token'
          : 'wrong-token';
    requests.push({ method, path: path + url.search, body, auth });
    if (auth !== 'token') return { status: 401, body: { message: 'Bad credentials' } };

    const faultIndex = faults.findIndex((f) => f.method === method && f.path.test(path));
    const fault = faults[faultIndex];
    if (fault !== undefined && fault.skip > 0) {
      fault.skip -= 1;
    } else if (fault !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) faults.splice(faultIndex, 1);
      if (fault.status === 'hang') return 'hang';
      if (fault.status === 'flood') return { bytes: fault.bytes ?? Infinity };
      return {
        status: fault.status,
        body: { message: fault.message },
        ...(fault.headers === undefined ? {} : { headers: fault.headers }),
      };
    }
    const limit = options.rateLimit;
    if (
      limit !== undefined &&
      annotationUpdates >= limit.afterAnnotationUpdates &&
      rateLimited > 0
    ) {
      rateLimited -= 1;
      return {
        status: 403,
        body: {
          message: 'API rate limit exceeded for installation ID 1.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        },
        headers: {
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(limit.resetAt ?? 0),
          ...(limit.retryAfterSeconds === undefined
            ? {}
            : { 'retry-after': String(limit.retryAfterSeconds) }),
        },
      };
    }

    const repoPath = `/repos/${owner}/${repo}`;
    if (path === repoPath && method === 'GET') {
      const defaultBranch = options.defaultBranch ?? 'main';
      return {
        status: 200,
        body: { full_name: `${owner}/${repo}`, default_branch: defaultBranch },
      };
    }
    if (!path.startsWith(`${repoPath}/`)) return notFound();
    const route = path.slice(repoPath.length);
    const endpoint = endpointOf(route);
    if (endpoint === undefined) return notFound();
    if (forbidden.has(endpoint) || (options.readOnly === true && method !== 'GET'))
      return {
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: 'https://docs.github.com/rest',
          status: '403',
        },
      };
    try {
      const git = /^\/git\/(trees|blobs)\/([^/]+)$/.exec(route);
      if (git && method === 'GET') {
        const [, kind = '', sha = ''] = git;
        const served = commits.map((commit) =>
          commit.answer(kind as 'trees' | 'blobs', sha, {
            recursive: url.searchParams.has('recursive'),
            raw: req.headers.accept === 'application/vnd.github.raw+json',
          }),
        );
        return served.find((reply) => reply.status === 200) ?? notFound();
      }
      return dispatch(method, route, url, body);
    } catch (error) {
      if (error instanceof Invalid)
        return { status: 422, body: { message: error.message, status: '422' } };
      throw error;
    }
  }

  function dispatch(method: string, route: string, url: URL, body: unknown): Reply {
    let match: RegExpExecArray | null;
    if (route === '/check-runs' && method === 'POST') return createCheckRun(body);
    if ((match = /^\/check-runs\/(\d+)$/.exec(route)) && method === 'PATCH')
      return updateCheckRun(Number(match[1]), body);
    if ((match = /^\/check-runs\/(\d+)$/.exec(route)) && method === 'GET') {
      const run = checkRuns.find((r) => r.id === Number(match?.[1]));
      return run === undefined ? notFound() : { status: 200, body: checkRunJson(run) };
    }
    if ((match = /^\/commits\/([^/]+)\/check-runs$/.exec(route)) && method === 'GET') {
      const ref = decodeURIComponent(match[1] ?? '');
      const sha = /^[0-9a-f]{40}$/.test(ref) ? ref : branches.get(ref);
      if (sha === undefined) throw new Invalid(`No commit found for SHA: ${ref}`);
      return listCheckRuns(checkRuns, sha, url, checkRunJson);
    }
    if ((match = /^\/issues\/(\d+)\/comments$/.exec(route))) {
      const issue = Number(match[1]);
      if (method === 'GET')
        return page(
          url,
          comments.filter((c) => c.issue === issue),
          (c) => commentJson(c),
        );
      if (method === 'POST') {
        const text = commentBody(body);
        const comment: StoredComment = {
          id: (nextId += 1),
          issue,
          body: text,
          user: { login: botLogin, type: 'Bot' },
        };
        comments.push(comment);
        return { status: 201, body: commentJson(comment) };
      }
    }
    if ((match = /^\/issues\/comments\/(\d+)$/.exec(route)) && method === 'PATCH') {
      const comment = comments.find((c) => c.id === Number(match![1]));
      if (comment === undefined) return notFound();
      // As GitHub answers an app's token editing what another app or a person wrote.
      if (comment.user.login !== botLogin)
        return { status: 403, body: { message: 'Resource not accessible by integration' } };
      comment.body = commentBody(body);
      return { status: 200, body: commentJson(comment) };
    }
    if (route === '/pulls' && method === 'GET') {
      // As GitHub filters: `head` is `owner:branch`, `state` open unless given.
      const state = url.searchParams.get('state') ?? 'open';
      const head = url.searchParams.get('head');
      const listed = pulls.filter(
        (pull) =>
          (state === 'all' || pull.state === state) &&
          (head === null || `${pull.headOwner}:${pull.headRef}` === head),
      );
      return page(url, sortPulls(listed, url.searchParams), pullJson);
    }
    if (route === '/actions/runs' && method === 'GET')
      return listWorkflowRuns(workflowRuns, url, (sha) =>
        pulls.filter((pull) => pull.state === 'open' && pull.headSha === sha),
      );
    if ((match = /^\/actions\/runs\/(\d+)\/artifacts$/.exec(route)) && method === 'GET') {
      const runId = Number(match[1]);
      const name = url.searchParams.get('name');
      const listed = artifactSource().filter(
        (artifact) =>
          artifact.runId === runId &&
          (name === null || options.artifactsOfEveryName === true || artifact.name === name),
      );
      return {
        status: 200,
        body: { total_count: listed.length, artifacts: listed.map(artifactJson) },
      };
    }
    if ((match = /^\/actions\/artifacts\/(\d+)\/zip$/.exec(route)) && method === 'GET') {
      const artifact = artifactSource().find((each) => each.id === Number(match![1]));
      if (artifact === undefined) return notFound();
      return { status: 302, body: undefined, headers: { location: artifact.url() } };
    }
    if ((match = /^\/pulls\/(\d+)$/.exec(route)) && method === 'GET') {
      // The full pull request, as GitHub's OpenAPI gives it: `changed_files` besides the listing's.
      const pull = pulls.find((each) => each.number === Number(match![1]));
      if (pull === undefined) return notFound();
      const changed = pullFiles.get(pull.number)?.length ?? 0;
      return { status: 200, body: { ...pullJson(pull), changed_files: changed } };
    }
    if ((match = /^\/pulls\/(\d+)\/files$/.exec(route)) && method === 'GET') {
      const files = (pullFiles.get(Number(match[1])) ?? []).slice(0, PULL_FILES_CAP);
      return page(url, files, (f) => ({ ...f, changes: f.additions + f.deletions }));
    }
    return notFound();
  }

  function createCheckRun(body: unknown): Reply {
    const input = object(body, 'body');
    const name = input['name'];
    const headSha = input['head_sha'];
    if (typeof name !== 'string' || name === '') throw new Invalid('"name" wasn\'t supplied.');
    if (typeof headSha !== 'string' || headSha === '')
      throw new Invalid('"head_sha" wasn\'t supplied.');
    const run: StoredCheckRun = {
      id: (nextId += 1),
      name,
      head_sha: headSha,
      status: 'queued',
      conclusion: null,
      external_id: typeof input['external_id'] === 'string' ? input['external_id'] : null,
      details_url: typeof input['details_url'] === 'string' ? input['details_url'] : null,
      started_at:
        typeof input['started_at'] === 'string' ? input['started_at'] : new Date().toISOString(),
      app: tokenApp,
      output: { title: null, summary: null, text: null },
      annotations: [],
    };
    applyCheckRunChanges(run, input);
    checkRuns.push(run);
    return { status: 201, body: checkRunJson(run) };
  }

  function updateCheckRun(id: number, body: unknown): Reply {
    const run = checkRuns.find((r) => r.id === id);
    if (run === undefined) return notFound();
    // As GitHub answers an app updating another app's check run.
    if (run.app.id !== tokenApp.id)
      return {
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
        },
      };
    const input = object(body, 'body');
    applyCheckRunChanges(run, input);
    const output = input['output'] as { annotations?: unknown[] } | undefined;
    if ((output?.annotations?.length ?? 0) > 0) annotationUpdates += 1;
    return { status: 200, body: checkRunJson(run) };
  }

  /** Validates everything first, so a rejected request changes nothing. */
  function applyCheckRunChanges(run: StoredCheckRun, input: Record<string, unknown>): void {
    const status = input['status'];
    if (status !== undefined && !['queued', 'in_progress', 'completed'].includes(String(status)))
      throw new Invalid(`"status" ${String(status)} is not a valid value.`);
    const conclusion = input['conclusion'];
    if (conclusion !== undefined && !CONCLUSIONS.has(String(conclusion)))
      throw new Invalid(`"conclusion" ${String(conclusion)} is not a valid value.`);
    if (status === 'completed' && conclusion === undefined)
      throw new Invalid('"conclusion" wasn\'t supplied.');
    let output: Record<string, unknown> | undefined;
    let annotations: StoredAnnotation[] = [];
    if (input['output'] !== undefined) {
      output = object(input['output'], 'output');
      for (const field of ['title', 'summary'] as const) {
        if (typeof output[field] !== 'string') throw new Invalid(`"${field}" wasn't supplied.`);
      }
      for (const field of ['summary', 'text'] as const) {
        const value = output[field];
        if (typeof value === 'string' && codePoints(value) > SUMMARY_MAX)
          throw new Invalid(`Output ${field} is too long (maximum is ${SUMMARY_MAX} characters).`);
      }
      const list = output['annotations'];
      if (list !== undefined) {
        if (!Array.isArray(list)) throw new Invalid('"annotations" is not an array.');
        if (list.length > ANNOTATIONS_PER_REQUEST)
          throw new Invalid(
            `Only ${ANNOTATIONS_PER_REQUEST} annotations are allowed per request; got ${list.length}.`,
          );
        annotations = list.map(annotation);
      }
    }
    const externalId = input['external_id'];
    if (externalId !== undefined && typeof externalId !== 'string')
      throw new Invalid('"external_id" is not a string.');
    if (typeof status === 'string') run.status = status;
    if (typeof externalId === 'string') run.external_id = externalId;
    if (typeof conclusion === 'string') {
      run.conclusion = conclusion;
      run.status = 'completed';
    }
    if (output !== undefined) {
      run.output = {
        title: output['title'] as string,
        summary: output['summary'] as string,
        text: typeof output['text'] === 'string' ? output['text'] : run.output.text,
      };
      run.annotations.push(...annotations);
    }
  }

  function page<T>(url: URL, items: readonly T[], toJson: (item: T) => unknown): Reply {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30)));
    const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number) => {
      const target = new URL(url.pathname, origin);
      target.searchParams.set('per_page', String(perPage));
      target.searchParams.set('page', String(n));
      return `<${target.href}>`;
    };
    const links: string[] = [];
    if (options.nextLink !== undefined) {
      const next = options.nextLink(url);
      if (next !== undefined) links.push(`<${next}>; rel="next"`);
    } else {
      if (number > 1) links.push(`${link(number - 1)}; rel="prev"`);
      if (number < last) links.push(`${link(number + 1)}; rel="next"`, `${link(last)}; rel="last"`);
      if (number > 1) links.push(`${link(1)}; rel="first"`);
    }
    return {
      status: 200,
      body: items.slice((number - 1) * perPage, number * perPage).map(toJson),
      headers: links.length > 0 ? { link: links.join(', ') } : {},
    };
  }

  function checkRunJson(run: StoredCheckRun): unknown {
    return {
      id: run.id,
      name: run.name,
      head_sha: run.head_sha,
      status: run.status,
      conclusion: run.conclusion,
      external_id: run.external_id,
      details_url: run.details_url,
      started_at: run.started_at,
      app: { ...run.app, node_id: `MDM6QXBw${run.app.id}` },
      html_url: `${origin}/${owner}/${repo}/runs/${run.id}`,
      output: { ...run.output, annotations_count: run.annotations.length },
    };
  }

  function pullJson(pull: StoredPull): Record<string, unknown> {
    return {
      number: pull.number,
      state: pull.state,
      updated_at: pull.updatedAt ?? EPOCH,
      html_url: `${origin}/${owner}/${repo}/pull/${pull.number}`,
      head: {
        sha: pull.headSha,
        ref: pull.headRef,
        label: `${pull.headOwner}:${pull.headRef}`,
        repo: { full_name: `${pull.headOwner}/${repo}`, owner: { login: pull.headOwner } },
      },
    };
  }

  function artifactJson(artifact: ListedArtifact): unknown {
    return {
      id: artifact.id,
      node_id: `MDg6QXJ0aWZhY3Q${artifact.id}`,
      name: artifact.name,
      size_in_bytes: artifact.size,
      url: `${origin}/repos/${owner}/${repo}/actions/artifacts/${artifact.id}`,
      archive_download_url: `${origin}/repos/${owner}/${repo}/actions/artifacts/${artifact.id}/zip`,
      expired: artifact.expired ?? false,
      digest: artifact.digest ?? null,
      workflow_run: { id: artifact.runId },
    };
  }

  function commentJson(comment: StoredComment): unknown {
    return {
      id: comment.id,
      body: comment.body,
      html_url: `${origin}/${owner}/${repo}/pull/${comment.issue}#issuecomment-${comment.id}`,
      user: { login: comment.user.login, type: comment.user.type },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}${basePath}`;

  return {
    url: origin,
    owner,
    repo,
    token,
    target: { apiUrl: origin, token, owner, repo },
    requests,
    checkRuns,
    comments: (issue) => comments.filter((c) => c.issue === issue),
    seedComments(issue, seeds) {
      const added = seeds.map((seed): StoredComment => ({
        id: (nextId += 1),
        issue,
        body: seed.body,
        user: { login: seed.login ?? 'octocat', type: seed.type ?? 'User' },
      }));
      comments.push(...added);
      return added;
    },
    get floodedBytes() {
      return floodedBytes;
    },
    get answeredBytes() {
      return answeredBytes;
    },
    seedPullRequestFiles(pull, files) {
      pullFiles.set(pull, files);
    },
    seedCheckRun(seed) {
      const run: StoredCheckRun = {
        id: (nextId += 1),
        status: 'in_progress',
        conclusion: null,
        external_id: null,
        details_url: null,
        started_at: new Date().toISOString(),
        app: tokenApp,
        output: { title: null, summary: null, text: null },
        annotations: [],
        ...seed,
      };
      checkRuns.push(run);
      return run;
    },
    seedBranch(name, sha) {
      branches.set(name, sha);
    },
    seedPulls(seeded) {
      pulls.splice(0, pulls.length, ...seeded);
    },
    seedWorkflowRuns(seeded) {
      const runs = seeded.map((run) => ({
        id: (nextId += 1),
        headBranch: 'main',
        event: 'push',
        ...run,
      }));
      workflowRuns.splice(0, workflowRuns.length, ...runs);
      return runs;
    },
    serveArtifacts(source) {
      artifactSource = source;
    },
    serveCommits(served) {
      commits = served;
    },
    failNext(fault) {
      faults.push({
        ...fault,
        skip: fault.skip ?? 0,
        times: fault.times ?? 1,
        message: fault.message ?? 'Server Error',
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function endpointOf(route: string): Endpoint | undefined {
  if (route.startsWith('/check-runs') || /^\/commits\/[^/]+\/check-runs$/.test(route))
    return 'check-runs';
  if (/^\/issues\/(\d+\/)?comments/.test(route)) return 'issue-comments';
  if (/^\/pulls\/\d+\/files$/.test(route)) return 'pull-files';
  if (route === '/pulls' || /^\/pulls\/\d+$/.test(route)) return 'pulls';
  if (route === '/actions/runs') return 'workflow-runs';
  if (route.startsWith('/actions/')) return 'artifacts';
  if (route.startsWith('/git/')) return 'git';
  return undefined;
}

const EPOCH = '1970-01-01T00:00:00Z';

/**
 * As `sort` and `direction` order `GET /pulls`: by `created` (the seeded order, newest first) or
 * `updated`; descending by default for `created`, else ascending.
 */
function sortPulls(listed: StoredPull[], query: URLSearchParams): StoredPull[] {
  const sort = query.get('sort') ?? 'created';
  if (sort !== 'created' && sort !== 'updated')
    throw new Invalid(`The stand-in does not sort pull requests by ${sort}.`);
  const direction = query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
  const ascending =
    sort === 'created'
      ? [...listed].reverse()
      : [...listed].sort(
          (a, b) => Date.parse(a.updatedAt ?? EPOCH) - Date.parse(b.updatedAt ?? EPOCH),
        );
  return direction === 'desc' ? ascending.reverse() : ascending;
}

function annotation(value: unknown, index: number): StoredAnnotation {
  const a = object(value, `annotations[${index}]`);
  const { path, start_line: start, end_line: end, annotation_level: level, message, title } = a;
  if (typeof path !== 'string' || path === '')
    throw new Invalid(`annotations[${index}]: "path" wasn't supplied.`);
  if (!Number.isInteger(start) || (start as number) < 1)
    throw new Invalid(`annotations[${index}]: "start_line" wasn't supplied.`);
  if (!Number.isInteger(end) || (end as number) < (start as number))
    throw new Invalid(`annotations[${index}]: "end_line" is invalid.`);
  if (typeof level !== 'string' || !LEVELS.has(level))
    throw new Invalid(`annotations[${index}]: "annotation_level" is invalid.`);
  if (typeof message !== 'string' || message === '')
    throw new Invalid(`annotations[${index}]: "message" wasn't supplied.`);
  if (Buffer.byteLength(message) > 64 * 1024)
    throw new Invalid(`annotations[${index}]: "message" is too long.`);
  if (title !== undefined && (typeof title !== 'string' || codePoints(title) > 255))
    throw new Invalid(`annotations[${index}]: "title" is too long.`);
  return a as unknown as StoredAnnotation;
}

function commentBody(body: unknown): string {
  const text = object(body, 'body')['body'];
  if (typeof text !== 'string' || text === '') throw new Invalid('"body" wasn\'t supplied.');
  if (codePoints(text) > COMMENT_MAX)
    throw new Invalid(`Body is too long (maximum is ${COMMENT_MAX} characters)`);
  return text;
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Invalid(`"${what}" is not an object.`);
  return value as Record<string, unknown>;
}

/** GitHub counts characters, not UTF-16 units. */
function codePoints(text: string): number {
  return Array.from(text).length;
}

function notFound(): Reply {
  return { status: 404, body: { message: 'Not Found', status: '404' } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * A 200 whose body is a JSON array of one file, padded with whitespace to `bytes`, or when
 * `bytes` is Infinity that file repeated until the client goes. Each chunk waits for the last to
 * drain, so the client's reading sets the pace and `count` sees only what it could have read.
 */
async function flood(
  res: ServerResponse,
  bytes: number,
  headers: Record<string, string> | undefined,
  count: (n: number) => void,
): Promise<void> {
  const file = JSON.stringify({
    filename: 'contracts/Flood.sol',
    status: 'added',
    additions: 1,
    deletions: 0,
    changes: 1,
  });
  const endless = bytes === Infinity;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    ...(endless ? {} : { 'content-length': bytes }),
    ...headers,
  });
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  const write = async (chunk: Buffer) => {
    count(chunk.length);
    if (!res.write(chunk))
      await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
  };
  const head = Buffer.from(`[${file}`);
  await write(head);
  if (endless) {
    const more = Buffer.from(`,${file}`.repeat(512));
    while (!res.destroyed) await write(more);
    return;
  }
  const spaces = Buffer.alloc(64 * 1024, ' ');
  for (let left = bytes - head.length - 1; left > 0 && !res.destroyed; left -= spaces.length)
    await write(spaces.subarray(0, Math.min(left, spaces.length)));
  if (res.destroyed) return;
  count(1);
  res.end(']');
}
