/**
 * Benchmark: contract discovery in a repository whose node_modules holds 200,000 files.
 * Run with `node scripts/bench-discovery.ts`. The tree is built here; each discovery runs in a
 * fresh child process so its peak RSS is its own: once as the action runs it, once with the
 * default excludes off to show what pruning saves. The tree is removed afterwards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { discoverContracts } from '../src/files/discover.ts';

const PACKAGES = 2_000;
const FILES_PER_PACKAGE = 100;
const CONTRACTS = ['contracts/Token.sol', 'contracts/Vault.sol', 'contracts/lib/Math.sol'];
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

interface Report {
  fileCount: number;
  /** The first few, to keep the child's output small. */
  sample: string[];
  directoriesOpened: number;
  pruned: string[];
  wallMs: number;
  peakRssMiB: number;
}

function runMeasurement(workspace: string, useDefaultExcludes: boolean): Report {
  const args = [import.meta.filename, '--measure', workspace, String(useDefaultExcludes)];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Report;
}

function print(title: string, report: Report): void {
  const more = report.fileCount > report.sample.length ? ', …' : '';
  console.log(title);
  console.log(`  files found:        ${report.fileCount} (${report.sample.join(', ')}${more})`);
  console.log(
    `  directories opened: ${report.directoriesOpened}; pruned: ${report.pruned.join(', ') || '-'}`,
  );
  console.log(`  wall time:          ${report.wallMs.toFixed(1)} ms`);
  console.log(`  peak RSS:           ${report.peakRssMiB.toFixed(1)} MiB (whole child process)`);
}

/** Child process: one discovery, reported as JSON on stdout. */
async function measure(workspace: string, useDefaultExcludes: boolean): Promise<void> {
  let opened = 0;
  const started = performance.now();
  const result = await discoverContracts({
    workspace,
    root: workspace,
    patterns: ['**/*.sol', '**/*.vy'],
    excludes: ['!contracts/lib/'],
    useDefaultExcludes,
    readDir: (dir) => {
      opened++;
      return fs.readdir(dir, { withFileTypes: true });
    },
  });
  const wallMs = performance.now() - started;
  const report: Report = {
    fileCount: result.files.length,
    sample: result.files.slice(0, 5).map((file) => file.relativePath),
    directoriesOpened: opened,
    pruned: result.prunedDirectories,
    wallMs,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(report));
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

    const withDefaults = runMeasurement(workspace, true);
    print('Default excludes (as the action runs)', withDefaults);
    print('Default excludes off (for comparison)', runMeasurement(workspace, false));
    if (withDefaults.fileCount !== CONTRACTS.length) {
      throw new Error(`expected ${CONTRACTS.length} contracts, found ${withDefaults.fileCount}`);
    }
  } finally {
    await fs.rm(workspace, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') await measure(process.argv[3]!, process.argv[4] === 'true');
else await main();
