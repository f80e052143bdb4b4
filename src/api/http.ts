/**
 * One request to the audit service, with the retry policy: which failures are retried, how
 * long to wait, and when a POST must not be repeated because the service may have acted on it.
 * Meaning (what an answer says, what to tell the user) belongs to client.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { createDispatcher, type LazyDispatcher } from '../net/dispatcher.ts';
import type { Log } from '../log.ts';
import { AnswerTooLarge, headerValue, isCutShort, readText } from './answer-body.ts';
import { UploadReadError } from './multipart.ts';
import { parseRetryAfter, RETRY_AFTER_CAP_MS } from './retry-after.ts';
import { judgeTransportError, type TransportJudgement } from './transport-errors.ts';

export interface HttpSessionOptions {
  baseUrl: URL;
  apiKey: string;
  userAgent: string;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
  maxAttempts: number;
  requestTimeoutMs: number;
  log: Log;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Below the base URL's own path, e.g. `/v1/projects`. */
  path: string;
  headers?: Record<string, string>;
  body?: { contentType: string; length: number; open(onProgress?: () => void): Readable };
  /**
   * A GET may be repeated freely. A non-idempotent POST is repeated only when the service
   * cannot have acted on it: nothing was sent, or it answered 429/503 before processing.
   */
  idempotent: boolean;
  /**
   * The end of the request (per `now`): no attempt starts, runs or is waited for past it; a
   * wait that would end after it ends the request at once.
   */
  retryUntil?: number | undefined;
  /** At most this many attempts, fewer than the session's (1: never retried). */
  maxAttempts?: number | undefined;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** How `retryUntil` ended a request. */
export type DeadlineStop =
  /** It had passed before the request could be sent. */
  | { kind: 'passed' }
  /** It cut the last attempt short. */
  | { kind: 'attempt' }
  /** The wait before the next attempt would end after it; `askedMs` when the service asked for it. */
  | { kind: 'wait'; askedMs: number | undefined };

export type HttpOutcome =
  | { ok: true; answer: HttpAnswer; attempts: number }
  | {
      ok: false;
      /** Short, header-free description of the last failure. */
      reason: string;
      attempts: number;
      /** The last answer, when the failure was an HTTP answer. */
      answer: HttpAnswer | undefined;
      /** True when the request may have reached the service and been acted on. */
      mayHaveActed: boolean;
      /** True when no byte of the request left this machine. */
      neverSent: boolean;
      /** An answer came that cannot be read (too large): asking again will not help. */
      unreadable: boolean;
      /** Set when `retryUntil` ended the request. */
      deadline: DeadlineStop | undefined;
    };

/** What one failed attempt means for the request. */
export interface AttemptFailure extends TransportJudgement {
  unreadable?: boolean;
  answer?: HttpAnswer;
  /** The wait `Retry-After` asks for, capped; and as asked, for messages. */
  retryAfter?: { waitMs: number; askedMs: number };
  /** The attempt was cut short by `retryUntil`. */
  byDeadline?: boolean;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 60_000;

const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Statuses that say the service turned the request away before processing it. */
const RETRY_STATUS_UNSAFE = new Set([429, 503]);

class AttemptTimeout extends Error {
  readonly byDeadline: boolean;

  constructor(byDeadline: boolean) {
    super('attempt timed out');
    this.byDeadline = byDeadline;
  }
}

export class HttpSession {
  readonly #options: HttpSessionOptions;
  readonly #agent: LazyDispatcher;
  /** Uploads never reuse a pooled socket: a stale one failing mid-POST could leave an audit we can't retry. */
  readonly #uploadAgent: LazyDispatcher;
  readonly #basePath: string;

  constructor(options: HttpSessionOptions) {
    this.#options = options;
    this.#basePath = options.baseUrl.pathname.replace(/\/+$/, '');
    const agentOptions = {
      connect: { timeout: Math.min(options.requestTimeoutMs, 30_000) },
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    };
    this.#agent = createDispatcher(options.baseUrl, agentOptions);
    this.#uploadAgent = createDispatcher(options.baseUrl, agentOptions);
  }

  async send(request: HttpRequest): Promise<HttpOutcome> {
    const { log, now } = this.#options;
    const { retryUntil } = request;
    const maxAttempts = Math.min(this.#options.maxAttempts, request.maxAttempts ?? Infinity);
    const label = `${request.method} ${this.#basePath}${request.path}`;
    const timeLeft = () => (retryUntil === undefined ? Infinity : retryUntil - now());
    let last: { failure: AttemptFailure; deadline: DeadlineStop } | undefined;
    for (let attempt = 1; ; attempt += 1) {
      // A wait can overrun by a little, so this is checked before every attempt, not only the first.
      if (timeLeft() <= 0) {
        const { failure, deadline } = last ?? { failure: DEADLINE_PASSED, deadline: PASSED };
        return failed(failure, attempt - 1, deadline);
      }
      log.debug(`${label} (attempt ${attempt}/${maxAttempts})`);
      const result = await this.#attempt(request);
      if (!('reason' in result)) return { ok: true, answer: result, attempts: attempt };
      if (result.byDeadline) return failed(result, attempt, { kind: 'attempt' });
      if (!result.retryable || attempt >= maxAttempts) return failed(result, attempt, undefined);
      // A Retry-After of 0 or a date already past (clock skew) must not become a burst of retries.
      const asked = result.retryAfter?.waitMs ? result.retryAfter : undefined;
      const waitMs = asked?.waitMs ?? this.#backoff(attempt);
      const deadline: DeadlineStop = { kind: 'wait', askedMs: asked?.askedMs };
      // Nobody waits for the answer past `retryUntil`: an attempt there would be cut off unheard.
      if (waitMs >= timeLeft()) return failed(result, attempt, deadline);
      last = { failure: result, deadline };
      log.info(
        `${label} failed (attempt ${attempt}/${maxAttempts}): ${result.reason}; ` +
          `retrying in ${(waitMs / 1000).toFixed(1)}s`,
      );
      await this.#options.sleep(waitMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.#agent.close(), this.#uploadAgent.close()]);
  }

  /** Full jitter: a uniform wait up to an exponentially growing ceiling. */
  #backoff(attempt: number): number {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
    return Math.floor(this.#options.random() * ceiling);
  }

  async #attempt(request: HttpRequest): Promise<HttpAnswer | AttemptFailure> {
    const { baseUrl, apiKey, userAgent, requestTimeoutMs, now } = this.#options;
    const { retryUntil } = request;
    const agent = (request.body ? this.#uploadAgent : this.#agent).get();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    // The time limit runs from the last chunk of the upload taken: a large upload on a slow
    // link must not read as "no answer" (and so as an audit that may or may not exist).
    // Never past `retryUntil`, and never once the attempt has ended: the body stream may still
    // take a chunk then, and a timer armed by it would keep the process alive.
    const restartTimer = () => {
      if (ended) return;
      clearTimeout(timer);
      const left = retryUntil === undefined ? Infinity : retryUntil - now();
      const byDeadline = left < requestTimeoutMs;
      timer = setTimeout(
        () => controller.abort(new AttemptTimeout(byDeadline)),
        Math.max(0, Math.min(requestTimeoutMs, left)),
      );
    };
    restartTimer();
    const body = request.body?.open(restartTimer);
    // Until the whole body has been taken, the service cannot have acted on a POST.
    let bodyTaken = body === undefined;
    body?.once('end', () => (bodyTaken = true));
    try {
      const response = await agent.request({
        origin: baseUrl.origin,
        reset: Boolean(request.body),
        path: `${this.#basePath}${request.path}`,
        method: request.method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          'user-agent': userAgent,
          ...(request.body && {
            'content-type': request.body.contentType,
            'content-length': String(request.body.length),
          }),
          ...request.headers,
        },
        body: body ?? null,
        signal: controller.signal,
      });
      const answer: HttpAnswer = {
        status: response.statusCode,
        headers: response.headers,
        text: await readText(response.body, response.headers),
      };
      return this.#judge(request, answer) ?? answer;
    } catch (error) {
      return this.#failureOf(request, error, controller.signal, bodyTaken);
    } finally {
      ended = true;
      clearTimeout(timer);
      body?.destroy();
    }
  }

  /** A failure when the answer should not be handed on as it is, else undefined. */
  #judge(request: HttpRequest, answer: HttpAnswer): AttemptFailure | undefined {
    const { status } = answer;
    // Uncapped here: a message names the wait the service asked for, not the one we allow.
    const askedMs = parseRetryAfter(
      headerValue(answer.headers['retry-after']),
      this.#options.now,
      Infinity,
    );
    if (RETRY_STATUS.has(status)) {
      const retryable = request.idempotent || RETRY_STATUS_UNSAFE.has(status);
      // A POST answered 429/503 was turned away; a 500/502/504 may come after the audit began.
      if (!retryable && status < 500) return undefined;
      return {
        reason: `HTTP ${status}`,
        retryable,
        mayHaveActed: !retryable,
        neverSent: false,
        answer,
        ...(askedMs !== undefined && {
          retryAfter: { waitMs: Math.min(askedMs, RETRY_AFTER_CAP_MS), askedMs },
        }),
      };
    }
    if (request.idempotent && status >= 200 && status < 300 && isCutShort(answer)) {
      return {
        reason: `HTTP ${status} with an incomplete body (${Buffer.byteLength(answer.text)} bytes)`,
        retryable: true,
        mayHaveActed: false,
        neverSent: false,
        answer,
      };
    }
    return undefined;
  }

  #failureOf(
    request: HttpRequest,
    error: unknown,
    signal: AbortSignal,
    bodyTaken: boolean,
  ): AttemptFailure {
    if (error instanceof UploadReadError) {
      return { reason: error.message, retryable: false, mayHaveActed: false, neverSent: false };
    }
    if (error instanceof AnswerTooLarge) {
      return {
        reason: error.message,
        retryable: false,
        mayHaveActed: !request.idempotent,
        neverSent: false,
        unreadable: true,
      };
    }
    if (signal.aborted && signal.reason instanceof AttemptTimeout) {
      const { byDeadline } = signal.reason;
      const reason = byDeadline
        ? 'no complete answer before the deadline'
        : `no complete answer within ${this.#options.requestTimeoutMs / 1000}s`;
      return {
        reason,
        retryable: request.idempotent,
        mayHaveActed: !request.idempotent && bodyTaken,
        neverSent: false,
        byDeadline,
      };
    }
    return judgeTransportError(error, request.idempotent);
  }
}

const DEADLINE_PASSED: AttemptFailure = {
  reason: 'not sent: the deadline had passed',
  retryable: false,
  mayHaveActed: false,
  neverSent: true,
};
const PASSED: DeadlineStop = { kind: 'passed' };

function failed(
  failure: AttemptFailure,
  attempts: number,
  deadline: DeadlineStop | undefined,
): HttpOutcome {
  return {
    ok: false,
    reason: failure.reason,
    attempts,
    answer: failure.answer,
    mayHaveActed: failure.mayHaveActed,
    neverSent: failure.neverSent,
    unreadable: failure.unreadable ?? false,
    deadline,
  };
}
