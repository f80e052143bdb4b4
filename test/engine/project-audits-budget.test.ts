/**
 * The run's findings budget across projects, with the service client against the reference
 * service: the answers that fit are read, the one that would pass the budget is an error that
 * names it, and the run still ends in one outcome.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StoredAudit } from '@contract-audit/reference-service';
import { describe, expect, it } from 'vitest';
import { AuditClient } from '../../src/api/client.ts';
import { countFindings } from '../../src/audit/triage.ts';
import { auditProjects, type AuditJob } from '../../src/engine/project-audits.ts';
import { allActive } from '../support/triage.ts';
import { recordingLogger } from '../support/logger.ts';
import { useAuditService } from '../support/service.ts';
import { serviceFinding } from '../support/workspace.ts';

const serve = useAuditService();

/** Project `pN` is answered with N×10 findings. */
const findingsOf = (audit: StoredAudit) =>
  Array.from({ length: Number(/p(\d+)$/.exec(audit.projectName)?.[1] ?? 0) * 10 }, (_, i) =>
    serviceFinding({ id: `f${i}`, file: 'src/A.sol', severity: 'low', title: `Finding ${i}` }),
  );

describe('the findings budget of a run', () => {
  it('reads the answers that fit and refuses, naming the budget, the one that would pass it', async () => {
    const service = await serve({ findings: findingsOf, pollsUntilDone: 0 });
    const { log } = recordingLogger();
    const client = new AuditClient({
      baseUrl: new URL(service.url),
      apiKey: service.apiKey,
      userAgent: 'test',
      sleep: async () => undefined,
    });
    // Resumed audits, started first so that each project's answer is known.
    const folder = await mkdtemp(path.join(tmpdir(), 'budget-'));
    await writeFile(path.join(folder, 'A.sol'), 'contract A {}\n');
    const file = { absolutePath: path.join(folder, 'A.sol'), relativePath: 'src/A.sol', size: 14 };
    const ids: string[] = [];
    for (const name of ['p1', 'p2', 'p3'])
      ids.push((await client.startAudit(name, [file])).auditId);
    const jobs: AuditJob[] = ['p1', 'p2', 'p3'].map((name, index) => ({
      name,
      path: `packages/${name}`,
      files: undefined,
      resumeId: ids[index],
    }));
    const outcome = await auditProjects(jobs, {
      client,
      settings: { pollIntervalMs: 1, failOn: 'high', timeoutMs: 60_000 },
      deadline: Date.now() + 60_000,
      log,
      now: Date.now,
      sleep: async () => undefined,
      random: () => 0.5,
      triage: async (findings) => {
        const triaged = allActive([...findings]);
        return {
          findings: triaged,
          counts: countFindings(triaged),
          scope: 'all',
          scopeNote: undefined,
        };
      },
      started: () => undefined,
      findingsBudget: 45,
    });
    await client.close();
    // 10 + 20 fit in 45; 30 more would not, whichever answer came last.
    expect(outcome.verdict).toBe('error');
    const refused = outcome.audits?.filter((audit) => audit.verdict === 'error') ?? [];
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatch(
      /^The audit service: its answer holds \d+ findings, more than are left of the 45 one run reads across all its projects/,
    );
    expect(outcome.findings?.length).toBeLessThanOrEqual(45);
  });
});
