import { nodeVersionProblem } from './node-version.ts';

// Checked before the rest is loaded: on an older Node the bundle would fail inside undici first.
const problem = nodeVersionProblem(process.versions.node);
if (problem === undefined) {
  const { run } = await import('./main.ts');
  await run();
} else {
  // @actions/core is not loaded here (it brings the HTTP stack): the error command by hand.
  process.stdout.write(`::error::${problem}\n`);
  process.exitCode = 1;
}
