import * as core from '@actions/core';
import { setFlagsFromString } from 'node:v8';
import { nodeVersionProblem } from './action/node-version.ts';

// Checked before the rest is loaded, which an older Node may fail to load with an error that
// names nothing the user can act on.
const problem = nodeVersionProblem(process.versions.node);
if (problem === undefined) {
  // V8 grows its young generation whenever a run allocates fast and keeps it: with many findings,
  // much of the peak memory (docs/development.md, "Performance"). Kept at its first size, the peak is smaller
  // for the same CPU.
  setFlagsFromString('--semi-space-growth-factor=1');
  const [{ run }, { endProcess }] = await Promise.all([
    import('./action/main.ts'),
    import('./action/process-end.ts'),
  ]);
  await run();
  await endProcess(process);
} else {
  core.setFailed(problem);
}
