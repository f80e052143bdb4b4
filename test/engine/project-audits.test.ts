/**
 * A monorepo in one step, through run() against the reference service: one audit per project,
 * every id printed and set, the worst verdict, findings grouped by project, and a resume of them
 * all from the `audit-id` output.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredAudit } from '@contract-audit/reference-service';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded, resetCore } from '../support/core.ts';
import { expectInOrder } from '../support/order.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const github = await vi.hoisted(async () =>
  (await import('../support/in-process-run.ts')).prepareRunContext('push'),
);
const setUp = useInProcessRun(github);

/** Two Foundry packages of a yarn workspace, not installed: core imports tokens by its name. */
const MONOREPO = {
  'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
  'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
  'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
  'packages/core/src/Vault.sol': `import "@acme/tokens/src/Token.sol";\n${CONTRACT}`,
  'packages/core/test/Vault.t.sol': CONTRACT,
  'packages/tokens/package.json': JSON.stringify({ name: '@acme/tokens' }),
  'packages/tokens/foundry.toml': "[profile.default]\nsrc = 'src'\n",
  'packages/tokens/src/Token.sol': CONTRACT,
  // A project with tests only: nothing to audit, and said so.
  'packages/fuzz/foundry.toml': "[profile.default]\nsrc = 'src'\n",
  'packages/fuzz/test/Invariants.t.sol': CONTRACT,
};

/**
 * core: a high in its vault, and as dependencies a critical and a low in the token it imports;
 * tokens: that same low in its own file.
 */
function findingsOf(audit: StoredAudit) {
  const pragma = { severity: 'low', title: 'Pragma' } as const;
  if (audit.projectName.endsWith('/packages/core')) {
    return [
      serviceFinding({ id: 'v', file: 'src/Vault.sol' }),
      serviceFinding({ id: 't', file: '@acme/tokens/src/Token.sol', severity: 'critical' }),
      serviceFinding({ id: 'p', file: '@acme/tokens/src/Token.sol', ...pragma }),
    ];
  }
  return [serviceFinding({ id: 'l', file: 'src/Token.sol', ...pragma })];
}

async function monorepo(inputs: Record<string, string> = {}) {
  const svc = await setUp({ 'fail-on': 'high', ...inputs }, { findings: findingsOf });
  vi.stubEnv('GITHUB_WORKSPACE', await workspaceWith(MONOREPO));
  return svc;
}

describe('a monorepo in one step', () => {
  it('audits each project on its own, names files from its root, and reports the worst verdict', async () => {
    const svc = await monorepo();
    await run();

    expect(
      svc.uploads
        .map((upload) => [upload.projectName, upload.files.map((file) => file.filename)])
        .sort(),
    ).toEqual([
      ['vaults/packages/core', ['src/Vault.sol', '@acme/tokens/src/Token.sol']],
      ['vaults/packages/tokens', ['src/Token.sol']],
    ]);
    const ids = Object.fromEntries(
      svc.uploads.map((upload) => [upload.projectName, upload.auditId]),
    );
    // Every id, by project folder, in the one output that a resume takes back.
    expect(JSON.parse(recorded.outputs['audit-id'] ?? '')).toEqual({
      'packages/core': ids['vaults/packages/core'],
      'packages/tokens': ids['vaults/packages/tokens'],
    });
    expect(recorded.log).toContain(
      `Audit started: ${ids['vaults/packages/core']} (vaults/packages/core)`,
    );
    expect(recorded.log).toContain(
      `Audit started: ${ids['vaults/packages/tokens']} (vaults/packages/tokens)`,
    );

    // The dependency's critical never counts; core's high fails the run, tokens passes.
    expect(recorded.outputs).toMatchObject({
      verdict: 'fail',
      'findings-count': '3',
      'critical-count': '1',
      'high-count': '1',
      'low-count': '1',
    });
    expect(recorded.failed).toEqual([
      expect.stringMatching(
        /^Verdict: fail\. 2 projects: 1 fail, 1 pass\. vaults\/packages\/core: 1 finding/,
      ),
    ]);

    const summary = recorded.summary;
    expect(summary).toContain(
      '| Project | Verdict | Findings that count | Files uploaded | Audit ID |',
    );
    expect(summary).toMatch(
      /\| vaults\/packages\/core \| ❌ Failed \| 1 \| 2 \| \[audit\\-\d\]\(http:\/\/127\.0\.0\.1:\d+\/reports\/audit-\d\) \|/,
    );
    expect(summary).toMatch(/\| vaults\/packages\/tokens \| ✅ Passed \| 1 \| 1 \| \[audit\\-\d\]/);
    // Grouped: each project's findings under its name, the dependency's apart and last.
    expectInOrder(summary, [
      '#### vaults/packages/core (1)',
      '#### vaults/packages/tokens (1)',
      '#### In dependencies (1)',
      'packages/tokens/src/Token.sol',
    ]);
    // The low core's audit saw in the token is tokens' own: listed once, and said so.
    expect(summary).toContain(
      'ℹ️ 1 more finding in dependencies repeats another finding of this run',
    );

    // Reports point at repository paths, whatever name a file was sent under.
    const results = JSON.parse(await readFile(recorded.outputs['results-file'] ?? '', 'utf8')) as {
      findings: { file: string; status: string; project: string }[];
      projects: { name: string; path: string; auditId: string; verdict: string; status: string }[];
      repeatedDependencyFindings: number;
    };
    expect(
      results.findings.map((finding) => [finding.file, finding.status, finding.project]).sort(),
    ).toEqual([
      ['packages/core/src/Vault.sol', 'active', 'vaults/packages/core'],
      ['packages/tokens/src/Token.sol', 'active', 'vaults/packages/tokens'],
      ['packages/tokens/src/Token.sol', 'dependency', 'vaults/packages/core'],
    ]);
    expect(results.projects.map(({ path, auditId, verdict }) => [path, auditId, verdict])).toEqual([
      ['packages/core', ids['vaults/packages/core'], 'fail'],
      ['packages/tokens', ids['vaults/packages/tokens'], 'pass'],
    ]);
    expect(results.repeatedDependencyFindings).toBe(1);
    // The statuses the outputs cannot hold, one per project.
    expect(results.projects.map((project) => project.status)).toEqual(['completed', 'completed']);
    expect(recorded.log).toContain(
      'packages/fuzz: no contract files to audit, so no audit for this project.',
    );
    // Named for all the audits at once, not for a JSON object.
    expect(recorded.outputs['results-file']).toMatch(
      /audit-results-vaults-2-projects-[0-9a-f]{12}\.json$/,
    );
    const sarif = await readFile(recorded.outputs['sarif-file'] ?? '', 'utf8');
    expect(sarif).toContain('packages/core/src/Vault.sol');
    expect(github.checkRuns.at(-1)).toMatchObject({ conclusion: 'failure' });
  });

  it('resumes every audit from the audit-id output, uploading nothing', async () => {
    const svc = await monorepo();
    await run();
    const auditIds = recorded.outputs['audit-id'] ?? '';
    const uploads = svc.uploads.length;

    resetCore({ ...recorded.inputs, 'audit-id': auditIds });
    await run();
    expect(svc.uploads).toHaveLength(uploads);
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', 'findings-count': '3' });
    expect(recorded.log).toContainEqual(
      expect.stringMatching(/^Resuming audit audit-\d \(vaults\/packages\/core\)/),
    );
    // Still told apart from this checkout's files: the dependency's critical does not count.
    expect(recorded.outputs['critical-count']).toBe('1');
    expect(recorded.summary).toContain('#### In dependencies (1)');
  });

  it('refuses a single id when the checkout has several projects, saying what to pass', async () => {
    await monorepo({ 'audit-id': 'audit-1' });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'Input `audit-id` is one id, but this checkout has 2 projects to audit (packages/core, packages/tokens)',
    );
  });

  it('audits that time out are each listed, and one input resumes them all', async () => {
    await setUp(
      { 'timeout-minutes': '0.005' },
      { findings: findingsOf, pollsUntilDone: 1_000_000 },
    );
    vi.stubEnv('GITHUB_WORKSPACE', await workspaceWith(MONOREPO));
    await run();
    expect(recorded.outputs['verdict']).toBe('timeout');
    const auditIds = recorded.outputs['audit-id'] ?? '';
    expect(Object.keys(JSON.parse(auditIds) as object).sort()).toEqual([
      'packages/core',
      'packages/tokens',
    ]);
    // Quoted, or YAML would read the JSON object as a mapping.
    expect(recorded.log).toContainEqual(
      expect.stringContaining(`re-run with \`audit-id: '${auditIds}'\``),
    );
    expect(recorded.summary).toMatch(/\| vaults\/packages\/core \| ⏱️ [^|]+ \| — \|/);
  });

  it("one project's refused upload is its own error: the others still report, and the run is an error", async () => {
    // core's upload (its file and the token it imports) is over the service's limit.
    const svc = await setUp({ 'fail-on': 'high' }, { findings: findingsOf, maxFiles: 1 });
    vi.stubEnv('GITHUB_WORKSPACE', await workspaceWith(MONOREPO));
    await run();
    expect(svc.uploads.map((upload) => upload.projectName)).toEqual(['vaults/packages/tokens']);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toMatch(
      /^Verdict: error\. 2 projects: 1 error, 1 pass\. vaults\/packages\/core: The audit service: /,
    );
    // tokens' results are kept, under its name; its id alone is the output, by its folder.
    expect(recorded.outputs['findings-count']).toBe('1');
    expect(recorded.summary).toContain('#### vaults/packages/tokens (1)');
    // Nothing of core's refused upload counts as uploaded.
    expect(recorded.summary).toMatch(/\| vaults\/packages\/core \| ⚠️ Error \| — \| — \| — \|/);
    expect(JSON.parse(recorded.outputs['audit-id'] ?? '')).toEqual({
      'packages/tokens': svc.uploads[0]?.auditId,
    });
  });

  it('refuses an audit-id object that names a folder with no project to audit, naming those there are', async () => {
    const svc = await monorepo({ 'audit-id': '{"packages/gone":"audit-7"}' });
    await run();
    expect(svc.requests.filter((request) => request.method === 'GET')).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'Input `audit-id` names the project folder "packages/gone", but this checkout has no project with files to audit there (it has packages/core, packages/tokens).',
    );
  });

  it('resuming some projects of several says the others have no results, and keeps the object form', async () => {
    const svc = await monorepo();
    await run();
    const ids = JSON.parse(recorded.outputs['audit-id'] ?? '') as Record<string, string>;
    const core = JSON.stringify({ 'packages/core': ids['packages/core'] });
    resetCore({ ...recorded.inputs, 'audit-id': core });
    await run();
    expect(svc.uploads).toHaveLength(2);
    // tokens has no id: never silently passed over, and the run cannot pass without it.
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'vaults/packages/tokens: Input `audit-id` has no audit id for packages/tokens, so it has no results',
    );
    // core's results are all there, and its id stays in the form the input takes back.
    expect(recorded.outputs['findings-count']).toBe('3');
    expect(recorded.outputs['audit-id']).toBe(core);
    expect(recorded.summary).toContain('#### In dependencies (2)');
  });

  it("the service's failure of every audit is an error that quotes it for each project", async () => {
    await setUp({}, { failWith: 'solc crashed' });
    vi.stubEnv('GITHUB_WORKSPACE', await workspaceWith(MONOREPO));
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'vaults/packages/core: The service reports the audit as failed: solc crashed',
    );
    expect(recorded.failed[0]).toContain(
      'vaults/packages/tokens: The service reports the audit as failed: solc crashed',
    );
  });

  it('resumes by folder though an upload limit would now refuse the checkout: nothing is uploaded', async () => {
    await monorepo();
    await run();
    const auditIds = recorded.outputs['audit-id'] ?? '';
    // Too many files for the limit now: an upload would be refused, a resume is not.
    resetCore({ ...recorded.inputs, 'audit-id': auditIds, 'max-files': '1' });
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(recorded.summary).toContain('#### vaults/packages/core (');
    const results = JSON.parse(await readFile(recorded.outputs['results-file'] ?? '', 'utf8')) as {
      findings: { file: string }[];
    };
    expect(results.findings.map((finding) => finding.file)).toContain(
      'packages/core/src/Vault.sol',
    );
  });

  it('never passes a project without an id when the checkout cannot be listed', async () => {
    await monorepo();
    await run();
    const ids = JSON.parse(recorded.outputs['audit-id'] ?? '{}') as Record<string, string>;
    // A file no listing can read: the projects found stand in for those with files.
    const workspace = process.env['GITHUB_WORKSPACE'] ?? '';
    execFileSync('mkfifo', [path.join(workspace, 'packages/core/src/Pipe.sol')]);
    const onlyCore = JSON.stringify({ 'packages/core': ids['packages/core'] });
    resetCore({ ...recorded.inputs, 'audit-id': onlyCore });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed).toEqual([
      expect.stringContaining(
        "no audit id for packages/tokens, and this checkout's files could not be listed",
      ),
    ]);
  });

  it('refuses one id for a checkout of several projects, whatever the upload limits', async () => {
    await monorepo();
    resetCore({ ...recorded.inputs, 'audit-id': 'audit-1', 'max-files': '1' });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed).toEqual([
      expect.stringContaining('Input `audit-id` is one id, but this checkout has 2 projects'),
    ]);
  });
});
