/**
 * The request hook on its own, with a fake clock: what is repeated, after how long, and what the
 * deadline stops. (test/action/github/client.test.ts runs it inside Octokit against a stand-in API.)
 */
import { describe, expect, it } from 'vitest';
import { NoAnswer, RefusedRequest } from '../../../src/action/github/errors.ts';
import { boundedRequests, type PolicyOptions } from '../../../src/action/github/request-policy.ts';

interface Endpoint {
  method: string;
  request?: object;
}

function clock(start = 1_000_000) {
  let now = start;
  const waits: number[] = [];
  return {
    now: () => now,
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}

/** `at`: the deadline on the clock's `now`; none by default. */
function policy({
  now,
  at = Infinity,
  ...options
}: Partial<PolicyOptions> & Pick<PolicyOptions, 'sleep'> & { now: () => number; at?: number }) {
  let attempts = 0;
  const hook = boundedRequests<Endpoint, string>({
    requestTimeoutMs: 30_000,
    retryDelayMs: 2_000,
    onAttempt: () => (attempts += 1),
    ...options,
    deadline: { at, now },
  });
  return { hook, attempts: () => attempts };
}

const serverError = (headers: Record<string, string> = {}) =>
  Object.assign(new Error('Server Error'), { status: 502, response: { headers } });

describe('boundedRequests', () => {
  it('repeats a failed GET once, after what Retry-After asks for', async () => {
    const time = clock();
    const { hook, attempts } = policy(time);
    let calls = 0;
    const answer = await hook(
      async () => {
        calls += 1;
        if (calls === 1) throw serverError({ 'retry-after': '3' });
        return 'ok';
      },
      { method: 'GET' },
    );
    expect(answer).toBe('ok');
    expect(attempts()).toBe(2);
    expect(time.waits).toEqual([3_000]);
  });

  it('never repeats a POST: GitHub may have acted on it', async () => {
    const time = clock();
    const { hook, attempts } = policy(time);
    await expect(
      hook(
        async () => {
          throw serverError();
        },
        { method: 'POST' },
      ),
    ).rejects.toThrow('Server Error');
    expect(attempts()).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it('repeats an update marked idempotent as many times as its policy says, doubling the wait', async () => {
    const time = clock();
    const { hook, attempts } = policy(time);
    await expect(
      hook(
        async () => {
          throw serverError();
        },
        { method: 'PATCH', request: { idempotent: true, attempts: 3 } },
      ),
    ).rejects.toThrow('Server Error');
    expect(attempts()).toBe(3);
    expect(time.waits).toEqual([2_000, 4_000]);
  });

  it('does not repeat a refusal (4xx other than the rate limit)', async () => {
    const time = clock();
    const { hook, attempts } = policy(time);
    const refused = Object.assign(new Error('Forbidden'), {
      status: 403,
      response: { headers: {} },
    });
    await expect(
      hook(
        async () => {
          throw refused;
        },
        { method: 'GET' },
      ),
    ).rejects.toBe(refused);
    expect(attempts()).toBe(1);
  });

  it('sends nothing once the deadline (less the reserve) has passed', async () => {
    const time = clock();
    const { hook, attempts } = policy({ ...time, at: time.now() + 5_000 });
    await expect(
      hook(async () => 'never', { method: 'PATCH', request: { reserveMs: 10_000 } }),
    ).rejects.toThrow(RefusedRequest);
    expect(attempts()).toBe(0);
  });

  it('gives up rather than wait past the deadline for a repeat', async () => {
    const time = clock();
    const { hook, attempts } = policy({ ...time, at: time.now() + 1_000 });
    await expect(
      hook(
        async () => {
          throw serverError({ 'retry-after': '30' });
        },
        { method: 'GET' },
      ),
    ).rejects.toThrow('Server Error');
    expect(attempts()).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it('reads an attempt cut off by its timeout as no answer', async () => {
    const time = clock();
    const { hook } = policy({ ...time, requestTimeoutMs: 5 });
    const never = (endpoint: Endpoint) =>
      new Promise<string>((_, reject) => {
        const { signal } = endpoint.request as { signal: AbortSignal };
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
    await expect(hook(never, { method: 'POST' })).rejects.toBeInstanceOf(NoAnswer);
  });
});
