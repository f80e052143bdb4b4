/**
 * Attacks on the bundled action, run as the runner runs it: a service that echoes the API key
 * or answers with workflow commands, Markdown and hostile ids, and a checkout whose files or
 * links try to reach outside the workspace. Each test names the rule it holds the action to.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubApi, type GitHubApiStandIn } from '../support/github-api.ts';
import { everythingWritten, leakedForms } from '../support/leaks.ts';
import { runAction, type ActionRun } from '../support/run-action.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, serviceFinding as finding, workspaceWith } from '../support/workspace.ts';

/** Has the characters JSON encoders like to escape (`/`) and URLs encode (`+`, `=`). */
const KEY = 'sk_live/9f3a+Qe7=Zx41';
const fast = { 'poll-interval-seconds': '0.02' };

const serve = useAuditService();
let github: GitHubApiStandIn | undefined;
let other: Server | undefined;

afterEach(async () => {
  await github?.close();
  if (other) await new Promise((resolve) => other!.close(resolve));
  github = other = undefined;
});

async function expectNoKey(run: ActionRun): Promise<void> {
  expect(leakedForms(await everythingWritten(run, KEY), KEY)).toEqual([]);
}

/**
 * Lines the runner would run as a command that the service or the checkout wrote: a line that
 * starts with `::` whose command or properties carry the payload, or `##[` outside such a line.
 * (The action's own `::debug::` and annotation lines escape line breaks in what they quote.)
 */
function injectedCommands(run: ActionRun): string[] {
  return run.stdout.split(/\r?\n/).filter((line) => {
    const command = /^\s*::[^:\s]*(?: [^:]*)?::/.exec(line);
    return command ? /injected/.test(command[0]) : line.includes('##[');
  });
}

describe('the API key is never shown', () => {
  it('is masked when an error body echoes it JSON-escaped (`\\/`, `\\u` escapes)', async () => {
    const service = await serve({ apiKey: KEY });
    const escaped = KEY.replace('/', '\\/').replace('Q', '\\u0051');
    service.addFault({
      kind: 'status',
      method: 'POST',
      path: '/v1/audits',
      status: 400,
      body: `{"error":{"message":"key ${escaped} may not upload"}}`,
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': KEY, 'base-url': service.url, ...fast },
      env: { RUNNER_DEBUG: '1' },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.summary).toContain('may not upload');
    await expectNoKey(run);
  });

  it('is masked when a completed audit echoes it JSON-escaped in a finding', async () => {
    const service = await serve({ apiKey: KEY });
    const escaped = KEY.replace('/', '\\/');
    service.addFault({
      kind: 'status',
      method: 'GET',
      path: /^\/v1\/audits\//,
      status: 200,
      body: JSON.stringify({
        audit_id: 'audit-1',
        status: 'completed',
        findings: [{ ...finding(), description: 'KEY_HERE leaked' }],
      }).replace('KEY_HERE', escaped),
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': KEY, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(run.outputs['sarif-file']).toBeDefined();
    expect(await readFile(run.outputs['results-file']!, 'utf8')).toContain('leaked');
    await expectNoKey(run);
  });

  it('is not sent to another origin a redirect points to', async () => {
    const seen: string[] = [];
    other = createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      response.end('{}');
    });
    await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const service = await serve({ apiKey: KEY });
    service.addFault({
      kind: 'status',
      method: 'GET',
      path: '/v1/projects',
      status: 307,
      headers: { location: `${elsewhere}/v1/projects` },
    });
    service.addFault({
      kind: 'status',
      method: 'POST',
      path: '/v1/audits',
      status: 308,
      headers: { location: `${elsewhere}/v1/audits` },
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': KEY, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(seen).toEqual([]);
    await expectNoKey(run);
  });
});

describe('service text cannot run workflow commands', () => {
  it('neutralizes a status word that carries a command on a new line', async () => {
    const service = await serve({ pollsUntilDone: 3 });
    service.addFault({
      kind: 'status',
      method: 'GET',
      path: /^\/v1\/audits\//,
      status: 200,
      body: JSON.stringify({
        audit_id: 'audit-1',
        status: 'in_progress\n::error title=injected::injected by the status\n##[error]injected',
      }),
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBeDefined();
    expect(injectedCommands(run)).toEqual([]);
    expect(run.annotations.filter((a) => /injected/.test(a.message))).toEqual([]);
  });

  it('neutralizes an audit id that carries a command on a new line', async () => {
    const service = await serve({
      nextId: (n) => `a${n}\n::error title=injected::injected by the id\n##[warning]injected`,
      findings: [finding()],
      pollsUntilDone: 1,
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(injectedCommands(run)).toEqual([]);
    expect(run.annotations.filter((a) => /injected/.test(a.message))).toEqual([]);
    // The results file is named after the id, made safe for a file name.
    expect(path.basename(run.outputs['results-file']!)).toMatch(/^audit-results-[\w.-]+\.json$/);
  });

  it('neutralizes contract file names that carry a command on a new line', async () => {
    const service = await serve({ findings: [], pollsUntilDone: 1 });
    const run = await runAction({
      workspace: await workspaceWith({
        'src/Vault.sol': CONTRACT,
        'src/x\n::error title=injected::injected by a file name\n.sol': CONTRACT,
      }),
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('pass');
    expect(service.uploads[0]!.files).toHaveLength(2);
    expect(injectedCommands(run)).toEqual([]);
    expect(run.annotations.filter((a) => /injected/.test(a.message))).toEqual([]);
  });
});

describe('nothing outside the workspace is read', () => {
  it('refuses a baseline that is a link to a file outside the workspace', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'security-outside-'));
    await writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE-CONTENT-d41d8 not json');
    const workspace = await workspaceWith({ 'src/Vault.sol': CONTRACT });
    await symlink(path.join(outside, 'secret.txt'), path.join(workspace, '.audit-baseline.json'));
    const service = await serve({ findings: [], pollsUntilDone: 1 });
    const run = await runAction({
      workspace,
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        baseline: '.audit-baseline.json',
        ...fast,
      },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.summary).toMatch(/outside the workspace/);
    expect(service.uploads).toHaveLength(0);
    for (const text of await everythingWritten(run, service.apiKey))
      expect(text).not.toContain('OUTSIDE');
  });
});

describe('nothing outside the workspace is uploaded', () => {
  it('skips a contract that is a link to a file outside the workspace', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'security-outside-'));
    await writeFile(path.join(outside, 'Secret.sol'), '// OUTSIDE-CONTENT-7c2e\ncontract S {}\n');
    const workspace = await workspaceWith({ 'src/Vault.sol': CONTRACT });
    await symlink(path.join(outside, 'Secret.sol'), path.join(workspace, 'src/Secret.sol'));
    const service = await serve({ findings: [], pollsUntilDone: 1 });
    const run = await runAction({
      workspace,
      inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('pass');
    expect(service.uploads[0]!.files.map((file) => file.filename)).toEqual(['src/Vault.sol']);
    expect(run.annotations.map((a) => a.message)).toContainEqual(
      expect.stringMatching(/^Skipped the symbolic link src\/Secret\.sol .*outside the workspace/),
    );
  });
});

describe('service text in the pull-request comment', () => {
  it('mentions nobody and links no issue', async () => {
    const service = await serve({
      findings: [finding({ title: '@acme/security-team see #12 and @octocat' })],
      pollsUntilDone: 1,
    });
    github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      eventName: 'pull_request',
      event: {
        pull_request: {
          number: 3,
          head: { sha: 'f'.repeat(40), repo: { full_name: 'acme/vaults' } },
        },
        repository: { full_name: 'acme/vaults' },
      },
      env: { GITHUB_API_URL: github.url },
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        'github-token': github.token,
        ...fast,
      },
    });
    expect(run.outputs['verdict']).toBe('fail');
    const body = github.comments(3)[0]!.body;
    expect(body).toContain('security');
    expect(body).not.toMatch(/@[A-Za-z0-9]/);
    expect(body).not.toMatch(/(?<!&)#\d/);
  });
});
