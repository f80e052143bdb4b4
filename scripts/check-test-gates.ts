/**
 * After a full `npm test`, holds the run to the floors kept in test/gates.json: no fewer test
 * files and tests than before (a file that stops running is noticed), and each folder of src/
 * at least as covered as before. `.ci/run` runs it; it reads what `npm test` wrote to coverage/.
 *
 *   npm run test:gates    # prints the figures, fails below a floor
 *
 * Kept out of `npm test` itself so that running one test file does not fail on coverage.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface Gates {
  /** Minimums for the whole run: test files and tests that passed. */
  tests: { files: number; passed: number };
  /** Minimum branch and line coverage (percent) per folder of src/ ('src' = its top-level modules). */
  coverage: Record<string, { branches: number; lines: number }>;
}

interface Counter {
  total: number;
  covered: number;
}
type Summary = Record<string, { lines: Counter; branches: Counter }>;

interface Results {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string }[];
}

const root = path.resolve(import.meta.dirname, '..');
const read = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(path.join(root, file), 'utf8')) as T;

/** `src/api/http.ts` → `src/api`; `src/index.ts` → `src`. */
function folderOf(file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  return relative.length > 2 ? relative.slice(0, 2).join('/') : relative[0]!;
}

export function coverageByFolder(
  summary: Summary,
): Map<string, { branches: Counter; lines: Counter }> {
  const folders = new Map<string, { branches: Counter; lines: Counter }>();
  for (const [file, counts] of Object.entries(summary)) {
    if (file === 'total') continue;
    const folder = folderOf(file);
    const sum = folders.get(folder) ?? {
      branches: { total: 0, covered: 0 },
      lines: { total: 0, covered: 0 },
    };
    for (const kind of ['branches', 'lines'] as const) {
      sum[kind].total += counts[kind].total;
      sum[kind].covered += counts[kind].covered;
    }
    folders.set(folder, sum);
  }
  return folders;
}

const percent = ({ total, covered }: Counter) => (total === 0 ? 100 : (100 * covered) / total);

if (import.meta.main) {
  const gates = await read<Gates>('test/gates.json');
  const results = await read<Results>('coverage/test-results.json');
  const summary = await read<Summary>('coverage/coverage-summary.json');
  const problems: string[] = [];

  const files = results.testResults.length;
  console.log(
    `Test files: ${files} (floor ${gates.tests.files}); tests passed: ${results.numPassedTests} (floor ${gates.tests.passed})`,
  );
  if (results.numFailedTests > 0) problems.push(`${results.numFailedTests} test(s) failed`);
  if (files < gates.tests.files)
    problems.push(`only ${files} test files ran; the floor is ${gates.tests.files}`);
  if (results.numPassedTests < gates.tests.passed)
    problems.push(
      `only ${results.numPassedTests} tests passed; the floor is ${gates.tests.passed}`,
    );

  const folders = coverageByFolder(summary);
  console.log('Coverage by folder (branches / lines, floor in brackets):');
  for (const [folder, floor] of Object.entries(gates.coverage)) {
    const counts = folders.get(folder);
    if (!counts) {
      problems.push(`no coverage for ${folder}`);
      continue;
    }
    const branches = percent(counts.branches);
    const lines = percent(counts.lines);
    console.log(
      `  ${folder.padEnd(12)} ${branches.toFixed(1)}% [${floor.branches}] / ${lines.toFixed(1)}% [${floor.lines}]`,
    );
    if (branches < floor.branches)
      problems.push(`${folder}: branches ${branches.toFixed(1)}% < ${floor.branches}%`);
    if (lines < floor.lines)
      problems.push(`${folder}: lines ${lines.toFixed(1)}% < ${floor.lines}%`);
  }
  for (const folder of folders.keys()) {
    if (!(folder in gates.coverage)) problems.push(`${folder} has no floor in test/gates.json`);
  }

  if (problems.length > 0) {
    console.error(`Test gates failed:\n- ${problems.join('\n- ')}`);
    console.error(
      'Raise a floor in test/gates.json only with the tests that earn it; never lower one to pass.',
    );
    process.exitCode = 1;
  } else {
    console.log('Test gates passed.');
  }
}
