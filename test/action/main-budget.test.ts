/**
 * The memory budget of a run's findings, through run() with its real figure: three projects whose
 * answers are 50 MB each (one finding with a long description) are more than one run may hold.
 * The answers that fit are reported, the one that would pass the budget is that project's error
 * naming it, the run's verdict is error, and the check run completes.
 */
import { readFile } from 'node:fs/promises';
import type { StoredAudit } from '@contract-audit/reference-service';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { RUN_FINDINGS_BUDGET } from '../../src/engine/project-audits.ts';
import { formatBytes } from '../../src/files/limits.ts';
import { recorded } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const github = await vi.hoisted(async () =>
  (await import('../support/in-process-run.ts')).prepareRunContext('push'),
);
const setUp = useInProcessRun(github);

const PROJECTS = ['alpha', 'beta', 'gamma'];
/**
 * Held as two bytes a character: two answers of this fit in the budget, three do not, and one
 * answer stays under the 64 MiB the client reads.
 */
const DESCRIPTION_LENGTH = 50_000_000;
const DESCRIPTION = 'x'.repeat(DESCRIPTION_LENGTH);

const findingsOf = (audit: StoredAudit) => [
  serviceFinding({
    id: audit.projectName,
    file: 'src/Vault.sol',
    severity: 'low',
    title: `Long in ${audit.projectName}`,
    description: DESCRIPTION,
  }),
];

describe('the memory budget of a run', () => {
  it('reports the projects that fit and an error, naming the budget, for the one past it', async () => {
    expect(4 * DESCRIPTION_LENGTH).toBeLessThan(RUN_FINDINGS_BUDGET.bytes);
    expect(6 * DESCRIPTION_LENGTH).toBeGreaterThan(RUN_FINDINGS_BUDGET.bytes);
    const service = await setUp({ 'fail-on': 'high' }, { findings: findingsOf });
    vi.stubEnv(
      'GITHUB_WORKSPACE',
      await workspaceWith(
        Object.fromEntries(
          PROJECTS.flatMap((name) => [
            [`packages/${name}/foundry.toml`, "[profile.default]\nsrc = 'src'\n"],
            [`packages/${name}/src/Vault.sol`, CONTRACT],
          ]),
        ),
      ),
    );
    await run();

    expect(service.uploads).toHaveLength(3);
    expect(recorded.outputs).toMatchObject({ verdict: 'error', 'findings-count': '2' });
    const results = JSON.parse(await readFile(recorded.outputs['results-file'] ?? '', 'utf8')) as {
      findings: { project: string }[];
      projects: { name: string; verdict: string }[];
    };
    const refused = results.projects.filter((project) => project.verdict === 'error');
    expect(refused).toHaveLength(1);
    const name = refused[0]?.name ?? '';
    expect(recorded.failed).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Verdict: error\\. 3 projects: 1 error, 2 pass\\. ${name}: The audit service: its findings would hold 9\\d\\.\\d MB of memory, more than is left \\([\\d.]+ MB\\) of the ${formatBytes(RUN_FINDINGS_BUDGET.bytes)} the findings of one run may hold across all its projects, so none of them is reported\\. Audit fewer projects at once: give each project a job of its own, a matrix over the \`projects\` output \\(see \`detect-only\`\\)\\. No setting raises the budget`,
        ),
      ),
    ]);
    // The other two report their findings.
    const reported = results.projects.filter((project) => project.verdict === 'pass');
    expect(reported).toHaveLength(2);
    expect(results.findings.map((finding) => finding.project).sort()).toEqual(
      reported.map((project) => project.name).sort(),
    );
    expect(recorded.summary).toContain(`${name}: The audit service: its findings would hold`);
    // The check run completes, with the error as its conclusion.
    expect(github.checkRuns.at(-1)).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });
});
