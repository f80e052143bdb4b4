/** GET /v1/projects: projects are created by the first audit naming them and listed per account. */
import { afterEach, describe, expect, it } from 'vitest';
import { startAuditService, type AuditService } from '../src/server.ts';
import { auditIdOf, getAudit, listProjects, startAudit, TOKEN_SOL } from './service-client.ts';

const token = { name: 'contracts/Token.sol', content: TOKEN_SOL };
let service: AuditService | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe('projects', () => {
  it('lists none before the first audit', async () => {
    service = await startAuditService();
    const answer = await listProjects(service.url, service.apiKey);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ projects: [] });
  });

  it('lists each project once, in creation order, with its count and last audit', async () => {
    service = await startAuditService({ pollsUntilDone: 1 });
    const { url, apiKey } = service;
    const first = auditIdOf(await startAudit(url, apiKey, 'vaults', [token]));
    await startAudit(url, apiKey, 'tokens', [token]);
    const last = auditIdOf(await startAudit(url, apiKey, 'vaults', [token]));
    await getAudit(url, apiKey, first);
    await getAudit(url, apiKey, first); // the first audit is completed; the last still pending

    expect((await listProjects(url, apiKey)).json).toEqual({
      projects: [
        {
          project_name: 'vaults',
          audit_count: 2,
          last_audit_id: last,
          last_audit_status: 'pending',
        },
        {
          project_name: 'tokens',
          audit_count: 1,
          last_audit_id: 'audit-2',
          last_audit_status: 'pending',
        },
      ],
    });
    await getAudit(url, apiKey, last);
    await getAudit(url, apiKey, last);
    expect((await listProjects(url, apiKey)).json).toMatchObject({
      projects: [{ project_name: 'vaults', last_audit_status: 'completed' }, {}],
    });
  });

  it('words the listing in the dialect', async () => {
    service = await startAuditService({ dialect: 'enveloped' });
    await startAudit(service.url, service.apiKey, 'vaults', [token]);
    expect((await listProjects(service.url, service.apiKey)).json).toEqual({
      data: {
        projects: [
          {
            project_name: 'vaults',
            audit_count: 1,
            last_audit_id: 'audit-1',
            last_audit_status: 'queued',
          },
        ],
      },
    });
  });
});
