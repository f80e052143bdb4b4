/**
 * The endpoints a finishing run finds pending check runs with, typed narrowly: the open and the
 * recently closed pull requests, the default branch, the commits the repository's recent workflow
 * runs ran on, a commit's check runs in progress, one check run read again, and a record's pull
 * request read by its number. Each list stops at a page cap.
 */
import type { getOctokit } from '@actions/github';
import { call, statusOf } from './errors.ts';
import { collectPages, PER_PAGE } from './pages.ts';
import type { HeadPullRequest, ListedCheckRun, PullRequestNow } from './resources.ts';

/** One name's runs in progress on one commit: more than a page is already unusual. */
export const CHECK_RUNS_MAX_PAGES = 2;

/** A commit that was a head once, and when it was last seen as one (ISO 8601). */
export interface SeenCommit {
  headSha: string;
  seenAt: string;
}

export interface PendingEndpoints {
  /** Open pull requests, newest first, up to `maxPages` pages of 100; `capped` when there were more. */
  listOpenPullRequests(maxPages: number): Promise<{ pulls: HeadPullRequest[]; capped: boolean }>;
  /** The 100 closed (or merged) pull requests updated last, their heads seen when updated. */
  listClosedPullRequests(): Promise<SeenCommit[]>;
  /**
   * The commits the repository's newest 100 workflow runs ran on (of those made at or before
   * `createdBefore`, epoch ms, when given), seen when each run was made.
   */
  listRecentRunCommits(createdBefore?: number): Promise<SeenCommit[]>;
  /** The repository's default branch, by name. */
  getDefaultBranch(): Promise<string>;
  /**
   * The check runs named `name` in progress on `ref` (a commit, or a branch's head), every one of
   * each app, older ones too, up to CHECK_RUNS_MAX_PAGES pages; `capped` when there were more.
   */
  listCheckRunsInProgress(
    ref: string,
    name: string,
  ): Promise<{
    checkRuns: ListedCheckRun[];
    capped: boolean;
    /** Items of the listing that are no check run (no id, name or commit): left out, counted. */
    malformed: number;
  }>;
  /** The check run's status and `external_id` as they are now. */
  getCheckRunStatus(id: number): Promise<{ status: string; externalId: string | null }>;
  /** The pull request `number` as it is now, open or closed; undefined when there is none. */
  getPullRequest(number: number): Promise<PullRequestNow | undefined>;
}

type Octokit = ReturnType<typeof getOctokit>;

export function pendingEndpoints(
  { rest, paginate }: Pick<Octokit, 'rest' | 'paginate'>,
  repo: { owner: string; repo: string },
): PendingEndpoints {
  return {
    async listOpenPullRequests(maxPages) {
      return call('list the open pull requests', 'pull-requests: read', true, async () => {
        const { items, more } = await collectPages(
          paginate.iterator(rest.pulls.list, { ...repo, state: 'open', per_page: PER_PAGE }),
          maxPages,
        );
        return {
          pulls: items.map((pull) => ({ number: pull.number, headSha: pull.head.sha })),
          capped: more,
        };
      });
    },

    async listClosedPullRequests() {
      return call('list the closed pull requests', 'pull-requests: read', true, async () => {
        const { data } = await rest.pulls.list({
          ...repo,
          state: 'closed',
          sort: 'updated',
          direction: 'desc',
          per_page: PER_PAGE,
        });
        return data.map((pull) => ({ headSha: pull.head.sha, seenAt: pull.updated_at }));
      });
    },

    async listRecentRunCommits(createdBefore) {
      return call('list the workflow runs', 'actions: read', true, async () => {
        const { data } = await rest.actions.listWorkflowRunsForRepo({
          ...repo,
          // GitHub's search syntax for dates: to the second, with an offset.
          ...(createdBefore === undefined
            ? {}
            : { created: `<=${new Date(createdBefore).toISOString().slice(0, 19)}+00:00` }),
          exclude_pull_requests: true,
          per_page: PER_PAGE,
        });
        return data.workflow_runs.map((run) => ({ headSha: run.head_sha, seenAt: run.created_at }));
      });
    },

    async getDefaultBranch() {
      return call('read the repository', 'contents: read', true, async () => {
        const { data } = await rest.repos.get(repo);
        return data.default_branch;
      });
    },

    async getCheckRunStatus(id) {
      return call('read the check run', 'checks: read', true, async () => {
        const { data } = await rest.checks.get({ ...repo, check_run_id: id });
        return { status: data.status, externalId: data.external_id ?? null };
      });
    },

    async getPullRequest(number) {
      return call('read a pull request', 'pull-requests: read', false, async () => {
        try {
          const { data } = await rest.pulls.get({ ...repo, pull_number: number });
          // The number asked for, whatever the answer says: the comment goes where the record says.
          return { number, headSha: data.head.sha, changedFiles: data.changed_files };
        } catch (error) {
          if (statusOf(error) === 404) return undefined;
          throw error;
        }
      });
    },

    async listCheckRunsInProgress(ref, name) {
      return call('list the check runs of a commit', 'checks: read', true, async () => {
        // Page by page, by `total_count`: Octokit's paginator needs each answer's own URL to
        // end a list wrapped in an object, which the transport's answers do not carry.
        const items = [];
        let total = 0;
        for (let page = 1; page <= CHECK_RUNS_MAX_PAGES; page += 1) {
          const { data } = await rest.checks.listForRef({
            ...repo,
            ref,
            check_name: name,
            status: 'in_progress',
            // Not `latest`: an older run of the name left pending (a push run and a pull
            // request's on one commit, a re-run) would never be listed, and so never finished.
            filter: 'all',
            per_page: PER_PAGE,
            page,
          });
          if (!Array.isArray(data.check_runs))
            throw new Error('GitHub answered with no list of check runs');
          items.push(...data.check_runs);
          total = data.total_count;
          if (data.check_runs.length < PER_PAGE || items.length >= total) break;
        }
        // The answer is GitHub's word, read as untrusted: one item of another shape is left out,
        // not the whole listing.
        const runs = items.filter(
          (run: unknown) =>
            typeof run === 'object' &&
            run !== null &&
            typeof (run as { id?: unknown }).id === 'number' &&
            typeof (run as { name?: unknown }).name === 'string' &&
            typeof (run as { head_sha?: unknown }).head_sha === 'string',
        );
        return {
          checkRuns: runs.map((run) => ({
            id: run.id,
            name: run.name,
            headSha: run.head_sha,
            url: typeof run.html_url === 'string' ? run.html_url : '',
            externalId: typeof run.external_id === 'string' ? run.external_id : null,
            text: typeof run.output?.text === 'string' ? run.output.text : null,
            startedAt: typeof run.started_at === 'string' ? run.started_at : null,
            app:
              typeof run.app?.id === 'number'
                ? { id: run.app.id, slug: typeof run.app.slug === 'string' ? run.app.slug : '' }
                : undefined,
          })),
          capped: items.length < total,
          malformed: items.length - runs.length,
        };
      });
    },
  };
}
