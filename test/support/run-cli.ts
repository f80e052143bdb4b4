/**
 * Runs `contract-audit` as a child process, as a user's shell or a CI job does: in a pipe by
 * default, or on a pseudo-terminal through util-linux `script`. By default it runs the sources
 * (Node 24 runs TypeScript); the bundle tests run `dist/cli.js`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from './run-action.ts';

export const CLI_SOURCE = path.join(repositoryRoot, 'src/cli/index.ts');
export const CLI_BUNDLE = path.join(repositoryRoot, 'dist/cli.js');

export interface CliRunOptions {
  args: readonly string[];
  /** The process's current directory; the repository's root unless given. */
  cwd?: string;
  /** Beside PATH and HOME, which are passed on; nothing else of this process's environment is. */
  env?: Record<string, string>;
  entry?: string;
  /** On a pseudo-terminal: stdout and stderr are then one stream, in `stdout`. */
  tty?: boolean;
}

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export async function runCli(options: CliRunOptions): Promise<CliRun> {
  const command = [process.execPath, options.entry ?? CLI_SOURCE, ...options.args];
  const [file, args] = options.tty
    ? ['script', ['-qec', command.map(shellWord).join(' '), '/dev/null']]
    : [command[0]!, command.slice(1)];
  const child = spawn(file, args, {
    cwd: options.cwd ?? repositoryRoot,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { exitCode, stdout, stderr };
}

function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The files of each audit a dry run would send, by upload name, from the plan's lines: `name (path): …` then `  file`. */
export function plannedFiles(stdout: string): Map<string, string[]> {
  const plan = stdout.slice(stdout.indexOf('Dry run: nothing was sent.'));
  const audits = new Map<string, string[]>();
  let files: string[] | undefined;
  for (const line of plan.split('\n').slice(1)) {
    const header = /^(\S.*) \((.*)\): \d+ file/.exec(line);
    if (header) audits.set(header[1]!, (files = []));
    else if (line.startsWith('  ')) files?.push(line.trim().split('  ')[0]!);
  }
  return audits;
}
