/**
 * `contract-audit` end to end, as a child process against the reference service over HTTP: the
 * report on stdout, progress on stderr, the exit codes, the report files, and no key anywhere.
 */
import { cp, mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeQualityProblems, junitProblems, sarifProblems } from '../support/report-validators.ts';
import { demoWorkspace } from '../support/layouts.ts';
import { runCli, type CliRun } from '../support/run-cli.ts';
import { useAuditService } from '../support/service.ts';

// Outside any repository: the demo is the whole of what is audited.
const demo = await demoWorkspace();
const fast = ['--poll-interval-seconds', '0.02'];
const serve = useAuditService();

function expectNoSecret(run: CliRun, secret: string): void {
  expect(run.stdout).not.toContain(secret);
  expect(run.stderr).not.toContain(secret);
}

describe('contract-audit', () => {
  it('audits a Foundry project: the verdict, the counts and every finding on stdout, progress on stderr, exit 1', async () => {
    const svc = await serve();
    const env = { CONTRACT_AUDIT_API_KEY: svc.apiKey };
    const run = await runCli({ args: ['--base-url', svc.url, ...fast, demo], env });

    expect(run.exitCode).toBe(1);
    expect(svc.uploads[0]!.files.map((file) => file.filename)).toEqual([
      'src/LegacyToken.sol',
      'src/Lottery.sol',
      'src/Vault.sol',
      'src/Wallet.sol',
      'solmate/utils/SafeTransferLib.sol',
    ]);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(
      'Verdict: fail. 16 findings at or above low (1 critical, 8 high, 2 medium, 5 low); not counted: 1 in a dependency',
    );
    expect(lines).toContain(
      'Findings: 21 (1 critical, 8 high, 2 medium, 6 low, 4 gas); not counted: 1 in a dependency',
    );
    const findings = lines.filter((line) => /^[A-Z]+ +\S+:\d+ {2}/.test(line));
    expect(findings).toHaveLength(21);
    expect(findings[0]).toBe('CRITICAL src/Wallet.sol:25  Unprotected selfdestruct [SWC-106]');
    expect(findings).toContain(
      'LOW      lib/solmate/src/utils/SafeTransferLib.sol:2  Floating pragma [SWC-103]  (in a dependency: not counted)',
    );
    // Most severe first.
    const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'GAS'];
    const ranks = findings.map((line) => order.indexOf(line.split(' ')[0]!));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Progress in a pipe: plain lines, the id as soon as it is known, no escape code anywhere.
    expect(run.stderr.split('\n')).toContain('Audit started: audit-1');
    expect(run.stdout + run.stderr).not.toContain('\u001b');
    expectNoSecret(run, svc.apiKey);
  });

  it('passes with exit 0 when nothing reaches fail-on', async () => {
    const svc = await serve();
    const run = await runCli({
      args: [...fast, '--fail-on', 'none', demo],
      env: { CONTRACT_AUDIT_API_KEY: svc.apiKey, CONTRACT_AUDIT_BASE_URL: svc.url },
    });
    expect(run.stdout).toMatch(
      /^Verdict: pass\. --fail-on is none, so findings never make the command exit 1 /,
    );
    expect(run.exitCode).toBe(0);
  });

  it('writes the results, SARIF, code quality and JUnit files, redacted, and says where', async () => {
    const svc = await serve();
    const out = await mkdtemp(path.join(tmpdir(), 'cli-reports-'));
    const file = (name: string) => path.join(out, name);
    const run = await runCli({
      args: [
        ...['--base-url', svc.url, ...fast],
        ...['--json', file('results.json'), '--sarif', file('audit.sarif')],
        ...['--codequality', file('gl-code-quality.json'), '--junit', file('junit.xml')],
        demo,
      ],
      env: { CONTRACT_AUDIT_API_KEY: svc.apiKey },
    });
    expect(run.exitCode).toBe(1);
    expect((await readdir(out)).sort()).toEqual([
      'audit.sarif',
      'gl-code-quality.json',
      'junit.xml',
      'results.json',
    ]);
    expect(run.stderr).toContain(`Wrote the SARIF file: ${file('audit.sarif')}`);
    const results = JSON.parse(await readFile(file('results.json'), 'utf8')) as {
      verdict: string;
      findings: unknown[];
    };
    expect(results.verdict).toBe('fail');
    expect(results.findings).toHaveLength(21);
    expect(sarifProblems(JSON.parse(await readFile(file('audit.sarif'), 'utf8')))).toEqual([]);
    const issues = JSON.parse(await readFile(file('gl-code-quality.json'), 'utf8')) as unknown[];
    expect(codeQualityProblems(issues)).toEqual([]);
    // The 20 that count; the dependency's is not the project's to fix.
    expect(issues).toHaveLength(20);
    const junit = await readFile(file('junit.xml'), 'utf8');
    expect(await junitProblems(junit)).toEqual([]);
    expect(junit).toContain(
      '<testsuite name="foundry-demo" tests="21" failures="16" errors="0" skipped="1">',
    );
    for (const name of await readdir(out)) {
      expect(await readFile(file(name), 'utf8')).not.toContain(svc.apiKey);
    }
  });

  it('times out with exit 3, the audit id and the exact command that resumes it', async () => {
    const svc = await serve({ minDurationMs: 3000 });
    const env = { CONTRACT_AUDIT_API_KEY: svc.apiKey, CONTRACT_AUDIT_BASE_URL: svc.url };
    const run = await runCli({ args: ['--timeout-minutes', '0.02', ...fast, demo], env });

    expect(run.exitCode).toBe(3);
    expect(run.stdout).toMatch(/^Verdict: timeout\. The audit did not finish within 1\.2 s/);
    expect(run.stdout).toContain('The audit goes on at the service (id audit-1).');
    const command = `contract-audit --audit-id audit-1 --timeout-minutes 0.02 --poll-interval-seconds 0.02 ${demo}`;
    expect(run.stdout.split('\n')).toContain(`  ${command}`);

    // The command it prints, given longer, collects the audit with no second upload.
    const args = command.split(' ').slice(1);
    args[args.indexOf('--timeout-minutes') + 1] = '1';
    const resumed = await runCli({ args, env });
    expect(resumed.stderr).toContain('Resuming audit audit-1');
    expect(resumed.stdout).toMatch(/^Verdict: fail\./);
    expect(resumed.exitCode).toBe(1);
    expect(svc.uploads).toHaveLength(1);
  });

  it('on Ctrl-C while it waits: exit 130, no report file, the audit id and the command that collects it', async () => {
    const svc = await serve({ minDurationMs: 60_000 });
    const out = await mkdtemp(path.join(tmpdir(), 'cli-interrupt-'));
    const env = { CONTRACT_AUDIT_API_KEY: svc.apiKey, CONTRACT_AUDIT_BASE_URL: svc.url };
    const args = ['--json', path.join(out, 'results.json'), ...fast, demo];
    const run = await runCli({ args, env, interruptAfter: 'Audit started: audit-1' });

    expect(run.exitCode).toBe(130);
    expect(run.stderr).toContain('Interrupted: no report was written.');
    expect(run.stderr).toContain('The audit goes on at the service (id audit-1).');
    const command = `contract-audit --audit-id audit-1 --json ${path.join(out, 'results.json')} --poll-interval-seconds 0.02 ${demo}`;
    expect(run.stderr.split('\n')).toContain(`  ${command}`);
    expect(await readdir(out)).toEqual([]);
    expectNoSecret(run, svc.apiKey);
  });

  it('reads --baseline, as the report files are written, against the current directory', async () => {
    const svc = await serve();
    const env = { CONTRACT_AUDIT_API_KEY: svc.apiKey, CONTRACT_AUDIT_BASE_URL: svc.url };
    const parent = await mkdtemp(path.join(tmpdir(), 'cli-baseline-'));
    await cp(demo, path.join(parent, 'project'), { recursive: true });
    const accepted = path.join('project', 'accepted.json');
    const first = await runCli({
      args: ['--json', accepted, ...fast, 'project'],
      env,
      cwd: parent,
    });
    expect(first.exitCode).toBe(1);

    const run = await runCli({
      args: ['--baseline', accepted, ...fast, 'project'],
      env,
      cwd: parent,
    });
    expect(run.stdout).toMatch(/^Verdict: pass\./);
    expect(run.exitCode).toBe(0);
  });

  it("exits 2 with the engine's message for a bad value, in the command's words", async () => {
    const run = await runCli({
      args: ['--base-url', 'https://audit.example', '--fail-on', 'bogus', demo],
      env: { CONTRACT_AUDIT_API_KEY: 'test-key-0123456789' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(
      'contract-audit: --fail-on is "bogus"; it must be one of: critical, high, medium, low, info, none.\n',
    );
    expect(run.stdout).toBe('');
  });

  it.each([
    [['--frob'], "Unknown option '--frob'"],
    [['--max-files', '1.5'], '--max-files is "1.5"; it must be a whole number.'],
    [['--base-url', 'http://audit.example'], '--base-url uses plain http:// for audit.example'],
    [['one', 'two'], 'One directory at most; got 2: one two.'],
    [[path.join(demo, 'foundry.toml')], 'is not a directory.'],
  ])('exits 2 on %j', async (args, message) => {
    const run = await runCli({
      args,
      env: {
        CONTRACT_AUDIT_API_KEY: 'test-key-0123456789',
        CONTRACT_AUDIT_BASE_URL: 'https://a.example',
      },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('without a key, exits 2 and names the variable; a dry run needs none', async () => {
    const run = await runCli({ args: ['--base-url', 'https://audit.example', demo] });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('CONTRACT_AUDIT_API_KEY is not set');
    const dry = await runCli({ args: ['--dry-run', demo] });
    expect(dry.exitCode).toBe(0);
  });
});
