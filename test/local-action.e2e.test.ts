/**
 * GitHub's local-action runs README's command: `npx @github/local-action run . src/action/main.ts
 * .env`, with the inputs of .env.example pointed at the reference service. It stands in for the
 * toolkit's packages with its own, which lack some of their exports: the action must load and run
 * under them and show its outputs table (it crashed at load once, unseen).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './support/run-action.ts';
import { useAuditService } from './support/service.ts';

const LOCAL_ACTION = path.join(repositoryRoot, 'node_modules', '.bin', 'local-action');
const serve = useAuditService();

/**
 * The row of local-action's "Action Outputs" table for one output: its value as printed (it
 * first prints action.yml's outputs with their descriptions, in a table alike).
 */
function outputRow(stdout: string, name: string): string | undefined {
  const row = stdout
    .slice(stdout.lastIndexOf('Action Outputs'))
    .split('\n')
    .find((line) => new RegExp(`^│ \\d+ +│ '${name}' +│ '`).test(line));
  return row?.split('│')[3]?.trim();
}

describe("README's local-action command", () => {
  it('runs the action on the sample project and prints its outputs table', async () => {
    const service = await serve();
    const temp = await mkdtemp(path.join(tmpdir(), 'local-action-'));
    const example = await readFile(path.join(repositoryRoot, '.env.example'), 'utf8');
    const envFile = path.join(temp, '.env');
    await writeFile(
      envFile,
      example
        .replace(/^INPUT_API-KEY=.*$/m, `INPUT_API-KEY=${service.apiKey}`)
        .replace(/^INPUT_BASE-URL=.*$/m, `INPUT_BASE-URL=${service.url}`)
        .replace(/^RUNNER_TEMP=.*$/m, `RUNNER_TEMP=${temp}`),
    );
    // The runner's own variables of this process would be read over the file's.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(GITHUB_|RUNNER_|INPUT_|ACTIONS_)/.test(name),
      ),
    );
    const { stdout } = await promisify(execFile)(
      LOCAL_ACTION,
      ['run', '.', 'src/action/main.ts', envFile],
      { cwd: repositoryRoot, env: { ...env, npm_config_yes: 'true' }, timeout: 120_000 },
    );
    expect(stdout).toContain('Action Outputs');
    expect(outputRow(stdout, 'verdict')).toBe("'pass'");
    expect(outputRow(stdout, 'audit-id')).toBe("'audit-1'");
    expect(outputRow(stdout, 'findings-count')).toBe("'21'");
    expect(outputRow(stdout, 'critical-count')).toBe("'1'");
    expect(outputRow(stdout, 'reused')).toBe("'false'");
    expect(outputRow(stdout, 'results-file')).toBe(
      `'${path.join(temp, 'audit-results-vaults-audit-1.json')}'`,
    );
    expect(service.uploads).toHaveLength(1);
  }, 150_000);
});
