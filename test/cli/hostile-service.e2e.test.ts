/**
 * `contract-audit` against services that answer badly on purpose, on a real socket: what the
 * user sees is an error that says what happened, never "no findings", never the key, and the
 * reports that need results are not written.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/hostile-server.ts';
import { repositoryRoot } from '../support/run-action.ts';
import { runCli } from '../support/run-cli.ts';

const KEY = 'cli-hostile-key-7d41c0';
const demo = path.join(repositoryRoot, 'examples/foundry-demo');
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

/** A service whose every answer quotes the Authorization header it was sent. */
async function hostile(
  answer: (method: string, url: string, auth: string) => { status: number; body: string },
) {
  const server = await startServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const { status, body } = answer(
        request.method ?? '',
        request.url ?? '',
        request.headers.authorization ?? '',
      );
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  servers.push(server);
  return server;
}

async function audit(server: TestServer) {
  const out = await mkdtemp(path.join(tmpdir(), 'cli-hostile-'));
  const run = await runCli({
    args: [
      ...['--base-url', server.url, '--poll-interval-seconds', '0.02', '--timeout-minutes', '0.5'],
      ...['--json', path.join(out, 'results.json'), '--sarif', path.join(out, 'audit.sarif')],
      demo,
    ],
    env: { CONTRACT_AUDIT_API_KEY: KEY },
  });
  const written = await readdir(out);
  const results = written.includes('results.json')
    ? (JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { verdict: string })
    : undefined;
  return { run, written, results };
}

describe('contract-audit against a hostile service', () => {
  it.each([
    [
      'a completed audit whose findings are not a list, every answer quoting the key',
      (method: string, url: string, auth: string) =>
        method === 'POST'
          ? json(202, { audit_id: 'a-1', status: 'pending', echo: auth })
          : url.startsWith('/v1/audits/')
            ? json(200, { audit_id: 'a-1', status: 'completed', findings: { note: auth } })
            : json(200, { projects: [], echo: auth }),
    ],
    [
      'an audit id that is the key',
      (method: string, _url: string, auth: string) =>
        method === 'POST'
          ? json(202, { audit_id: auth.replace(/^Bearer /, ''), status: 'pending' })
          : json(200, { projects: [] }),
    ],
    [
      'a 500 whose body is the key, on every request',
      (_method: string, _url: string, auth: string) => ({ status: 500, body: `boom ${auth}` }),
    ],
  ])(
    '%s: exit 2, an error that is never "no findings", no key, no SARIF',
    async (_name, answer) => {
      const server = await hostile(answer);
      const { run, written, results } = await audit(server);
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toMatch(/^Verdict: error\./);
      expect(run.stdout).not.toMatch(/Verdict: pass|^Findings: 0|No findings/m);
      expect(run.stdout + run.stderr).not.toContain(KEY);
      expect(written).toEqual(['results.json']);
      expect(results?.verdict).toBe('error');
    },
  );
});
