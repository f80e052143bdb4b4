/**
 * run() in process on pull requests: the changed-files scope read from the stand-in GitHub API,
 * the sticky comment, and a fork's run without a key.
 */
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

// Before any import of src/: @actions/github reads the run's context when first imported.
const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { pullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', pullRequestEvent(5));
});
const setUp = useInProcessRun(github);

describe('run() on a pull request', () => {
  it('counts only the findings in the changed files, and comments on the pull request', async () => {
    github.seedPullRequestFiles(5, [
      { filename: 'src/Vault.sol', status: 'modified', additions: 1, deletions: 0 },
    ]);
    await setUp({ scope: 'changed-files', 'fail-on': 'critical' });
    await run();
    const inScope = Number(recorded.outputs['in-scope-count']);
    expect(inScope).toBeGreaterThan(0);
    expect(inScope).toBeLessThan(Number(recorded.outputs['findings-count']));
    expect(recorded.summary).toContain(
      `changed\\-files: ${inScope} of ${recorded.outputs['findings-count']} findings are in the change`,
    );
    // The one critical finding is in src/Wallet.sol, outside the change: the gate passes.
    expect(recorded.outputs['verdict']).toBe('pass');
    expect(github.comments(5)).toHaveLength(1);
    expect(github.comments(5)[0]?.body).toContain('outside the change');
  });
});
