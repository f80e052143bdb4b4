/** Keys, permissions and accounts: who may do what, and who sees whose audits and projects. */
import { afterEach, describe, expect, it } from 'vitest';
import { startAuditService, type AuditService, type AuditServiceOptions } from '../src/server.ts';
import {
  auditIdOf,
  getAudit,
  listProjects,
  post,
  startAudit,
  TOKEN_SOL,
  uploadForm,
} from './service-client.ts';

const files = [{ name: 'contracts/Token.sol', content: TOKEN_SOL }];
let service: AuditService | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function serve(options: AuditServiceOptions = {}): Promise<AuditService> {
  service = await startAuditService({ pollsUntilDone: 0, ...options });
  return service;
}

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an unknown key', { authorization: 'Bearer not-a-key' }],
  ])('answers 401 with a JSON error to %s, on every operation', async (_, headers) => {
    const svc = await serve();
    const calls = [
      fetch(`${svc.url}/v1/projects`, { headers }),
      fetch(`${svc.url}/v1/audits/audit-1`, { headers }),
      fetch(`${svc.url}/v1/audits`, { method: 'POST', headers, body: uploadForm('p', files) }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: expect.stringMatching(/API key/) },
      });
    }
    expect(svc.audits.size).toBe(0);
  });

  it('records which key was used by its label, never the key itself', async () => {
    const svc = await serve();
    await listProjects(svc.url, svc.apiKey);
    await listProjects(svc.url, svc.readOnlyKey);
    await listProjects(svc.url, 'wrong');
    await listProjects(svc.url, undefined);
    expect(svc.requests.map((r) => [r.bearer, r.account])).toEqual([
      ['api-key', 'acme'],
      ['read-only-key', 'acme'],
      ['unknown-key', undefined],
      ['missing', undefined],
    ]);
    expect(JSON.stringify(svc.requests)).not.toContain(svc.apiKey);
  });
});

describe('permissions', () => {
  it('lets a read-only key read but answers 403 when it starts an audit, storing nothing', async () => {
    const svc = await serve();
    const started = await startAudit(svc.url, svc.readOnlyKey, 'vaults', files);
    expect(started.status).toBe(403);
    expect(started.json).toEqual({
      error: { code: 'forbidden', message: 'this API key lacks write permission' },
    });
    expect(svc.audits.size).toBe(0);
    expect(svc.uploads).toHaveLength(0);

    const id = auditIdOf(await startAudit(svc.url, svc.apiKey, 'vaults', files));
    expect((await getAudit(svc.url, svc.readOnlyKey, id)).status).toBe(200);
    expect((await listProjects(svc.url, svc.readOnlyKey)).json).toMatchObject({
      projects: [{ project_name: 'vaults' }],
    });
  });

  it('answers 403 to a key without read permission', async () => {
    const svc = await serve({
      keys: [{ label: 'write-only', key: 'k-write-only', account: 'acme', permissions: ['write'] }],
    });
    expect((await startAudit(svc.url, 'k-write-only', 'vaults', files)).status).toBe(200);
    const listed = await listProjects(svc.url, 'k-write-only');
    expect(listed.status).toBe(403);
    expect(listed.json).toEqual({
      error: { code: 'forbidden', message: 'this API key lacks read permission' },
    });
  });
});

describe('isolation between accounts', () => {
  it("answers 404 for another account's audit, exactly as for an id that does not exist", async () => {
    const svc = await serve();
    const id = auditIdOf(await startAudit(svc.url, svc.apiKey, 'vaults', files));
    const foreign = await getAudit(svc.url, svc.otherAccountKey, id);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({
      error: { code: 'not_found', message: `audit ${id} not found` },
    });
    const missing = await getAudit(svc.url, svc.otherAccountKey, 'audit-999');
    expect(missing.json).toEqual({
      error: { code: 'not_found', message: 'audit audit-999 not found' },
    });
    // Asking for it does not count as a poll of the owner's audit.
    expect(svc.audits.get(id)!.polls).toBe(0);
    expect((await getAudit(svc.url, svc.apiKey, id)).status).toBe(200);
  });

  it('keeps project lists apart, even for projects of the same name', async () => {
    const svc = await serve({
      keys: [{ label: 'third', key: 'k-third', account: 'initech', permissions: ['read'] }],
    });
    const mine = auditIdOf(await startAudit(svc.url, svc.apiKey, 'vaults', files));
    await startAudit(svc.url, svc.apiKey, 'tokens', files);
    const theirs = auditIdOf(await startAudit(svc.url, svc.otherAccountKey, 'vaults', files));

    expect((await listProjects(svc.url, svc.apiKey)).json).toEqual({
      projects: [
        expect.objectContaining({ project_name: 'vaults', audit_count: 1, last_audit_id: mine }),
        expect.objectContaining({ project_name: 'tokens', audit_count: 1 }),
      ],
    });
    expect((await listProjects(svc.url, svc.otherAccountKey)).json).toEqual({
      projects: [
        expect.objectContaining({ project_name: 'vaults', audit_count: 1, last_audit_id: theirs }),
      ],
    });
    expect((await listProjects(svc.url, 'k-third')).json).toEqual({ projects: [] });
  });

  it('scopes Idempotency-Keys to the account', async () => {
    const svc = await serve();
    const headers = { 'idempotency-key': 'same-key-for-both' };
    const first = await post(svc.url, svc.apiKey, uploadForm('p', files), headers);
    const again = await post(svc.url, svc.apiKey, uploadForm('p', files), headers);
    const other = await post(svc.url, svc.otherAccountKey, uploadForm('p', files), headers);
    expect(auditIdOf(again)).toBe(auditIdOf(first));
    expect(auditIdOf(other)).not.toBe(auditIdOf(first));
    expect([...svc.audits.values()].map((audit) => audit.account)).toEqual(['acme', 'globex']);
  });
});
