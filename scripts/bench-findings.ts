/**
 * Benchmark: what a run costs at 1k / 10k / 100k findings over 1,000 uploaded files. Each size
 * runs the action (dist/index.js, as the runner does) in a fresh child process, so its
 * peak RSS is its own: discovery, upload, one poll of a finished audit, then parse, triage and
 * publish — log, outputs, job summary, SARIF and results files, a check run with annotations and
 * the pull-request comment — against the reference service and the stand-in GitHub API, both in
 * this process. CPU is the bundle's from its loading to the end (see child); peak RSS is the
 * whole child's. A run with no findings gives the fixed cost. Run: node scripts/bench-findings.ts
 * [sizes…] [--runs=N] [--profile] [--src] [--against=DIR]: each size N times (default 1), its
 * medians shown with their range, since one run on a shared machine says little; --profile writes
 * a CPU profile of each child to PROFILES; --against runs another build's index.js (e.g. an older
 * dist/) alternating with this one, so the two are compared side by side.
 */
import { spawn } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { once } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startAuditService, type ServiceFinding } from '@contract-audit/reference-service';
import { actionDefaults, parseOutputFile } from '../test/support/run-action.ts';
import { pullRequestEvent } from '../test/support/scenarios.ts';
import { startGitHubApi, type RecordedRequest } from '../test/support/github-api.ts';

const FILES = 1_000;
const DEFAULT_SIZES = [0, 1_000, 10_000, 100_000];
const SHA = '0123456789abcdef0123456789abcdef01234567';
const PROFILES = path.join(os.tmpdir(), 'bench-findings-profiles');
const DIST = path.join(import.meta.dirname, '../dist');
/** What a child runs: the folder of a bundle, or SOURCE for src/action/main.ts. */
type Target = string;
const SOURCE = 'src';

/** Detector-like rules, so fingerprints, SARIF rules and titles repeat as they do in real audits. */
const RULES = Array.from({ length: 40 }, (_, i) => ({
  id: `detector-${i + 1}`,
  title: `Detector ${i + 1}: ${['Reentrancy', 'Unchecked call', 'Shadowing', 'Tx origin'][i % 4]}`,
  swc: i % 3 === 0 ? `SWC-${100 + i}` : undefined,
}));
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'gas'];
/** Per 100 findings: 1 critical, 5 high, 20 medium, 30 low, 30 info, 14 gas. */
const SEVERITY_SHARES = [1, 5, 20, 30, 30, 14];

export function contractPath(index: number): string {
  return `contracts/module${index % 25}/Contract${index}.sol`;
}

/**
 * `count` findings over the uploaded files, named as services name them: mostly as uploaded, some
 * with the service's own folder in front, some by their file name only.
 */
export function syntheticFindings(count: number): ServiceFinding[] {
  return Array.from({ length: count }, (_, i) => {
    const rule = RULES[i % RULES.length]!;
    const fileIndex = Math.floor(i / 7) % FILES;
    const uploaded = contractPath(fileIndex);
    const file =
      i % 10 === 0
        ? `/tmp/audit-7f3a/${uploaded}`
        : i % 10 === 1
          ? path.posix.basename(uploaded)
          : uploaded;
    let bucket = i % 100;
    let severity = 0;
    while (bucket >= SEVERITY_SHARES[severity]!) bucket -= SEVERITY_SHARES[severity++]!;
    const line = 10 + ((i * 37) % 900);
    return {
      id: `finding-${i + 1}`,
      severity: SEVERITIES[severity]!,
      title: rule.title,
      rule_id: rule.id,
      swc_id: rule.swc,
      description:
        `${rule.title} in \`Contract${fileIndex}.withdraw(uint256)\` at line ${line}: the balance is ` +
        'written after an external call, so a callee can re-enter and drain the contract.\n\n' +
        'See "checks-effects-interactions".',
      recommendation: 'Apply the checks-effects-interactions pattern or a reentrancy guard.',
      file,
      start_line: line,
      end_line: line + (i % 4),
    };
  });
}

export interface Report {
  cpuUserMs: number;
  cpuSystemMs: number;
  /** User and system CPU from the arrival of the finished audit's answer to the end. */
  cpuAfterAuditMs: number;
  peakRssMiB: number;
  outputs: Record<string, string>;
  summaryBytes: number;
  sarifBytes: number;
  resultsBytes: number;
}

/**
 * Child process: the action with the environment the parent set; a report to `reportFile`. The
 * bundle is what the runner runs: its CPU counts from loading dist/index.js (whose top-level
 * await is the whole run) to the end. `target` is the folder of the bundle, or SOURCE: run() of
 * src/action/main.ts instead, its modules loaded first, for trying a change without a build; modules
 * run() loads lazily are then compiled from TypeScript inside the measured time, which the
 * bundle never pays.
 */
async function child(reportFile: string, target: Target): Promise<void> {
  const run =
    target === SOURCE
      ? (await import('../src/action/main.ts')).run
      : () => import(pathToFileURL(path.join(target, 'index.js')).href);
  // The issue's measure: what the findings cost once the audit has finished, from the moment
  // the answer that says so starts to arrive (reading its body is part of that cost). undici,
  // bundled or not, publishes each answer's headers on this channel.
  let atAnswer: NodeJS.CpuUsage | undefined;
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request } = message as { request: { method: string; path: string } };
    if (request.method === 'GET' && request.path.startsWith('/v1/audits/')) {
      atAnswer = process.cpuUsage();
    }
  });
  const cpu = process.cpuUsage();
  // The bundle ends the process itself once it has reported, as on the runner: the report is
  // written as the process exits, so synchronously.
  let written = false;
  const writeReport = () => {
    if (written) return;
    written = true;
    const used = process.cpuUsage(cpu);
    if (atAnswer === undefined) throw new Error('no answer about the audit was seen');
    const afterAudit = process.cpuUsage(atAnswer);
    const outputs = parseOutputFile(readFileSync(process.env['GITHUB_OUTPUT']!, 'utf8'));
    const size = (file: string | undefined) => (file === undefined ? 0 : statSync(file).size);
    const report: Report = {
      cpuUserMs: used.user / 1000,
      cpuSystemMs: used.system / 1000,
      cpuAfterAuditMs: (afterAudit.user + afterAudit.system) / 1000,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      outputs,
      summaryBytes: size(process.env['GITHUB_STEP_SUMMARY']),
      sarifBytes: size(outputs['sarif-file']),
      resultsBytes: size(outputs['results-file']),
    };
    writeFileSync(reportFile, JSON.stringify(report));
  };
  process.on('exit', writeReport);
  await run();
  writeReport();
}

export interface ActionBench {
  /** The action on a pull request whose audit finds `count` findings; its requests to GitHub. */
  run(
    count: number,
    options?: { profile?: boolean; target?: Target },
  ): Promise<{ report: Report; requests: RecordedRequest[] }>;
  close(): Promise<void>;
}

/** A checkout of FILES contracts, the reference service and the stand-in GitHub API. */
export async function startActionBench(): Promise<ActionBench> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-findings-'));
  const workspace = path.join(root, 'workspace');
  for (let i = 0; i < FILES; i += 1) {
    const file = path.join(workspace, contractPath(i));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      `// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\ncontract Contract${i} {}\n`,
    );
  }
  const github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
  const service = await startAuditService({ pollsUntilDone: 0 });
  const defaults = await actionDefaults();
  let runs = 0;

  async function run(count: number, { profile = false, target = DIST } = {}) {
    service.setFindings(syntheticFindings(count));
    const runnerDir = path.join(root, `runner-${(runs += 1)}`);
    await fs.mkdir(runnerDir);
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '',
      HOME: runnerDir,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: path.join(runnerDir, 'output'),
      GITHUB_STEP_SUMMARY: path.join(runnerDir, 'summary.md'),
      GITHUB_EVENT_PATH: path.join(runnerDir, 'event.json'),
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_ACTOR: 'octocat',
      GITHUB_REPOSITORY: 'acme/vaults',
      GITHUB_SHA: SHA,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: github.url,
      GITHUB_RUN_ID: '42',
      RUNNER_TEMP: runnerDir,
      ...inputEnv({
        ...defaults,
        'api-key': service.apiKey,
        'base-url': service.url,
        'github-token': github.token,
        'poll-interval-seconds': '0.02',
      }),
    };
    await fs.writeFile(env['GITHUB_OUTPUT']!, '');
    await fs.writeFile(env['GITHUB_STEP_SUMMARY']!, '');
    await fs.writeFile(env['GITHUB_EVENT_PATH']!, JSON.stringify(pullRequestEvent(7)));
    const reportFile = path.join(runnerDir, 'report.json');
    const requestsBefore = github.requests.length;
    const profileArgs = profile ? ['--cpu-prof', '--cpu-prof-dir', PROFILES] : [];
    // The action's log goes nowhere: only the report file is read.
    const running = spawn(
      process.execPath,
      [...profileArgs, import.meta.filename, '--child', reportFile, target],
      { cwd: workspace, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await once(running, 'close');
    const report = JSON.parse(await fs.readFile(reportFile, 'utf8')) as Report;
    const found = Number(report.outputs['findings-count']);
    const verdict = report.outputs['verdict'];
    // A run that failed would still print figures: only a finished audit's are worth any.
    if (found !== count || (verdict !== 'pass' && verdict !== 'fail')) {
      throw new Error(`the run read ${found} findings of ${count}, verdict ${verdict}`);
    }
    return { report, requests: github.requests.slice(requestsBefore) };
  }

  return {
    run,
    async close() {
      await service.close();
      await github.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

async function main(
  sizes: readonly number[],
  runs: number,
  profile: boolean,
  targets: readonly Target[],
): Promise<void> {
  const bench = await startActionBench();
  const name = (target: Target) =>
    target === SOURCE
      ? "src/action/main.ts's run(), its modules loaded first"
      : `${path.relative(process.cwd(), path.join(target, 'index.js'))}, as the runner runs it`;
  console.log(
    `The action (${targets.map(name).join('; against ')}) on a pull request, ${FILES} files ` +
      'uploaded, each size in a fresh process' +
      (targets.length > 1 ? ', the builds alternating' : '') +
      (runs > 1 ? `, ${runs} times: medians [lowest–highest]` : '') +
      (profile ? `; CPU profiles in ${PROFILES}` : ''),
  );
  console.log(
    '(CPU of the whole run, and of what follows the arrival of the answer that says the audit ' +
      'finished: reading it, parsing, triage, every report and file. Peak RSS of the whole run. ' +
      'With no findings, the whole run is the fixed cost: discovery, upload, polling, empty reports)',
  );
  const label = (target: Target) =>
    targets.length > 1 ? `  ${path.relative(process.cwd(), target) || '.'}` : '';
  console.log(
    'findings   CPU whole run   after the audit   peak RSS   GitHub requests   summary      SARIF   results file' +
      (targets.length > 1 ? '   build' : ''),
  );
  try {
    for (const count of sizes) {
      const measured = new Map(targets.map((target): [Target, Measured[]] => [target, []]));
      for (let run = 0; run < runs; run += 1) {
        for (const target of targets) {
          measured.get(target)?.push(await bench.run(count, { profile, target }));
        }
      }
      for (const [target, results] of measured) console.log(row(count, results) + label(target));
    }
  } finally {
    await bench.close();
  }
}

type Measured = Awaited<ReturnType<ActionBench['run']>>;

function row(count: number, measured: readonly Measured[]): string {
  const { report, requests } = measured[0]!;
  const cpus = measured.map((m) => (m.report.cpuUserMs + m.report.cpuSystemMs) / 1000);
  const afters = measured.map((m) => m.report.cpuAfterAuditMs / 1000);
  const rsses = measured.map((m) => m.report.peakRssMiB);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const range = (values: number[], digits: number) =>
    `[${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
  return (
    `${count.toLocaleString('en-US').padStart(8)}   ${`${median(cpus).toFixed(2)} s`.padStart(13)}   ` +
    `${`${median(afters).toFixed(2)} s`.padStart(15)}   ${`${median(rsses).toFixed(0)} MiB`.padStart(8)}   ` +
    `${String(requests.length).padStart(15)}   ` +
    `${kib(report.summaryBytes).padStart(7)}   ${kib(report.sarifBytes).padStart(8)}   ` +
    `${kib(report.resultsBytes).padStart(12)}` +
    (measured.length > 1
      ? `   CPU ${range(cpus, 2)} s, after ${range(afters, 2)} s, RSS ${range(rsses, 0)} MiB`
      : '')
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Inputs as the runner passes them: INPUT_<NAME>. */
function inputEnv(inputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
  );
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]!, process.argv[4]!);
} else if (import.meta.main) {
  const args = process.argv.slice(2);
  const option = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const sizes = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
  const unknown = args.filter(
    (arg) => !/^(\d+|--runs=\d+|--profile|--src|--against=.+)$/.test(arg),
  );
  if (unknown.length > 0) throw new Error(`unknown or incomplete arguments: ${unknown.join(' ')}`);
  const target = args.includes('--src') ? SOURCE : DIST;
  const against = option('against');
  if (against !== undefined && path.resolve(against) === path.resolve(target)) {
    throw new Error(`--against=${against} is the build measured anyway: name another one`);
  }
  await main(
    sizes.length > 0 ? sizes : DEFAULT_SIZES,
    Number(option('runs') ?? 1),
    args.includes('--profile'),
    [target, ...(against === undefined ? [] : [path.resolve(against)])],
  );
}
