/** run() in process on a fork's pull request: no secrets reach it, so the audit is skipped. */
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

// Before any import of src/: @actions/github reads the run's context when first imported.
const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { forkPullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', forkPullRequestEvent(9));
});
const setUp = useInProcessRun(github);

describe('run() on a fork pull request without a key', () => {
  it('skips with a notice, sends nothing, touches no GitHub channel and passes', async () => {
    const service = await setUp({ 'api-key': '' });
    await run();
    expect(service.requests).toEqual([]);
    expect(github.requests).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    // The configs are parsed, never run: the fan-out list is there even on a fork's run.
    expect(JSON.parse(recorded.outputs['projects'] ?? '[]')).toHaveLength(1);
    expect(recorded.failed).toEqual([]);
    expect(recorded.annotations).toEqual([
      expect.objectContaining({
        level: 'notice',
        message: expect.stringMatching(/^No API key: this pull request comes from a fork/),
      }),
    ]);
  });
});
