/**
 * Which pending check runs a finishing run takes up, against the GitHub stand-in: every commit
 * listed first, then the oldest runs first within the cap, so newer ones never starve older ones;
 * records that do not read completed besides, never using up the polls.
 */
import { describe, expect, it } from 'vitest';
import {
  findPendingCheckRuns,
  MAX_PENDING_PER_RUN,
  MAX_UNREADABLE_PER_RUN,
} from '../../../src/action/finish/pending-check-runs.ts';
import { pendingRecordText } from '../../../src/engine/pending-record.ts';
import type { GitHubApiStandIn } from '../../support/github-api.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { pendingRecord } from '../../support/pending-record.ts';

const setUp = useGitHubApi();
const NAME = 'Smart contract audit';
const API_KEY = 'test-api-key-0123456789';
const KEY = {
  apiKey: API_KEY,
  repository: 'acme/vaults',
  checkName: NAME,
  service: 'https://audits.example',
};
const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

const sha = (n: number) => n.toString(16).padStart(40, 'c');

/** A sealed pending record for pull request `pull` on `headSha`, started at `startedAt`. */
function record(headSha: string, pull: number, startedAt: number, auditId: string): string {
  return pendingRecordText(
    pendingRecord({
      audits: [{ name: 'vaults', path: '.', auditId }],
      several: false,
      failOn: 'low',
      scope: 'all',
      timeoutMinutes: 30,
      startedAt: new Date(startedAt).toISOString(),
      pullRequest: pull,
      baseline: undefined,
    }),
    { ...KEY, headSha },
  );
}

/** Open pull requests 1…count, newest first as GitHub lists them, each its own head commit. */
function seedOpenPulls(api: GitHubApiStandIn, count: number): number[] {
  const numbers = Array.from({ length: count }, (_, n) => count - n);
  api.seedPulls(
    numbers.map((number) => ({
      number,
      state: 'open' as const,
      headSha: sha(number),
      headRef: `b${number}`,
      headOwner: 'acme',
    })),
  );
  api.seedBranch('main', 'd'.repeat(40));
  return numbers;
}

describe('findPendingCheckRuns', () => {
  it('takes up the runs that started first, wherever their pull requests are listed, leaving the newest for a later run', async () => {
    const { api, client } = await setUp();
    const count = MAX_PENDING_PER_RUN + 5;
    const numbers = seedOpenPulls(api, count);
    // Started in an order unrelated to the pull requests': the oldest on the last listed.
    const ageOf = (number: number) => (number <= 5 ? 100 - number : (number * 7) % count);
    for (const number of numbers)
      api.seedCheckRun({
        name: NAME,
        head_sha: sha(number),
        external_id: record(sha(number), number, NOW - ageOf(number) * HOUR, `audit-${number}`),
      });

    const { found, capped } = await findPendingCheckRuns(client, { ...KEY, now: NOW });
    const oldestFirst = [...numbers].sort((a, b) => ageOf(b) - ageOf(a));
    expect(found.map((each) => each.checkRun.headSha)).toEqual(
      oldestFirst.slice(0, MAX_PENDING_PER_RUN).map(sha),
    );
    expect(capped).toBe(true);
  });

  it("orders records that do not read by the check run's own start, and never counts them against the polls", async () => {
    const { api, client } = await setUp();
    const numbers = seedOpenPulls(api, MAX_PENDING_PER_RUN + 3);
    const [newest, second, third] = numbers as [number, number, number];
    for (const number of numbers.slice(3))
      api.seedCheckRun({
        name: NAME,
        head_sha: sha(number),
        external_id: record(sha(number), number, NOW - number * HOUR, `audit-${number}`),
      });
    const unreadable = (number: number, started: number) =>
      api.seedCheckRun({
        name: NAME,
        head_sha: sha(number),
        external_id: '{"v":1}',
        started_at: new Date(started).toISOString(),
      });
    unreadable(newest, NOW - 1_000 * HOUR);
    unreadable(second, NOW - 2_000 * HOUR);
    unreadable(third, NOW);

    const { found, capped } = await findPendingCheckRuns(client, { ...KEY, now: NOW });
    expect(capped).toBe(false);
    expect(found).toHaveLength(MAX_PENDING_PER_RUN + 3);
    const notReading = found.filter((each) => typeof each.record === 'string');
    expect(notReading.map((each) => each.checkRun.headSha)).toEqual(
      [second, newest, third].map(sha),
    );
  });

  it(`takes up at most ${MAX_UNREADABLE_PER_RUN} records that do not read, and says more were left`, async () => {
    const { api, client } = await setUp();
    const numbers = seedOpenPulls(api, MAX_UNREADABLE_PER_RUN + 1);
    for (const number of numbers)
      api.seedCheckRun({ name: NAME, head_sha: sha(number), external_id: '{"v":1}' });
    const { found, capped } = await findPendingCheckRuns(client, { ...KEY, now: NOW });
    expect(found).toHaveLength(MAX_UNREADABLE_PER_RUN);
    expect(capped).toBe(true);
  });
});

describe('findPendingCheckRuns on former heads', () => {
  it('finds a check run on a commit no longer a head, and one on a head as on the head', async () => {
    const { api, client } = await setUp();
    seedOpenPulls(api, 1);
    const pushedOver = 'a'.repeat(40);
    const onFormer = api.seedCheckRun({
      name: NAME,
      head_sha: pushedOver,
      external_id: record(pushedOver, 1, NOW - HOUR, 'audit-old'),
    });
    const onHead = api.seedCheckRun({
      name: NAME,
      head_sha: sha(1),
      external_id: record(sha(1), 1, NOW, 'audit-new'),
    });
    api.seedWorkflowRuns([
      { headSha: pushedOver, createdAt: new Date(NOW - HOUR).toISOString() },
      { headSha: sha(1), createdAt: new Date(NOW).toISOString() },
    ]);
    const { found, formerHeads } = await findPendingCheckRuns(client, { ...KEY, now: NOW });
    expect(found.map(({ checkRun, formerHead }) => ({ id: checkRun.id, formerHead }))).toEqual([
      { id: onFormer.id, formerHead: true },
      { id: onHead.id, formerHead: false },
    ]);
    expect(formerHeads).toEqual({ looked: 1, found: 1 });
  });
});
