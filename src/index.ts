import * as core from '@actions/core';
import { setFlagsFromString } from 'node:v8';
import { nodeVersionProblem } from './node-version.ts';

// Checked before the rest is loaded, which an older Node may fail to load with an error that
// names nothing the user can act on.
const problem = nodeVersionProblem(process.versions.node);
if (problem === undefined) {
  // V8 grows its young generation whenever a run allocates fast and keeps it: with many findings,
  // much of the peak memory (README, "Performance"). Kept at its first size, the peak is smaller
  // for the same CPU.
  setFlagsFromString('--semi-space-growth-factor=1');
  const { run } = await import('./action/main.ts');
  await run();
  // The outcome is published. Work the toolkit goes on with unwatched once the deadline has
  // passed (a download or a cache save, which take no abort signal) must not keep the step
  // running: the process ends here, once what it wrote to the log is handed over.
  await new Promise((resolve) => process.stdout.write('', resolve));
  await new Promise((resolve) => process.stderr.write('', resolve));
  process.exit();
} else {
  core.setFailed(problem);
}
