/** `npm run service`: the CLI under plain Node type stripping, as a developer starts it. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it, onTestFinished } from 'vitest';
import { listProjects, startAudit, TOKEN_SOL } from './service-client.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

it('prints its address and keys, serves with them, logs requests and stops on Ctrl-C', async () => {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--min-duration-ms', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('Ctrl-C stops it.')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the CLI exited early (${code}): ${stdout}`)));
  });

  const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
  const apiKey = /API key \(read, write\): +(\S+)/.exec(stdout)![1]!;
  const readOnlyKey = /Read-only key: +(\S+)/.exec(stdout)![1]!;
  expect((await listProjects(url, apiKey)).status).toBe(200);
  const file = { name: 'src/Token.sol', content: TOKEN_SOL };
  expect((await startAudit(url, readOnlyKey, 'p', [file])).status).toBe(403);
  expect((await startAudit(url, apiKey, 'p', [file])).status).toBe(200);

  child.kill('SIGINT');
  expect(await exited).toBe(0);
  const log = stdout.slice(stdout.indexOf('Ctrl-C stops it.'));
  expect(log).toContain('GET /v1/projects → 200');
  expect(log).toContain('POST /v1/audits → 403');
  expect(log).not.toContain(apiKey);
});
