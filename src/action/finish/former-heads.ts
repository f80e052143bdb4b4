/**
 * Commits that were a head once and are no longer (a pull request pushed again, closed or merged,
 * the default branch moved on), where a check run left pending would otherwise stay in progress
 * for ever. GitHub lists no repository's check runs, only a commit's, so they are found through
 * what ran on them: the heads of the recently closed pull requests (one request) and the commits
 * of the repository's newest workflow runs (one request, needing `actions: read`), which hold
 * every commit a run of this action left a check run on lately. A check run looked at there while
 * its audit still runs may drop out of both lists before it finishes, so the workflow runs made
 * eight days ago are read too (one request): any check run on their commits is past its time
 * limit (a week at most), so it is completed when looked at, with its results or as timed out.
 * Each commit costs one listing, so at most MAX_FORMER_HEADS_PER_RUN recent ones and
 * MAX_OVERDUE_HEADS_PER_RUN older ones are looked at per run, those seen longest ago first: the
 * next to drop out.
 */
import { MAX_TIMEOUT_MINUTES } from '../../engine/settings.ts';
import { errorMessage } from '../../errors.ts';
import type { GitHubClient } from '../github/client.ts';
import type { SeenCommit } from '../github/pending-endpoints.ts';

/** Recent commits no longer a head whose check runs are listed per run. */
export const MAX_FORMER_HEADS_PER_RUN = 20;
/** Commits of workflow runs older than OVERDUE_AFTER_MS whose check runs are listed per run. */
export const MAX_OVERDUE_HEADS_PER_RUN = 10;
/**
 * The longest `timeout-minutes`, a week, and a day for the job's wait in the queue before its
 * step started: a check run left by a workflow run this old is past its time limit.
 */
export const OVERDUE_AFTER_MS = (MAX_TIMEOUT_MINUTES + 24 * 60) * 60_000;
const COMMIT = /^[0-9a-f]{40}$/;

export interface FormerHeads {
  /** The commits to list: the recent ones, then the overdue ones, each seen longest ago first. */
  commits: string[];
  /** How many former heads were found, of which `commits` were chosen. */
  found: number;
  /** A listing GitHub refused or failed, and what that leaves unlooked for. */
  warnings: string[];
}

/** The former heads to look at this run, none of them one of `heads`. */
export async function findFormerHeads(
  client: GitHubClient,
  heads: ReadonlySet<string>,
  now: number,
): Promise<FormerHeads> {
  const warnings: string[] = [];
  const attempt = async (what: string, list: () => Promise<SeenCommit[]>) => {
    try {
      return await list();
    } catch (error) {
      warnings.push(
        `${errorMessage(error)} Until then, check runs left pending on commits no longer a head ` +
          `are not looked for among the ${what}.`,
      );
      return undefined;
    }
  };
  const closed = await attempt('recently closed pull requests', () =>
    client.listClosedPullRequests(),
  );
  const runs = await attempt('recent workflow runs', () => client.listRecentRunCommits());
  // The same permission as the recent runs': refused there, it would be refused again.
  const old =
    runs &&
    (await attempt('workflow runs of eight days ago', () =>
      client.listRecentRunCommits(now - OVERDUE_AFTER_MS),
    ));
  const recent = longestAgoFirst([...(closed ?? []), ...(runs ?? [])], heads);
  const overdue = longestAgoFirst(old ?? [], new Set([...heads, ...recent]));
  return {
    commits: [
      ...recent.slice(0, MAX_FORMER_HEADS_PER_RUN),
      ...overdue.slice(0, MAX_OVERDUE_HEADS_PER_RUN),
    ],
    found: recent.length + overdue.length,
    warnings,
  };
}

/** Each commit once, none of `except`, by when it was last seen, longest ago first. */
function longestAgoFirst(seen: SeenCommit[], except: ReadonlySet<string>): string[] {
  const lastSeen = new Map<string, number>();
  for (const { headSha, seenAt } of seen) {
    if (except.has(headSha) || !COMMIT.test(headSha)) continue;
    const time = Date.parse(seenAt);
    const at = Number.isNaN(time) ? 0 : time;
    lastSeen.set(headSha, Math.max(at, lastSeen.get(headSha) ?? at));
  }
  return [...lastSeen].sort(([, a], [, b]) => a - b).map(([sha]) => sha);
}
