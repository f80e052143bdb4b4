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
  /** The program and its first words, instead of Node and the entry: `['npx', 'contract-audit']`. */
  command?: readonly string[];
  /** On a pseudo-terminal: stdout and stderr are then one stream, in `stdout`. */
  tty?: boolean;
}

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export async function runCli(options: CliRunOptions): Promise<CliRun> {
  const command = [
    ...(options.command ?? [process.execPath, options.entry ?? CLI_SOURCE]),
    ...options.args,
  ];
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

/**
 * The files of each audit a dry run would send, by audit name and upload name, read from what it
 * prints: the plan's `  name (path): …` lines give the audits; the narration's "Contract files to
 * audit" (repository paths), "Audited because production code imports them" and "Dependencies"
 * (`upload-name (repository path)`) groups give the files, each under its audit's folder.
 */
export function plannedFiles(stdout: string): Map<string, string[]> {
  const lines = stdout.split('\n');
  const plan = lines.findIndex((line) => line.startsWith('Dry run: nothing was sent.'));
  const audits = lines
    .slice(plan + 1)
    .map((line) => /^ {2}(\S.*) \((.*)\): \d+ file/.exec(line))
    .filter((match) => match !== null)
    .map(([, name, folder]) => ({ name: name!, folder: folder!, files: [] as string[] }));
  const byName = (name: string | undefined) =>
    audits.length === 1 ? audits[0] : audits.find((audit) => audit.name === name);
  const underFolder = (file: string) =>
    audits
      .filter((audit) => audit.folder === '.' || file.startsWith(`${audit.folder}/`))
      .sort((a, b) => b.folder.length - a.folder.length)[0];
  const named = (audit: { folder: string }, file: string) =>
    audit.folder === '.' ? file : file.slice(audit.folder.length + 1);
  let group: ((line: string) => void) | undefined;
  for (const line of lines.slice(0, plan)) {
    if (!line.startsWith('  ')) {
      const imported = /^(?:(.*): )?Audited because production code imports them/.exec(line);
      const dependencies = /^(?:(.*): )?Dependencies \(\d+\)/.exec(line);
      if (line.startsWith('Contract files to audit (')) {
        group = (entry) => {
          const file = entry.replace(/ \(\d+ bytes\)$/, '');
          const audit = underFolder(file);
          audit?.files.push(named(audit, file));
        };
      } else if (imported) {
        const audit = byName(imported[1]);
        group = (entry) => audit?.files.push(named(audit, entry));
      } else if (dependencies) {
        const audit = byName(dependencies[1]);
        group = (entry) => audit?.files.push(entry.split(' (')[0]!);
      } else group = undefined;
    } else group?.(line.slice(2));
  }
  return new Map(audits.map((audit) => [audit.name, audit.files]));
}
