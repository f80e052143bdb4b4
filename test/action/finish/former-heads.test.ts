/**
 * Former heads, against the GitHub stand-in: the heads of recently closed pull requests and the
 * commits of the newest workflow runs, never a current head, at most MAX_FORMER_HEADS_PER_RUN
 * seen longest ago first, and besides the commits of workflow runs eight days old, past any time
 * limit; a listing GitHub refuses is a warning naming the permission.
 */
import { describe, expect, it } from 'vitest';
import {
  findFormerHeads,
  MAX_FORMER_HEADS_PER_RUN,
  MAX_OVERDUE_HEADS_PER_RUN,
  OVERDUE_AFTER_MS,
} from '../../../src/action/finish/former-heads.ts';
import { useGitHubApi } from '../../support/github-client.ts';

const setUp = useGitHubApi();
const sha = (n: number) => n.toString(16).padStart(40, 'b');
const NOW = Date.UTC(2026, 10, 29, 12);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 8, minute)).toISOString();
const closedPull = (number: number, updatedAt: string) => ({
  number,
  state: 'closed' as const,
  headSha: sha(number),
  headRef: `b${number}`,
  headOwner: 'acme',
  updatedAt,
});

describe('findFormerHeads', () => {
  it('finds the heads of closed pull requests and the commits workflow runs ran on, longest seen first, never a current head', async () => {
    const { api, client } = await setUp();
    api.seedPulls([closedPull(1, at(30)), closedPull(2, at(5))]);
    api.seedWorkflowRuns([
      { headSha: sha(3), createdAt: at(20) },
      // Seen again later: its last sighting counts.
      { headSha: sha(2), createdAt: at(40) },
      { headSha: sha(4), createdAt: at(10) },
      { headSha: sha(9), createdAt: at(0) },
      { headSha: 'not a commit', createdAt: at(1) },
    ]);
    const former = await findFormerHeads(client, new Set([sha(9)]), NOW);
    expect(former).toEqual({ commits: [sha(4), sha(3), sha(1), sha(2)], found: 4, warnings: [] });
  });

  it(`looks at most at ${MAX_FORMER_HEADS_PER_RUN} per run, those seen longest ago`, async () => {
    const { api, client } = await setUp();
    const count = MAX_FORMER_HEADS_PER_RUN + 5;
    api.seedWorkflowRuns(
      Array.from({ length: count }, (_, n) => ({ headSha: sha(n), createdAt: at(count - n) })),
    );
    const former = await findFormerHeads(client, new Set(), NOW);
    expect(former.found).toBe(count);
    expect(former.commits).toEqual(
      Array.from({ length: MAX_FORMER_HEADS_PER_RUN }, (_, n) => sha(count - 1 - n)),
    );
  });

  it('warns, naming `actions: read`, when the workflow runs may not be listed, and still looks at the closed pull requests', async () => {
    const { api, client } = await setUp({ forbid: ['workflow-runs'] });
    api.seedPulls([closedPull(1, at(30))]);
    const former = await findFormerHeads(client, new Set(), NOW);
    expect(former.commits).toEqual([sha(1)]);
    expect(former.warnings).toEqual([
      expect.stringMatching(
        /GitHub refused to list the workflow runs .*`actions: read`.*not looked for among the recent workflow runs\.$/,
      ),
    ]);
  });

  it(`looks besides at up to ${MAX_OVERDUE_HEADS_PER_RUN} commits of workflow runs eight days old, past the newest 100`, async () => {
    const { api, client } = await setUp();
    const longAgo = NOW - OVERDUE_AFTER_MS;
    const overdue = MAX_OVERDUE_HEADS_PER_RUN + 2;
    api.seedWorkflowRuns([
      ...Array.from({ length: 100 }, (_, n) => ({ headSha: sha(n % 25), createdAt: at(n % 25) })),
      ...Array.from({ length: overdue }, (_, n) => ({
        headSha: sha(100 + n),
        createdAt: new Date(longAgo - (n + 1) * 60_000).toISOString(),
      })),
    ]);
    const former = await findFormerHeads(client, new Set(), NOW);
    expect(former.found).toBe(25 + overdue);
    expect(former.commits).toEqual([
      ...Array.from({ length: MAX_FORMER_HEADS_PER_RUN }, (_, n) => sha(n)),
      ...Array.from({ length: MAX_OVERDUE_HEADS_PER_RUN }, (_, n) => sha(100 + overdue - 1 - n)),
    ]);
    expect(api.requests.at(-1)?.path).toBe(
      `/repos/octo-org/contracts/actions/runs?created=${encodeURIComponent(`<=${new Date(longAgo).toISOString().slice(0, 19)}+00:00`)}&exclude_pull_requests=true&per_page=100`,
    );
  });
});
