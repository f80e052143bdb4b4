/**
 * Benchmark: the runner time an audit costs, waiting against `wait: false` plus one finishing run.
 * On a pull request of the sample project, against the reference audit service, whose audits take
 * `--audit-seconds` (default 600, ten minutes), and the GitHub stand-in: a waiting run, and at the
 * same time a `wait: false` run, then, once its audit is done, one `finish-pending` run. Prints each
 * run's wall time (what a runner is billed for) and CPU, and the two totals side by side. Goal: the
 * pending way costs the two runs' fixed cost (a few seconds), whatever the audit takes. Runs
 * `dist/index.js` (run `npm run build` first), or with `--source` the sources, whose start is
 * slower (Node strips the types).
 *
 *   node scripts/bench-pending.ts [--audit-seconds 600] [--source]
 */
import { startAuditService } from '@contract-audit/reference-service';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { startGitHubApi } from '../test/support/github-api.ts';
import {
  BUNDLE_ENTRY,
  SOURCE_ENTRY,
  repositoryRoot,
  runAction,
  type ActionRun,
} from '../test/support/run-action.ts';
import { pullRequestEvent } from '../test/support/scenarios.ts';

const { values } = parseArgs({
  options: {
    'audit-seconds': { type: 'string', default: '600' },
    source: { type: 'boolean', default: false },
  },
});
const auditMs = Number(values['audit-seconds']) * 1000;
const entry = values.source ? SOURCE_ENTRY : BUNDLE_ENTRY;
const HEAD = 'e'.repeat(40);
/** The stand-in token, as run-action.ts evaluates action.yml's `${{ github.token }}`. */
const TOKEN = 'ghs_stand-in-token';

const service = await startAuditService({ minDurationMs: auditMs, pollsUntilDone: 0 });
const github = await startGitHubApi({ owner: 'acme', repo: 'vaults', token: TOKEN });
github.seedPulls([
  { number: 7, state: 'open', headSha: HEAD, headRef: 'feature', headOwner: 'acme' },
]);
github.seedBranch('main', 'd'.repeat(40));
const scratch = await mkdtemp(path.join(tmpdir(), 'bench-pending-'));

interface Measured {
  verdict: string | undefined;
  wallMs: number;
  cpuMs: number;
}

async function measure(name: string, inputs: Record<string, string>): Promise<Measured> {
  const usageFile = path.join(scratch, `${name}.json`);
  // Written at exit: the CPU the run took.
  const usage = `import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify(process.resourceUsage())));`;
  const started = performance.now();
  const run: ActionRun = await runAction({
    entry,
    nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(usage)}`],
    workspace: path.join(repositoryRoot, 'examples/foundry-demo'),
    eventName: 'pull_request',
    event: pullRequestEvent(7, HEAD),
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.url,
      'fail-on': 'none',
      reuse: 'false',
      'timeout-minutes': String(Math.ceil((auditMs * 2) / 60_000) + 1),
      ...inputs,
    },
    env: { GITHUB_API_URL: github.url },
  });
  const wallMs = performance.now() - started;
  if (run.exitCode !== 0)
    throw new Error(`the ${name} run failed (${run.exitCode}):\n${run.stdout}\n${run.stderr}`);
  const { userCPUTime, systemCPUTime } = JSON.parse(await readFile(usageFile, 'utf8')) as {
    userCPUTime: number;
    systemCPUTime: number;
  };
  return { verdict: run.outputs['verdict'], wallMs, cpuMs: (userCPUTime + systemCPUTime) / 1000 };
}

try {
  console.log(
    `A pull request of the sample project, audits taking ${auditMs / 1000} s at the reference service (${values.source ? 'sources' : 'dist/index.js'}):`,
  );
  // Its own check name: the waiting run's check run is no pending one, and is told apart by it.
  const waiting = measure('waiting', { 'check-name': 'Smart contract audit (waiting)' });
  const pending = await measure('pending', { wait: 'false' });
  // The finishing run comes once the pending audit is done, as a schedule's next tick would.
  await sleep(Math.max(0, auditMs - pending.wallMs) + 2_000);
  const finishing = await measure('finishing', { 'finish-pending': 'true' });
  const waited = await waiting;
  const finished = github.checkRuns.filter(
    (run) => run.status === 'completed' && run.conclusion === 'success',
  ).length;
  const row = (name: string, m: Measured) =>
    `  ${name.padEnd(22)} verdict ${m.verdict ?? '—'}: wall ${(m.wallMs / 1000).toFixed(2)} s, CPU ${m.cpuMs.toFixed(0)} ms`;
  console.log(row('waiting', waited));
  console.log(row('wait: false', pending));
  console.log(row('finish-pending', finishing));
  const pendingWay = pending.wallMs + finishing.wallMs;
  console.log(
    `  runner seconds: waiting ${(waited.wallMs / 1000).toFixed(1)} s; wait: false + one finishing run ` +
      `${(pendingWay / 1000).toFixed(1)} s (${(pendingWay / waited.wallMs).toFixed(3)}×); ` +
      `${finished} of 2 check runs completed as passing`,
  );
} finally {
  await Promise.all([service.close(), github.close()]);
}
