/**
 * The command's main() in process, as its entry calls it, with captured streams: a dry run, an
 * audit against the reference service with every report file, a terminal's live line and
 * colour, and the exits for a bad option, a missing key and a timeout.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type CommandEnvironment } from '../../src/cli/main.ts';
import { DEMO_WORKSPACE } from '../support/in-process-run.ts';
import { useAuditService } from '../support/service.ts';

const serve = useAuditService();

function capture(isTTY = false) {
  const text: string[] = [];
  return { isTTY, columns: 100, text, write: (chunk: string) => text.push(chunk) };
}

async function command(argv: string[], env: NodeJS.ProcessEnv = {}, tty = false) {
  const stdout = capture(tty);
  const stderr = capture(tty);
  const cli: CommandEnvironment = { argv, env, cwd: DEMO_WORKSPACE, stdout, stderr };
  const code = await main(cli);
  return { code, stdout: stdout.text.join(''), stderr: stderr.text.join('') };
}

describe('contract-audit, in process', () => {
  it('--help and --version answer and exit 0', async () => {
    const help = await command(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fail-on');
    expect(help.stdout).toContain('CONTRACT_AUDIT_API_KEY');
    expect((await command(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a dry run lists what would be sent, with no key and no network', async () => {
    const run = await command(['--dry-run', '.']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was sent.');
    expect(run.stdout).toContain('src/Vault.sol');
    expect(run.stdout).toContain(
      'solmate/utils/SafeTransferLib.sol (lib/solmate/src/utils/SafeTransferLib.sol)',
    );
  });

  it('audits, writes every report file, and exits 1 on findings', async () => {
    const service = await serve();
    const out = await mkdtemp(path.join(tmpdir(), 'cli-reports-'));
    const files = ['a.sarif', 'a.json', 'cq.json', 'junit.xml'].map((name) => path.join(out, name));
    const run = await command(
      [
        '--base-url',
        service.url,
        '--poll-interval-seconds',
        '0.02',
        '--sarif',
        files[0]!,
        '--json',
        files[1]!,
        '--codequality',
        files[2]!,
        '--junit',
        files[3]!,
        '.',
      ],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Verdict: fail\. /);
    expect(run.stdout).toMatch(
      /^CRITICAL src\/Wallet\.sol:\d+ {2}Unprotected selfdestruct \[SWC-106\]$/m,
    );
    // A pipe: plain lines, no escape code.
    expect(run.stderr).not.toContain('\u001b');
    const codeQuality = JSON.parse(await readFile(files[2]!, 'utf8')) as { fingerprint: string }[];
    expect(new Set(codeQuality.map((issue) => issue.fingerprint)).size).toBe(codeQuality.length);
    expect(await readFile(files[3]!, 'utf8')).toMatch(/^<\?xml/);
    expect(JSON.parse(await readFile(files[1]!, 'utf8'))).toMatchObject({ verdict: 'fail' });
    for (const file of files) expect(await readFile(file, 'utf8')).not.toContain(service.apiKey);
  });

  it('on a terminal, draws one live line in colour, and none with NO_COLOR', async () => {
    const service = await serve();
    const args = [
      '--base-url',
      service.url,
      '--poll-interval-seconds',
      '0.02',
      '--fail-on',
      'none',
      '.',
    ];
    const coloured = await command(args, { CONTRACT_AUDIT_API_KEY: service.apiKey }, true);
    expect(coloured.code).toBe(0);
    expect(coloured.stderr).toContain('\r\u001b[2K');
    expect(coloured.stdout).toContain('\u001b[');
    const plainRun = await command(
      args,
      { CONTRACT_AUDIT_API_KEY: service.apiKey, NO_COLOR: '1' },
      true,
    );
    expect(plainRun.stdout).not.toContain('\u001b[');
  });

  it('exits 2 naming what is wrong: a bad value, an unknown option, no key', async () => {
    const bad = await command([
      '--base-url',
      'https://audit.example.com',
      '--fail-on',
      'bogus',
      '.',
    ]);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.stderr).toContain('Input `fail-on` is "bogus"');
    expect((await command(['--no-such-option'])).code).toBe(2);
    const keyless = await command(['--base-url', 'https://audit.example.com', '.']);
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('CONTRACT_AUDIT_API_KEY is not set');
  });

  it('exits 3 on a timeout, printing the command that resumes the audit', async () => {
    const service = await serve({ pollsUntilDone: 1_000 });
    const run = await command(
      [
        '--base-url',
        service.url,
        '--timeout-minutes',
        '0.01',
        '--poll-interval-seconds',
        '0.05',
        '.',
      ],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(3);
    expect(run.stdout + run.stderr).toContain('--audit-id audit-1');
  });

  it('exits 3 when the time runs out while the projects are found, with the results file saying so', async () => {
    const service = await serve();
    const out = await mkdtemp(path.join(tmpdir(), 'cli-timeout-'));
    const results = path.join(out, 'results.json');
    const run = await command(
      ['--base-url', service.url, '--timeout-minutes', '0.000001', '--json', results, '.'],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/Verdict: timeout\. The time limit .* ran out during discovery/);
    expect(JSON.parse(await readFile(results, 'utf8'))).toMatchObject({ verdict: 'timeout' });
    expect(service.uploads).toHaveLength(0);
  });
});
