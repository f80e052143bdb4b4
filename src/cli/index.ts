/**
 * `contract-audit`, the command line's entry. The Node.js version is checked before the rest is
 * loaded, which an older Node may fail to load with an error that names nothing a user can act on.
 */
import { REQUIRED_NODE_MAJOR, nodeVersionProblem } from '../node-version.ts';

if (nodeVersionProblem(process.versions.node) === undefined) {
  const { main } = await import('./main.ts');
  // A reader that stops early (`| head`) closes the pipe: what is left to say goes nowhere, and
  // the run ends as it would have, its exit code still the verdict's rather than a crash's.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  let interrupted = false;
  const interrupt = new Promise<NodeJS.Signals>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        interrupted = true;
        resolve(signal);
      });
    }
  });
  const code = await main({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    interrupt,
  });
  // Interrupted, the engine's requests and timers are abandoned, not awaited.
  if (interrupted) process.exit(code);
  process.exitCode = code;
} else {
  process.stderr.write(
    `contract-audit needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${process.versions.node}.\n`,
  );
  process.exitCode = 2;
}
