/** Polling through the real client against the stand-in service over HTTP, with a virtual clock. */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditClient } from '../../src/api/client.ts';
import { pollOnce, waitForAudit } from '../../src/api/poll.ts';
import type { AuditServiceOptions } from '@contract-audit/reference-service';
import { useAuditService } from '../support/service.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const serve = useAuditService();
let client: AuditClient | undefined;

afterEach(async () => {
  await client?.close();
});

async function setUp(options: AuditServiceOptions) {
  const service = await serve(options);
  let now = 0;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    now += ms;
  };
  client = new AuditClient({
    vocabulary: ACTION_VOCABULARY,
    baseUrl: new URL(service.url),
    apiKey: service.apiKey,
    userAgent: 'test',
    sleep,
    random: () => 0.5,
    deadline: { at: Infinity, now: () => now },
  });
  const quiet = { info: () => undefined, warning: () => undefined, debug: () => undefined };
  const poll = (auditId: string, at = 600_000) =>
    waitForAudit(
      auditId,
      {
        deadline: { at, now: () => now },
        initialIntervalMs: 5_000,
        maxIntervalMs: 60_000,
        notFoundGraceMs: 60_000,
      },
      { client: client!, sleep, random: () => 0.5, log: quiet },
    );
  return { service, client, poll, sleeps };
}

const vault = fileURLToPath(new URL('../../examples/foundry-demo/src/Vault.sol', import.meta.url));
const upload = [{ absolutePath: vault, relativePath: 'src/Vault.sol', size: statSync(vault).size }];

describe('waitForAudit over HTTP', () => {
  it('follows pending → in_progress → completed and returns the parsed findings', async () => {
    const { client, poll, sleeps } = await setUp({ pollsUntilDone: 3 });
    const { auditId } = await client.startAudit('vaults', upload);
    const outcome = await poll(auditId);
    expect(outcome.kind).toBe('finished');
    if (outcome.kind !== 'finished') return;
    expect(outcome.snapshot.state).toBe('completed');
    expect(outcome.snapshot.findings!.length).toBeGreaterThan(0);
    expect(outcome.snapshot.findings!.every((f) => f.file === 'src/Vault.sol')).toBe(true);
    expect(sleeps).toEqual([5_000, 7_500, 11_250]);
  });

  it('waits out 404s while the audit becomes visible, and a 503 with Retry-After', async () => {
    const { client, poll, service, sleeps } = await setUp({ pollsUntilDone: 1 });
    service.addFault({ method: 'GET', path: /^\/v1\/audits\//, kind: 'notFoundUntil', gets: 2 });
    const { auditId } = await client.startAudit('vaults', upload);
    service.addFault({
      method: 'GET',
      path: /^\/v1\/audits\//,
      nth: 3,
      kind: 'status',
      status: 503,
      retryAfter: '42',
    });
    const outcome = await poll(auditId);
    expect(outcome.kind).toBe('finished');
    expect(sleeps).toContain(42_000); // the client honoured Retry-After before retrying
  });

  it('ends at the deadline when every poll meets a 503 with a long Retry-After', async () => {
    const { client, poll, service, sleeps } = await setUp({ pollsUntilDone: 0 });
    const { auditId } = await client.startAudit('vaults', upload);
    service.addFault({
      method: 'GET',
      path: /^\/v1\/audits\//,
      kind: 'status',
      status: 503,
      retryAfter: '40',
      times: 1000,
    });
    const outcome = await poll(auditId, 60_000);
    expect(outcome.kind).toBe('timeout');
    // The client's own retries stop where the poll stops waiting.
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(60_000);
  });

  it.each([408, 429, 500])(
    'waits to the deadline through HTTP %i on every poll, past the client retries',
    async (status) => {
      const { client, poll, service, sleeps } = await setUp({ pollsUntilDone: 0 });
      const { auditId } = await client.startAudit('vaults', upload);
      service.addFault({
        method: 'GET',
        path: /^\/v1\/audits\//,
        kind: 'status',
        status,
        times: 1000,
      });
      const outcome = await poll(auditId, 120_000);
      expect(outcome.kind).toBe('timeout');
      expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(120_000);
      // More GETs than one client call makes: the poller went on after the client gave up.
      expect(service.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(5);
    },
  );

  it('times out when the service never finishes, keeping the last status', async () => {
    const { client, poll } = await setUp({ pollsUntilDone: 10_000 });
    const { auditId } = await client.startAudit('vaults', upload);
    const outcome = await poll(auditId, 120_000);
    expect(outcome).toMatchObject({ kind: 'timeout', last: { rawStatus: 'in_progress' } });
  });
});

describe('pollOnce over HTTP', () => {
  const once = (auditId: string) =>
    pollOnce(
      auditId,
      { deadline: { at: 600_000, now: () => 0 }, notFoundGraceMs: 60_000 },
      {
        client: client!,
      },
    );
  const gets = (service: { requests: { method: string }[] }) =>
    service.requests.filter((request) => request.method === 'GET').length;

  it('sends one request on a 503 with Retry-After and waits nothing out: the audit is left unfinished, saying why', async () => {
    const { client, service, sleeps } = await setUp({ pollsUntilDone: 0 });
    const { auditId } = await client.startAudit('vaults', upload);
    service.addFault({
      method: 'GET',
      path: /^\/v1\/audits\//,
      kind: 'status',
      status: 503,
      retryAfter: '4',
      times: 1000,
    });
    const outcome = await once(auditId);
    expect(outcome).toMatchObject({ kind: 'unfinished', last: undefined });
    expect(outcome.kind === 'unfinished' && outcome.lastProblem).toContain('503');
    expect(gets(service)).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('sends one request when the connection is reset, and leaves the audit unfinished', async () => {
    const { client, service, sleeps } = await setUp({ pollsUntilDone: 0 });
    const { auditId } = await client.startAudit('vaults', upload);
    service.addFault({ method: 'GET', path: /^\/v1\/audits\//, kind: 'reset', times: 1000 });
    const outcome = await once(auditId);
    expect(outcome.kind).toBe('unfinished');
    expect(outcome.kind === 'unfinished' && outcome.lastProblem).toMatch(/could not read audit/);
    expect(gets(service)).toBe(1);
    expect(sleeps).toEqual([]);
  });
});
