/**
 * The client against servers that misbehave on the wire, over real sockets on 127.0.0.1: answers
 * too large or too deep to read, names that do not resolve, TLS spoken to plain HTTP, keys no
 * header can carry, and a runner proxy that must carry only what leaves this machine.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditClient, type AuditClientOptions } from '../../src/api/client.ts';
import { MAX_BODY_BYTES } from '../../src/api/answer-body.ts';
import { waitForAudit } from '../../src/api/poll.ts';
import { ResponseFormatError } from '../../src/errors.ts';
import { startRecordingProxy, startServer } from '../support/hostile-server.ts';
import { serviceFailure } from '../support/service-error.ts';
import { useAuditService } from '../support/service.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const vault = fileURLToPath(new URL('../../examples/foundry-demo/src/Vault.sol', import.meta.url));
const upload = [{ absolutePath: vault, relativePath: 'src/Vault.sol', size: statSync(vault).size }];
const API_KEY = 'test-api-key-5f1c9a7e';

const serve = useAuditService();
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

function track<T extends { close(): Promise<void> }>(item: T): T {
  open.push(item);
  return item;
}

/** A client on a virtual clock: it never waits for real, and records what it would wait. */
function clientFor(baseUrl: string, options: Partial<AuditClientOptions> = {}) {
  let now = 0;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    now += ms;
  };
  const client = track(
    new AuditClient({
      vocabulary: ACTION_VOCABULARY,
      baseUrl: new URL(baseUrl),
      apiKey: API_KEY,
      userAgent: 'test',
      sleep,
      random: () => 0.5,
      deadline: { at: Infinity, now: () => now },
      ...options,
    }),
  );
  const quiet = { info: () => undefined, warning: () => undefined, debug: () => undefined };
  const poll = () =>
    waitForAudit(
      'a1',
      {
        deadline: { at: 600_000, now: () => now },
        initialIntervalMs: 5_000,
        maxIntervalMs: 60_000,
        notFoundGraceMs: 0,
      },
      { client, sleep, random: () => 0.5, log: quiet },
    );
  return { client, sleeps, poll };
}

/** A JSON answer of exactly `size` bytes. */
function paddedAnswer(size: number, json: string): Buffer {
  const head = `${json.slice(0, -1)},"pad":"`;
  return Buffer.from(`${head}${'x'.repeat(size - head.length - 2)}"}`);
}

/** Sends the body chunked, with no Content-Length: only the bytes themselves can be counted. */
function chunked(body: Buffer): RequestListener {
  return (_request, response) => {
    response.write(body);
    response.end();
  };
}

describe('answers too large or too deep to read', () => {
  it('reads an answer of exactly 64 MiB', async () => {
    const server = track(
      await startServer(chunked(paddedAnswer(MAX_BODY_BYTES, '{"projects":[]}'))),
    );
    const { client } = clientFor(server.url);
    expect(await client.listProjects()).toEqual([]);
  });

  it('refuses an answer one byte over 64 MiB at once, as unreadable', async () => {
    const body = paddedAnswer(MAX_BODY_BYTES + 1, '{"projects":[]}');
    const server = track(await startServer(chunked(body)));
    const { client, sleeps } = clientFor(server.url);
    const error = await serviceFailure(client.listProjects());
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toBe('could not list projects: the answer exceeded 64 MiB');
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('refuses an answer whose Content-Length is over the cap before its bytes come', async () => {
    const server = track(
      await startServer((_request, response) => {
        // Announces 1 GiB, then sends almost nothing and holds the connection open.
        response.writeHead(200, { 'content-length': String(1024 ** 3) });
        response.write('{"projects":');
      }),
    );
    const { client } = clientFor(server.url, { requestTimeoutMs: 600_000 });
    const error = await serviceFailure(client.listProjects());
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('exceeded 64 MiB');
  });

  it('a POST answered over the cap is not repeated, and the audit may exist', async () => {
    const server = track(
      await startServer((request, response) => {
        request.resume();
        request.on('end', () => response.end(paddedAnswer(MAX_BODY_BYTES + 1, '{"id":"a1"}')));
      }),
    );
    const { client } = clientFor(server.url);
    const error = await serviceFailure(client.startAudit('p', upload));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('the answer exceeded 64 MiB');
    expect(error.message).toContain('may have created the audit anyway');
    expect(server.requests).toEqual(['POST /v1/audits']);
  });

  it.each([
    ['over the cap', paddedAnswer(MAX_BODY_BYTES + 1, '{"status":"running"}')],
    [
      'nested too deeply for the parser',
      Buffer.from(`{"status":"completed","findings":${'['.repeat(1e6)}${']'.repeat(1e6)}}`),
    ],
  ])('the poller stops at once on an answer %s', async (_, body) => {
    const server = track(await startServer(chunked(body)));
    const { poll } = clientFor(server.url);
    await expect(poll()).rejects.toBeInstanceOf(ResponseFormatError);
    expect(server.requests).toEqual(['GET /v1/audits/a1']);
  });
});

describe('failures before anything is sent', () => {
  it.each([
    ['list projects', (c: AuditClient) => c.listProjects()],
    ['start the audit', (c: AuditClient) => c.startAudit('p', upload)],
  ])('%s: a host name that does not resolve is not retried', async (name, run) => {
    const { client, sleeps } = clientFor('https://nonexistent.invalid');
    const error = await serviceFailure(run(client));
    expect(error.message).toMatch(
      new RegExp(`^could not ${name}: host name not resolved: .*ENOTFOUND nonexistent\\.invalid$`),
    );
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['list projects', (c: AuditClient) => c.listProjects()],
    ['start the audit', (c: AuditClient) => c.startAudit('p', upload)],
  ])('%s: TLS spoken to a plain-HTTP server fails once, never sent', async (name, run) => {
    const server = track(await startServer((_request, response) => response.end('{}')));
    const { client, sleeps } = clientFor(`https://127.0.0.1:${server.port}`);
    const error = await serviceFailure(run(client));
    expect(error.message).toMatch(
      new RegExp(`^could not ${name}: TLS handshake failed \\(ERR_SSL_`),
    );
    expect(error.message).not.toContain('may have created');
    expect(server.connections()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['a line break', 'sk_live_4f9a\n2c7e1b3d'],
    ['a control character or one beyond Latin-1', 'sk_live_ключ2c7e1b3d'],
  ])('an API key with %s: the request was never sent', async (flaw, apiKey) => {
    const service = await serve();
    const { client } = clientFor(service.url, { apiKey });
    const why =
      `the request was never sent: invalid authorization header (the API key holds ${flaw}, ` +
      'which no HTTP header can carry — check the key in `api-key`)';
    expect((await serviceFailure(client.listProjects())).message).toBe(
      `could not list projects: ${why}`,
    );
    expect((await serviceFailure(client.startAudit('p', upload))).message).toBe(
      `could not start the audit: ${why}`,
    );
    expect(service.requests).toEqual([]);
  });
});

const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY'].flatMap((name) => [
  name,
  name.toLowerCase(),
]);

describe('the runner proxy', () => {
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  });

  async function proxyInEnvironment() {
    const proxy = track(await startRecordingProxy());
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'])
      process.env[name] = proxy.url;
    return proxy;
  }

  it('carries nothing to a service on this machine, the upload included', async () => {
    const proxy = await proxyInEnvironment();
    const service = await serve({ pollsUntilDone: 0 });
    const { client } = clientFor(service.url);
    expect(await client.listProjects()).toEqual([]);
    const { auditId } = await client.startAudit('p', upload);
    expect((await client.getAudit(auditId)).snapshot.state).toBe('completed');
    expect(proxy.seen).toEqual([]);
    expect(service.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
    expect(service.uploads).toHaveLength(1);
  });

  it('carries a service elsewhere, as self-hosted runners need', async () => {
    const proxy = await proxyInEnvironment();
    const { client } = clientFor('https://audit.example.test');
    await serviceFailure(client.listProjects());
    expect(proxy.seen).toContain('CONNECT audit.example.test:443');
  });

  it('starts with no proxy set', () => {
    for (const name of PROXY_VARIABLES) expect(process.env[name], name).toBeUndefined();
  });

  it('is cleared by the setup file when the runner sets a dead one', async () => {
    const dead = 'http://127.0.0.1:9';
    const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      [
        vitest,
        'run',
        fileURLToPath(import.meta.url),
        '-t',
        'starts with no proxy set',
        // The outer run owns coverage/ and its results file.
        '--coverage.enabled=false',
        '--reporter=default',
      ],
      {
        env: {
          ...process.env,
          ...Object.fromEntries(PROXY_VARIABLES.map((name) => [name, dead])),
          NO_COLOR: '1',
        },
      },
    );
    expect(stdout).toMatch(/Tests\s+1 passed/);
  });
});
