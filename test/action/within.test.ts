/** The bounded wait: the work's own answer, or a rejection that says itself the wait ran out. */
import { describe, expect, it } from 'vitest';
import { within, WaitTimeoutError } from '../../src/action/within.ts';

describe('within', () => {
  it("answers the work's result, or passes its own rejection on as it is", async () => {
    expect(await within(1_000, Promise.resolve('done'), 'late')).toBe('done');
    const own = new Error('refused');
    await expect(within(1_000, Promise.reject(own), 'late')).rejects.toBe(own);
  });

  it('rejects with a WaitTimeoutError carrying `late` once the time has passed, the work still pending', async () => {
    const error = await within(20, new Promise(() => {}), 'the wait ran out').then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe('the wait ran out');
  });

  it('gives up at once when no time is left', async () => {
    await expect(within(-5, new Promise(() => {}), 'none left')).rejects.toThrow(WaitTimeoutError);
  });
});
