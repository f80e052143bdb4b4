/**
 * The command bound to its process: a reader that closes the pipe early (`| head`) is no crash,
 * and Ctrl-C or SIGTERM ends the wait with the lines that say how to collect the audit.
 */
import type { CommandEnvironment } from './main.ts';

type Stream = CommandEnvironment['stdout'] & {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
};

/** What of `process` the command uses. */
export interface CommandProcess {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd(): string;
  stdout: Stream;
  stderr: Stream;
  once(signal: NodeJS.Signals, listener: () => void): unknown;
  exit(code: number): void;
  exitCode?: number | string | null | undefined;
}

export async function runInProcess(
  proc: CommandProcess,
  main: (cli: CommandEnvironment) => Promise<number>,
): Promise<void> {
  // What is left to say goes nowhere; the exit code stays the verdict's rather than a crash's.
  for (const stream of [proc.stdout, proc.stderr]) {
    stream.on('error', (error) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  let interrupted = false;
  const interrupt = new Promise<NodeJS.Signals>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      proc.once(signal, () => {
        interrupted = true;
        resolve(signal);
      });
    }
  });
  const code = await main({
    argv: proc.argv.slice(2),
    env: proc.env,
    cwd: proc.cwd(),
    stdout: proc.stdout,
    stderr: proc.stderr,
    interrupt,
  });
  // Interrupted, the engine's requests and timers are abandoned, not awaited.
  if (interrupted) proc.exit(code);
  else proc.exitCode = code;
}
