/** HttpSession on its own: how transport errors are judged, and what it leaves behind. */
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSession } from '../../src/api/http.ts';
import { judgeTransportError } from '../../src/api/transport-errors.ts';
import { startServer, type TestServer } from '../support/hostile-server.ts';

/** An error as undici reports it: a wrapper whose cause carries the system code. */
function wrapped(code: string): Error {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error(`getaddrinfo ${code} audit.example.test`), { code }),
  });
}

describe('judgeTransportError', () => {
  it.each([
    // code, GET retried, POST retried, POST may have acted, never sent
    ['EAI_AGAIN', true, true, false, true],
    ['ECONNREFUSED', true, true, false, true],
    ['ENOTFOUND', false, false, false, true],
    ['ERR_SSL_WRONG_VERSION_NUMBER', false, false, false, true],
    ['UND_ERR_INVALID_ARG', false, false, false, true],
    ['ECONNRESET', true, false, true, false],
    ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', true, false, true, false],
  ] as const)('%s', (code, getRetried, postRetried, postMayHaveActed, neverSent) => {
    const get = judgeTransportError(wrapped(code), true);
    const post = judgeTransportError(wrapped(code), false);
    expect(get.retryable).toBe(getRetried);
    expect(get.mayHaveActed).toBe(false);
    expect(post.retryable).toBe(postRetried);
    expect(post.mayHaveActed).toBe(postMayHaveActed);
    expect(post.neverSent).toBe(neverSent);
  });

  it('finds the code inside the AggregateError of a happy-eyeballs connect', () => {
    const error = new AggregateError([Object.assign(new Error('x'), { code: 'EAI_AGAIN' })]);
    expect(judgeTransportError(error, false)).toMatchObject({ retryable: true, neverSent: true });
  });
});

describe('HttpSession timers', () => {
  let server: TestServer | undefined;
  let session: HttpSession | undefined;
  afterEach(async () => {
    await session?.close();
    await server?.close();
  });

  it('leaves no timer armed when the upload reports progress after send returned', async () => {
    // Resets the connection as soon as the upload begins.
    server = await startServer((request) => request.once('data', () => request.socket.destroy()));
    session = new HttpSession({
      baseUrl: new URL(server.url),
      apiKey: 'test-api-key-5f1c9a7e',
      userAgent: 'test',
      sleep: async () => undefined,
      random: () => 0.5,
      now: Date.now,
      maxAttempts: 5,
      requestTimeoutMs: 600_000,
      log: { debug() {}, info() {}, warning() {} },
    });
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    let progress: (() => void) | undefined;
    const body = {
      contentType: 'application/octet-stream',
      length: 64 * chunk.length,
      open(onProgress: () => void) {
        progress = onProgress;
        let sent = 0;
        return new Readable({
          read() {
            onProgress();
            sent += 1;
            this.push(sent <= 64 ? chunk : null);
          },
        });
      },
    };
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const outcome = await session.send({
      method: 'POST',
      path: '/v1/audits',
      body,
      idempotent: false,
    });
    expect(outcome).toMatchObject({ ok: false, mayHaveActed: true });
    // The stream may still take a chunk after the attempt ended, as a file read in flight does.
    progress!();
    // At most as many as before: a timer of the server's (keep-alive) may end meanwhile, never one more.
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
