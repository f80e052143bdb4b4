/**
 * The finishing run's job summary, rendered from what it did: check runs on former heads marked
 * and said to get no comment, former heads left for a later run counted, and a listing GitHub
 * refused quoted as a warning, escaped.
 */
import { describe, expect, it } from 'vitest';
import {
  renderFinishingSummary,
  type FinishedCheckRun,
} from '../../../src/action/finish/finishing-summary.ts';

const checkRun = (n: number, changes: Partial<FinishedCheckRun> = {}): FinishedCheckRun => ({
  url: `https://github.com/acme/vaults/runs/${n}`,
  headSha: String(n).repeat(40).slice(0, 40),
  pullRequest: undefined,
  formerHead: false,
  outcome: 'fail',
  ...changes,
});

describe('renderFinishingSummary', () => {
  it('marks the check runs on former heads, and says no comment is written for them', () => {
    const summary = renderFinishingSummary({
      checkRuns: [checkRun(1, { pullRequest: 5 }), checkRun(2, { formerHead: true })],
      capped: false,
      formerHeads: { looked: 1, found: 1 },
      warnings: [],
    });
    expect(summary).toContain(
      '| [check run](https://github.com/acme/vaults/runs/1) | 1111111 | #5 |',
    );
    expect(summary).toContain(
      '| [check run](https://github.com/acme/vaults/runs/2) | 2222222 (former head) | — |',
    );
    expect(summary).toContain(
      '1 check run(s) (marked "former head") were on commits no longer a head',
    );
    expect(summary).toContain('No pull request comment is written for those');
    expect(summary).toContain('a `scope` of changed files or lines counts every finding there');
    expect(summary).not.toContain('were looked at');
  });

  it('counts the former heads left for a later run, and quotes a warning escaped', () => {
    const summary = renderFinishingSummary({
      checkRuns: [checkRun(1)],
      capped: false,
      formerHeads: { looked: 30, found: 45 },
      warnings: [
        'GitHub refused to list the workflow runs (403). The token needs `actions: read`.',
      ],
    });
    expect(summary).toContain(
      '30 of 45 commits no longer a head were looked at, those seen longest ago; the others are for a later run.',
    );
    expect(summary).toContain(
      '> GitHub refused to list the workflow runs \\(403\\). The token needs \\`actions: read\\`.',
    );
    expect(summary).not.toContain('(marked "former head")');
  });
});
