/**
 * The GitHub stand-in's listing of a commit's check runs, as GitHub's OpenAPI describes
 * `GET /repos/{owner}/{repo}/commits/{ref}/check-runs`: filtered by `check_name`, `status` and
 * `app_id`, `filter` `latest` (the default: per name and app, the most recent run) or `all`, paged
 * by `per_page` (at most 100, default 30) and `page` with a `Link` header that keeps the query,
 * answered as `{ total_count, check_runs }`, each run with its `app` and `external_id`.
 */
import { pageOf } from './github-pages.ts';

/** An app as GitHub shows it on a check run (`nullable-integration`, the fields read here). */
export interface CheckRunApp {
  id: number;
  slug: string;
  name: string;
}

/** The app a workflow's GITHUB_TOKEN acts as: every check run it creates is this app's. */
export const GITHUB_ACTIONS_APP: CheckRunApp = {
  id: 15368,
  slug: 'github-actions',
  name: 'GitHub Actions',
};

/** What the listing reads of a stored check run. */
interface ListedRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  app: CheckRunApp;
}

/** The page `url` asks for of `runs`' check runs on `sha`, each shown by `toJson`. */
export function listCheckRuns<T extends ListedRun>(
  runs: readonly T[],
  sha: string,
  url: URL,
  toJson: (run: T) => unknown,
): { status: number; body: unknown; headers: Record<string, string> } {
  const query = url.searchParams;
  const name = query.get('check_name');
  const status = query.get('status');
  const appId = query.get('app_id');
  const filter = query.get('filter') ?? 'latest';
  const matching = runs.filter(
    (run) =>
      run.head_sha === sha &&
      (name === null || run.name === name) &&
      (status === null || run.status === status) &&
      (appId === null || String(run.app.id) === appId),
  );
  // Newest first, as GitHub lists them; `latest` keeps one per name and app.
  const newestFirst = [...matching].sort((a, b) => b.id - a.id);
  const seen = new Set<string>();
  const listed =
    filter === 'all'
      ? newestFirst
      : newestFirst.filter((run) => {
          const key = `${run.app.id}\0${run.name}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
  const page = pageOf(listed, url);
  return {
    status: 200,
    body: {
      total_count: listed.length,
      check_runs: page.items.map(toJson),
    },
    headers: page.headers,
  };
}
