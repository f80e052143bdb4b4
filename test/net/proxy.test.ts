/**
 * The runner's proxy variables, as both HTTP clients of the bundle honour them: ours (the audit
 * service and the GitHub API, through createDispatcher) and the toolkit's (`@actions/http-client`,
 * which `@actions/core` brings), which the package.json `overrides` put on our one undici.
 */
import { HttpClient } from '@actions/http-client';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ProxyAgent, type Dispatcher } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../src/net/dispatcher.ts';
import { startRecordingProxy, startServer, type TestServer } from '../support/hostile-server.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const close of closers.splice(0)) await close();
});

async function setUp(env: Record<string, string>) {
  const proxy = await startRecordingProxy();
  const server = await startServer((_request, response) => response.end('direct'));
  closers.push(
    () => proxy.close(),
    () => server.close(),
  );
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'])
    for (const spelling of [name, name.toLowerCase()])
      vi.stubEnv(spelling, (env[name] ?? '').replace('{proxy}', proxy.url));
  return { proxy, server };
}

/** GET / of the server through the dispatcher: what came back, or the failure's name. */
async function get(dispatcher: Dispatcher, server: TestServer): Promise<string> {
  closers.push(() => dispatcher.close());
  try {
    const { statusCode, body } = await dispatcher.request({
      origin: server.url,
      path: '/',
      method: 'GET',
    });
    return `${statusCode} ${await body.text()}`;
  } catch (error) {
    return (error as Error).name;
  }
}

describe('our dispatcher', () => {
  // The server is on loopback, so a dispatcher made for a host elsewhere is pointed at it.
  const elsewhere = new URL('https://audit.example.test');

  it('sends a request for a host elsewhere through HTTP_PROXY', async () => {
    const { proxy, server } = await setUp({ HTTP_PROXY: '{proxy}' });
    expect(await get(createDispatcher(elsewhere), server)).not.toBe('200 direct');
    expect(proxy.seen).toEqual([expect.stringContaining(`127.0.0.1:${server.port}`)]);
    expect(server.requests).toEqual([]);
  });

  it('goes direct to a host NO_PROXY names', async () => {
    const { proxy, server } = await setUp({
      HTTP_PROXY: '{proxy}',
      NO_PROXY: 'example.com,127.0.0.1',
    });
    expect(await get(createDispatcher(elsewhere), server)).toBe('200 direct');
    expect(proxy.seen).toEqual([]);
  });

  it('uses HTTPS_PROXY for https only', async () => {
    const { proxy, server } = await setUp({ HTTPS_PROXY: '{proxy}' });
    expect(await get(createDispatcher(elsewhere), server)).toBe('200 direct');
    expect(proxy.seen).toEqual([]);
  });

  it('never proxies a loopback URL, whatever NO_PROXY says', async () => {
    const { proxy, server } = await setUp({ HTTP_PROXY: '{proxy}', HTTPS_PROXY: '{proxy}' });
    expect(await get(createDispatcher(new URL(server.url)), server)).toBe('200 direct');
    expect(proxy.seen).toEqual([]);
  });
});

describe("the toolkit's HTTP client", () => {
  it('uses our undici, not a copy of its own', () => {
    const ours = createRequire(import.meta.url).resolve('undici');
    const toolkit = fileURLToPath(import.meta.resolve('@actions/http-client'));
    expect(createRequire(toolkit).resolve('undici')).toBe(ours);
  });

  it('still builds its proxy dispatcher on it, carrying requests through HTTPS_PROXY', async () => {
    const { proxy } = await setUp({ HTTPS_PROXY: '{proxy}' });
    const dispatcher = new HttpClient('test').getAgentDispatcher('https://ghe.example.test');
    expect(dispatcher).toBeInstanceOf(ProxyAgent);
    closers.push(() => dispatcher!.close());
    await expect(
      dispatcher!.request({ origin: 'https://ghe.example.test', path: '/', method: 'GET' }),
    ).rejects.toThrow();
    expect(proxy.seen).toEqual(['CONNECT ghe.example.test:443']);
  });

  it('leaves a host NO_PROXY names to a direct connection', async () => {
    await setUp({ HTTPS_PROXY: '{proxy}', NO_PROXY: 'ghe.example.test' });
    expect(new HttpClient('test').getAgentDispatcher('https://ghe.example.test')).toBeUndefined();
  });
});
