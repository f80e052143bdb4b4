/**
 * Benchmark: contract discovery in a repository whose node_modules holds 200,000 files, against
 * `@actions/glob` 0.7 with the same patterns and excludes. Run with `node scripts/bench-discovery.ts`.
 * The tree is built here; each discovery runs in a fresh child process so its CPU time and peak
 * RSS are its own: ours as the action runs it, ours with the default excludes off (what pruning
 * saves), and @actions/glob given the default excludes as `!` patterns. The tree is removed
 * afterwards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { create as createGlobber } from '@actions/glob';
import { discoverContracts } from '../src/files/discover.ts';
import { DEFAULT_EXCLUDES } from '../src/files/excludes.ts';
import { CLI_VOCABULARY } from '../src/cli/vocabulary.ts';

const PACKAGES = 2_000;
const FILES_PER_PACKAGE = 100;
const CONTRACTS = ['contracts/Token.sol', 'contracts/Vault.sol', 'contracts/math/Math.sol'];
const PATTERNS = ['**/*.sol', '**/*.vy'];
const WRITE_CONCURRENCY = 64;

async function buildTree(workspace: string): Promise<number> {
  const files: string[] = [...CONTRACTS];
  for (let p = 0; p < PACKAGES; p++) {
    for (let f = 0; f < FILES_PER_PACKAGE; f++) {
      // Every fourth file is Solidity, as in @openzeppelin, so a walker that opened them would list them.
      const name = f % 4 === 0 ? `Contract${f}.sol` : `file${f}.js`;
      files.push(`node_modules/pkg-${p}/src/${name}`);
    }
  }
  const directories = new Set(files.map((file) => path.dirname(path.join(workspace, file))));
  for (const dir of directories) await fs.mkdir(dir, { recursive: true });
  for (let start = 0; start < files.length; start += WRITE_CONCURRENCY) {
    const batch = files.slice(start, start + WRITE_CONCURRENCY);
    await Promise.all(batch.map((file) => fs.writeFile(path.join(workspace, file), '// x\n')));
  }
  return files.length;
}

type Walker = 'ours' | 'ours-no-excludes' | 'actions-glob';

interface Report {
  fileCount: number;
  /** The first few, to keep the child's output small. */
  sample: string[];
  /** Ours only. */
  directoriesOpened: number | undefined;
  pruned: string[];
  cpuMs: number;
  /** Since the child started: Node's start and the walker's modules too. */
  processCpuMs: number;
  wallMs: number;
  peakRssMiB: number;
}

function runMeasurement(workspace: string, walker: Walker): Report {
  const args = [import.meta.filename, '--measure', workspace, walker];
  // @actions/glob writes `::debug::` lines: the report is the last line.
  const output = execFileSync(process.execPath, args, { encoding: 'utf8' }).trim();
  return JSON.parse(output.slice(output.lastIndexOf('\n') + 1)) as Report;
}

function print(title: string, report: Report): void {
  const more = report.fileCount > report.sample.length ? ', …' : '';
  console.log(title);
  console.log(`  files found:        ${report.fileCount} (${report.sample.join(', ')}${more})`);
  if (report.directoriesOpened !== undefined) {
    console.log(
      `  directories opened: ${report.directoriesOpened}; pruned: ${report.pruned.join(', ') || '-'}`,
    );
  }
  console.log(
    `  CPU (user+sys):     ${report.cpuMs.toFixed(0)} ms (whole child process: ${report.processCpuMs.toFixed(0)} ms)`,
  );
  console.log(`  wall time:          ${report.wallMs.toFixed(0)} ms`);
  console.log(`  peak RSS:           ${report.peakRssMiB.toFixed(1)} MiB (whole child process)`);
}

/**
 * The default excludes as @actions/glob `!` patterns: a folder name anywhere (`node_modules/`)
 * is `!<root>/**\/node_modules/**`, one anchored at the root (`/lib/`) is `!<root>/lib/**`.
 */
function globExcludes(root: string): string[] {
  return DEFAULT_EXCLUDES.map(({ pattern }) => {
    if (pattern.startsWith('!')) throw new Error(`no @actions/glob form for ${pattern}`);
    const body = pattern.replace(/^\//, '').replace(/\/$/, '');
    const anchored = pattern.startsWith('/') || body.includes('/');
    const at = `${root}/${anchored ? '' : '**/'}${body}`;
    return `!${pattern.endsWith('/') ? `${at}/**` : at}`;
  });
}

/** Child process: one discovery, reported as JSON on the last line of stdout. */
async function measure(workspace: string, walker: Walker): Promise<void> {
  let opened = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let files: string[];
  let pruned: string[] = [];
  if (walker === 'actions-glob') {
    const patterns = [...PATTERNS.map((p) => `${workspace}/${p}`), ...globExcludes(workspace)];
    const globber = await createGlobber(patterns.join('\n'), {
      followSymbolicLinks: false,
      implicitDescendants: false,
      matchDirectories: false,
    });
    files = (await globber.glob()).map((file) => path.relative(workspace, file)).sort();
  } else {
    const result = await discoverContracts({
      vocabulary: CLI_VOCABULARY,
      workspace,
      root: workspace,
      patterns: PATTERNS,
      excludes: [],
      useDefaultExcludes: walker === 'ours',
      readDir: (dir) => {
        opened++;
        return fs.readdir(dir, { withFileTypes: true });
      },
    });
    files = result.files.map((file) => file.relativePath);
    pruned = result.prunedDirectories;
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const total = process.cpuUsage();
  const report: Report = {
    fileCount: files.length,
    sample: files.slice(0, 5),
    directoriesOpened: walker === 'actions-glob' ? undefined : opened,
    pruned,
    cpuMs: (used.user + used.system) / 1000,
    processCpuMs: (total.user + total.system) / 1000,
    wallMs,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`\n${JSON.stringify(report)}\n`);
}

async function main(): Promise<void> {
  const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-discovery-'));
  try {
    const buildStarted = performance.now();
    const total = await buildTree(workspace);
    const buildSeconds = ((performance.now() - buildStarted) / 1000).toFixed(1);
    console.log(
      `Tree: ${total} files (${PACKAGES * FILES_PER_PACKAGE} in node_modules), built in ${buildSeconds} s`,
    );

    const ours = runMeasurement(workspace, 'ours');
    print('Ours, default excludes (as the action runs)', ours);
    print(
      'Ours, default excludes off (what pruning saves)',
      runMeasurement(workspace, 'ours-no-excludes'),
    );
    const glob = runMeasurement(workspace, 'actions-glob');
    print('@actions/glob 0.7.0, the same patterns and the default excludes as ! patterns', glob);
    for (const report of [ours, glob]) {
      if (report.fileCount !== CONTRACTS.length) {
        throw new Error(`expected ${CONTRACTS.length} contracts, found ${report.fileCount}`);
      }
    }
    console.log('Side by side (same tree, same run):');
    console.log('                      ours         @actions/glob   ratio');
    const row = (name: string, a: number, b: number, unit: string) =>
      console.log(
        `  ${name.padEnd(18)}  ${`${a.toFixed(0)} ${unit}`.padStart(10)}   ${`${b.toFixed(0)} ${unit}`.padStart(12)}   ${(b / a).toFixed(1)}x`,
      );
    row('CPU', ours.cpuMs, glob.cpuMs, 'ms');
    row('CPU, whole process', ours.processCpuMs, glob.processCpuMs, 'ms');
    row('wall time', ours.wallMs, glob.wallMs, 'ms');
    row('peak RSS', ours.peakRssMiB, glob.peakRssMiB, 'MiB');
  } finally {
    await fs.rm(workspace, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') await measure(process.argv[3]!, process.argv[4] as Walker);
else await main();
