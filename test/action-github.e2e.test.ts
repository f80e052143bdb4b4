/**
 * The bundled action with its GitHub channels: check run, sticky comment, changed-files scope,
 * baseline, suppressions and SARIF, against the stand-in service and a stand-in GitHub API.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditService, ServiceFinding } from '@contract-audit/reference-service';
import { startGitHubApi, type GitHubApiStandIn } from './support/github-api.ts';
import { repositoryRoot, runAction } from './support/run-action.ts';
import { useAuditService } from './support/service.ts';

const example = path.join(repositoryRoot, 'examples/foundry-demo');
const headSha = 'feedfacefeedfacefeedfacefeedfacefeedface';
const serve = useAuditService();
let service: AuditService | undefined;
let github: GitHubApiStandIn | undefined;

afterEach(async () => {
  await github?.close();
  service = github = undefined;
});

function finding(n: number, severity: string, file: string, line: number): ServiceFinding {
  return {
    id: `f${n}`,
    severity,
    title: `Finding ${n}`,
    swc_id: 'SWC-107',
    description: `Description ${n}`,
    recommendation: undefined,
    file,
    start_line: line,
    end_line: line,
  };
}

async function setUp(
  findings: ServiceFinding[],
  github_options: Parameters<typeof startGitHubApi>[0] = {},
) {
  service = await serve({ findings, pollsUntilDone: 1 });
  github = await startGitHubApi({ owner: 'acme', repo: 'vaults', ...github_options });
  return { service, github };
}

function pullRequestEvent(number: number) {
  return {
    pull_request: {
      number,
      changed_files: 1,
      head: { sha: headSha, repo: { full_name: 'acme/vaults' } },
    },
    repository: { full_name: 'acme/vaults', name: 'vaults', owner: { login: 'acme' } },
  };
}

async function act(options: {
  workspace?: string;
  inputs?: Record<string, string>;
  pullRequest?: number;
}) {
  return runAction({
    workspace: options.workspace ?? example,
    eventName: options.pullRequest ? 'pull_request' : 'push',
    ...(options.pullRequest ? { event: pullRequestEvent(options.pullRequest) } : {}),
    env: { GITHUB_API_URL: github!.url },
    inputs: {
      'api-key': service!.apiKey,
      'base-url': service!.url,
      'github-token': github!.token,
      'poll-interval-seconds': '0.02',
      ...options.inputs,
    },
  });
}

describe('check run', () => {
  it('carries every finding as an annotation, 50 per request, and the verdict as its conclusion', async () => {
    const findings = Array.from({ length: 120 }, (_, i) =>
      finding(i + 1, i < 20 ? 'high' : 'low', 'src/Vault.sol', (i % 25) + 1),
    );
    await setUp(findings);
    const run = await act({});

    expect(run.exitCode).toBe(1);
    expect(github!.checkRuns).toHaveLength(1);
    const checkRun = github!.checkRuns[0]!;
    expect(checkRun).toMatchObject({
      name: 'Smart contract audit',
      status: 'completed',
      conclusion: 'failure',
    });
    expect(checkRun.annotations).toHaveLength(120);
    expect(checkRun.annotations.filter((a) => a.annotation_level === 'failure')).toHaveLength(20);
    const patches = github!.requests.filter(
      (r) => r.method === 'PATCH' && r.path.includes('/check-runs/'),
    );
    expect(patches).toHaveLength(4); // 50 + 50 + 20 annotations, then completion
    expect(run.outputs['check-run-url']).toMatch(/check-runs\/\d+|\/runs\/\d+/);
    // All findings are on the check run, so the log carries only the verdict's annotation.
    expect(run.annotations.filter((a) => a.level === 'error')).toHaveLength(1);
    expect(run.stdout).toContain('The 120 finding(s) that count are annotated on the check run');
  });

  it('falls back to log annotations with one warning when the token may not create check runs', async () => {
    await setUp(
      [finding(1, 'high', 'src/Vault.sol', 16), finding(2, 'medium', 'src/Wallet.sol', 14)],
      { forbid: ['check-runs'] },
    );
    const run = await act({});

    expect(run.exitCode).toBe(1);
    expect(run.outputs['verdict']).toBe('fail');
    const warnings = run.annotations.filter(
      (a) => a.level === 'warning' && a.message.includes('checks: write'),
    );
    expect(warnings).toHaveLength(1);
    expect(run.annotations.filter((a) => a.properties['title']?.startsWith('[HIGH]'))).toHaveLength(
      1,
    );
    expect(run.outputs['check-run-url']).toBeUndefined();
  });
});

describe('pull requests', () => {
  it('keeps one sticky comment up to date, with new and fixed findings across runs', async () => {
    await setUp([
      finding(1, 'high', 'src/Vault.sol', 16),
      finding(2, 'medium', 'src/Wallet.sol', 14),
    ]);
    github!.seedComments(7, [{ body: 'Looks good to me', login: 'reviewer' }]);

    const first = await act({ pullRequest: 7 });
    expect(first.outputs['verdict']).toBe('fail');
    expect(github!.comments(7)).toHaveLength(2);
    expect(github!.checkRuns[0]!.head_sha).toBe(headSha);

    service!.setFindings([
      finding(2, 'medium', 'src/Wallet.sol', 14),
      finding(3, 'low', 'src/Lottery.sol', 20),
    ]);
    const second = await act({ pullRequest: 7 });
    expect(second.outputs['verdict']).toBe('fail');
    const comments = github!.comments(7);
    expect(comments).toHaveLength(2); // updated in place, the reviewer's comment untouched
    expect(comments[0]!.body).toBe('Looks good to me');
    const body = comments[1]!.body;
    expect(body).toMatch(/New since the previous run[\s\S]*Finding 3/);
    expect(body).toMatch(/Fixed since the previous run[\s\S]*Finding 1/);
  });

  it('counts only findings on changed lines with scope changed-lines, and lists the others', async () => {
    await setUp([
      finding(1, 'high', 'src/Vault.sol', 16),
      finding(2, 'high', 'src/Vault.sol', 25),
      finding(3, 'high', 'src/Wallet.sol', 14),
    ]);
    github!.seedPullRequestFiles(9, [
      {
        filename: 'src/Vault.sol',
        status: 'modified',
        additions: 3,
        deletions: 1,
        patch:
          '@@ -14,3 +14,4 @@ contract Vault {\n     function withdraw() external {\n-        uint256 amount = 0;\n+        uint256 amount = balances[msg.sender];\n+        (bool ok, ) = msg.sender.call{value: amount}("");\n+        require(ok, "transfer failed");\n         balances[msg.sender] = 0;',
      },
    ]);
    const run = await act({ pullRequest: 9, inputs: { scope: 'changed-lines' } });

    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'findings-count': '3',
      'in-scope-count': '1',
    });
    expect(run.stdout).toContain(
      '1 finding at or above low (1 high); not counted: 2 outside the change',
    );
    expect(github!.checkRuns[0]!.annotations.map((a) => a.start_line)).toEqual([16]);
    expect(run.summary).toContain('outside the change');
  });

  it('falls back to scope all, with a notice, outside pull requests', async () => {
    await setUp([finding(1, 'high', 'src/Vault.sol', 16)]);
    const run = await act({ inputs: { scope: 'changed-lines', 'check-run': 'false' } });
    expect(run.outputs['in-scope-count']).toBe('1');
    expect(
      run.annotations.some(
        (a) => a.level === 'notice' && a.message.includes('applies to pull requests'),
      ),
    ).toBe(true);
  });
});

describe('baseline, suppressions and SARIF', () => {
  it('does not count accepted or suppressed findings, and writes a SARIF file', async () => {
    const workspace = await mkdtemp(path.join(tmpdir(), 'workspace-'));
    await cp(example, workspace, { recursive: true });
    const wallet = path.join(workspace, 'src/Wallet.sol');
    const lines = (await readFile(wallet, 'utf8')).split('\n');
    lines.splice(13, 0, '        // audit-ignore-next-line SWC-107 -- owner check is intended');
    await writeFile(wallet, lines.join('\n'));
    // The tx.origin line is now line 15.
    await setUp([
      finding(1, 'high', 'src/Vault.sol', 16),
      finding(2, 'high', 'src/Wallet.sol', 15),
    ]);

    const first = await act({ workspace, inputs: { 'check-run': 'false' } });
    expect(first.outputs).toMatchObject({ verdict: 'fail', 'findings-count': '2' });
    await cp(first.outputs['results-file']!, path.join(workspace, '.audit-baseline.json'));

    const second = await act({
      workspace,
      inputs: { 'check-run': 'false', baseline: '.audit-baseline.json' },
    });
    expect(second.exitCode).toBe(0);
    expect(second.outputs['verdict']).toBe('pass');
    expect(second.stdout).toMatch(/not counted: 1 accepted, 1 suppressed/);
    expect(second.summary).toContain('suppressed');

    const sarif = JSON.parse(await readFile(second.outputs['sarif-file']!, 'utf8')) as {
      version: string;
      runs: { results: { suppressions?: unknown[] }[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results).toHaveLength(2);
    expect(sarif.runs[0]!.results.every((result) => result.suppressions?.length === 1)).toBe(true);
  });

  it('writes no SARIF file when the audit gave no results, so no alert is closed by mistake', async () => {
    service = await serve({ failWith: 'analysis crashed' });
    github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
    const run = await act({});
    expect(run.outputs['verdict']).toBe('error');
    expect(run.outputs['sarif-file']).toBeUndefined();
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });
});
