import { describe, expect, it } from 'vitest';
import { SEVERITIES } from '../../src/audit/findings.ts';
import type { Verdict } from '../../src/audit/gate.ts';
import { allActive } from '../support/triage.ts';
import { PermissionError } from '../../src/github/api.ts';
import { completeCheckRun, startCheckRun } from '../../src/github/check-run.ts';
import {
  checkRunAnnotations,
  checkRunConclusion,
  OUTPUT_MAX_CHARS,
} from '../../src/report/check-run.ts';
import type { GitHubApiOptions } from '../support/github-api.ts';
import { makeFinding } from '../support/findings.ts';
import { useGitHubApi } from '../support/github-client.ts';

const setUp = useGitHubApi();

const start = { name: 'Smart contract audit', headSha: 'c0ffee', auditId: 'audit-7' };

describe('startCheckRun', () => {
  it('creates an in-progress check run carrying the audit id', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, {
      ...start,
      detailsUrl: 'https://audit.example/r/7',
    });
    expect(run.url).toBe(`${api.url}/octo-org/contracts/runs/${run.id}`);
    expect(api.checkRuns).toEqual([
      expect.objectContaining({
        id: run.id,
        name: 'Smart contract audit',
        head_sha: 'c0ffee',
        status: 'in_progress',
        external_id: 'audit-7',
        details_url: 'https://audit.example/r/7',
        output: expect.objectContaining({
          title: 'Audit in progress',
          text: 'Audit ID: audit\\-7',
        }),
      }),
    ]);
  });

  it('leaves out a details URL that is not http(s)', async () => {
    const { api, client } = await setUp();
    await startCheckRun(client, { ...start, detailsUrl: 'javascript:alert(1)' });
    expect(api.checkRuns[0]?.details_url).toBeNull();
  });
});

describe('completeCheckRun', () => {
  it('posts 1,200 annotations in 24 batches of 50, then completes: nothing lost or repeated', async () => {
    const { api, client } = await setUp();
    const findings = Array.from({ length: 1_200 }, (_, i) =>
      makeFinding({
        severity: SEVERITIES[i % SEVERITIES.length],
        file: `contracts/F${i % 40}.sol`,
        startLine: i + 1,
        endLine: i + 1,
        fingerprint: `fp-${i}`,
      }),
    );
    const { annotations, unplaced } = checkRunAnnotations(allActive(findings), '');
    expect(unplaced).toBe(0);
    const run = await startCheckRun(client, start);
    const before = api.requests.length;

    const result = await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      title: 'Failed: 1200 findings',
      summary: '## Summary',
      annotations,
    });

    expect(result).toEqual({ requests: 25, annotationsPosted: 1_200 });
    const sent = api.requests.slice(before);
    expect(sent).toHaveLength(25);
    expect(
      sent.every((r) => r.method === 'PATCH' && r.path.endsWith(`/check-runs/${run.id}`)),
    ).toBe(true);
    const batchSizes = sent.map(
      (r) => (r.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0,
    );
    expect(batchSizes).toEqual([...Array<number>(24).fill(50), 0]);
    // Every update repeats the output's title and summary, as the API requires.
    for (const r of sent) {
      expect((r.body as { output: unknown }).output).toMatchObject({
        title: 'Failed: 1200 findings',
        summary: '## Summary',
      });
    }
    const stored = api.checkRuns[0]!;
    expect(stored).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const fingerprints = stored.annotations.map(
      (a) => a.raw_details?.match(/Fingerprint: (.+)$/)?.[1],
    );
    expect(new Set(fingerprints).size).toBe(1_200);
    expect(new Set(fingerprints)).toEqual(new Set(findings.map((f) => f.fingerprint)));
    expect(stored.annotations.filter((a) => a.annotation_level === 'failure')).toHaveLength(400);
  });

  it('completes with one request when there is nothing to annotate', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, start);
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'success',
      title: 'Passed: no findings',
      summary: 'No findings.',
      annotations: [],
    });
    expect(result.requests).toBe(1);
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
  });

  it.each<Verdict>(['pass', 'fail', 'skipped', 'timeout', 'error'])(
    'completes a %s run with its conclusion',
    async (verdict) => {
      const { api, client } = await setUp();
      const run = await startCheckRun(client, start);
      await completeCheckRun(client, run.id, {
        conclusion: checkRunConclusion(verdict),
        title: verdict,
        summary: verdict,
        annotations: [],
      });
      expect(api.checkRuns[0]?.conclusion).toBe(
        {
          pass: 'success',
          fail: 'failure',
          skipped: 'neutral',
          timeout: 'timed_out',
          error: 'failure',
        }[verdict],
      );
    },
  );

  it('cuts a summary over 65,535 characters, which GitHub would reject, with a note', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, start);
    await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      title: 'Failed',
      summary: `| row |\n`.repeat(20_000),
      text: 'é'.repeat(70_000),
      annotations: [],
    });
    const { summary, text } = api.checkRuns[0]!.output;
    expect(summary?.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
    expect(summary).toContain("Cut here to fit GitHub's limit of 65,535 characters");
    expect(text?.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
  });

  it('still completes the run when a batch fails, then says how many were posted', async () => {
    const { api, client } = await setUp();
    const { annotations } = checkRunAnnotations(
      allActive(Array.from({ length: 120 }, () => makeFinding())),
      '',
    );
    const run = await startCheckRun(client, start);
    // The second batch meets a server error. It is not repeated: GitHub may have appended it.
    api.failNext({ method: 'PATCH', path: /check-runs/, status: 502, skip: 1 });
    await expect(
      completeCheckRun(client, run.id, {
        conclusion: 'failure',
        title: 'Failed',
        summary: 'The summary.',
        annotations,
      }),
    ).rejects.toThrow(
      'Posted 50 of 120 check run annotations: Could not update the check run on GitHub (HTTP 502): Server Error',
    );
    const stored = api.checkRuns[0]!;
    expect(stored).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(stored.output.summary).toBe(
      '> ⚠️ Only 50 of 120 annotations could be posted; the rest are in the job summary and the results file.\n\nThe summary.',
    );
    expect(stored.annotations).toHaveLength(50);
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(3);
  });

  it('stops at a batch GitHub rejects part-way and keeps what was posted', async () => {
    const { api, client } = await setUp();
    const { annotations } = checkRunAnnotations(
      allActive(Array.from({ length: 120 }, () => makeFinding())),
      '',
    );
    const broken = annotations.map((a, i) => (i === 75 ? { ...a, end_line: 0 } : a));
    const run = await startCheckRun(client, start);
    await expect(
      completeCheckRun(client, run.id, {
        conclusion: 'failure',
        title: 'Failed',
        summary: 'S',
        annotations: broken,
      }),
    ).rejects.toThrow(/^Posted 50 of 120 check run annotations: .*\(HTTP 422\)/);
    expect(api.checkRuns[0]?.annotations).toHaveLength(50);
    expect(api.checkRuns[0]?.status).toBe('completed');
  });
});

describe('permissions', () => {
  it.each<[string, GitHubApiOptions]>([
    ['without checks: write', { forbid: ['check-runs'] }],
    ['with a read-only token', { readOnly: true }],
  ])('throws PermissionError %s', async (_, options) => {
    const { api, client } = await setUp(options);
    const error = await startCheckRun(client, start).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ permission: 'checks: write', status: 403 });
    expect((error as Error).message).toContain('add it to the job');
    expect((error as Error).message).not.toContain(api.token);
    expect(api.checkRuns).toHaveLength(0);
  });

  it('throws PermissionError when completing is refused, without trying to complete twice', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, start);
    api.failNext({
      method: 'PATCH',
      path: /check-runs/,
      status: 403,
      message: 'Resource not accessible by integration',
    });
    await expect(
      completeCheckRun(client, run.id, {
        conclusion: 'success',
        title: 'T',
        summary: 'S',
        annotations: checkRunAnnotations(allActive([makeFinding()]), '').annotations,
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});
