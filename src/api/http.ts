/**
 * One request to the audit service, with the retry policy: which failures are retried, how
 * long to wait, and when a POST must not be repeated because the service may have acted on it.
 * Meaning (what an answer says, what to tell the user) belongs to client.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { EnvHttpProxyAgent } from 'undici';
import { UploadReadError } from './multipart.ts';
import { parseRetryAfter } from './retry-after.ts';

export interface HttpLog {
  debug(msg: string): void;
  info(msg: string): void;
  warning(msg: string): void;
}

export interface HttpSessionOptions {
  baseUrl: URL;
  apiKey: string;
  userAgent: string;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
  maxAttempts: number;
  requestTimeoutMs: number;
  log: HttpLog;
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
  /** No retry whose wait would end after this time (per `now`): the caller stops waiting then. */
  retryUntil?: number;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

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
    };

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 60_000;
/** Answers are JSON of findings; anything beyond this is not a plausible answer. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Statuses that say the service turned the request away before processing it. */
const RETRY_STATUS_UNSAFE = new Set([429, 503]);

/** Connection failures where no byte of the request reached the service. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);
/** Failures mid-exchange that a repeat may cure. */
const TRANSIENT_CODES = new Set([
  ...NOT_SENT_CODES,
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

interface Failure {
  reason: string;
  retryable: boolean;
  mayHaveActed: boolean;
  answer?: HttpAnswer;
  retryAfterMs?: number;
}

class AttemptTimeout extends Error {}

export class HttpSession {
  readonly #options: HttpSessionOptions;
  readonly #agent: EnvHttpProxyAgent;
  /** Uploads never reuse a pooled socket: a stale one failing mid-POST could leave an audit we can't retry. */
  readonly #uploadAgent: EnvHttpProxyAgent;
  readonly #basePath: string;

  constructor(options: HttpSessionOptions) {
    this.#options = options;
    this.#basePath = options.baseUrl.pathname.replace(/\/+$/, '');
    const agentOptions = {
      connect: { timeout: Math.min(options.requestTimeoutMs, 30_000) },
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    };
    // Self-hosted runners often reach the internet only through HTTP(S)_PROXY / NO_PROXY.
    this.#agent = new EnvHttpProxyAgent(agentOptions);
    this.#uploadAgent = new EnvHttpProxyAgent(agentOptions);
  }

  /** Replaces every occurrence of the API key, so text the service echoes can be shown. */
  #redact(text: string): string {
    const key = this.#options.apiKey;
    if (!key) return text;
    const masked = maskKey(text, key);
    // JSON may spell the key with escapes (`\/`, `\u0041`) that parsing undoes.
    return masked.includes('\\') ? maskJsonStrings(masked, key) : masked;
  }

  /** Header values masked like bodies: `Location` becomes the audit id, which reports show. */
  #redactHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
    const key = this.#options.apiKey;
    if (!key) return headers;
    return Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        Array.isArray(value)
          ? value.map((item) => maskKey(item, key))
          : value === undefined
            ? value
            : maskKey(value, key),
      ]),
    );
  }

  async send(request: HttpRequest): Promise<HttpOutcome> {
    const { maxAttempts, log } = this.#options;
    const label = `${request.method} ${this.#basePath}${request.path}`;
    for (let attempt = 1; ; attempt += 1) {
      log.debug(`${label} (attempt ${attempt}/${maxAttempts})`);
      const result = await this.#attempt(request);
      if (!('reason' in result)) return { ok: true, answer: result, attempts: attempt };
      const timeLeft =
        request.retryUntil === undefined ? Infinity : request.retryUntil - this.#options.now();
      if (!result.retryable || attempt >= maxAttempts || timeLeft <= 0) {
        return {
          ok: false,
          reason: result.reason,
          attempts: attempt,
          answer: result.answer,
          mayHaveActed: result.mayHaveActed,
        };
      }
      // A Retry-After of 0 or a date already past (clock skew) must not become a burst of retries;
      // past `retryUntil` nobody waits for the answer, so the last attempt comes at that time.
      const waitMs = Math.min(result.retryAfterMs || this.#backoff(attempt), timeLeft);
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
    const { baseUrl, apiKey, userAgent, requestTimeoutMs } = this.#options;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The time limit runs from the last chunk of the upload taken: a large upload on a slow
    // link must not read as "no answer" (and so as an audit that may or may not exist).
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new AttemptTimeout()), requestTimeoutMs);
    };
    restartTimer();
    const body = request.body?.open(restartTimer);
    try {
      const agent = request.body ? this.#uploadAgent : this.#agent;
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
        headers: this.#redactHeaders(response.headers),
        // Masked at once: the service may echo the key, and bodies reach messages and parsers.
        text: this.#redact(await readText(response.body)),
      };
      return this.#judge(request, answer) ?? answer;
    } catch (error) {
      return this.#failureOf(request, error, controller.signal);
    } finally {
      clearTimeout(timer);
      body?.destroy();
    }
  }

  /** A failure when the answer should not be handed on as it is, else undefined. */
  #judge(request: HttpRequest, answer: HttpAnswer): Failure | undefined {
    const { status } = answer;
    const retryAfterMs = parseRetryAfter(
      headerValue(answer.headers['retry-after']),
      this.#options.now,
    );
    if (RETRY_STATUS.has(status)) {
      const retryable = request.idempotent || RETRY_STATUS_UNSAFE.has(status);
      // A POST answered 429/503 was turned away; a 500/502/504 may come after the audit began.
      if (!retryable && status < 500) return undefined;
      return {
        reason: `HTTP ${status}`,
        retryable,
        mayHaveActed: !retryable,
        answer,
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      };
    }
    if (request.idempotent && status >= 200 && status < 300 && isCutShort(answer)) {
      return {
        reason: `HTTP ${status} with an incomplete body (${Buffer.byteLength(answer.text)} bytes)`,
        retryable: true,
        mayHaveActed: false,
        answer,
      };
    }
    return undefined;
  }

  #failureOf(request: HttpRequest, error: unknown, signal: AbortSignal): Failure {
    if (error instanceof UploadReadError) {
      return { reason: error.message, retryable: false, mayHaveActed: false };
    }
    if (signal.aborted && signal.reason instanceof AttemptTimeout) {
      const reason = `no complete answer within ${this.#options.requestTimeoutMs / 1000}s`;
      return { reason, retryable: request.idempotent, mayHaveActed: !request.idempotent };
    }
    const code = errorCode(error);
    const reason = `${describeCode(code)}${error instanceof Error ? `: ${error.message}` : ''}`;
    const notSent =
      code !== undefined && (NOT_SENT_CODES.has(code) || code === 'ENOTFOUND' || isTlsCode(code));
    const transient = code !== undefined && TRANSIENT_CODES.has(code);
    return {
      reason,
      retryable: transient && (request.idempotent || notSent),
      mayHaveActed: !request.idempotent && !notSent,
    };
  }
}

/** The key as sent, and percent-encoded with upper- or lower-case hex digits, each replaced by `***`. */
function maskKey(text: string, key: string): string {
  const encoded = encodeURIComponent(key);
  const forms = [key, encoded, encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())];
  return forms.reduce((out, form) => out.split(form).join('***'), text);
}

/** A JSON text with the key masked in every string it decodes to; other text is returned as it is. */
function maskJsonStrings(text: string, key: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  let found = false;
  const mask = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const masked = maskKey(item, key);
      found ||= masked !== item;
      return masked;
    }
    if (Array.isArray(item)) return item.map(mask);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([name, v]) => [mask(name), mask(v)]));
    }
    return item;
  };
  const masked = mask(value);
  return found ? JSON.stringify(masked) : text;
}

/** Reads the whole body, bounded; undici's body must always be consumed or destroyed. */
async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw new Error(`the answer exceeded ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A 2xx answer lost on the way: an empty 200 (201/202/204 may be empty), or JSON that does not
 * parse. A body that is not JSON at all (a web page) is complete: repeating it changes nothing,
 * so it goes to the parser, which says what it is. One that parses but lacks fields likewise.
 */
function isCutShort(answer: HttpAnswer): boolean {
  const text = answer.text.trim();
  if (text === '') return answer.status === 200;
  if (!/^[[{"]/.test(text)) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
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
    case undefined:
      return 'request failed';
    default:
      return code;
  }
}
