/**
 * `contract-audit`, the command line's entry. The Node.js version is checked before the rest is
 * loaded, which an older Node may fail to load with an error that names nothing a user can act on.
 */
import { REQUIRED_NODE_MAJOR, runsOnNode } from '../node-version.ts';

if (runsOnNode(process.versions.node)) {
  const [{ main }, { runInProcess }] = await Promise.all([
    import('./main.ts'),
    import('./process-run.ts'),
  ]);
  await runInProcess(process, main);
} else {
  process.stderr.write(
    `contract-audit needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${process.versions.node}.\n`,
  );
  process.exitCode = 2;
}
