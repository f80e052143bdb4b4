/**
 * `timeout-minutes` bounds the whole run, whatever the service asks for, and plain http to this
 * machine never goes through a proxy. A hang shows as this file's test timeout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditService } from '@contract-audit/reference-service';
import { runAction } from '../support/run-action.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

const fast = { 'poll-interval-seconds': '0.02' };

const serve = useAuditService();
let service: AuditService | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  if (proxy) await new Promise((resolve) => proxy!.close(resolve));
  service = proxy = undefined;
});

/** A run whose service answers 429 with a Retry-After of 31 years on `method path`. */
async function runAskedToWaitOn(method: 'GET' | 'POST', path: string) {
  service = await serve({ findings: [], pollsUntilDone: 1 });
  service.addFault({
    kind: 'status',
    method,
    path,
    status: 429,
    retryAfter: '1000000000',
    times: 10,
  });
  return runAction({
    workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.url,
      'timeout-minutes': '0.05',
      ...fast,
    },
  });
}

describe('timeout-minutes bounds the whole run', () => {
  it('a Retry-After far beyond it on listing projects ends that wait, and the run goes on', async () => {
    const run = await runAskedToWaitOn('GET', '/v1/projects');
    expect(run.outputs['verdict']).toBe('pass');
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(/Could not list projects .*Retry-After.*`timeout-minutes`/),
      }),
    );
  });

  it('a Retry-After far beyond it on starting the audit ends the run with an error', async () => {
    const run = await runAskedToWaitOn('POST', '/v1/audits');
    expect(run.exitCode).toBe(1);
    expect(run.outputs['verdict']).toBe('error');
    expect(service!.uploads).toHaveLength(0);
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringMatching(/Retry-After.*`timeout-minutes` ends before then/),
      }),
    );
  });

  it('exits when its work is done after a reset in the middle of the upload', async () => {
    service = await serve();
    service.addFault({ kind: 'reset', method: 'POST', path: '/v1/audits' });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT.repeat(20_000) }),
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        'max-file-size-kb': '4096',
        ...fast,
      },
    });
    // A timer left armed would hold the process for the 60 s request timeout, past this test's.
    expect(run.outputs['verdict']).toBe('error');
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringMatching(/may have created/),
      }),
    );
  });
});

describe('plain http to this machine never goes through a proxy', () => {
  it('sends nothing to HTTP_PROXY or HTTPS_PROXY for a loopback base-url', async () => {
    const proxied: string[] = [];
    proxy = createServer((request, response) => {
      proxied.push(`${request.method} ${request.url}`);
      response.writeHead(502).end();
    });
    proxy.on('connect', (request, socket) => {
      proxied.push(`CONNECT ${request.url}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    service = await serve({ findings: [], pollsUntilDone: 1 });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      env: { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, http_proxy: proxyUrl, NO_PROXY: '' },
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('pass');
    expect(service.uploads).toHaveLength(1);
    expect(proxied).toEqual([]);
  });
});
