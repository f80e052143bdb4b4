/**
 * Benchmark: what reuse saves. Runs `dist/index.js` twice, as the runner does, on the unchanged
 * sample project against the reference audit service, whose audits take `--audit-seconds` (default
 * 20), with the Actions cache a stand-in of the runner's results service over Azurite. Prints, side
 * by side, each run's uploads, service requests, wall time and CPU. Goal: the second run uploads
 * nothing and takes one results request plus the run's fixed cost (under 2 s here), whatever the
 * audit took. Run `npm run build` first.
 *
 *   node scripts/bench-reuse.ts [--audit-seconds 20]
 */
import { startAuditService } from '@contract-audit/reference-service';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startAzurite } from '../test/support/azurite.ts';
import { startResultsService } from '../test/support/results-service.ts';
import { BUNDLE_ENTRY, repositoryRoot, runAction } from '../test/support/run-action.ts';

const TARGET_SECOND_RUN_MS = 2000;
const { values } = parseArgs({ options: { 'audit-seconds': { type: 'string', default: '20' } } });
const auditMs = Number(values['audit-seconds']) * 1000;

const azurite = await startAzurite();
const results = await startResultsService(azurite);
const service = await startAuditService({ minDurationMs: auditMs });
const scratch = await mkdtemp(path.join(tmpdir(), 'bench-reuse-'));
// The runner's temp folder is the same for every run of a runner; the cache's version hashes it.
const runnerTemp = await mkdtemp(path.join(scratch, 'temp-'));
const usageFile = path.join(scratch, 'usage.json');
// Written at exit: the CPU the run took (a run's last milliseconds of teardown are not counted).
const usage = `import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify(process.resourceUsage())));`;

interface Measured {
  verdict: string | undefined;
  reused: string | undefined;
  uploads: number;
  requests: number;
  wallMs: number;
  cpuMs: number;
}

async function measure(): Promise<Measured> {
  const uploadsBefore = service.uploads.length;
  const requestsBefore = service.requests.length;
  const started = performance.now();
  const run = await runAction({
    entry: BUNDLE_ENTRY,
    nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(usage)}`],
    workspace: path.join(repositoryRoot, 'examples/foundry-demo'),
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.url,
      'github-token': '',
      'fail-on': 'none',
    },
    env: { ...results.env(), RUNNER_TEMP: runnerTemp },
  });
  const wallMs = performance.now() - started;
  if (run.exitCode !== 0)
    throw new Error(`the run failed (${run.exitCode}):\n${run.stdout}\n${run.stderr}`);
  const { userCPUTime, systemCPUTime } = JSON.parse(await readFile(usageFile, 'utf8')) as {
    userCPUTime: number;
    systemCPUTime: number;
  };
  return {
    verdict: run.outputs['verdict'],
    reused: run.outputs['reused'],
    uploads: service.uploads.length - uploadsBefore,
    requests: service.requests.length - requestsBefore,
    wallMs,
    cpuMs: (userCPUTime + systemCPUTime) / 1000,
  };
}

try {
  console.log(`The sample project, audits taking ${auditMs / 1000} s at the reference service:`);
  const first = await measure();
  const second = await measure();
  const row = (name: string, m: Measured) =>
    `  ${name.padEnd(11)} verdict ${m.verdict}, reused ${m.reused}: ${m.uploads} upload(s), ` +
    `${m.requests} service request(s), wall ${(m.wallMs / 1000).toFixed(2)} s, CPU ${m.cpuMs.toFixed(0)} ms`;
  console.log(row('first run', first));
  console.log(row('second run', second));
  console.log(
    `  second/first wall: ${(second.wallMs / first.wallMs).toFixed(3)}×; the second run ` +
      `${second.uploads === 0 && second.wallMs < TARGET_SECOND_RUN_MS ? 'meets' : 'MISSES'} the goal ` +
      `(no upload, under ${TARGET_SECOND_RUN_MS / 1000} s)`,
  );
} finally {
  await Promise.all([service.close(), results.close()]);
  await azurite.close();
}
