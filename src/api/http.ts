/**
 * One request to the audit service, with the retry policy: which failures are retried, how
 * long to wait, and when a POST must not be repeated because the service may have acted on it.
 * Meaning (what an answer says, what to tell the user) belongs to client.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { createDispatcher, type LazyDispatcher } from '../net/dispatcher.ts';
import type { Log } from '../log.ts';
import { UploadReadError } from './multipart.ts';
import { parseRetryAfter, RETRY_AFTER_CAP_MS } from './retry-after.ts';

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
export interface Failure {
  reason: string;
  retryable: boolean;
  mayHaveActed: boolean;
  neverSent: boolean;
  unreadable?: boolean;
  answer?: HttpAnswer;
  /** The wait `Retry-After` asks for, capped; and as asked, for messages. */
  retryAfter?: { waitMs: number; askedMs: number };
  /** The attempt was cut short by `retryUntil`. */
  byDeadline?: boolean;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 60_000;
/** Answers are JSON of findings; anything beyond this is not a plausible answer. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Statuses that say the service turned the request away before processing it. */
const RETRY_STATUS_UNSAFE = new Set([429, 503]);

/** Connection failures a repeat may cure, where no byte of the request reached the service. */
const NOT_SENT_TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);
/**
 * Failures before any byte was sent that a repeat will not cure: an unknown host, a refused
 * TLS handshake, a header undici will not send (a key with a line break or beyond Latin-1).
 */
const NOT_SENT_LASTING_CODES = new Set(['ENOTFOUND', 'UND_ERR_INVALID_ARG']);
/** Failures mid-exchange that a repeat may cure. */
const TRANSIENT_CODES = new Set([
  ...NOT_SENT_TRANSIENT_CODES,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

class AttemptTimeout extends Error {
  readonly byDeadline: boolean;

  constructor(byDeadline: boolean) {
    super('attempt timed out');
    this.byDeadline = byDeadline;
  }
}

class AnswerTooLarge extends Error {}

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
    const { maxAttempts, log, now } = this.#options;
    const { retryUntil } = request;
    const label = `${request.method} ${this.#basePath}${request.path}`;
    const timeLeft = () => (retryUntil === undefined ? Infinity : retryUntil - now());
    let last: { failure: Failure; deadline: DeadlineStop } | undefined;
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

  async #attempt(request: HttpRequest): Promise<HttpAnswer | Failure> {
    const { baseUrl, apiKey, userAgent, requestTimeoutMs, now } = this.#options;
    const { retryUntil } = request;
    // Made before the clock starts: the first one loads undici.
    const agent = await (request.body ? this.#uploadAgent : this.#agent).get();
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
      return this.#failureOf(request, error, controller.signal);
    } finally {
      ended = true;
      clearTimeout(timer);
      body?.destroy();
    }
  }

  /** A failure when the answer should not be handed on as it is, else undefined. */
  #judge(request: HttpRequest, answer: HttpAnswer): Failure | undefined {
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

  #failureOf(request: HttpRequest, error: unknown, signal: AbortSignal): Failure {
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
        mayHaveActed: !request.idempotent,
        neverSent: false,
        byDeadline,
      };
    }
    return judgeTransportError(error, request.idempotent);
  }
}

const DEADLINE_PASSED: Failure = {
  reason: 'not sent: the deadline had passed',
  retryable: false,
  mayHaveActed: false,
  neverSent: true,
};
const PASSED: DeadlineStop = { kind: 'passed' };

function failed(
  failure: Failure,
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

/** What a connection-level error means: whether anything was sent, and whether to try again. */
export function judgeTransportError(error: unknown, idempotent: boolean): Failure {
  const code = errorCode(error);
  const reason = `${describeCode(code)}${error instanceof Error ? `: ${error.message}` : ''}`;
  const neverSent =
    code !== undefined &&
    (NOT_SENT_TRANSIENT_CODES.has(code) || NOT_SENT_LASTING_CODES.has(code) || isTlsCode(code));
  const transient = code !== undefined && TRANSIENT_CODES.has(code);
  return {
    reason,
    retryable: transient && (idempotent || neverSent),
    mayHaveActed: !idempotent && !neverSent,
    neverSent,
  };
}

/**
 * Reads the whole body, bounded, into one buffer and decodes it once: a large answer is held as
 * bytes and as text, never also as chunks and their copy. undici's body must always be consumed
 * or destroyed.
 */
async function readText(body: Readable, headers: IncomingHttpHeaders): Promise<string> {
  const tooLarge = () => {
    body.destroy();
    return new AnswerTooLarge(`the answer exceeded ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
  };
  const declared = Number(headerValue(headers['content-length']));
  // Refused before reading: the bytes may be slow to come, or never come.
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  // undici holds the body to its Content-Length: then the buffer is made to measure; without
  // one it doubles as needed. Pages of it that are never written are never taken from the system.
  let buffer = Buffer.allocUnsafe(Number.isSafeInteger(declared) && declared > 0 ? declared : 0);
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const end = size + chunk.length;
    if (end > MAX_BODY_BYTES) throw tooLarge();
    if (end > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(MAX_BODY_BYTES, Math.max(end, 2 * buffer.length)));
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    chunk.copy(buffer, size);
    size = end;
  }
  return buffer.toString('utf8', 0, size);
}

/**
 * A 2xx answer lost on the way: an empty 200 (201/202/204 may be empty), or JSON that stops
 * inside a string, object or array, as one cut off does. A body that is not JSON at all (a web
 * page) is complete: repeating it changes nothing, so it goes to the parser, which says what it
 * is; so does JSON closed but malformed, or lacking fields. Scanned, not parsed: the parser
 * reads a large answer once.
 */
function isCutShort(answer: HttpAnswer): boolean {
  const text = answer.text.trim();
  if (text === '') return answer.status === 200;
  return /^[[{"]/.test(text) && endsOpen(text);
}

/** Whether JSON text ends inside a string, or with an object or array still open. */
function endsOpen(text: string): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    switch (text.charCodeAt(at)) {
      case 0x22: // " : on to the closing quote, the first not escaped by an odd run of backslashes
        do {
          at = text.indexOf('"', at + 1);
          if (at < 0) return true;
        } while (escaped(text, at));
        break;
      case 0x5b: // [
      case 0x7b: // {
        depth += 1;
        break;
      case 0x5d: // ]
      case 0x7d: // }
        depth -= 1;
    }
  }
  return depth > 0;
}

function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes += 1;
  return backslashes % 2 === 1;
}

/** A header's value; the first when it came more than once. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The error's code, looking through undici's and Node's wrappers. */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') return code;
    // Happy-eyeballs connects fail with an AggregateError of per-address errors.
    e = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return /CERT|SELF_SIGNED|TLS|SSL/.test(code);
}

function describeCode(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'connection closed unexpectedly';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not resolved';
    case 'UND_ERR_INVALID_ARG':
      return 'the request was never sent';
    case undefined:
      return 'request failed';
    default:
      return isTlsCode(code) ? `TLS handshake failed (${code})` : code;
  }
}
