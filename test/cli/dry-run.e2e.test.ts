/**
 * One engine, two doors: the files a dry run says it would send are the files the action uploads
 * for the same folder, per audit, under the same names, with no network and no key.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutWorkspace } from '../support/layouts.ts';
import { repositoryRoot, runAction } from '../support/run-action.ts';
import { CLI_BUNDLE, plannedFiles, runCli } from '../support/run-cli.ts';
import { useAuditService } from '../support/service.ts';

const serve = useAuditService();

async function actionUploads(workspace: string): Promise<Map<string, string[]>> {
  const svc = await serve({ pollsUntilDone: 0 });
  const run = await runAction({
    workspace,
    inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, 'poll-interval-seconds': '0.02' },
  });
  expect(run.exitCode).not.toBeNull();
  return new Map(
    svc.uploads.map((upload) => [upload.projectName, upload.files.map((file) => file.filename)]),
  );
}

describe('contract-audit --dry-run', () => {
  it('prints the projects, what is sent with where dependencies come from, and what is left out', async () => {
    const run = await runCli({ args: ['--dry-run', 'examples/foundry-demo'], cwd: repositoryRoot });
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
    expect(planned).toEqual(await actionUploads(workspace));
  });

  it('gives the same plan from the committed bundle, dist/cli.js, as from the sources', async () => {
    const args = ['--dry-run', 'examples/foundry-demo'];
    const [bundle, sources] = await Promise.all([
      runCli({ args, entry: CLI_BUNDLE }),
      runCli({ args }),
    ]);
    expect(bundle.exitCode).toBe(0);
    expect(bundle.stdout).toBe(sources.stdout);
  });
});
