/**
 * A config that cannot be used, the whole story in process against the reference service: the
 * folder's contracts are still audited, so a finding in them decides the verdict.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { StoredAudit } from '@contract-audit/reference-service';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const github = await vi.hoisted(async () =>
  (await import('../support/in-process-run.ts')).prepareRunContext('push'),
);
const setUp = useInProcessRun(github);

/** A critical finding in each upload that holds the vault's contract, none elsewhere. */
const findingsOf = (audit: StoredAudit) =>
  audit.files
    .filter((file) => file.filename.endsWith('Vault.sol'))
    .map((file) => serviceFinding({ id: 'c', file: file.filename, severity: 'critical' }));

describe('a sub-project whose config cannot be used', () => {
  it('audits the folder of a foundry.toml that is a FIFO, without waiting on it: its critical finding fails the run', async () => {
    await setUp({ 'fail-on': 'high' }, { findings: findingsOf });
    const workspace = await workspaceWith({
      'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'packages/core/src/Core.sol': CONTRACT,
      'packages/vault/src/Vault.sol': CONTRACT,
    });
    // Nothing ever writes to it: a read that waited on it would never end.
    execFileSync('mkfifo', [path.join(workspace, 'packages/vault/foundry.toml')]);
    vi.stubEnv('GITHUB_WORKSPACE', workspace);
    await run();
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', 'critical-count': '1' });
    expect(recorded.failed).toEqual([
      'Verdict: fail. 2 projects: 1 fail, 1 pass. vaults/packages/vault: 1 finding at or above high (1 critical).',
    ]);
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(
          /^packages\/vault\/foundry\.toml is a FIFO \(named pipe\), not a file\. It is not used: /,
        ),
      }),
    );
  }, 30_000);
});
