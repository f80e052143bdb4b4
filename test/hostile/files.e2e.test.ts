/**
 * A hostile checkout: links that try to redirect the action's writes, a FIFO the service names,
 * a contract whose name is not UTF-8; and two runs that share RUNNER_TEMP.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction } from '../support/run-action.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

const fast = { 'poll-interval-seconds': '0.02' };

const serve = useAuditService();

describe('output files stay inside the workspace and RUNNER_TEMP', () => {
  it('never writes through a link in the path of `sarif-file`', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'hostile-outside-'));
    await writeFile(path.join(outside, 'audit.sarif'), 'PRECIOUS');
    const workspace = await workspaceWith({ 'src/Vault.sol': CONTRACT });
    await symlink(outside, path.join(workspace, 'reports'));
    const service = await serve({ findings: [serviceFinding()], pollsUntilDone: 1 });
    const run = await runAction({
      workspace,
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        'sarif-file': 'reports/audit.sarif',
        ...fast,
      },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(await readFile(path.join(outside, 'audit.sarif'), 'utf8')).toBe('PRECIOUS');
    expect(await readdir(outside)).toEqual(['audit.sarif']);
    expect(run.outputs['sarif-file']).toBeUndefined();
    expect(run.annotations).toContainEqual(
      expect.objectContaining({ level: 'warning', message: expect.stringMatching(/SARIF file/) }),
    );
  });

  it('refuses a `sarif-file` outside the workspace and RUNNER_TEMP before any upload', async () => {
    const service = await serve({ findings: [], pollsUntilDone: 1 });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        'sarif-file': path.join(tmpdir(), 'elsewhere', 'audit.sarif'),
        ...fast,
      },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringMatching(/`sarif-file` .* is outside the workspace and RUNNER_TEMP/),
      }),
    );
    expect(service.uploads).toHaveLength(0);
  });

  it('gives two packages of one job, sharing RUNNER_TEMP and the project name, files of their own', async () => {
    const runnerTemp = await mkdtemp(path.join(tmpdir(), 'shared-temp-'));
    const workspace = await workspaceWith({
      'packages/core/src/Vault.sol': CONTRACT,
      'packages/periphery/src/Router.sol': CONTRACT,
    });
    const service = await serve({ findings: [serviceFinding()], pollsUntilDone: 1 });
    const runs = [];
    for (const directory of ['packages/core', 'packages/periphery']) {
      runs.push(
        await runAction({
          workspace,
          env: { RUNNER_TEMP: runnerTemp },
          inputs: {
            'api-key': service.apiKey,
            'base-url': service.url,
            'working-directory': directory,
            ...fast,
          },
        }),
      );
    }
    const sarifFiles = runs.map((run) => run.outputs['sarif-file']!);
    const resultsFiles = runs.map((run) => run.outputs['results-file']!);
    expect(new Set(sarifFiles).size).toBe(2);
    expect(new Set(resultsFiles).size).toBe(2);
    for (const file of [...sarifFiles, ...resultsFiles]) {
      expect(path.dirname(file)).toBe(runnerTemp);
      expect((await stat(file)).size).toBeGreaterThan(0);
    }
  });
});

describe('contract files', () => {
  it('names a contract whose file name is not UTF-8 in an error, and uploads nothing', async () => {
    const workspace = await workspaceWith({ 'src/Vault.sol': CONTRACT });
    const evil = Buffer.concat([
      Buffer.from(path.join(workspace, 'src', 'Evil')),
      Buffer.from([0xff]),
      Buffer.from('.sol'),
    ]);
    await writeFile(evil, CONTRACT);
    const service = await serve({ findings: [], pollsUntilDone: 1 });
    const run = await runAction({
      workspace,
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: expect.stringContaining('Evil\\xff.sol'),
      }),
    );
    expect(service.uploads).toHaveLength(0);
  });

  it('does not block on a FIFO the service names when resuming an audit', async () => {
    const workspace = await workspaceWith({ 'src/Vault.sol': CONTRACT });
    execFileSync('mkfifo', [path.join(workspace, 'src', 'Pipe.sol')]);
    const service = await serve({
      findings: [serviceFinding({ file: 'src/Pipe.sol' })],
      pollsUntilDone: 1,
    });
    const started = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    const auditId = started.outputs['audit-id']!;
    const resumed = await runAction({
      workspace,
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, 'audit-id': auditId, ...fast },
    });
    expect(resumed.outputs['verdict']).toBe('fail');
    expect(resumed.outputs['findings-count']).toBe('1');
  });
});
