import { nodeVersionProblem } from './node-version.ts';
import { setFailed } from './runner.ts';

// Checked before the rest is loaded, which an older Node may fail to load with an error that
// names nothing the user can act on. runner.ts needs only what every Node has.
const problem = nodeVersionProblem(process.versions.node);
if (problem === undefined) {
  const { run } = await import('./main.ts');
  await run();
} else {
  setFailed(problem);
}
