/**
 * A hostile audit service tries to get the API key out of the bundled action: disguised in
 * finding text that the action decodes or cleans, in every report it writes, and in what it
 * sends to the GitHub API. Nothing the step writes or sends may hold any form of the key.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubApi, type GitHubApiStandIn } from '../support/github-api.ts';
import { everythingWritten, leakedForms } from '../support/leaks.ts';
import { runAction } from '../support/run-action.ts';
import { runOnPullRequest } from '../support/scenarios.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const fast = { 'poll-interval-seconds': '0.02' };

const serve = useAuditService();
let github: GitHubApiStandIn | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

const split = (separator: string) => [...KEY].join(separator);
const bytes = Buffer.from(KEY);

describe('the API key cannot be re-created from anything the action writes or sends', () => {
  it('survives no disguise in findings: invisible characters, encodings, escapes', async () => {
    const service = await serve({
      apiKey: KEY,
      pollsUntilDone: 1,
      findings: [
        serviceFinding({ title: `zero-width ${split('\u200b')}` }),
        serviceFinding({ id: 'f2', title: `soft hyphen ${split('\u00ad')}`, start_line: 2 }),
        serviceFinding({ id: 'f3', title: `word joiner ${split('\u2060')}`, start_line: 1 }),
        serviceFinding({
          id: 'f4',
          severity: 'critical',
          title: `delete ${split('\u007f')}`,
          description: [
            `percent ${encodeURIComponent(KEY).toLowerCase()}`,
            `every byte ${[...bytes].map((b) => `%${b.toString(16)}`).join('')}`,
            `base64 ${bytes.toString('base64')} hex ${bytes.toString('hex')}`,
            `entities ${[...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')}`,
          ].join('\n'),
          recommendation: `rotate ${KEY}`,
        }),
        serviceFinding({ id: 'f5', file: `src/${KEY}.sol`, title: `in the file name` }),
      ],
    });
    github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
    const run = await runOnPullRequest({
      number: 7,
      service,
      github,
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      env: { RUNNER_DEBUG: '1' },
      inputs: { 'api-key': KEY, 'project-name': `vault-${KEY}` },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]!.annotations.length).toBeGreaterThan(0);
    expect(github.comments(7)).toHaveLength(1);
    // The comment remembers findings as base64 data: decoded, it must not hold the key either.
    const remembered = [...github.comments(7)[0]!.body.matchAll(/data=([\w-]+)/g)].map((m) =>
      Buffer.from(m[1]!, 'base64url').toString('utf8'),
    );
    expect(remembered).toHaveLength(1);
    const sent = [
      JSON.stringify(github.requests),
      JSON.stringify(github.checkRuns),
      JSON.stringify(github.comments(7)),
      ...remembered,
    ];
    expect(leakedForms(await everythingWritten(run, KEY, sent), KEY)).toEqual([]);
    // The findings are all still reported, with the key blanked out of them.
    expect(run.outputs['findings-count']).toBe('5');
    expect(run.summary).toContain('zero-width ***');
  });

  it('survives separated encodings in findings: bytes, base64 and characters with gaps', async () => {
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0'));
    const service = await serve({
      apiKey: KEY,
      pollsUntilDone: 1,
      findings: [
        serviceFinding({
          severity: 'critical',
          title: `spaced ${[...KEY].join(' ')}`,
          description: [
            `hex ${hex.join(' ')} colons ${hex.join(':').toUpperCase()}`,
            `bytes {${hex.map((h) => `0x${h}`).join(', ')}} escapes ${hex.map((h) => `\\x${h}`).join('')}`,
            `decimal [${[...bytes].join(', ')}] octal ${[...bytes].map((b) => `\\${b.toString(8)}`).join('')}`,
            `base64\n${bytes.toString('base64').replace(/.{8}/g, '$&\n')}`,
          ].join('\n'),
          recommendation: `every 4: ${KEY.replace(/.{4}/g, '$& ')}`,
        }),
      ],
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      env: { RUNNER_DEBUG: '1' },
      inputs: { 'api-key': KEY, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(leakedForms(await everythingWritten(run, KEY), KEY)).toEqual([]);
    expect(run.summary).toContain('spaced ***');
  });

  it('refuses an audit id that holds the key, percent-encoded in the Location header', async () => {
    const service = await serve({ apiKey: KEY });
    service.addFault({
      kind: 'status',
      method: 'POST',
      path: '/v1/audits',
      status: 202,
      body: '',
      headers: { location: `/v1/audits/%73${encodeURIComponent(KEY.slice(1))}` },
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': KEY, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.outputs['audit-id']).toBeUndefined();
    expect(run.summary).toMatch(/audit id that contains the API key/);
    expect(leakedForms(await everythingWritten(run, KEY), KEY)).toEqual([]);
    // It was never used: no poll of an audit named after the key.
    expect(
      service.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/audits/')),
    ).toEqual([]);
  });

  it('refuses an audit id that is the key with its punctuation changed, which a file-safe name would turn back into the key', async () => {
    // `fileSafe` turns `!` into `_`: this id would come out as the key itself.
    const service = await serve({
      apiKey: KEY,
      pollsUntilDone: 1,
      findings: [serviceFinding()],
      nextId: () => KEY.replace(/_/g, '!'),
    });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': KEY, 'base-url': service.url, ...fast },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.outputs['audit-id']).toBeUndefined();
    expect(run.summary).toMatch(/audit id that contains the API key/);
    for (const file of [run.outputs['sarif-file'], run.outputs['results-file']])
      if (file !== undefined) expect(path.basename(file)).not.toContain('live');
    expect(leakedForms(await everythingWritten(run, KEY), KEY)).toEqual([]);
  });

  it('warns that a key shorter than 8 characters is masked at the cost of ordinary words', async () => {
    const service = await serve({ apiKey: 'k3y-9zQ' });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': 'k3y-9zQ', 'base-url': service.url, ...fast },
    });
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(/The key in `api-key` is only 7 characters long/),
      }),
    );
  });

  it('says a key with a line break was never sent, and sends nothing', async () => {
    const service = await serve({ apiKey: KEY });
    const run = await runAction({
      workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
      inputs: { 'api-key': `${KEY.slice(0, 10)}\n${KEY.slice(10)}`, 'base-url': service.url },
    });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.summary).toMatch(/line break/);
    expect(run.summary).not.toMatch(/may have created/);
    expect(service.requests).toEqual([]);
  });
});
