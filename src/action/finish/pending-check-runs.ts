/**
 * Where a finishing run looks for runs left pending: this action's check runs in progress (its
 * check name, created by the GitHub Actions app, as the workflow token's are) on the head commits
 * of the open pull requests and of the default branch, each with its record read back. Bounded:
 * the newest open pull requests (one page), and at most MAX_PENDING_PER_RUN check runs per run.
 */
import {
  readPendingRecord,
  type PendingRecord,
  type PendingRecordKey,
} from '../../engine/pending-record.ts';
import type { GitHubClient } from '../github/client.ts';
import type { HeadPullRequest, ListedCheckRun } from '../github/resources.ts';
import { recordOfCheckRun } from '../pending-check.ts';

/** Check runs a finishing run takes up: the rest wait for the next. */
export const MAX_PENDING_PER_RUN = 20;
/** Pages of 100 open pull requests whose head commits are looked at: the newest. */
export const OPEN_PULLS_MAX_PAGES = 1;
/** The app a workflow's GITHUB_TOKEN acts as, whose check runs this action's are. */
export const ACTIONS_APP_SLUG = 'github-actions';

/** A check run left pending, and its record, or why the record does not hold. */
export interface FoundCheckRun {
  checkRun: ListedCheckRun;
  record: PendingRecord | string;
  /** The open pull request whose head commit the check run is on, when one is. */
  pullRequest: HeadPullRequest | undefined;
}

export interface FoundCheckRuns {
  found: FoundCheckRun[];
  /** Some were left for a later run: the cap was reached, or a listing had more pages. */
  capped: boolean;
}

export async function findPendingCheckRuns(
  client: GitHubClient,
  key: Omit<PendingRecordKey, 'headSha'> & { now: number },
): Promise<FoundCheckRuns> {
  const { pulls, capped: morePulls } = await client.listOpenPullRequests(OPEN_PULLS_MAX_PAGES);
  const refs = [
    ...pulls.map((pull) => ({ ref: pull.headSha, pull })),
    { ref: await client.getDefaultBranch(), pull: undefined },
  ];
  const found: FoundCheckRun[] = [];
  const seen = new Set<number>();
  let capped = morePulls;
  for (const { ref, pull } of refs) {
    if (found.length >= MAX_PENDING_PER_RUN) return { found, capped: true };
    const listed = await client.listCheckRunsInProgress(ref, key.checkName);
    capped ||= listed.capped;
    for (const checkRun of listed.checkRuns) {
      if (checkRun.app?.slug !== ACTIONS_APP_SLUG || seen.has(checkRun.id)) continue;
      const text = recordOfCheckRun(checkRun);
      // A waiting run in progress, or another tool's: no pending record, not ours to finish.
      if (text === undefined) continue;
      seen.add(checkRun.id);
      if (found.length >= MAX_PENDING_PER_RUN) return { found, capped: true };
      const record = readPendingRecord(text, { ...key, headSha: checkRun.headSha });
      // Listed by the pull request's head commit: the check run is on it.
      found.push({ checkRun, record, pullRequest: pull });
    }
  }
  return { found, capped };
}
