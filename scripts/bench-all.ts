/**
 * Every benchmark, one after the other, each in a child process of its own: `npm run bench`.
 * A script that is not there is named and skipped; one that fails is named, the others still run,
 * and the exit code says so. Absolute times are only indicative on a shared machine; the ratios
 * each script prints are measured side by side in the same run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';

const BENCHES: { script: string; what: string }[] = [
  {
    script: 'bench-coldstart.ts',
    what: 'cold start of dist/index.js against bare node, bundle size',
  },
  { script: 'bench-discovery.ts', what: 'discovery against @actions/glob, 200,000 files' },
  { script: 'bench-upload.ts', what: 'upload peak RSS at 10 MiB, 100 MiB and 800 MiB' },
  { script: 'bench-poll.ts', what: 'requests to notice a finished 10-minute audit' },
  { script: 'bench-github.ts', what: 'GitHub requests for 1,200 findings' },
  { script: 'bench-reuse.ts', what: 'a second run on an unchanged checkout, reusing the audit' },
  {
    script: 'bench-pending.ts',
    what: 'runner time of a 10-minute audit: waiting, against wait: false and one finishing run',
  },
  {
    script: 'bench-head-commit.ts',
    what: "a fork's head commit read from GitHub, a monorepo of 50,000 files",
  },
  {
    script: 'bench-findings.ts',
    what: 'findings processing at 1k, 10k and 100k findings, by dist/index.js',
  },
  {
    script: 'bench-memory.ts',
    what: 'peak memory of 48 projects whose 46 MiB answers come at once, by dist/index.js',
  },
  {
    script: 'bench-service.ts',
    what: 'the reference service: analyzer, and GET of 1,000 findings',
  },
];

const failed: string[] = [];
const started = performance.now();
for (const { script, what } of BENCHES) {
  const file = path.join(import.meta.dirname, script);
  console.log(`\n=== ${script}: ${what}`);
  if (!existsSync(file)) {
    console.log(`scripts/${script} is not there: skipped.`);
    continue;
  }
  const begun = performance.now();
  const child = spawn(process.execPath, [file], { stdio: 'inherit' });
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
  const seconds = ((performance.now() - begun) / 1000).toFixed(0);
  if (code === 0) {
    console.log(`(${script} took ${seconds} s)`);
  } else {
    failed.push(script);
    console.log(`${script} FAILED after ${seconds} s (${signal ?? `exit code ${code}`})`);
  }
}
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(
  `\nAll benchmarks in ${minutes} min${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}.`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
