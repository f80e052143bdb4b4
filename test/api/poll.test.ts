import { describe, expect, it } from 'vitest';
import type { AuditSnapshot } from '../../src/audit/findings.ts';
import {
  nextDelay,
  pollOnce,
  waitForAudit,
  type PollPolicy,
  pollPolicy,
} from '../../src/api/poll.ts';
import { ResponseFormatError, ServiceError } from '../../src/errors.ts';

type Answer = { snapshot: AuditSnapshot; retryAfterMs?: number } | Error;

function snapshot(state: AuditSnapshot['state'], rawStatus: string = state): AuditSnapshot {
  return {
    auditId: 'a1',
    state,
    rawStatus,
    message: undefined,
    reportUrl: undefined,
    findings: state === 'completed' ? [] : undefined,
    incomplete: undefined,
  };
}

/**
 * A virtual clock: sleeping advances time, nothing waits for real. Each poll takes `pollTakesMs`
 * of it, as the client's own retries would. `at`: the deadline on that clock.
 */
function harness(
  answers: Answer[],
  { at, ...policy }: Partial<Omit<PollPolicy, 'deadline'>> & { at?: number } = {},
  pollTakesMs = 0,
) {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const logs: string[] = [];
  let calls = 0;
  const client = {
    getAudit: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      now += pollTakesMs;
      if (answer instanceof Error) throw answer;
      return { snapshot: answer.snapshot, retryAfterMs: answer.retryAfterMs };
    },
  };
  const run = () =>
    waitForAudit(
      'a1',
      {
        deadline: { at: at ?? now + 600_000, now: () => now },
        initialIntervalMs: 5_000,
        maxIntervalMs: 60_000,
        notFoundGraceMs: 60_000,
        ...policy,
      },
      {
        client,
        sleep: async (ms) => {
          sleeps.push(ms);
          now += ms;
        },
        random: () => 0.5,
        log: {
          info: (m) => logs.push(m),
          warning: (m) => logs.push(`warn: ${m}`),
          debug: () => undefined,
        },
      },
    );
  return { run, sleeps, logs, calls: () => calls };
}

describe('nextDelay', () => {
  it('grows by 1.5x from the first interval and is capped', () => {
    const policy = { initialIntervalMs: 5_000, maxIntervalMs: 60_000 };
    const delays = [0, 1, 2, 3, 10].map((attempt) =>
      nextDelay(attempt, policy, () => 0.5, undefined),
    );
    expect(delays).toEqual([5_000, 7_500, 11_250, 16_875, 60_000]);
  });

  it('adds at most ±20% jitter and never exceeds the cap', () => {
    const policy = { initialIntervalMs: 10_000, maxIntervalMs: 60_000 };
    expect(nextDelay(0, policy, () => 0, undefined)).toBe(8_000);
    expect(nextDelay(0, policy, () => 0.999999, undefined)).toBe(12_000);
    expect(nextDelay(20, policy, () => 0.999999, undefined)).toBe(60_000);
  });

  it('honours a longer Retry-After', () => {
    const policy = { initialIntervalMs: 5_000, maxIntervalMs: 60_000 };
    expect(nextDelay(0, policy, () => 0.5, 90_000)).toBe(90_000);
    expect(nextDelay(0, policy, () => 0.5, 1_000)).toBe(5_000);
  });
});

describe('waitForAudit', () => {
  it('polls with growing waits until the audit completes', async () => {
    const h = harness([
      { snapshot: snapshot('pending') },
      { snapshot: snapshot('running', 'in_progress') },
      { snapshot: snapshot('running', 'in_progress') },
      { snapshot: snapshot('completed') },
    ]);
    const outcome = await h.run();
    expect(outcome.kind).toBe('finished');
    expect(h.sleeps).toEqual([5_000, 7_500, 11_250]);
    expect(h.logs).toEqual(['Audit a1: pending', 'Audit a1: in_progress']);
  });

  it('returns a failed audit as finished, for the caller to report', async () => {
    const h = harness([{ snapshot: { ...snapshot('failed'), message: 'compiler crashed' } }]);
    const outcome = await h.run();
    expect(outcome).toMatchObject({
      kind: 'finished',
      snapshot: { state: 'failed', message: 'compiler crashed' },
    });
  });

  it('waits to the deadline with the last status, and polls nothing at it', async () => {
    const h = harness([{ snapshot: snapshot('running', 'in_progress') }], {
      at: 1_000_000 + 20_000,
    });
    const outcome = await h.run();
    expect(outcome).toMatchObject({ kind: 'timeout', last: { rawStatus: 'in_progress' } });
    expect(h.sleeps).toEqual([5_000, 7_500, 20_000 - 5_000 - 7_500]);
    // At 0, 5 and 12.5 s: the client sends nothing at the deadline, so no poll is made there.
    expect(h.calls()).toBe(3);
  });

  it('honours Retry-After from a 202 answer', async () => {
    const h = harness([
      { snapshot: snapshot('pending'), retryAfterMs: 30_000 },
      { snapshot: snapshot('completed') },
    ]);
    await h.run();
    expect(h.sleeps).toEqual([30_000]);
  });

  it("waits the start answer's Retry-After before the first poll, within the deadline", async () => {
    const h = harness([{ snapshot: snapshot('completed') }], { initialWaitMs: 30_000 });
    await h.run();
    expect(h.sleeps).toEqual([30_000]);

    const short = harness([{ snapshot: snapshot('running', 'in_progress') }], {
      initialWaitMs: 300_000,
      at: 1_000_000 + 20_000,
    });
    expect((await short.run()).kind).toBe('timeout');
    expect(short.sleeps).toEqual([20_000]);
  });

  it('waits out a 404 right after the start, then fails on a 404 past the grace period', async () => {
    const notFound = new ServiceError('audit a1 not found (HTTP 404)', 404);
    const h = harness([notFound, notFound, { snapshot: snapshot('completed') }]);
    expect((await h.run()).kind).toBe('finished');

    const late = harness([notFound], { notFoundGraceMs: 10_000 });
    await expect(late.run()).rejects.toThrow('not found');
    expect(late.calls()).toBe(3); // at 0 s and 5 s within the grace period, then at 12.5 s
  });

  it('says the deadline came while the audit was still not found, not that its status is unknown', async () => {
    const notFound = new ServiceError('audit a1 not found (HTTP 404)', 404);
    const h = harness([notFound], { at: 1_000_000 + 20_000 });
    expect(await h.run()).toEqual({
      kind: 'timeout',
      last: undefined,
      lastProblem: 'audit a1 not found (HTTP 404)',
    });
    // An answer after the trouble clears it: the last status is what the service said.
    const recovered = harness([notFound, { snapshot: snapshot('running', 'in_progress') }], {
      at: 1_000_000 + 20_000,
    });
    expect(await recovered.run()).toMatchObject({
      lastProblem: undefined,
      last: { rawStatus: 'in_progress' },
    });
  });

  it('keeps waiting through transient failures that outlast the client retries', async () => {
    const h = harness([
      new ServiceError('HTTP 503 after 5 attempts', 503),
      new ServiceError('connection reset after 5 attempts'),
      { snapshot: snapshot('completed') },
    ]);
    expect((await h.run()).kind).toBe('finished');
    expect(h.logs.filter((line) => line.startsWith('warn:'))).toHaveLength(2);
  });

  it('does not claim to wait on when the failure ends at the deadline', async () => {
    const h = harness(
      // Worded as the client words it: the message names the operation.
      [new ServiceError('could not read audit a1 after 2 attempts; last: HTTP 503', 503)],
      { at: 1_000_000 + 10_000 },
      3_000,
    );
    expect((await h.run()).kind).toBe('timeout');
    expect(h.logs).toEqual([
      'warn: Could not read audit a1 after 2 attempts; last: HTTP 503; still waiting.',
      'warn: Could not read audit a1 after 2 attempts; last: HTTP 503; no time left to wait.',
    ]);
    // Polls from 0 to 3 s and from 8 to 11 s; nothing is left to sleep after the second.
    expect(h.sleeps).toEqual([5_000]);
  });

  it.each([408, 429, 500])(
    'keeps waiting to the deadline through HTTP %i that outlasts the client retries',
    async (status) => {
      const h = harness([new ServiceError(`HTTP ${status} after 5 attempts`, status)], {
        at: 1_000_000 + 60_000,
      });
      expect((await h.run()).kind).toBe('timeout');
      expect(h.sleeps.reduce((a, b) => a + b, 0)).toBe(60_000);
      expect(h.calls()).toBeGreaterThan(1);
    },
  );

  it('stops at once on an answer it cannot read or a rejected key', async () => {
    await expect(harness([new ResponseFormatError('no status')]).run()).rejects.toThrow(
      'no status',
    );
    await expect(harness([new ServiceError('key rejected', 401)]).run()).rejects.toThrow(
      'key rejected',
    );
  });
});

describe('pollPolicy', () => {
  it('starts at the input interval, grows to a minute, and waits out a 404 only for a new audit', () => {
    const deadline = { at: 1_000, now: () => 0 };
    const run = { deadline, pollIntervalMs: 5_000, resumed: false, initialWaitMs: 2_000 };
    expect(pollPolicy(run)).toEqual({
      deadline,
      initialIntervalMs: 5_000,
      maxIntervalMs: 60_000,
      notFoundGraceMs: 60_000,
      initialWaitMs: 2_000,
    });
    expect(pollPolicy({ ...run, resumed: true }).notFoundGraceMs).toBe(0);
    expect(pollPolicy({ ...run, pollIntervalMs: 90_000 }).maxIntervalMs).toBe(90_000);
  });
});

describe('pollOnce', () => {
  /** One poll answered `answer`, of an audit started (`grace`) or resumed (none). */
  const once = async (answer: Answer, notFoundGraceMs = 60_000) => {
    let calls = 0;
    const client = {
      getAudit: async () => {
        calls += 1;
        if (answer instanceof Error) throw answer;
        return { snapshot: answer.snapshot, retryAfterMs: answer.retryAfterMs };
      },
    };
    const deadline = { at: 2_000_000, now: () => 1_000_000 };
    const outcome = await pollOnce('a1', { deadline, notFoundGraceMs }, { client });
    return { outcome, calls };
  };

  it('asks once: a finished audit is finished, one going on unfinished with what it read', async () => {
    expect(await once({ snapshot: snapshot('completed') })).toEqual({
      outcome: { kind: 'finished', snapshot: snapshot('completed') },
      calls: 1,
    });
    expect((await once({ snapshot: snapshot('failed') })).outcome.kind).toBe('finished');
    expect(await once({ snapshot: snapshot('running', 'in_progress') })).toEqual({
      outcome: {
        kind: 'unfinished',
        last: snapshot('running', 'in_progress'),
        lastProblem: undefined,
      },
      calls: 1,
    });
  });

  it("leaves a new audit's 404 and transient trouble unfinished, saying why", async () => {
    const notYet = await once(new ServiceError('could not read audit a1: HTTP 404', 404));
    expect(notYet).toEqual({
      outcome: {
        kind: 'unfinished',
        last: undefined,
        lastProblem: 'could not read audit a1: HTTP 404',
      },
      calls: 1,
    });
    expect((await once(new ServiceError('HTTP 503', 503))).outcome.kind).toBe('unfinished');
  });

  it('throws what a user must fix: a resumed audit the service does not know, a refusal, an unreadable answer', async () => {
    await expect(once(new ServiceError('HTTP 404', 404), 0)).rejects.toThrow('HTTP 404');
    await expect(once(new ServiceError('HTTP 401', 401))).rejects.toThrow('HTTP 401');
    await expect(once(new ResponseFormatError('not JSON', 200))).rejects.toThrow('not JSON');
  });
});
