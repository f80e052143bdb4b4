/**
 * A bound on work the toolkit does with retries of its own that know no deadline (the cache,
 * artifact downloads): the caller stops waiting; the work itself goes on unwatched.
 */

/**
 * The wait ran out. Callers tell it by this type, never by reading the clock again: a timer may
 * fire a millisecond before `Date.now()` reaches the time it was set for.
 */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
}

/** The work's result, or a WaitTimeoutError with `late`'s message once `ms` have passed. */
export async function within<T>(ms: number, work: Promise<T>, late: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WaitTimeoutError(late)), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
