/**
 * The command as a user installs it: `npm pack` of this repository, `npm install --omit=dev` of the
 * tarball into an empty project, then `npx contract-audit` — a dry run, and an audit against the
 * reference service. The install prefers npm's cache, which `npm ci` filled with every package's
 * tarball; the registry is asked only for what the cache lacks (`npm ci` keeps no package
 * documents, which an install of a tarball resolves its dependencies with).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/run-action.ts';
import { demoWorkspace } from '../support/layouts.ts';
import { runCli } from '../support/run-cli.ts';
import { useAuditService } from '../support/service.ts';

const run = promisify(execFile);
const serve = useAuditService();
// Outside any repository: the demo is the whole of what is audited.
const demo = await demoWorkspace();
// npm and the installed command's `#!/usr/bin/env node` find this Node (24) first.
const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env['PATH'] ?? ''}`;

let project: string;
let packed: string[];

beforeAll(async () => {
  const packs = await mkdtemp(path.join(tmpdir(), 'packed-'));
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--pack-destination', packs, '--ignore-scripts'],
    { cwd: repositoryRoot, env: { ...process.env, PATH } },
  );
  const [pack] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  packed = pack!.files.map((file) => file.path);
  project = await mkdtemp(path.join(tmpdir(), 'installed-'));
  await writeFile(
    path.join(project, 'package.json'),
    '{ "name": "user-project", "private": true }\n',
  );
  await run(
    'npm',
    [
      'install',
      '--omit=dev',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      path.join(packs, pack!.filename),
    ],
    { cwd: project, env: { ...process.env, PATH } },
  );
}, 240_000);

const npx = (args: string[], env: Record<string, string> = {}) =>
  runCli({
    args,
    command: ['npx', '--offline', 'contract-audit'],
    cwd: project,
    env: { PATH, ...env },
  });

describe('contract-audit from the packed package', () => {
  it('ships the bundle, its licences and action.yml, and no sources or tests', () => {
    expect(packed).toContain('dist/cli.js');
    expect(packed).toContain('dist/index.js');
    expect(packed).toContain('action.yml');
    expect(packed.filter((file) => /^(src|test|scripts)\//.test(file))).toEqual([]);
  });

  it('answers --version, and a dry run lists what would be sent with no key', async () => {
    const version = await npx(['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const dry = await npx(['--dry-run', demo]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('  foundry-demo (.): 4 file(s) to audit, 1 dependency');
  });

  it('audits against the service and exits 1 on findings', async () => {
    const svc = await serve();
    const audit = await npx(['--base-url', svc.url, '--poll-interval-seconds', '0.02', demo], {
      CONTRACT_AUDIT_API_KEY: svc.apiKey,
    });
    expect(audit.stderr).not.toContain(svc.apiKey);
    expect(audit.exitCode).toBe(1);
    expect(audit.stdout).toMatch(/^Verdict: fail\./);
    expect(svc.uploads[0]!.files.map((file) => file.filename)).toContain('src/Vault.sol');
  });
});
