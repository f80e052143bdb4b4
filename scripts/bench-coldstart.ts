/**
 * Benchmark: what the bundle costs a run that does nothing. Runs `dist/index.js` as the runner
 * does (INPUT_ variables, an event file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files) on a fork's
 * pull request without an api-key, so the verdict is `skipped` and nothing touches the network,
 * and compares its time with bare `node` on an empty script, the two alternating. The goal: a
 * skipped run ends well under a second. Prints the bundle's chunks (which ones that run loads),
 * the medians and their ratio. Run `npm run build` first. Needs bash, whose `time` measures the
 * runs. `--against` runs another build's index.js in the same alternation, for a ratio side by side.
 *
 *   node scripts/bench-coldstart.ts [--runs 21] [--dist dist] [--against ../other/dist]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { actionDefaults, parseOutputFile, repositoryRoot } from '../test/support/run-action.ts';
import { forkPullRequestEvent } from '../test/support/scenarios.ts';

/** A skipped run (a fork's pull request, `detect-only`) must end well under a second. */
const TARGET_WALL_MS = 1000;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '21' },
    dist: { type: 'string', default: path.join(repositoryRoot, 'dist') },
    against: { type: 'string' },
  },
});
const runs = Number(values.runs);
const dist = path.resolve(values.dist);
const entry = path.join(dist, 'index.js');
const against = values.against === undefined ? undefined : path.resolve(values.against);
if (against === dist) throw new Error(`--against ${values.against} is the build measured itself`);

// Once, untimed: which files of dist/ the run loads (chunks come in through import()).
const LOAD_RECORDER = `
const loaded = [];
require('node:module').registerHooks({
  load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); },
});
process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify(loaded)));
`;

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-coldstart-'));
const workspace = path.join(scratch, 'workspace');
const files = {
  loads: path.join(scratch, 'load-recorder.cjs'),
  empty: path.join(scratch, 'empty.js'),
  event: path.join(scratch, 'event.json'),
  output: path.join(scratch, 'output'),
  summary: path.join(scratch, 'summary.md'),
};
await fs.mkdir(workspace);
await Promise.all([
  fs.writeFile(files.loads, LOAD_RECORDER),
  fs.writeFile(files.empty, ''),
  fs.writeFile(files.event, JSON.stringify(forkPullRequestEvent(7))),
]);

/** As long as a real `github.token`: the redaction patterns grow with the secret. */
const GITHUB_TOKEN = 'ghs_0123456789abcdefghijABCDEFGHIJ012345';
const inputs = {
  ...(await actionDefaults()),
  'base-url': 'https://audit.example.test',
  'api-key': '',
  'github-token': GITHUB_TOKEN,
};
const env: Record<string, string> = {
  PATH: process.env['PATH'] ?? '',
  HOME: scratch,
  GITHUB_ACTIONS: 'true',
  CI: 'true',
  GITHUB_WORKSPACE: workspace,
  GITHUB_OUTPUT: files.output,
  GITHUB_STEP_SUMMARY: files.summary,
  GITHUB_EVENT_PATH: files.event,
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_ACTOR: 'stranger',
  GITHUB_REPOSITORY: 'acme/vaults',
  GITHUB_REPOSITORY_OWNER: 'acme',
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
  GITHUB_REF: 'refs/pull/7/merge',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_API_URL: 'http://127.0.0.1:9',
  GITHUB_RUN_ID: '42',
  RUNNER_TEMP: scratch,
  RUNNER_OS: 'Linux',
  ...Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      value,
    ]),
  ),
};

/** Empties the files the action writes to, so every run starts as the first did. */
async function resetRunnerFiles(): Promise<void> {
  await Promise.all([fs.writeFile(files.output, ''), fs.writeFile(files.summary, '')]);
}

/** Waits for the child; a run that fails would measure nothing worth printing. */
async function exited(child: ChildProcess, what: string): Promise<void> {
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${what} exited with ${code}`);
}

/** The file URLs the script loads, as the recording preload saw them (written to fd 3). */
async function loadedUrls(script: string): Promise<string[]> {
  await resetRunnerFiles();
  const child = spawn(process.execPath, ['-r', files.loads, script], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
  });
  let report = '';
  (child.stdio[3] as Readable).setEncoding('utf8').on('data', (chunk: string) => (report += chunk));
  await exited(child, path.basename(script));
  return JSON.parse(report) as string[];
}

/*
 * The wall time and the CPU time (user + system, in ms) of `node script`, from exec to exit and
 * every thread, as the kernel accounts it: bash's `time` keyword reports the elapsed time and
 * getrusage(RUSAGE_CHILDREN) around the child. Node cannot read a child's rusage, and a preload reporting process.resourceUsage() on
 * 'exit' would miss the teardown after it (several ms, a large share of bare node's cost).
 * Stdout is a pipe, as the runner gives it: Node sets up a pipe's stream (about 5 ms) where
 * /dev/null would get a cheaper synchronous file stream.
 */
async function timed(script: string): Promise<{ wall: number; cpu: number }> {
  await resetRunnerFiles();
  const timed = 'TIMEFORMAT="%3R %3U %3S"; time "$0" "$1" 2>/dev/null';
  const child = spawn('bash', ['-c', timed, process.execPath, script], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.resume();
  let report = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (report += chunk));
  await exited(child, path.basename(script));
  const [real = NaN, user = NaN, system = NaN] = report.trim().split(/\s+/).map(Number);
  return { wall: real * 1000, cpu: (user + system) * 1000 };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const label = (directory: string) => `${path.relative(process.cwd(), directory) || '.'}/`;
const bundle = await measureBundle(dist);
console.log(`Bundle ${label(dist)} (* = loaded on the skipped run)`);
for (const { name, size, loaded } of bundle.chunks)
  console.log(`  ${loaded ? '*' : ' '} ${kib(size).padStart(9)}  ${name}`);
console.log(`  total ${mib(bundle.total)}, loaded on the skipped run ${mib(bundle.loaded)}`);
if (against !== undefined) {
  const other = await measureBundle(against);
  console.log(`Against ${label(against)}: total ${mib(other.total)}, loaded ${mib(other.loaded)}`);
}

console.log(`\nSkipped run: wall and CPU (user + system), median of ${runs} alternating runs each`);
console.log(`  (github-token of ${GITHUB_TOKEN.length} characters, as long as a real one)`);
type Timing = { wall: number; cpu: number };
const bare: Timing[] = [];
const action: Timing[] = [];
const other: Timing[] = [];
for (let i = 0; i < runs; i += 1) {
  bare.push(await timed(files.empty));
  action.push(await timed(entry));
  if (against !== undefined) other.push(await timed(path.join(against, 'index.js')));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const line = (name: string, xs: Timing[]) => {
  const wall = median(xs.map((x) => x.wall));
  const cpu = median(xs.map((x) => x.cpu));
  const ratio = cpu / median(bare.map((x) => x.cpu));
  return `  ${name.padEnd(24)}  wall ${ms(wall)}, CPU ${ms(cpu)} (${ratio.toFixed(2)}× bare node's CPU)`;
};
console.log(line('bare node, empty script', bare));
const wall = median(action.map((x) => x.wall));
console.log(
  `${line(`${label(dist)}index.js`, action)}: ${wall < TARGET_WALL_MS ? 'within' : 'OVER'} the target of ${ms(TARGET_WALL_MS)} wall`,
);
if (against !== undefined) console.log(line(`${label(against)}index.js`, other));
await fs.rm(scratch, { recursive: true, force: true });

/** The build's chunks, and which of them a skipped run loads (it must end `skipped`). */
async function measureBundle(directory: string) {
  const prefix = pathToFileURL(directory + path.sep).href;
  const loaded = new Set(
    (await loadedUrls(path.join(directory, 'index.js'))).filter((url) => url.startsWith(prefix)),
  );
  const verdict = parseOutputFile(await fs.readFile(files.output, 'utf8'))['verdict'];
  if (verdict !== 'skipped')
    throw new Error(`${label(directory)}: verdict ${verdict}, not skipped`);
  const names = (await fs.readdir(directory)).filter((name) => name.endsWith('.js')).sort();
  const measured = await Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name);
      const { size } = await fs.stat(file);
      return { name, size, loaded: loaded.has(pathToFileURL(file).href) };
    }),
  );
  const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
  return {
    chunks: measured,
    total: sum(measured.map((chunk) => chunk.size)),
    loaded: sum(measured.flatMap((chunk) => (chunk.loaded ? [chunk.size] : []))),
  };
}
