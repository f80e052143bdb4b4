/** Per-key rate limiting: 429 with Retry-After once a key has used up its window. */
import { afterEach, describe, expect, it } from 'vitest';
import { startAuditService, type AuditService } from '../src/server.ts';
import { listProjects } from './service-client.ts';

let service: AuditService | undefined;
let clock = 0;

afterEach(async () => {
  await service?.close();
  service = undefined;
  clock = 0;
});

describe('rate limit', () => {
  it('answers 429 with the seconds left in the window, per key, and lets the key in again after it', async () => {
    service = await startAuditService({
      rateLimit: { requests: 3, windowMs: 10_000 },
      now: () => clock,
    });
    const { url, apiKey, readOnlyKey } = service;
    for (let i = 0; i < 3; i += 1) expect((await listProjects(url, apiKey)).status).toBe(200);

    const limited = await listProjects(url, apiKey);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect(limited.json).toEqual({
      error: {
        code: 'rate_limited',
        message: 'rate limit of 3 requests per 10 s per key exceeded; retry in 10 s',
      },
    });

    clock = 4_500; // rounded up to whole seconds
    expect((await listProjects(url, apiKey)).headers.get('retry-after')).toBe('6');
    expect((await listProjects(url, readOnlyKey)).status).toBe(200); // another key, its own window

    clock = 10_000;
    expect((await listProjects(url, apiKey)).status).toBe(200);
  });

  it('is generous by default', async () => {
    service = await startAuditService();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => listProjects(service!.url, service!.apiKey)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});
