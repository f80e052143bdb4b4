import { describe, expect, it } from 'vitest';
import { SEVERITIES, type Finding } from '../../../src/audit/findings.ts';
import type { SettledVerdict } from '../../../src/audit/gate.ts';
import { activeFindings } from '../../../src/audit/triage.ts';
import { allActive } from '../../support/triage.ts';
import { COMPLETION_RESERVE_MS } from '../../../src/action/github/client.ts';
import { PermissionError } from '../../../src/action/github/errors.ts';
import type { CheckAnnotation } from '../../../src/report/check-run-output.ts';
import {
  ANNOTATIONS_PER_REQUEST,
  batches,
  completeCheckRun,
  startCheckRun,
} from '../../../src/action/github/check-run-lifecycle.ts';
import {
  checkRunAnnotations,
  checkRunConclusion,
  checkRunOutput,
  MAX_CHECK_RUN_ANNOTATIONS,
  OUTPUT_MAX_CHARS,
  renderCheckRunCompletion,
  renderCheckRunStart,
} from '../../../src/report/check-run-output.ts';
import type { GitHubApiOptions, RecordedRequest } from '../../support/github-api.ts';
import { makeFinding } from '../../support/findings.ts';
import { useGitHubApi } from '../../support/github-client.ts';

const setUp = useGitHubApi();

const MAX_ANNOTATION_REQUESTS = MAX_CHECK_RUN_ANNOTATIONS / ANNOTATIONS_PER_REQUEST;

const run7 = { name: 'Smart contract audit', headSha: 'c0ffee' };
const start = { ...run7, ...renderCheckRunStart('audit-7') };

function manyFindings(count: number): Finding[] {
  return Array.from({ length: count }, (_, i) =>
    makeFinding({
      severity: SEVERITIES[i % SEVERITIES.length],
      file: `contracts/F${i % 40}.sol`,
      startLine: i + 1,
      endLine: i + 1,
      fingerprint: `fp-${i}`,
    }),
  );
}

/** The active findings in the model's order, as publishing plans them. */
function active(findings: readonly Finding[]): Finding[] {
  return activeFindings(allActive(findings));
}

function someAnnotations(count: number): CheckAnnotation[] {
  return checkRunAnnotations(active(Array.from({ length: count }, () => makeFinding())))
    .annotations;
}

/**
 * The annotations and the output renderer, composed as publishing does: a note for annotations
 * left over the cap (`overCap`), or for those not posted when posting stopped early.
 */
function completion(
  title: string,
  summaryMarkdown: string,
  annotations: readonly CheckAnnotation[],
  overCap = 0,
) {
  return {
    annotations,
    output: (posted?: number) =>
      renderCheckRunCompletion({
        title,
        summaryMarkdown,
        total: annotations.length + overCap,
        overCap,
        posted,
      }),
  };
}

/** Annotations carried by each recorded request. */
function batchSizes(requests: readonly RecordedRequest[]): number[] {
  return requests.map(
    (r) => (r.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0,
  );
}

describe('startCheckRun', () => {
  it('creates an in-progress check run carrying the audit id', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, {
      ...run7,
      ...renderCheckRunStart('audit-7', 'https://audit.example/r/7'),
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
    await startCheckRun(client, {
      ...run7,
      ...renderCheckRunStart('audit-7', 'javascript:alert(1)'),
    });
    expect(api.checkRuns[0]?.details_url).toBeNull();
  });
});

describe('completeCheckRun', () => {
  it('posts 1,000 annotations in 20 batches of 50, then completes: nothing lost or repeated', async () => {
    const { api, client } = await setUp();
    const findings = manyFindings(1_000);
    const { annotations, overCap, unplaced } = checkRunAnnotations(active(findings));
    expect(unplaced).toBe(0);
    expect(overCap).toBe(0);
    const run = await startCheckRun(client, start);
    const before = api.requests.length;

    const result = await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      ...completion('Failed: 1000 findings', '## Summary', annotations),
    });

    expect(result).toEqual({
      requests: 21,
      annotationsPosted: 1_000,
      annotationsNotPosted: 0,
      postingError: undefined,
    });
    const sent = api.requests.slice(before);
    expect(sent).toHaveLength(21);
    expect(
      sent.every((r) => r.method === 'PATCH' && r.path.endsWith(`/check-runs/${run.id}`)),
    ).toBe(true);
    expect(batchSizes(sent)).toEqual([...Array<number>(20).fill(50), 0]);
    // Every update repeats the output's title and summary, as the API requires.
    for (const r of sent) {
      expect((r.body as { output: unknown }).output).toMatchObject({
        title: 'Failed: 1000 findings',
        summary: '## Summary',
      });
    }
    const stored = api.checkRuns[0]!;
    expect(stored).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const fingerprints = stored.annotations.map(
      (a) => a.raw_details?.match(/Fingerprint: (.+)$/)?.[1],
    );
    expect(new Set(fingerprints).size).toBe(1_000);
    expect(new Set(fingerprints)).toEqual(new Set(findings.map((f) => f.fingerprint)));
  });

  it(`annotates only the ${MAX_CHECK_RUN_ANNOTATIONS} most severe in ${MAX_ANNOTATION_REQUESTS} requests, and says how many are not`, async () => {
    const { api, client } = await setUp();
    const findings = active(manyFindings(1_200));
    // The plan keeps the most severe; completing posts all it is given.
    const plan = checkRunAnnotations(findings);
    expect(plan).toMatchObject({ overCap: 200, unplaced: 0 });
    const run = await startCheckRun(client, start);
    const before = api.requests.length;

    const result = await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      ...completion('Failed: 1200 findings', '## Summary', plan.annotations, plan.overCap),
    });

    expect(result).toEqual({
      requests: MAX_ANNOTATION_REQUESTS + 1,
      annotationsPosted: 1_000,
      annotationsNotPosted: 0,
      postingError: undefined,
    });
    // Not annotated, as publishing counts them: over the cap, plus any not posted.
    expect(plan.overCap + result.annotationsNotPosted).toBe(200);
    expect(batchSizes(api.requests.slice(before))).toEqual([
      ...Array<number>(MAX_ANNOTATION_REQUESTS).fill(50),
      0,
    ]);
    const stored = api.checkRuns[0]!;
    expect(stored.status).toBe('completed');
    expect(stored.annotations).toEqual(plan.annotations);
    // The 1,000 most severe: the first in the model's order.
    expect(stored.annotations.map((a) => a.raw_details?.match(/Fingerprint: (.+)$/)?.[1])).toEqual(
      findings.slice(0, 1_000).map((f) => f.fingerprint),
    );
    expect(stored.output.summary).toBe(
      '> ℹ️ 200 of 1200 findings are not annotated here: at most 1,000 annotations are posted, ' +
        "the most severe, to spare the token's hourly request limit. Every finding is in the job " +
        'summary and the results file.\n\n## Summary',
    );
  });

  it('completes with one request when there is nothing to annotate', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, start);
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'success',
      ...completion('Passed: no findings', 'No findings.', []),
    });
    expect(result.requests).toBe(1);
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
  });

  it.each<SettledVerdict>(['pass', 'fail', 'skipped', 'timeout', 'error'])(
    'completes a %s run with its conclusion',
    async (verdict) => {
      const { api, client } = await setUp();
      const run = await startCheckRun(client, start);
      await completeCheckRun(client, run.id, {
        conclusion: checkRunConclusion(verdict),
        ...completion(verdict, verdict, []),
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
      annotations: [],
      output: () =>
        checkRunOutput({
          title: 'Failed',
          summaryMarkdown: `| row |\n`.repeat(20_000),
          text: 'é'.repeat(70_000),
        }),
    });
    const { summary, text } = api.checkRuns[0]!.output;
    expect(summary?.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
    expect(summary).toContain("Cut here to fit GitHub's limit of 65,535 characters");
    expect(text?.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
  });

  it('still completes the run when a batch fails, then says how many were posted', async () => {
    const { api, client } = await setUp();
    const annotations = someAnnotations(120);
    const run = await startCheckRun(client, start);
    // The second batch meets a server error. It is not repeated: GitHub may have appended it.
    api.failNext({ method: 'PATCH', path: /check-runs/, status: 502, skip: 1 });
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      ...completion('Failed', 'The summary.', annotations),
    });
    expect(result).toMatchObject({ annotationsPosted: 50, annotationsNotPosted: 70 });
    expect(result.postingError?.message).toBe(
      'Could not update the check run on GitHub (HTTP 502): Server Error',
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
    const broken = someAnnotations(120).map((a, i) => (i === 75 ? { ...a, end_line: 0 } : a));
    const run = await startCheckRun(client, start);
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      ...completion('Failed', 'S', broken),
    });
    expect(result.postingError?.message).toMatch(/\(HTTP 422\)/);
    expect(api.checkRuns[0]?.annotations).toHaveLength(50);
    expect(api.checkRuns[0]?.status).toBe('completed');
  });

  it('stops posting at a batch that gets no answer, and completes the run', async () => {
    const { api, client } = await setUp({}, { requestTimeoutMs: 100 });
    const run = await startCheckRun(client, start);
    api.failNext({ method: 'PATCH', path: /check-runs/, status: 'hang', skip: 1 });
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'success',
      ...completion('T', 'S', someAnnotations(120)),
    });
    expect(result).toMatchObject({ annotationsPosted: 50, annotationsNotPosted: 70 });
    expect(result.postingError?.message).toBe(
      'Could not update the check run on GitHub: no answer within 0.1 s',
    );
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
  });
});

describe('the rate limit', () => {
  /** A client on a clock that only the injected waits move. */
  async function rateLimited(rateLimit: GitHubApiOptions['rateLimit'], deadline?: number) {
    let now = 1_700_000_000_000;
    const sleeps: number[] = [];
    const { api, client } = await setUp(
      { rateLimit },
      {
        sleep: async (ms) => {
          sleeps.push(ms);
          now += ms;
        },
        deadline: { at: deadline === undefined ? Infinity : now + deadline, now: () => now },
      },
    );
    const run = await startCheckRun(client, start);
    const complete = () =>
      completeCheckRun(client, run.id, {
        conclusion: 'failure',
        ...completion('Failed', 'S', someAnnotations(200)),
      });
    return { api, complete, sleeps, now: () => now };
  }

  it('stops posting when it runs out, then completes the run after the Retry-After', async () => {
    // The third batch and the first attempt to complete are refused.
    const { api, complete, sleeps } = await rateLimited({
      afterAnnotationUpdates: 2,
      requests: 2,
      retryAfterSeconds: 30,
    });
    const result = await complete();
    expect(result).toMatchObject({ annotationsPosted: 100, annotationsNotPosted: 100 });
    expect(result.postingError?.message).toContain('API rate limit exceeded');
    expect(sleeps).toEqual([30_000]);
    const stored = api.checkRuns[0]!;
    expect(stored).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(stored.output.summary).toMatch(/^> ⚠️ Only 100 of 200 annotations could be posted;/);
    expect(stored.annotations).toHaveLength(100);
  });

  it('waits for the reset GitHub names before completing', async () => {
    const setUpAt = 1_700_000_000_000;
    const { api, complete, sleeps } = await rateLimited({
      afterAnnotationUpdates: 1,
      requests: 2,
      resetAt: setUpAt / 1000 + 45,
    });
    await complete();
    // The second batch and the first attempt to complete are refused.
    expect(sleeps).toEqual([45_000]);
    expect(api.checkRuns[0]?.status).toBe('completed');
  });

  it('does not wait for a reset past the deadline: it says the run could not be completed', async () => {
    const setUpAt = 1_700_000_000_000;
    const { api, complete, sleeps } = await rateLimited(
      { afterAnnotationUpdates: 1, requests: 10, resetAt: setUpAt / 1000 + 3_600 },
      120_000,
    );
    await expect(complete()).rejects.toThrow(
      /^Could not update the check run on GitHub \(HTTP 403\): API rate limit exceeded/,
    );
    expect(sleeps).toEqual([]);
    expect(api.checkRuns[0]?.status).toBe('in_progress');
  });

  it('repeats completing after server errors, waiting longer each time', async () => {
    const sleeps: number[] = [];
    const { api, client } = await setUp(
      {},
      { retryDelayMs: 1_000, sleep: async (ms) => void sleeps.push(ms) },
    );
    const run = await startCheckRun(client, start);
    api.failNext({ method: 'PATCH', path: /check-runs/, status: 503, times: 3 });
    await completeCheckRun(client, run.id, {
      conclusion: 'success',
      ...completion('T', 'S', []),
    });
    expect(sleeps).toEqual([1_000, 2_000, 4_000]);
    expect(api.checkRuns[0]?.status).toBe('completed');
  });
});

describe('the deadline', () => {
  it(`keeps the last ${COMPLETION_RESERVE_MS / 1000} s to complete the run, posting no more annotations`, async () => {
    const { api, client } = await setUp(
      {},
      { deadline: { at: COMPLETION_RESERVE_MS, now: () => 0 } },
    );
    const run = await startCheckRun(client, start);
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'failure',
      ...completion('T', 'S', someAnnotations(3)),
    });
    expect(result.annotationsPosted).toBe(0);
    expect(result.postingError?.message).toContain('kept to complete the check run');
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', annotations: [] });
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
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

  it('completes the run even when appending annotations is refused', async () => {
    const { api, client } = await setUp();
    const run = await startCheckRun(client, start);
    api.failNext({
      method: 'PATCH',
      path: /check-runs/,
      status: 403,
      message: 'Resource not accessible by integration',
    });
    const result = await completeCheckRun(client, run.id, {
      conclusion: 'success',
      ...completion('T', 'S', someAnnotations(1)),
    });
    expect(result.postingError).toBeInstanceOf(PermissionError);
    expect(api.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(api.checkRuns[0]?.output.summary).toMatch(/^> ⚠️ Only 0 of 1 annotations/);
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
        ...completion('T', 'S', []),
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});

describe('batches', () => {
  it('splits into groups of 50 by default, the last one shorter', () => {
    const groups = batches(Array.from({ length: 120 }, (_, i) => i));
    expect(groups.map((g) => g.length)).toEqual([50, 50, 20]);
    expect(groups.flat()).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(batches([])).toEqual([]);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});
