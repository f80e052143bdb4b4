/**
 * Commits that were a head once and are no longer (a pull request pushed again, closed or merged,
 * the default branch moved on), where a check run left pending would otherwise stay in progress
 * for ever. GitHub lists no repository's check runs, so they are found through what ran on them:
 * the heads of the recently closed pull requests (one request) and the commits of the
 * repository's newest workflow runs (one request, needing `actions: read`), which hold every
 * commit a run of this action left a check run on lately. Each commit found costs one listing, so
 * at most MAX_FORMER_HEADS_PER_RUN are looked at per run: those seen longest ago first, as they
 * are the next to fall out of both lists.
 */
import { errorMessage } from '../../errors.ts';
import type { GitHubClient } from '../github/client.ts';
import type { SeenCommit } from '../github/pending-endpoints.ts';

/** Commits no longer a head whose check runs are listed per run. */
export const MAX_FORMER_HEADS_PER_RUN = 20;
const COMMIT = /^[0-9a-f]{40}$/;

export interface FormerHeads {
  /** The commits to list, seen longest ago first. */
  commits: string[];
  /** How many former heads were found, of which `commits` are the first. */
  found: number;
  /** A listing GitHub refused or failed, and what that leaves unlooked for. */
  warnings: string[];
}

/** The former heads to look at this run, none of them one of `heads`. */
export async function findFormerHeads(
  client: GitHubClient,
  heads: ReadonlySet<string>,
): Promise<FormerHeads> {
  const warnings: string[] = [];
  const lastSeen = new Map<string, number>();
  const listings: [string, () => Promise<SeenCommit[]>][] = [
    ['closed pull requests', () => client.listClosedPullRequests()],
    ['workflow runs', () => client.listRecentRunCommits()],
  ];
  for (const [what, list] of listings) {
    let seen: SeenCommit[];
    try {
      seen = await list();
    } catch (error) {
      warnings.push(
        `${errorMessage(error)} Until then, check runs left pending on commits no longer a head ` +
          `are not looked for among the recent ${what}.`,
      );
      continue;
    }
    for (const { headSha, seenAt } of seen) {
      if (heads.has(headSha) || !COMMIT.test(headSha)) continue;
      const time = Date.parse(seenAt);
      const at = Number.isNaN(time) ? 0 : time;
      lastSeen.set(headSha, Math.max(at, lastSeen.get(headSha) ?? at));
    }
  }
  const longestAgo = [...lastSeen].sort(([, a], [, b]) => a - b).map(([sha]) => sha);
  return {
    commits: longestAgo.slice(0, MAX_FORMER_HEADS_PER_RUN),
    found: longestAgo.length,
    warnings,
  };
}
