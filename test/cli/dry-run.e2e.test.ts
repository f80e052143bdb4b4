/**
 * One engine, two doors: the files a dry run says it would send are the files the action uploads
 * for the same folder, per audit, under the same names, with no network and no key; and from any
 * folder of a repository, the command uploads what the action given that folder as
 * `working-directory` does, byte for byte, and reports its findings at the same paths.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditService, RecordedUpload } from '@contract-audit/reference-service';
import { describe, expect, it } from 'vitest';
import { uploadDigest } from '../../src/engine/reuse.ts';
import { demoWorkspace, layoutRepository, layoutWorkspace } from '../support/layouts.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';
import { repositoryRoot, runAction, type ActionRun } from '../support/run-action.ts';
import { CLI_BUNDLE, plannedFiles, runCli } from '../support/run-cli.ts';
import { useAuditService } from '../support/service.ts';

const serve = useAuditService();
const fast = ['--poll-interval-seconds', '0.02'];

/** The action's run of `workspace` against `svc` (a new one unless given), and what it uploaded. */
async function actionUploads(
  workspace: string,
  inputs: Record<string, string> = {},
  given?: AuditService,
): Promise<{ run: ActionRun; uploads: RecordedUpload[]; files: Map<string, string[]> }> {
  const svc = given ?? (await serve({ pollsUntilDone: 0 }));
  const before = svc.uploads.length;
  const run = await runAction({
    workspace,
    inputs: {
      'api-key': svc.apiKey,
      'base-url': svc.url,
      'poll-interval-seconds': '0.02',
      ...inputs,
    },
  });
  expect(run.exitCode).not.toBeNull();
  const uploads = svc.uploads.slice(before);
  return { run, uploads, files: auditFiles(uploads) };
}

/** The files of each audit, by audit name and upload name, as a dry run lists them. */
function auditFiles(uploads: readonly RecordedUpload[]): Map<string, string[]> {
  return new Map(
    uploads.map((upload) => [upload.projectName, upload.files.map((file) => file.filename)]),
  );
}

/** Each upload's name, files and digest (the engine's, which audits are reused by). */
async function digests(uploads: readonly RecordedUpload[], svc: AuditService) {
  const folder = await mkdtemp(path.join(tmpdir(), 'uploaded-'));
  return Promise.all(
    uploads.map(async (upload, index) => {
      const files = await Promise.all(
        upload.files.map(async (file, at) => {
          const absolutePath = path.join(folder, `${index}-${at}`);
          await writeFile(absolutePath, file.content);
          return { relativePath: file.filename, absolutePath };
        }),
      );
      const origin = new URL(svc.url).origin;
      return {
        name: upload.projectName,
        files: upload.files.map((file) => file.filename),
        digest: await uploadDigest(upload.projectName, origin, files),
      };
    }),
  );
}

/** A results file's verdict, projects and findings, without what differs between two audits. */
async function reported(file: string) {
  const results = JSON.parse(await readFile(file, 'utf8')) as {
    projectName: string;
    verdict: string;
    counts: object;
    projects: { name: string; path: string; fileCount: number }[] | null;
    findings: { serviceId: string }[];
  };
  return {
    projectName: results.projectName,
    verdict: results.verdict,
    counts: results.counts,
    projects: results.projects?.map(({ name, path, fileCount }) => ({ name, path, fileCount })),
    // The service numbers its findings by audit.
    findings: results.findings.map(({ serviceId: _, ...finding }) => finding),
  };
}

/**
 * The projects the search found, as its narration lists them (`folder: Kind project`; indented
 * in the command's group, not in the action's).
 */
function projectLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => /^\S+: .* project$/.test(line));
}

describe('contract-audit --dry-run', () => {
  it('prints the projects, what is sent with where dependencies come from, and what is left out', async () => {
    const demo = await demoWorkspace();
    const run = await runCli({ args: ['--dry-run', 'foundry-demo'], cwd: path.dirname(demo) });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('.: Foundry project');
    expect(run.stdout).toContain(
      '\n  solmate/utils/SafeTransferLib.sol (lib/solmate/src/utils/SafeTransferLib.sol)\n',
    );
    expect(run.stdout).toContain('\n  foundry-demo (.): 4 file(s) to audit, 1 dependency');
    // Each file is named once: the plan sums up, the narration lists.
    expect(run.stdout.split('\n').filter((line) => line.includes('src/Vault.sol'))).toHaveLength(1);
    expect(run.stdout).not.toContain('\u001b');

    const mocks = await runCli({
      args: ['--dry-run', await layoutWorkspace('foundry-contracts-mocks')],
    });
    expect(mocks.stdout).toContain('Not audited (2)\n  contracts/mocks/: mocks, by convention\n');
    // The hint, followed as written, brings them back.
    const back = await runCli({
      args: ['--dry-run', '--exclude', '!mocks/', await layoutWorkspace('foundry-contracts-mocks')],
    });
    expect(back.stdout).toMatch(/\n {2}contracts\/mocks\/\S+\.sol \(\d+ bytes\)\n/);
    expect(back.stdout).not.toContain('contracts/mocks/: mocks, by convention');
  });

  it.each([
    'examples/foundry-demo',
    'foundry-contracts-mocks',
    'hardhat-node-modules',
    'monorepo-foundry',
    'plain',
  ])('lists the files the action uploads for %s', async (name) => {
    const workspace = name.startsWith('examples/')
      ? path.join(repositoryRoot, name)
      : await layoutWorkspace(name);
    // The action names the project after the repository (acme/vaults).
    const dry = await runCli({ args: ['--dry-run', '--project-name', 'vaults', workspace] });
    expect(dry.exitCode).toBe(0);
    const planned = plannedFiles(dry.stdout);
    expect(planned.size).toBeGreaterThan(0);
    expect(planned).toEqual((await actionUploads(workspace)).files);
  });

  it('piped into a reader that stops early (`| head -1`), ends as it would have: exit 0, no stack trace', async () => {
    const files = Array.from({ length: 1500 }, (_, index) => [
      `src/${'deeply-nested-folder/'.repeat(3)}Contract${index}.sol`,
      CONTRACT,
    ]);
    const workspace = await workspaceWith(Object.fromEntries(files));
    const run = await runCli({
      args: ['--dry-run', '--max-files', '5000', workspace],
      closeStdoutEarly: true,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
  });

  it('gives the same plan from the committed bundle, dist/cli.js, as from the sources', async () => {
    const args = ['--dry-run', await demoWorkspace()];
    const [bundle, sources] = await Promise.all([
      runCli({ args, entry: CLI_BUNDLE }),
      runCli({ args }),
    ]);
    expect(bundle.exitCode).toBe(0);
    expect(bundle.stdout).toBe(sources.stdout);
  });
});

describe('the same upload from every door', () => {
  it.each([
    // A package importing a hoisted node_modules and a linked package, both above it.
    ['yarn-workspaces', 'packages/core'],
    ['monorepo-foundry', 'packages/contracts-bedrock'],
    ['pnpm-workspace', 'packages/protocol'],
    ['workspace-dapptools', 'packages/vault'],
  ])(
    '%s: the command at %s, from the package, the root or elsewhere, sends and reports what the action does',
    async (layout, folder) => {
      const root = await layoutRepository(layout);
      const svc = await serve({ pollsUntilDone: 0 });
      const action = await actionUploads(
        root,
        { 'working-directory': folder, 'fail-on': 'none' },
        svc,
      );
      expect(action.run.exitCode).toBe(0);
      expect(action.uploads.length).toBeGreaterThan(0);

      // An audit from the package's folder: the same uploads, byte for byte, the same report.
      const results = path.join(await mkdtemp(path.join(tmpdir(), 'cli-results-')), 'r.json');
      const before = svc.uploads.length;
      const audit = await runCli({
        args: ['--base-url', svc.url, ...fast, '--fail-on', 'none', '--json', results],
        cwd: path.join(root, folder),
        env: { CONTRACT_AUDIT_API_KEY: svc.apiKey },
      });
      expect(audit.exitCode).toBe(0);
      expect(await digests(svc.uploads.slice(before), svc)).toEqual(
        await digests(action.uploads, svc),
      );
      expect(await reported(results)).toEqual(await reported(action.run.outputs['results-file']!));

      // Dry runs from the package, from the root with --working-directory, and from another
      // repository naming the root: one plan, the action's.
      const dryRuns = await Promise.all([
        runCli({ args: ['--dry-run'], cwd: path.join(root, folder) }),
        runCli({ args: ['--dry-run', '--working-directory', folder], cwd: root }),
        runCli({ args: ['--dry-run', '--working-directory', folder, root], cwd: repositoryRoot }),
      ]);
      for (const dry of dryRuns) {
        expect(dry.exitCode).toBe(0);
        expect(dry.stdout).toBe(dryRuns[0]!.stdout);
      }
      const plan = dryRuns[0]!.stdout;
      expect(plannedFiles(plan)).toEqual(action.files);
      const projects = projectLines(plan.split('\n'));
      expect(projects.length).toBeGreaterThan(0);
      expect(projects).toEqual(projectLines(action.run.logLines));
      expect(plan).not.toContain('could not be resolved');
    },
  );
});
