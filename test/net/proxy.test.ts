/**
 * The runner's proxy variables, as our HTTP client honours them (the audit service and the
 * GitHub API, through createDispatcher), and the pool made only when a request needs it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type LazyDispatcher } from '../../src/net/dispatcher.ts';
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
async function get(dispatcher: LazyDispatcher, server: TestServer): Promise<string> {
  closers.push(() => dispatcher.close());
  try {
    const { statusCode, body } = await (
      await dispatcher.get()
    ).request({
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

  it('makes one pool, on the first request, with the proxy variables set then', async () => {
    const dispatcher = createDispatcher(elsewhere);
    const { proxy, server } = await setUp({ HTTP_PROXY: '{proxy}' });
    expect(await dispatcher.get()).toBe(await dispatcher.get());
    expect(await get(dispatcher, server)).not.toBe('200 direct');
    expect(proxy.seen).toHaveLength(1);
  });

  it('closes a pool never made without making one', async () => {
    await expect(createDispatcher(elsewhere).close()).resolves.toBeUndefined();
  });
});
