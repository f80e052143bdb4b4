/**
 * The run's findings budget across projects, with the service client against the reference
 * service: the answers that fit are read, the one that would pass the budget (by count or by the
 * memory its findings hold) is an error that names it, and the run still ends in one outcome.
 * Answers are read a few at a time, however many audits finish together.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FindingsSource, StoredAudit } from '@contract-audit/reference-service';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditClient } from '../../src/api/client.ts';
import { countFindings } from '../../src/audit/triage.ts';
import {
  auditProjects,
  MAX_CONCURRENT_READS,
  RUN_FINDINGS_BUDGET,
  type AuditJob,
  type FindingsBudget,
} from '../../src/engine/project-audits.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { buildReport } from '../../src/report/model.ts';
import { startServer, type TestServer } from '../support/hostile-server.ts';
import { allActive } from '../support/triage.ts';
import { recordingLogger } from '../support/logger.ts';
import { useAuditService } from '../support/service.ts';
import { serviceFinding } from '../support/workspace.ts';

const serve = useAuditService();

/** Project `pN`: the number in its name. */
const numberOf = (audit: StoredAudit) => Number(/p(\d+)$/.exec(audit.projectName)?.[1] ?? 0);

/** Project `pN` is answered with N×10 findings. */
const findingsOf = (audit: StoredAudit) =>
  Array.from({ length: numberOf(audit) * 10 }, (_, i) =>
    serviceFinding({ id: `f${i}`, file: 'src/A.sol', severity: 'low', title: `Finding ${i}` }),
  );

const clientOf = (url: string, apiKey: string) =>
  new AuditClient({
    vocabulary: ACTION_VOCABULARY,
    baseUrl: new URL(url),
    apiKey,
    userAgent: 'test',
    sleep: async () => undefined,
  });

/**
 * The audits of `names`, started first (so that each project's answer is known), then collected
 * from `collectFrom` (default the service that started them).
 */
async function auditResumed(
  names: readonly string[],
  findings: FindingsSource,
  findingsBudget?: FindingsBudget,
  collectFrom?: string,
) {
  const service = await serve({ findings, pollsUntilDone: 0 });
  const { log } = recordingLogger();
  const client = clientOf(collectFrom ?? service.url, service.apiKey);
  const starter = clientOf(service.url, service.apiKey);
  const folder = await mkdtemp(path.join(tmpdir(), 'budget-'));
  await writeFile(path.join(folder, 'A.sol'), 'contract A {}\n');
  const file = { absolutePath: path.join(folder, 'A.sol'), relativePath: 'src/A.sol', size: 14 };
  const jobs: AuditJob[] = [];
  for (const name of names) {
    const { auditId } = await starter.startAudit(name, [file]);
    jobs.push({ name, path: `packages/${name}`, files: undefined, resumeId: auditId });
  }
  await starter.close();
  try {
    const projects = await auditProjects(jobs, {
      client,
      settings: {
        pollIntervalMs: 1,
        failOn: 'high',
        timeoutMs: 60_000,
        vocabulary: ACTION_VOCABULARY,
      },
      deadline: { at: Date.now() + 60_000, now: Date.now },
      log,
      sleep: async () => undefined,
      random: () => 0.5,
      manifest: () => undefined,
      triage: async (found) => {
        const triaged = allActive([...found]);
        return {
          findings: triaged,
          counts: countFindings(triaged),
          scope: 'all',
          scopeNote: undefined,
        };
      },
      started: () => undefined,
      ...(findingsBudget && { findingsBudget }),
    });
    return buildReport(
      { projects, several: true },
      { projectName: 'budget', failOn: 'high', vocabulary: ACTION_VOCABULARY },
    );
  } finally {
    await client.close();
  }
}

const refusedOf = (outcome: Awaited<ReturnType<typeof auditResumed>>) =>
  outcome.projects.filter((project) => project.verdict === 'error');

describe('the findings budget of a run', () => {
  it('reads the answers that fit and refuses, naming the budget, the one that would pass it', async () => {
    const outcome = await auditResumed(['p1', 'p2', 'p3'], findingsOf, {
      count: 45,
      bytes: RUN_FINDINGS_BUDGET.bytes,
    });
    // 10 + 20 fit in 45; 30 more would not, whichever answer came last.
    expect(outcome.verdict).toBe('error');
    const refused = refusedOf(outcome);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatch(
      /^The audit service: its answer holds \d+ findings, more than are left of the 45 one run reads across all its projects/,
    );
    expect(outcome.findings.length).toBeLessThanOrEqual(45);
  });

  it('refuses, naming the memory budget, an answer whose findings would hold more than is left of it', async () => {
    // One finding each, whose description alone is about 200 KB held (two bytes a character):
    // two fit in 440 KB, the third would not, whichever came last.
    const long = (audit: StoredAudit) => [
      serviceFinding({
        id: `f${numberOf(audit)}`,
        file: 'src/A.sol',
        severity: 'low',
        description: `${audit.projectName} `.padEnd(100_000, 'x'),
      }),
    ];
    const outcome = await auditResumed(['p1', 'p2', 'p3'], long, { count: 1_000, bytes: 450_000 });
    expect(outcome.verdict).toBe('error');
    const refused = refusedOf(outcome);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatch(
      /^The audit service: its findings would hold 19\d\.\d KB of memory, more than is left \(\d+(\.\d)? KB\) of the 439\.5 KB the findings of one run may hold across all its projects, so none of them is reported\. Audit fewer projects at once: give each project a job of its own, a matrix over the `projects` output \(see `detect-only`\)\. No setting raises the budget/,
    );
    // The two that fit report their findings.
    expect(outcome.projects.filter((project) => project.verdict === 'pass')).toHaveLength(2);
    expect(outcome.findings).toHaveLength(2);
  });
});

describe('reading answers', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it(`reads at most ${MAX_CONCURRENT_READS} answers at once, however many audits are waited for`, async () => {
    let reading = 0;
    let most = 0;
    server = await startServer((request, response) => {
      reading += 1;
      most = Math.max(most, reading);
      const id = /\/v1\/audits\/([^/]+)$/.exec(request.url ?? '')?.[1] ?? '';
      // Slow enough that, unbounded, every poll would be under way at once.
      setTimeout(() => {
        reading -= 1;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ audit_id: id, status: 'completed', findings: [] }));
      }, 50);
    });
    const outcome = await auditResumed(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'],
      () => [],
      undefined,
      server.url,
    );
    expect(outcome.verdict).toBe('pass');
    expect(server.requests.filter((line) => line.startsWith('GET /v1/audits/'))).toHaveLength(6);
    expect(most).toBe(MAX_CONCURRENT_READS);
  });
});
