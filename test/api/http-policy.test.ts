/**
 * HttpSession's retry policy, pinned code by code and answer by answer: which failures are
 * retried, which leave the request unsent, and what a deadline says about the audit.
 */
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSession, type HttpRequest } from '../../src/api/http.ts';
import { judgeTransportError } from '../../src/api/transport-errors.ts';
import { startServer, type TestServer } from '../support/hostile-server.ts';

function wrapped(code: string): Error {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error(`${code} audit.example.test`), { code }),
  });
}

describe('judgeTransportError: every code of the retry and "never sent" sets', () => {
  it.each(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])(
    '%s: nothing was sent, so a POST is retried too',
    (code) => {
      for (const idempotent of [true, false]) {
        expect(judgeTransportError(wrapped(code), idempotent)).toMatchObject({
          retryable: true,
          mayHaveActed: false,
          neverSent: true,
        });
      }
    },
  );

  it.each(['ENOTFOUND', 'UND_ERR_INVALID_ARG', 'CERT_HAS_EXPIRED'])(
    '%s: nothing was sent, and a repeat would not help',
    (code) => {
      for (const idempotent of [true, false]) {
        expect(judgeTransportError(wrapped(code), idempotent)).toMatchObject({
          retryable: false,
          mayHaveActed: false,
          neverSent: true,
        });
      }
    },
  );

  it.each([
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'ERR_STREAM_PREMATURE_CLOSE',
  ])('%s: a GET is retried; a POST is not, and may have acted', (code) => {
    expect(judgeTransportError(wrapped(code), true)).toMatchObject({
      retryable: true,
      mayHaveActed: false,
      neverSent: false,
    });
    expect(judgeTransportError(wrapped(code), false)).toMatchObject({
      retryable: false,
      mayHaveActed: true,
      neverSent: false,
    });
  });

  it('retries no other code, nor an error without one', () => {
    for (const error of [wrapped('EACCES'), new Error('boom'), 'text']) {
      expect(judgeTransportError(error, true)).toMatchObject({
        retryable: false,
        neverSent: false,
      });
      expect(judgeTransportError(error, false)).toMatchObject({ mayHaveActed: true });
    }
  });
});

describe('HttpSession answers and deadlines', () => {
  let server: TestServer | undefined;
  let session: HttpSession | undefined;
  afterEach(async () => {
    await session?.close();
    await server?.close();
    server = session = undefined;
  });

  function sessionOf(url: string, requestTimeoutMs = 10_000): HttpSession {
    session = new HttpSession({
      baseUrl: new URL(url),
      apiKey: 'test-api-key-5f1c9a7e',
      userAgent: 'test',
      sleep: async () => undefined,
      random: () => 0,
      now: Date.now,
      maxAttempts: 3,
      requestTimeoutMs,
      log: { debug() {}, info() {}, warning() {} },
    });
    return session;
  }

  const get: HttpRequest = { method: 'GET', path: '/v1/audits/a1', idempotent: true };
  const post: HttpRequest = {
    method: 'POST',
    path: '/v1/audits',
    idempotent: false,
    headers: { 'content-type': 'application/json' },
  };

  it('retries a GET answered 200 with an empty body, and gives up saying so', async () => {
    server = await startServer((_request, response) => response.writeHead(200).end());
    const outcome = await sessionOf(server.url).send(get);
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 3,
      reason: 'HTTP 200 with an incomplete body (0 bytes)',
      mayHaveActed: false,
    });
    expect(server.requests).toHaveLength(3);
  });

  it('hands on an empty 204 and an empty 200 to a POST as they are', async () => {
    let status = 204;
    server = await startServer((_request, response) => response.writeHead(status).end());
    expect(await sessionOf(server.url).send(get)).toMatchObject({ ok: true, attempts: 1 });
    status = 200;
    expect(await session!.send(post)).toMatchObject({
      ok: true,
      attempts: 1,
      answer: { status: 200, text: '' },
    });
  });

  it('hands on a GET answered 4xx with cut-off JSON once: a repeat would not mend it', async () => {
    const body = '{"error": {"message": "audit not fo';
    server = await startServer((_request, response) => response.writeHead(404).end(body));
    expect(await sessionOf(server.url).send(get)).toMatchObject({
      ok: true,
      attempts: 1,
      answer: { status: 404, text: body },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('says a POST never sent when the deadline had passed: no audit can exist', async () => {
    server = await startServer((_request, response) => response.end('{}'));
    const outcome = await sessionOf(server.url).send({ ...post, retryUntil: Date.now() - 1 });
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 0,
      mayHaveActed: false,
      neverSent: true,
      deadline: { kind: 'passed' },
    });
    expect(server.connections()).toBe(0);
  });

  it('keeps "turned away" when the deadline ends the wait after a POST answered 503', async () => {
    server = await startServer((_request, response) =>
      response.writeHead(503, { 'retry-after': '120' }).end(),
    );
    const outcome = await sessionOf(server.url).send({ ...post, retryUntil: Date.now() + 5_000 });
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 1,
      mayHaveActed: false,
      neverSent: false,
      deadline: { kind: 'wait', askedMs: 120_000 },
    });
  });

  it('keeps "never sent" when the deadline ends the wait after a refused connection', async () => {
    server = await startServer(() => undefined);
    const { url } = server;
    await server.close();
    server = undefined;
    let clock = Date.now();
    const deadline = clock + 1_000;
    session = new HttpSession({
      baseUrl: new URL(url),
      apiKey: 'test-api-key-5f1c9a7e',
      userAgent: 'test',
      // The backoff overruns the deadline, so the next round finds it passed.
      sleep: async (ms) => {
        clock += ms + 1_000;
      },
      random: () => 0.5,
      now: () => clock,
      maxAttempts: 5,
      requestTimeoutMs: 10_000,
      log: { debug() {}, info() {}, warning() {} },
    });
    const outcome = await session.send({ ...post, retryUntil: deadline });
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 1,
      mayHaveActed: false,
      neverSent: true,
      deadline: { kind: 'wait', askedMs: undefined },
    });
  });

  it('says a POST whose upload the deadline cut short acted on nothing', async () => {
    server = await startServer((request) => request.resume());
    const chunk = Buffer.alloc(1024, 0x61);
    let sent = false;
    const body = {
      contentType: 'application/octet-stream',
      length: 64 * chunk.length,
      // One chunk, then the upload stalls.
      open: () =>
        new Readable({
          read() {
            if (!sent) this.push(chunk);
            sent = true;
          },
        }),
    };
    const outcome = await sessionOf(server.url).send({
      ...post,
      body,
      retryUntil: Date.now() + 300,
    });
    expect(outcome).toMatchObject({ ok: false, deadline: { kind: 'attempt' } });
    expect(outcome).toMatchObject({ mayHaveActed: false });
  });

  it('says a GET cut short by the deadline acted on nothing, and a POST may have', async () => {
    // Takes the whole request, then never answers.
    server = await startServer((request) => request.resume());
    const outcomeOf = (request: HttpRequest) =>
      sessionOf(server!.url).send({ ...request, retryUntil: Date.now() + 300 });
    expect(await outcomeOf(get)).toMatchObject({
      ok: false,
      reason: 'no complete answer before the deadline',
      mayHaveActed: false,
      deadline: { kind: 'attempt' },
    });
    await session!.close();
    expect(await outcomeOf({ ...post, body: undefined })).toMatchObject({
      ok: false,
      mayHaveActed: true,
      deadline: { kind: 'attempt' },
    });
  });
});
