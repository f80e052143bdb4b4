/**
 * Benchmark: the peak memory of the worst case across projects, many projects whose audits all
 * finish at once with large answers: 48 Foundry projects, each answered with 1,200 findings
 * with long descriptions (about 46 MiB of JSON). The action (dist/index.js, as the runner runs it)
 * runs in a fresh child process on a push, with the heap a 7 GiB runner gives Node (V8 takes a
 * quarter of the memory for its old generation), against the stand-in GitHub API and a loopback
 * service, both in this process. The service holds every audit until all are started, then answers
 * each with one prebuilt body, so that this process stays small whatever the child reads.
 * The child reports its peak RSS (the kernel's) and its peak V8 heap (sampled), even when it
 * dies; the run's verdict, its projects' and the check run's state are read from what it left.
 * Run: node scripts/bench-memory.ts [--projects=N] [--findings=N] [--heap-mb=N] [--src]
 * [--against=DIR]: --findings=N per answer (past 1,250 their texts pass the 50,000,000 characters
 * one answer may carry, and every answer is refused on its own);
 * --src runs src/action/main.ts's run() instead of the bundle; --against runs another build's
 * index.js (e.g. the main branch's dist/) after this one, so the two are compared side by side.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { startServer } from '../test/support/hostile-server.ts';
import { actionDefaults, parseOutputFile } from '../test/support/run-action.ts';
import { startGitHubApi } from '../test/support/github-api.ts';

const DEFAULT_PROJECTS = 48;
const DEFAULT_FINDINGS = 1_200;
/** Description and recommendation each the 20,000 characters a finding keeps of them. */
const PROSE_LENGTH = 20_000;
/** A 7 GiB runner's: V8's old generation is a quarter of the machine's memory. */
const DEFAULT_HEAP_MB = 1_792;
/** The figure README states: the measured build must stay under it and complete its check run. */
const PEAK_RSS_LIMIT_MIB = 1_024;
const SHA = '0123456789abcdef0123456789abcdef01234567';
const DIST = path.join(import.meta.dirname, '../dist');
const SOURCE = 'src';
const CONTRACT = '// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\ncontract Vault {}\n';
const MIB = 1024 * 1024;

interface Peaks {
  peakRssMiB: number;
  peakHeapMiB: number;
}

/**
 * Child process: the action with the environment the parent set. Its peaks are written to
 * `reportFile` as they grow, so that a child the heap limit kills still leaves them, and once
 * more as it exits (the bundle ends the process itself once it has published).
 */
async function child(reportFile: string, target: string): Promise<void> {
  let peakHeap = 0;
  const report = () => {
    peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
    const peaks: Peaks = {
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      peakHeapMiB: peakHeap / MIB,
    };
    writeFileSync(reportFile, JSON.stringify(peaks));
  };
  const sampled = () => (peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size));
  setInterval(sampled, 10).unref();
  setInterval(report, 250).unref();
  process.on('exit', report);
  if (target === SOURCE) {
    // As src/index.ts does before it loads the action.
    setFlagsFromString('--semi-space-growth-factor=1');
    await (await import('../src/action/main.ts')).run();
  } else {
    await import(pathToFileURL(path.join(target, 'index.js')).href);
  }
  report();
}

/** One finished audit's answer: `count` findings, every text its own. */
function answerBody(count: number): Buffer {
  const prose = (what: string, i: number) =>
    `${what} ${i}: `.padEnd(PROSE_LENGTH, 'the balance is written after an external call. ');
  const findings = Array.from({ length: count }, (_, i) => ({
    id: `finding-${i + 1}`,
    severity: ['medium', 'low', 'info'][i % 3],
    title: `Detector ${i % 40}`,
    rule_id: `detector-${i % 40}`,
    description: prose('Description', i),
    recommendation: prose('Recommendation', i),
    file: 'src/Vault.sol',
    start_line: 1 + (i % 3),
    end_line: 1 + (i % 3),
  }));
  return Buffer.from(JSON.stringify({ audit_id: 'audit', status: 'completed', findings }));
}

/**
 * The service: the key check, uploads, and audits that stay in progress until all `projects`
 * are started, then all answer with `body` at once.
 */
async function startService(projects: number, body: Buffer) {
  let started = 0;
  const json = (response: ServerResponse, status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'POST' && request.url === '/v1/audits') {
      for await (const chunk of request) void chunk;
      started += 1;
      return json(response, 201, { audit_id: `audit-${started}`, status: 'pending' });
    }
    if (request.method === 'GET' && request.url === '/v1/projects') return json(response, 200, []);
    const id = /^\/v1\/audits\/([^/]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'GET' || id === undefined) return json(response, 404, {});
    if (started < projects) return json(response, 200, { audit_id: id, status: 'in_progress' });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  };
  return startServer((request, response) => void handle(request, response));
}

interface Measured extends Peaks {
  exit: string;
  /** What V8 said as it ended the process, when it did. */
  fatal: string | undefined;
  verdict: string | undefined;
  projects: string;
  checkRun: string;
  seconds: number;
}

async function measure(
  target: string,
  projects: number,
  heapMb: number,
  body: Buffer,
): Promise<Measured> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-memory-'));
  const workspace = path.join(root, 'workspace');
  for (let i = 1; i <= projects; i += 1) {
    const folder = path.join(workspace, `packages/p${i}`);
    await fs.mkdir(path.join(folder, 'src'), { recursive: true });
    await fs.writeFile(path.join(folder, 'foundry.toml'), "[profile.default]\nsrc = 'src'\n");
    await fs.writeFile(path.join(folder, 'src/Vault.sol'), CONTRACT);
  }
  const github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
  const service = await startService(projects, body);
  const runnerDir = path.join(root, 'runner');
  await fs.mkdir(runnerDir);
  const inputs: Record<string, string> = {
    ...(await actionDefaults()),
    'api-key': 'bench-key',
    'base-url': service.url,
    'github-token': github.token,
    'poll-interval-seconds': '0.05',
  };
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: runnerDir,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: path.join(runnerDir, 'output'),
    GITHUB_STEP_SUMMARY: path.join(runnerDir, 'summary.md'),
    GITHUB_EVENT_PATH: path.join(runnerDir, 'event.json'),
    GITHUB_EVENT_NAME: 'push',
    GITHUB_ACTOR: 'octocat',
    GITHUB_REPOSITORY: 'acme/vaults',
    GITHUB_SHA: SHA,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: github.url,
    GITHUB_RUN_ID: '42',
    RUNNER_TEMP: runnerDir,
    ...Object.fromEntries(
      Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
    ),
  };
  await fs.writeFile(env['GITHUB_OUTPUT']!, '');
  await fs.writeFile(env['GITHUB_STEP_SUMMARY']!, '');
  await fs.writeFile(env['GITHUB_EVENT_PATH']!, '{}');
  const reportFile = path.join(runnerDir, 'report.json');
  const begun = performance.now();
  try {
    // The action's log goes nowhere; of what the child says on stderr, its last words are kept.
    const running = spawn(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, import.meta.filename, '--child', reportFile, target],
      { cwd: workspace, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    running.stderr.setEncoding('utf8');
    running.stderr.on('data', (text: string) => (stderr = (stderr + text).slice(-65_536)));
    const [code, signal] = (await once(running, 'close')) as [number | null, string | null];
    const seconds = (performance.now() - begun) / 1000;
    const peaks = JSON.parse(await fs.readFile(reportFile, 'utf8')) as Peaks;
    const outputs = parseOutputFile(await fs.readFile(env['GITHUB_OUTPUT']!, 'utf8'));
    const check = github.checkRuns.at(-1);
    return {
      ...peaks,
      exit: signal ?? `exit ${code}`,
      fatal: /FATAL ERROR: .*/.exec(stderr)?.[0],
      verdict: outputs['verdict'],
      projects: await projectVerdicts(outputs['results-file']),
      checkRun: check
        ? `${check.status}${check.conclusion ? ` (${check.conclusion})` : ''}`
        : 'none',
      seconds,
    };
  } finally {
    await service.close();
    await github.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** How many projects ended in each verdict, as the results file says: `2 pass, 46 error`. */
async function projectVerdicts(resultsFile: string | undefined): Promise<string> {
  if (resultsFile === undefined) return 'none';
  const { projects } = JSON.parse(await fs.readFile(resultsFile, 'utf8')) as {
    projects: { verdict: string }[] | null;
  };
  const counts = new Map<string, number>();
  for (const { verdict } of projects ?? []) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  return [...counts].map(([verdict, count]) => `${count} ${verdict}`).join(', ');
}

async function main(
  projects: number,
  findings: number,
  heapMb: number,
  targets: readonly string[],
): Promise<void> {
  const body = answerBody(findings);
  const name = (target: string) =>
    target === SOURCE
      ? "src/action/main.ts's run()"
      : path.relative(process.cwd(), path.join(target, 'index.js'));
  console.log(
    `${projects} projects whose audits finish together, each answered with ${findings.toLocaleString('en-US')} ` +
      `findings in ${(body.length / MIB).toFixed(1)} MiB of JSON; the action on a push, ` +
      `--max-old-space-size=${heapMb} (a 7 GiB runner's heap), each build in a fresh process`,
  );
  console.log(
    'build                                   peak RSS   peak heap   wall      end         verdict   projects           check run',
  );
  const fatal: string[] = [];
  for (const [index, target] of targets.entries()) {
    const m = await measure(target, projects, heapMb, body);
    if (m.fatal !== undefined) fatal.push(`${name(target)}: ${m.fatal}`);
    // Only the build measured is held to the figure; another one is there to compare with.
    if (
      index === 0 &&
      (m.peakRssMiB >= PEAK_RSS_LIMIT_MIB || !m.checkRun.startsWith('completed'))
    ) {
      process.exitCode = 1;
    }
    console.log(
      `${name(target).padEnd(38)}  ${`${m.peakRssMiB.toFixed(0)} MiB`.padStart(8)}   ` +
        `${`${m.peakHeapMiB.toFixed(0)} MiB`.padStart(9)}   ${`${m.seconds.toFixed(1)} s`.padStart(7)}   ` +
        `${m.exit.padEnd(10)}  ${(m.verdict ?? 'none').padEnd(8)}  ${m.projects.padEnd(17)}  ${m.checkRun}`,
    );
  }
  for (const line of fatal) console.log(line);
  console.log(
    `The build measured must stay under ${PEAK_RSS_LIMIT_MIB.toLocaleString('en-US')} MiB of peak RSS and ` +
      `complete its check run: ${process.exitCode === 1 ? 'it did NOT' : 'it did'}.`,
  );
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]!, process.argv[4]!);
} else if (import.meta.main) {
  const args = process.argv.slice(2);
  const option = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const unknown = args.filter(
    (arg) => !/^(--(projects|findings|heap-mb)=\d+|--src|--against=.+)$/.test(arg),
  );
  if (unknown.length > 0) throw new Error(`unknown or incomplete arguments: ${unknown.join(' ')}`);
  const target = args.includes('--src') ? SOURCE : DIST;
  const against = option('against');
  if (against !== undefined && path.resolve(against) === path.resolve(target)) {
    throw new Error(`--against=${against} is the build measured anyway: name another one`);
  }
  await main(
    Number(option('projects') ?? DEFAULT_PROJECTS),
    Number(option('findings') ?? DEFAULT_FINDINGS),
    Number(option('heap-mb') ?? DEFAULT_HEAP_MB),
    [target, ...(against === undefined ? [] : [path.resolve(against)])],
  );
}
