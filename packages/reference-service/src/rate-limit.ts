/**
 * Per-key rate limiting in fixed windows: each key may make `requests` requests per `windowMs`;
 * past that it is told how many whole seconds to wait until its window ends.
 */

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** Generous: no test or demo comes near it unless it asks for a tighter limit. */
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 1_000, windowMs: 60_000 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter(limit: RateLimit, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key: string): RateDecision {
      const time = now();
      let window = windows.get(key);
      if (!window || time >= window.start + limit.windowMs) {
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit.requests) return { allowed: true };
      const waitMs = window.start + limit.windowMs - time;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}

export function describeRateLimit(limit: RateLimit): string {
  return `${limit.requests} requests per ${limit.windowMs / 1000} s`;
}
