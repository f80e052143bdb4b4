import { setFlagsFromString } from 'node:v8';
import { nodeVersionProblem } from './node-version.ts';
import { setFailed } from './runner.ts';

// V8 doubles its young generation whenever a run allocates fast, up to 128 MiB on a runner,
// and keeps it: at 100,000 findings that was a quarter of the peak memory. Left at its first
// size, the peak was 360–368 MiB rather than 476–489 MiB, for the same CPU (measured side by
// side by `scripts/bench-findings.ts`). V8 reads this flag as it goes; were it ignored, only
// memory would differ.
setFlagsFromString('--semi-space-growth-factor=1');

// Checked before the rest is loaded, which an older Node may fail to load with an error that
// names nothing the user can act on. runner.ts needs only what every Node has.
const problem = nodeVersionProblem(process.versions.node);
if (problem === undefined) {
  const { run } = await import('./main.ts');
  await run();
} else {
  setFailed(problem);
}
