/**
 * The GitHub stand-in's listing of a repository's workflow runs, as GitHub's OpenAPI describes
 * `GET /repos/{owner}/{repo}/actions/runs`: newest first, filtered by `event`, `head_sha`,
 * `branch` and `created` (GitHub's search syntax for dates: `<=`, `>=`, `<`, `>` or a `..`
 * range, to the second with an offset), paged by `per_page` (at most 100, default 30) and `page`
 * with a `Link` header that keeps the query, answered as `{ total_count, workflow_runs }`;
 * `pull_requests` left empty when `exclude_pull_requests` is true. The filters it does not read
 * (`actor`, `status`, `check_suite_id`) answer 422, so no test relies on one being applied.
 */
import { pageOf } from './github-pages.ts';

/** A workflow run, the fields the listing shows. */
export interface StoredWorkflowRun {
  id: number;
  /** The commit it ran on. */
  headSha: string;
  headBranch: string;
  event: string;
  /** When it was made (ISO 8601). */
  createdAt: string;
}

/** The page `url` asks for of `runs`, with the open pull requests whose head each ran on. */
export function listWorkflowRuns(
  runs: readonly StoredWorkflowRun[],
  url: URL,
  pullsOf: (headSha: string) => { number: number; headSha: string }[],
): { status: number; body: unknown; headers: Record<string, string> } {
  const query = url.searchParams;
  const event = query.get('event');
  const headSha = query.get('head_sha');
  const branch = query.get('branch');
  const excludePulls = query.get('exclude_pull_requests') === 'true';
  const unread = ['actor', 'status', 'check_suite_id'].filter((name) => query.has(name));
  if (unread.length > 0)
    return {
      status: 422,
      body: { message: `The stand-in does not filter by ${unread.join(', ')}` },
      headers: {},
    };
  const created = createdFilter(query.get('created'));
  if (created === undefined)
    return { status: 422, body: { message: 'Invalid created' }, headers: {} };
  const listed = runs
    .filter(
      (run) =>
        (event === null || run.event === event) &&
        (headSha === null || run.headSha === headSha) &&
        (branch === null || run.headBranch === branch) &&
        created(Date.parse(run.createdAt)),
    )
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
  const page = pageOf(listed, url);
  return {
    status: 200,
    body: {
      total_count: listed.length,
      workflow_runs: page.items.map((run) => ({
        id: run.id,
        head_sha: run.headSha,
        head_branch: run.headBranch,
        event: run.event,
        status: 'completed',
        conclusion: 'success',
        created_at: run.createdAt,
        updated_at: run.createdAt,
        pull_requests: excludePulls
          ? []
          : pullsOf(run.headSha).map((pull) => ({
              number: pull.number,
              head: { sha: pull.headSha },
            })),
      })),
    },
    headers: page.headers,
  };
}

/** `created` as a test of a run's time; undefined for what the stand-in does not read. */
function createdFilter(value: string | null): ((time: number) => boolean) | undefined {
  if (value === null) return () => true;
  const time = (text: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : NaN;
  const range = /^(.+)\.\.(.+)$/.exec(value);
  if (range) {
    const [from, to] = [time(range[1] ?? ''), time(range[2] ?? '')];
    return Number.isNaN(from) || Number.isNaN(to) ? undefined : (t) => t >= from && t <= to;
  }
  const compared = /^(<=|>=|<|>)(.+)$/.exec(value);
  const bound = time(compared?.[2] ?? '');
  if (compared === null || Number.isNaN(bound)) return undefined;
  const tests = {
    '<=': (t: number) => t <= bound,
    '>=': (t: number) => t >= bound,
    '<': (t: number) => t < bound,
    '>': (t: number) => t > bound,
  };
  return tests[compared[1] as keyof typeof tests];
}
