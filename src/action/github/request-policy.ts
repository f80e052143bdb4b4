/**
 * How long each GitHub request may take and whether it is repeated, as an Octokit request hook.
 * No request starts after the deadline and none waits for an answer past it. Only what is safe to
 * send twice is repeated (GET, and updates marked idempotent), after what GitHub asks for
 * (Retry-After, the rate limit's reset) or a doubling wait, never beyond the deadline.
 *
 * Not `@octokit/plugin-retry`: it repeats any failed request but a 4xx, a POST too (a second
 * comment or check run when GitHub acted on one that got no answer), and its waits know nothing
 * of the run's deadline.
 */
import { parseRetryAfter } from '../../api/retry-after.ts';
import { msLeft, type Deadline } from '../../deadline.ts';
import { headersOf, isRateLimit, NoAnswer, RefusedRequest, statusOf } from './errors.ts';

/** How the hook treats one call, passed as the endpoint's `request` options. */
export interface RequestPolicy {
  /** Safe to send twice: GitHub may have acted on a request that got no answer. */
  idempotent?: boolean;
  /** Attempts for an idempotent request. */
  attempts?: number;
  /** The request must be over this long before the deadline. */
  reserveMs?: number;
}

export interface PolicyOptions {
  /** Per attempt; never more than the time left before `deadline`. */
  requestTimeoutMs: number;
  /** First wait before repeating a failed idempotent request, doubled each time. */
  retryDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  /** When the GitHub work must be over; its clock times the waits too. */
  deadline: Deadline;
  /** Called as each attempt is sent. */
  onAttempt: () => void;
}

/** The endpoint options Octokit passes to a request hook: only what the policy reads and sets. */
interface Endpoint {
  method: string;
  request?: object;
}

/** What `octokit.hook.wrap('request', …)` takes. */
export type RequestHook<E extends Endpoint, R> = (
  request: (endpoint: E) => R | Promise<R>,
  endpoint: E,
) => Promise<R>;

/** Attempts at completing a check run; other idempotent requests get two, the rest one. */
export const COMPLETE_ATTEMPTS = 4;
export const IDEMPOTENT_ATTEMPTS = 2;
/** Longest wait before a repeat, whatever Retry-After or x-ratelimit-reset ask for. */
const MAX_RETRY_WAIT_MS = 60_000;

/** Runs each call within its policy: the deadline, a timeout per attempt, and the repeats. */
export function boundedRequests<E extends Endpoint, R>(options: PolicyOptions): RequestHook<E, R> {
  const { deadline, requestTimeoutMs, sleep } = options;
  return async (request, endpoint) => {
    const policy = (endpoint.request ?? {}) as RequestPolicy;
    // Creating, or appending annotations, is not repeated after a server error or a timeout:
    // GitHub may have acted on it.
    const idempotent = endpoint.method === 'GET' || policy.idempotent === true;
    const attempts = idempotent ? (policy.attempts ?? IDEMPOTENT_ATTEMPTS) : 1;
    const timeLeft = () => msLeft(deadline) - (policy.reserveMs ?? 0);
    for (let attempt = 1; ; attempt += 1) {
      const left = timeLeft();
      if (left <= 0) {
        throw new RefusedRequest(
          policy.reserveMs === undefined
            ? 'the time allowed for GitHub is up, so nothing more was sent'
            : `less than ${policy.reserveMs / 1000} s are left before the deadline, which are kept to complete the check run`,
        );
      }
      const ms = Math.ceil(Math.min(requestTimeoutMs, left));
      const timeout = AbortSignal.timeout(ms);
      options.onAttempt();
      let failure: unknown;
      try {
        // The hooks inside this one get `endpoint` itself, whatever is passed to `request`. Its
        // `request` options may be a method's defaults, shared by calls: replaced, not changed.
        endpoint.request = { ...endpoint.request, signal: timeout };
        // A body cut off by the timeout throws: the transport reads it.
        return await request(endpoint);
      } catch (error) {
        const cause = (error as { cause?: unknown } | null)?.cause;
        if (cause instanceof RefusedRequest) throw cause;
        failure = timeout.aborted ? new NoAnswer(`no answer within ${ms / 1000} s`) : error;
      }
      const wait = attempt < attempts ? retryWait(failure, attempt, options) : undefined;
      if (wait === undefined || wait > Math.min(MAX_RETRY_WAIT_MS, timeLeft())) throw failure;
      await sleep(wait);
    }
  };
}

/**
 * How long to wait before repeating, or undefined when the failure is not worth repeating:
 * what GitHub asks for (Retry-After, or the rate limit's reset), else a doubling backoff.
 */
function retryWait(
  failure: unknown,
  attempt: number,
  { deadline: { now }, retryDelayMs }: PolicyOptions,
): number | undefined {
  const status = statusOf(failure);
  const rateLimited = (status === 403 || status === 429) && isRateLimit(failure);
  if (!(failure instanceof NoAnswer) && status < 500 && !rateLimited) return undefined;
  const headers = headersOf(failure);
  const reset = Number(headers['x-ratelimit-reset']);
  const untilReset =
    headers['x-ratelimit-remaining'] === '0' && reset > 0
      ? Math.max(0, reset * 1000 - now())
      : undefined;
  return (
    parseRetryAfter(headers['retry-after'], now, Infinity) ??
    untilReset ??
    retryDelayMs * 2 ** (attempt - 1)
  );
}
