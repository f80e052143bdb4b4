/**
 * Where a finishing run looks for runs left pending: this action's check runs in progress (its
 * check name, created by the GitHub Actions app, as the workflow token's are) on the head commits
 * of the open pull requests and of the default branch, and on former heads (former-heads.ts),
 * each with its record read back. Bounded per run: the newest open pull requests (one page), at
 * most MAX_FORMER_HEADS_PER_RUN + MAX_OVERDUE_HEADS_PER_RUN former heads, at most
 * MAX_PENDING_PER_RUN check runs whose audits are polled, those whose time limit comes first, and
 * MAX_UNREADABLE_PER_RUN whose records do not read.
 */
import {
  pendingTimeLimit,
  readPendingRecord,
  RECORD_OF_ANOTHER_SERVICE,
  type PendingRecord,
  type PendingRecordReader,
} from '../../engine/pending-record.ts';
import type { GitHubClient } from '../github/client.ts';
import type { ListedCheckRun } from '../github/resources.ts';
import { recordOfCheckRun } from '../pending-check.ts';
import { findFormerHeads } from './former-heads.ts';

/**
 * Check runs whose record reads, and so whose audits are polled, taken up per run: those whose
 * time limit comes first, so that they are never starved by newer ones.
 */
export const MAX_PENDING_PER_RUN = 20;
/** Check runs whose record does not read, taken up per run besides: completed, never polled. */
export const MAX_UNREADABLE_PER_RUN = 20;
/** Pages of 100 open pull requests whose head commits are looked at: the newest. */
export const OPEN_PULLS_MAX_PAGES = 1;
/** The app a workflow's GITHUB_TOKEN acts as, whose check runs this action's are. */
export const ACTIONS_APP_SLUG = 'github-actions';

/** A check run left pending, and its record, or why the record does not hold. */
export interface FoundCheckRun {
  checkRun: ListedCheckRun;
  record: PendingRecord | string;
  /**
   * Found on a commit no longer a head. Its pull request is the one its record names, read by
   * the finishing run: a listing attaches a commit to one pull request, which need not be it.
   */
  formerHead: boolean;
}

export interface FoundCheckRuns {
  found: FoundCheckRun[];
  /** Some were left for a later run: the cap was reached, or a listing had more pages. */
  capped: boolean;
  /** Former heads looked at, of those found. */
  formerHeads: { looked: number; found: number };
  /** Former heads could not all be looked for: why, and what it leaves out. */
  warnings: string[];
}

/**
 * Every commit is listed first (one request each, bounded by the pages of pull requests read), so
 * that what is taken up is chosen among all of them: those whose time limit comes first, first.
 */
export async function findPendingCheckRuns(
  client: GitHubClient,
  key: Omit<PendingRecordReader, 'headSha'>,
): Promise<FoundCheckRuns> {
  const { pulls, capped: morePulls } = await client.listOpenPullRequests(OPEN_PULLS_MAX_PAGES);
  const heads = [
    ...pulls.map((pull) => ({ ref: pull.headSha, formerHead: false })),
    { ref: await client.getDefaultBranch(), formerHead: false },
  ];
  const former = await findFormerHeads(client, new Set(pulls.map((pull) => pull.headSha)), key.now);
  const refs = [...heads, ...former.commits.map((ref) => ({ ref, formerHead: true }))];
  // Heads first: a check run found on one is not on a former head, whatever else lists it.
  const listed = new Map<number, FoundCheckRun>();
  let capped = morePulls;
  const malformed: string[] = [];
  for (const { ref, formerHead } of refs) {
    const onRef = await client.listCheckRunsInProgress(ref, key.checkName);
    capped ||= onRef.capped;
    if (onRef.malformed > 0)
      malformed.push(
        `GitHub listed ${onRef.malformed} item(s) that are no check run on ${ref}; they were left out.`,
      );
    for (const checkRun of onRef.checkRuns) {
      if (checkRun.app?.slug !== ACTIONS_APP_SLUG || listed.has(checkRun.id)) continue;
      const text = recordOfCheckRun(checkRun);
      // A waiting run in progress, or another tool's: no pending record, not ours to finish.
      if (text === undefined) continue;
      const record = readPendingRecord(text, { ...key, headSha: checkRun.headSha });
      listed.set(checkRun.id, { checkRun, record, formerHead });
    }
  }
  const soonestFirst = [...listed.values()].sort((a, b) => timeLimit(a) - timeLimit(b));
  const left = { polled: MAX_PENDING_PER_RUN, unreadable: MAX_UNREADABLE_PER_RUN };
  const found = soonestFirst.filter(({ record }) => {
    // Another service's, left with a line in the log: it costs no request, and takes no slot.
    if (record === RECORD_OF_ANOTHER_SERVICE) return true;
    const kind = typeof record === 'string' ? 'unreadable' : 'polled';
    left[kind] -= 1;
    return left[kind] >= 0;
  });
  return {
    found,
    capped: capped || found.length < soonestFirst.length,
    formerHeads: { looked: former.commits.length, found: former.found },
    warnings: [...former.warnings, ...malformed],
  };
}

/**
 * When the run's time is up: its sealed record's (pendingTimeLimit), else (a record that does not
 * read) the check run's own start, else the epoch, as nothing says it is recent.
 */
function timeLimit({ checkRun, record }: FoundCheckRun): number {
  const time =
    typeof record === 'string' ? Date.parse(checkRun.startedAt ?? '') : pendingTimeLimit(record);
  return Number.isNaN(time) ? 0 : time;
}
