/**
 * A `Date.now` that runs a little slow, as the clock reads to a timer that fires a millisecond
 * early: code that tells a wait ran out by reading the clock again then still sees time left.
 * Restored by `vi.restoreAllMocks()`.
 */
import { vi } from 'vitest';

export function slowClock(rate = 0.99): void {
  const real = Date.now.bind(Date);
  const start = real();
  vi.spyOn(Date, 'now').mockImplementation(() => start + Math.floor((real() - start) * rate));
}
