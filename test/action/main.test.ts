/**
 * run() in process: the whole story of a run against the reference audit service and a stand-in
 * GitHub API over HTTP, with a typed stand-in for src/runner.ts recording what reached the
 * runner. Faster than the child-process end-to-end tests, and counted in coverage.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded, resetCore } from '../support/core.ts';
import { DEMO_WORKSPACE, useInProcessRun } from '../support/in-process-run.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

// Before any import of src/: @actions/github reads the run's context when first imported.
const github = await vi.hoisted(async () =>
  (await import('../support/in-process-run.ts')).prepareRunContext('push'),
);
const setUp = useInProcessRun(github);
const workspace = DEMO_WORKSPACE;

describe('run()', () => {
  it('uploads, waits, triages, publishes and fails the job on findings', async () => {
    const svc = await setUp();
    await run();
    expect(svc.uploads).toHaveLength(1);
    // The sources, and the library file Lottery imports, under the name it imports it by.
    expect(svc.uploads[0]?.files.map((file) => file.filename)).toEqual([
      'src/LegacyToken.sol',
      'src/Lottery.sol',
      'src/Vault.sol',
      'src/Wallet.sol',
      'solmate/utils/SafeTransferLib.sol',
    ]);
    expect(recorded.outputs).toMatchObject({
      'audit-id': 'audit-1',
      verdict: 'fail',
      'findings-count': '21',
      'critical-count': '1',
      'in-scope-count': '21',
      'check-run-url': expect.stringMatching(/\/runs\/\d+$/),
    });
    // The library's finding is listed apart, under its repository path, and counts for nothing.
    expect(recorded.failed).toEqual([
      'Verdict: fail. 16 findings at or above low (1 critical, 8 high, 2 medium, 5 low); not counted: 1 in a dependency',
    ]);
    const results = JSON.parse(await readFile(recorded.outputs['results-file']!, 'utf8')) as {
      findings: { file: string; status: string }[];
    };
    expect(results.findings.filter((finding) => finding.status === 'dependency')).toEqual([
      expect.objectContaining({ file: 'lib/solmate/src/utils/SafeTransferLib.sol' }),
    ]);
    const sarif = await readFile(recorded.outputs['sarif-file']!, 'utf8');
    expect(sarif).not.toContain('SafeTransferLib');
    expect(recorded.summary).toContain('1 in dependencies');
    expect(recorded.log).toContain('Audit started: audit-1');
    expect(recorded.summary).toContain('## Smart contract audit: vaults');
    const checkRun = github.checkRuns.at(-1);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(checkRun?.annotations).toHaveLength(20);
    // The check run carries the annotations: the log carries none of the findings.
    expect(recorded.annotations.filter((a) => a.properties.file)).toEqual([]);
    expect(recorded.secrets).toContain(svc.apiKey);
    // Every run lists the projects it found, for a matrix of one job per project.
    expect(recorded.outputs['projects']).toBe(
      '[{"name":"vaults","path":".","frameworks":["Foundry"]}]',
    );
  });

  it('with detect-only, lists the projects and stops: no key needed, nothing sent', async () => {
    const svc = await setUp({ 'api-key': '', 'detect-only': 'true' });
    await run();
    expect(svc.uploads).toEqual([]);
    expect(svc.requests).toEqual([]);
    expect(recorded.failed).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(JSON.parse(recorded.outputs['projects'] ?? '')).toEqual([
      { name: 'vaults', path: '.', frameworks: ['Foundry'] },
    ]);
  });

  it('resumes an audit by id without uploading anything', async () => {
    const svc = await setUp();
    await run();
    resetCore({ ...recorded.inputs, 'audit-id': 'audit-1' });
    await run();
    expect(svc.uploads).toHaveLength(1);
    expect(recorded.log).toContain(
      'Resuming audit audit-1 (input `audit-id`); nothing is uploaded.',
    );
    expect(recorded.outputs).toMatchObject({ 'audit-id': 'audit-1', verdict: 'fail' });
    // Read as the uploading run read it: the library's finding is still a dependency's.
    expect(recorded.failed).toEqual([
      'Verdict: fail. 16 findings at or above low (1 critical, 8 high, 2 medium, 5 low); not counted: 1 in a dependency',
    ]);
  });

  it('times out with the audit id set and says how to resume', async () => {
    await setUp(
      { 'timeout-minutes': '0.01', 'check-run': 'false' },
      { minDurationMs: 60_000, pollsUntilDone: 1_000 },
    );
    await run();
    expect(recorded.outputs).toMatchObject({ 'audit-id': 'audit-1', verdict: 'timeout' });
    expect(recorded.failed[0]).toMatch(/^Verdict: timeout\. The audit did not finish within/);
    expect(recorded.log).toContainEqual(expect.stringContaining('`audit-id: audit-1`'));
  });

  it('fails naming the input when the key is missing on a push, and sends nothing', async () => {
    const svc = await setUp({ 'api-key': '' });
    await run();
    expect(svc.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed).toEqual([
      expect.stringMatching(/^Verdict: error\. Input `api-key` is empty\./),
    ]);
  });

  it('reads a baseline before uploading: a broken one costs no audit', async () => {
    const svc = await setUp({ baseline: 'no-such-baseline.json' });
    await run();
    expect(svc.uploads).toEqual([]);
    expect(recorded.failed[0]).toMatch(/Could not read the baseline file .*no-such-baseline\.json/);
  });

  it('accepts findings listed in a baseline, and counts them as not counted', async () => {
    await setUp({ 'check-run': 'false' });
    await run();
    const resultsFile = recorded.outputs['results-file']!;
    const svc = await setUp({ 'check-run': 'false', baseline: resultsFile });
    // The baseline must be inside the workspace: copy the results file there.
    const { copyFile, rm } = await import('node:fs/promises');
    const inside = path.join(workspace, '.audit-baseline.test.json');
    await copyFile(resultsFile, inside);
    try {
      resetCore({ ...recorded.inputs, baseline: inside });
      await run();
    } finally {
      await rm(inside, { force: true });
    }
    expect(svc.uploads).toHaveLength(1);
    expect(recorded.outputs).toMatchObject({ verdict: 'pass', 'findings-count': '21' });
    expect(recorded.failed).toEqual([]);
    expect(recorded.summary).toContain(
      'Not counted: 20 accepted in the baseline, 1 in dependencies (imported by the audited files, not audited themselves).',
    );
  });

  it('skips with nothing sent when no contract matches and if-no-files-found is warn', async () => {
    const svc = await setUp({ contracts: 'nothing/**/*.sol', 'if-no-files-found': 'warn' });
    await run();
    expect(svc.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(recorded.failed).toEqual([]);
    expect(recorded.annotations.map((a) => a.message)).toContainEqual(
      expect.stringMatching(/^No contract files found under \.\/ for nothing\/\*\*\/\*\.sol/),
    );
  });

  it('says that scope applies to pull requests when run on a push, and counts everything', async () => {
    await setUp({ scope: 'changed-lines', 'check-run': 'false' });
    await run();
    expect(recorded.annotations.map((a) => a.message)).toContain(
      '`scope: changed-lines` applies to pull requests; on this push run every finding counts.',
    );
    expect(recorded.outputs['in-scope-count']).toBe('21');
  });
});
