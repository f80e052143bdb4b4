/**
 * The bundled action, run as the runner runs it (node dist/index.js with INPUT_ variables,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and an event file) against the reference service over HTTP.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServiceFinding } from '@contract-audit/reference-service';
import {
  repositoryRoot,
  runAction,
  verdictAnnotation,
  type ActionRun,
} from './support/run-action.ts';
import { forkPullRequestEvent } from './support/scenarios.ts';
import { useAuditService } from './support/service.ts';

const workspace = path.join(repositoryRoot, 'examples/foundry-demo');
const fast = { 'poll-interval-seconds': '0.02' };
const serve = useAuditService();

function expectNoSecret(run: ActionRun, secret: string): void {
  // `::add-mask::` is how the runner learns the secret; it must be the only place it appears.
  const stdout = run.stdout.replace(`::add-mask::${secret}\n`, '');
  for (const text of [stdout, run.stderr, run.summary, JSON.stringify(run.outputs)]) {
    expect(text).not.toContain(secret);
  }
}

describe('dist/index.js end to end', () => {
  it('audits a Foundry project, annotates, summarizes and fails on findings', async () => {
    const svc = await serve();
    const run = await runAction({
      workspace,
      inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, ...fast },
      env: { RUNNER_DEBUG: '1' },
    });

    expect(run.exitCode).toBe(1);
    expect(svc.uploads).toHaveLength(1);
    expect(svc.uploads[0]!.projectName).toBe('vaults');
    // The sources, not test/ or script/; of lib/, only the file Lottery imports, under the name
    // it imports it by. Names are relative POSIX paths.
    expect(svc.uploads[0]!.files.map((file) => file.filename)).toEqual([
      'src/LegacyToken.sol',
      'src/Lottery.sol',
      'src/Vault.sol',
      'src/Wallet.sol',
      'solmate/utils/SafeTransferLib.sol',
    ]);
    expect(run.outputs).toMatchObject({
      'audit-id': 'audit-1',
      status: 'completed',
      verdict: 'fail',
      'findings-count': '21',
      'critical-count': '1',
      'high-count': '8',
      'medium-count': '2',
      // Five in the sources, one in the library (its floating pragma), which does not count.
      'low-count': '6',
      'info-count': '0',
      'gas-count': '4',
      'report-url': `${svc.url}/reports/audit-1`,
    });
    // A Solidity-only project is no mistake: the default `**/*.vy` matching nothing says nothing.
    expect(run.annotations.map((a) => a.message)).not.toContainEqual(
      expect.stringMatching(/No file matched/),
    );
    // The audit id is printed before polling starts.
    const started = run.logLines.findIndex((line) => line === 'Audit started: audit-1');
    expect(started).toBeGreaterThan(-1);
    expect(run.logLines.findIndex((line) => line === 'Audit audit-1: pending')).toBeGreaterThan(
      started,
    );

    const findingAnnotations = run.annotations.filter((a) =>
      a.properties['title']?.startsWith('['),
    );
    // Critical and high are errors, medium warnings, low and gas notices; the worst come first.
    expect(findingAnnotations.map((a) => a.level)).toEqual([
      ...Array(9).fill('error'),
      ...Array(2).fill('warning'),
      ...Array(9).fill('notice'),
    ]);
    expect(findingAnnotations[0]).toMatchObject({
      level: 'error',
      properties: {
        title: '[CRITICAL] Unprotected selfdestruct (SWC-106)',
        file: 'src/Wallet.sol',
        line: '25',
        endLine: '25',
      },
    });
    // The analyzer's span runs from the ether-sending call to the later state write.
    expect(
      findingAnnotations.find((a) => a.properties['title']?.startsWith('[HIGH] Reentrancy')),
    ).toMatchObject({ properties: { file: 'src/Vault.sol', line: '16', endLine: '18' } });
    expect(verdictAnnotation(run)).toMatchObject({
      level: 'error',
      message:
        'Verdict: fail. 16 findings at or above low (1 critical, 8 high, 2 medium, 5 low); not counted: 1 in a dependency',
    });

    expect(run.summary).toContain('## Smart contract audit: vaults');
    expect(run.summary).toContain('| 🟠 High | 8 | 8 | yes |');
    expect(run.summary).toContain(
      '(https://github.com/acme/vaults/blob/0123456789abcdef0123456789abcdef01234567/src/Vault.sol#L',
    );
    const results = JSON.parse(await readFile(run.outputs['results-file']!, 'utf8')) as {
      verdict: string;
      findings: { fingerprint: string }[];
    };
    expect(results.verdict).toBe('fail');
    expect(results.findings).toHaveLength(21);
    expect(new Set(results.findings.map((f) => f.fingerprint)).size).toBe(21);
    expectNoSecret(run, svc.apiKey);
  });

  it('passes with fail-on none, and with fail-on critical when nothing is critical', async () => {
    const svc = await serve();
    // src/Wallet.sol holds the project's only critical finding (an unprotected selfdestruct).
    const cases = [
      // Annotations: the findings that count, not the library's.
      { failOn: 'none', exclude: '', critical: '1', findings: 20 },
      { failOn: 'critical', exclude: 'src/Wallet.sol', critical: '0', findings: 16 },
    ];
    for (const { failOn, exclude, critical, findings } of cases) {
      const run = await runAction({
        workspace,
        inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, 'fail-on': failOn, exclude, ...fast },
      });
      expect(run.exitCode).toBe(0);
      expect(run.outputs['verdict']).toBe('pass');
      expect(run.outputs['critical-count']).toBe(critical);
      expect(run.annotations.filter((a) => a.properties['title'])).toHaveLength(findings);
    }
  });

  it.each(['enveloped', 'location', 'slither', 'mythx-like', 'status-words'] as const)(
    'reads the %s dialect to the same result',
    async (dialect) => {
      const svc = await serve({ dialect });
      const run = await runAction({
        workspace,
        inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, ...fast },
      });
      // Slither has no critical impact: its dialect reports the critical finding as High.
      const slither = dialect === 'slither';
      expect(run.outputs).toMatchObject({
        verdict: 'fail',
        'findings-count': '21',
        'critical-count': slither ? '0' : '1',
        'high-count': slither ? '9' : '8',
      });
      expect(run.exitCode).toBe(1);
    },
  );

  it('survives a reset, a 503 with Retry-After and a 404 before the audit is visible', async () => {
    const svc = await serve();
    svc.addFault({ method: 'GET', path: '/v1/projects', kind: 'reset' });
    svc.addFault({
      method: 'POST',
      path: '/v1/audits',
      kind: 'status',
      status: 503,
      retryAfter: '0',
    });
    svc.addFault({ method: 'GET', path: /^\/v1\/audits\//, kind: 'notFoundUntil', gets: 2 });
    const run = await runAction({
      workspace,
      inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, ...fast },
    });
    expect(run.outputs).toMatchObject({ verdict: 'fail', 'findings-count': '21' });
    expect(svc.uploads).toHaveLength(1); // the 503 was answered before any audit was created
    expect(
      new Set(
        svc.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']),
      ).size,
    ).toBe(1);
  });

  it('keeps findings from the service from injecting workflow commands', async () => {
    const hostile: ServiceFinding = {
      id: 'x1',
      severity: 'high',
      title: 'Bad title\n::error::pwned%0A::warning::again',
      swc_id: undefined,
      description:
        'line one\n::set-output name=verdict::pass\n##[error]old style\n<script>alert(1)</script>',
      recommendation: '</details><img src=x onerror=alert(1)>',
      file: 'src/Vault.sol',
      start_line: 16,
      end_line: 18,
    };
    const svc = await serve({ findings: [hostile] });
    const run = await runAction({
      workspace,
      inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(run.stdout).not.toMatch(/^::(error|warning)::(pwned|again)/m);
    expect(run.stdout).not.toMatch(/^::set-output/m);
    // `##[` starts a command anywhere in a plain log line (inside a `::` command's data it is inert).
    expect(run.logLines.join('\n')).not.toContain('##[');
    expect(run.annotations.filter((a) => a.level === 'error')).toHaveLength(2); // the finding and the verdict
    expect(run.summary).not.toContain('<script>');
    expect(run.summary).not.toContain('<img');
  });

  it('reports a failed audit as an error with the service message, never as no findings', async () => {
    const svc = await serve({ failWith: 'solc 0.6.12 crashed on LegacyToken.sol' });
    const run = await runAction({
      workspace,
      inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, ...fast },
    });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({
      'audit-id': 'audit-1',
      verdict: 'error',
      status: 'failed',
    });
    expect(run.stdout).toContain('solc 0.6.12 crashed on LegacyToken.sol');
    expect(run.summary).toContain('No results were obtained');
    expect(run.summary).not.toContain('| 🟠 High | 0 |');
  });

  it('times out with the audit id kept and says how to resume; the resume collects the results', async () => {
    const svc = await serve({ pollsUntilDone: 1_000 });
    const run = await runAction({
      workspace,
      inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, 'timeout-minutes': '0.02', ...fast },
    });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({
      'audit-id': 'audit-1',
      verdict: 'timeout',
      status: 'in_progress',
    });
    expect(run.stdout).toContain('re-run with `audit-id: audit-1`');
    expect(run.summary).toMatch(/audit\\?-id: audit\\?-1/);

    const stored = svc.audits.get('audit-1')!;
    stored.polls = 1_000; // the service finishes meanwhile
    const resumed = await runAction({
      workspace,
      inputs: { 'api-key': svc.apiKey, 'base-url': svc.url, 'audit-id': 'audit-1', ...fast },
    });
    expect(svc.uploads).toHaveLength(1); // nothing uploaded again
    expect(resumed.outputs).toMatchObject({
      'audit-id': 'audit-1',
      verdict: 'fail',
      'findings-count': '21',
    });
  });

  it('skips with a notice and sends nothing on a fork pull request without a key', async () => {
    const svc = await serve();
    const run = await runAction({
      workspace,
      eventName: 'pull_request',
      event: forkPullRequestEvent(7),
      inputs: { 'base-url': svc.url },
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['verdict']).toBe('skipped');
    expect(run.annotations[0]).toMatchObject({ level: 'notice' });
    expect(run.annotations[0]!.message).toContain('from a fork');
    expect(svc.requests).toHaveLength(0);
  });

  it('skips on a Dependabot pull request without a key', async () => {
    const run = await runAction({
      workspace,
      eventName: 'pull_request',
      actor: 'dependabot[bot]',
      event: {
        pull_request: { number: 8, head: { repo: { full_name: 'acme/vaults' } } },
        repository: { full_name: 'acme/vaults' },
      },
      inputs: { 'base-url': 'https://audit.example.com' },
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs['verdict']).toBe('skipped');
  });

  it('fails clearly when the key is missing on a push, naming the input', async () => {
    const run = await runAction({ workspace, inputs: { 'base-url': 'https://audit.example.com' } });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['verdict']).toBe('error');
    expect(verdictAnnotation(run)!.message).toContain('Input `api-key` is empty');
  });

  it('refuses plain http to a remote host before any request', async () => {
    const run = await runAction({
      workspace,
      inputs: { 'api-key': 'k-remote-secret', 'base-url': 'http://audit.example.com' },
    });
    expect(run.exitCode).toBe(1);
    expect(verdictAnnotation(run)!.message).toContain('plain http:// for audit.example.com');
    expectNoSecret(run, 'k-remote-secret');
  });

  it('says what to fix when the key is rejected, before uploading', async () => {
    const svc = await serve();
    const run = await runAction({
      workspace,
      inputs: { 'api-key': 'wrong-key-123', 'base-url': svc.url, ...fast },
    });
    expect(run.exitCode).toBe(1);
    expect(verdictAnnotation(run)!.message).toContain('check the key in `api-key`');
    expect(svc.uploads).toHaveLength(0);
    expectNoSecret(run, 'wrong-key-123');
  });

  it('names the patterns that matched nothing; warn turns it into a skipped run', async () => {
    const svc = await serve();
    const inputs = { 'api-key': svc.apiKey, 'base-url': svc.url, contracts: 'contracts/**/*.sol' };
    const failed = await runAction({ workspace, inputs });
    expect(failed.exitCode).toBe(1);
    expect(verdictAnnotation(failed)!.message).toContain(
      'No contract files found under ./ for contracts/**/*.sol',
    );

    const warned = await runAction({
      workspace,
      inputs: { ...inputs, 'if-no-files-found': 'warn' },
    });
    expect(warned.exitCode).toBe(0);
    expect(warned.outputs['verdict']).toBe('skipped');
    expect(warned.annotations[0]).toMatchObject({ level: 'warning' });
    expect(svc.uploads).toHaveLength(0);
  });

  it('warns about a misspelled pattern even when other patterns match', async () => {
    const svc = await serve();
    const run = await runAction({
      workspace,
      inputs: {
        'api-key': svc.apiKey,
        'base-url': svc.url,
        contracts: 'src/**/*.sol\ncontract/**/*.sol',
        ...fast,
        'check-run': 'false',
      },
    });
    expect(svc.uploads[0]!.files).toHaveLength(5); // with the library Lottery imports
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: 'No file matched these `contracts` patterns: contract/**/*.sol',
      }),
    );
  });
});
