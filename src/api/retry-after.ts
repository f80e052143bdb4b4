/**
 * The `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Services send it
 * on 202, 429 and 503; the value is untrusted, so it is bounded before anyone waits on it.
 */

/** Longest wait a service may ask for; a larger value is cut to this. */
export const RETRY_AFTER_CAP_MS = 5 * 60_000;

/**
 * Milliseconds to wait, between 0 and `capMs`, or undefined when the header is absent or
 * unreadable (then the caller's own backoff applies).
 */
export function parseRetryAfter(
  value: string | undefined,
  now: () => number = Date.now,
  capMs: number = RETRY_AFTER_CAP_MS,
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    // Only date-looking values: Date.parse also accepts bare numbers like "1.5" as years.
    if (!/[A-Za-z]/.test(text)) return undefined;
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now();
  }
  return Math.min(Math.max(ms, 0), capMs);
}
