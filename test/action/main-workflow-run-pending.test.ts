/**
 * A fork's pull request audited the two-workflow way with `wait: false`: workflow B's run on
 * `workflow_run` leaves its check run pending on the fork's head commit, and a finishing run
 * completes it there and comments on the fork's pull request.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { pendingRecordOn } from '../support/pending-record.ts';
import { recorded, resetCore } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { useResultsService } from '../support/runner-services.ts';
import { CONTRACT } from '../support/workspace.ts';
import { buildZip } from '../support/zip.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const TRIGGERING_RUN = 77;
const PULL = 9;

const { github, HEAD_SHA } = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { workflowRunEvent } = await import('../support/scenarios.ts');
  const { commitFiles } = await import('../support/git-commit.ts');
  const { CONTRACT: vault } = await import('../support/workspace.ts');
  const head = await commitFiles({ 'src/Vault.sol': vault });
  const api = await prepareRunContext(
    'workflow_run',
    workflowRunEvent({ id: 77, headSha: head.sha }),
  );
  api.serveCommits([head]);
  return { github: api, HEAD_SHA: head.sha };
});
const setUp = useInProcessRun(github);
const results = useResultsService(42);

beforeEach(async () => {
  // No checkout on workflow_run: an empty workspace.
  vi.stubEnv('GITHUB_WORKSPACE', await mkdtemp(path.join(tmpdir(), 'empty-workspace-')));
  github.serveArtifacts(() =>
    results()
      .artifacts.filter((artifact) => artifact.finalized)
      .map((artifact) => ({ ...artifact, url: () => results().artifactUrl(artifact) })),
  );
  github.seedPulls([
    { number: PULL, state: 'open', headSha: HEAD_SHA, headRef: 'feature', headOwner: 'stranger' },
  ]);
  github.seedBranch('main', 'd'.repeat(40));
  vi.spyOn(process.stdout, 'write').mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const MANIFEST = {
  format: 'contract-audit-upload/1',
  projects: [
    {
      path: '.',
      folder: '1',
      files: [{ name: 'src/Vault.sol', repositoryPath: 'src/Vault.sol', dependency: false }],
    },
  ],
};

describe('a fork pull request with wait: false', () => {
  it("is left pending on the fork's head commit, then finished there with a comment on its pull request", async () => {
    await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      buildZip([
        { name: '1/src/Vault.sol', data: CONTRACT },
        { name: 'contract-audit-manifest.json', data: JSON.stringify(MANIFEST) },
      ]),
    );
    const service = await setUp({ wait: 'false' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('pending');
    const checkRun = github.checkRuns.at(-1);
    expect(checkRun).toMatchObject({ head_sha: HEAD_SHA, status: 'in_progress' });
    const where = {
      apiKey: service.apiKey,
      headSha: HEAD_SHA,
      checkName: 'Smart contract audit',
      serviceUrl: service.url,
    };
    expect(pendingRecordOn(checkRun, where)).toMatchObject({ pullRequest: PULL });

    // The finishing run: once the audit is read as in progress, once as completed.
    for (let finishing = 0; finishing < 2; finishing += 1) {
      resetCore({ ...recorded.inputs, 'finish-pending': 'true' });
      await run();
      expect(recorded.failed).toEqual([]);
    }
    expect(service.uploads).toHaveLength(1);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    // The fork's head commit the pending run judged, as a waiting run's title names it.
    expect(checkRun?.output.title).toMatch(/ at commit [0-9a-f]{7}/);
    expect(github.comments(PULL).at(-1)?.body).toMatch(/Failed: smart contract audit of vaults/);
  });
});
