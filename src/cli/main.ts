/**
 * The command's story: options → settings → projects → a dry run's plan, or an audit, its report
 * on stdout, its files, and an exit code. The same engine and the same reader of settings as the
 * Action, so a laptop and CI agree on every file sent and every finding.
 */
import { constants } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorResult, stoppedRun, type RunResult } from '../audit/result.ts';
import type { Verdict } from '../audit/gate.ts';
import {
  audit,
  checkoutUploads,
  findCheckoutProjects,
  type CheckoutProjects,
} from '../engine/audit.ts';
import {
  FOUNDRY_ENV_NOT_READ,
  readSettings,
  type InputSource,
  type Settings,
} from '../engine/settings.ts';
import { ConfigurationError, DeadlineError, ServiceError, errorMessage } from '../errors.ts';
import type { Deadline } from '../deadline.ts';
import { Redactor } from '../redaction.ts';
import { escapeTerminal } from '../report/escape.ts';
import { buildReport, type Report } from '../report/model.ts';
import { renderTerminalReport } from '../report/terminal-report.ts';
import { renderUploadPlan } from '../report/upload-plan.ts';
import { ACTION_VERSION } from '../version.ts';
import { helpText } from './help.ts';
import { createTerminalLogger, type TerminalLogger } from './logger.ts';
import {
  API_KEY_VARIABLE,
  BASE_URL_VARIABLE,
  parseCommandLine,
  type CommandLine,
} from './options.ts';
import { checkReportFiles, writeReports } from './report-files.ts';
import { resumeLines } from './resume-command.ts';
import { isTerminal, painter, usesColour, type OutputStream } from './terminal.ts';
import { commandFolders } from './workspace.ts';

const USER_AGENT = `contract-audit-cli/${ACTION_VERSION}`;

export const EXIT_CODES: Record<Verdict, number> = {
  pass: 0,
  skipped: 0,
  fail: 1,
  error: 2,
  timeout: 3,
  // The command always waits, so never pending; were it, the audit goes on as after a timeout.
  pending: 3,
};

/** Where the command runs: the process, or a test's stand-in. */
export interface CommandEnvironment {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: OutputStream;
  stderr: OutputStream;
  /**
   * Settles on Ctrl-C (SIGINT) or SIGTERM: the command stops waiting, writes no report, says
   * which audit goes on and how to collect it, and exits 128 + the signal's number.
   */
  interrupt?: Promise<NodeJS.Signals>;
}

class Interrupted extends Error {
  readonly signal: NodeJS.Signals;
  constructor(signal: NodeJS.Signals) {
    super(`Interrupted by ${signal}`);
    this.signal = signal;
  }
}

/** Runs the command; the exit code. Never throws. */
export async function main(cli: CommandEnvironment): Promise<number> {
  const startedAt = Date.now();
  const redactor = new Redactor();
  // First: an error message below could quote the key.
  redactor.add(cli.env[API_KEY_VARIABLE]?.trim() ?? '');
  const fail = (message: string, code = EXIT_CODES.error) => {
    const text = message.split('\n').map((line) => escapeTerminal(redactor.redact(line)));
    cli.stderr.write(`contract-audit: ${text.join('\n')}\n`);
    return code;
  };
  let command: CommandLine;
  try {
    command = parseCommandLine(cli.argv, cli.env);
  } catch (error) {
    return fail(errorMessage(error));
  }
  if (command.help) return write(cli.stdout, helpText(ACTION_VERSION), EXIT_CODES.pass);
  if (command.version) return write(cli.stdout, `${ACTION_VERSION}\n`, EXIT_CODES.pass);

  const { dryRun } = command;
  const stream = dryRun ? cli.stdout : cli.stderr;
  const log = createTerminalLogger({
    stream,
    redactor,
    paint: painter(usesColour(stream, cli.env)),
    // A dry run's narration is its answer: every line of it, kept.
    live: !dryRun && isTerminal(stream, cli.env),
    fullGroups: dryRun || !isTerminal(stream, cli.env),
    verbose: command.verbose,
    now: Date.now,
  });
  // The `audit-id` value of the audits started so far, for the command that collects them.
  let started: string | undefined;
  const interruptible = <T>(work: Promise<T>): Promise<T> =>
    cli.interrupt === undefined
      ? work
      : Promise.race([
          work,
          cli.interrupt.then((signal) => Promise.reject(new Interrupted(signal))),
        ]);
  try {
    const settings = await interruptible(commandSettings(command, cli, log));
    // The search stops at `--timeout-minutes`, as a run's does: a dry run too ends in time.
    const deadline = { at: startedAt + settings.timeoutMs, now: Date.now };
    if (dryRun) {
      for (const [option, file] of Object.entries(command.reports)) {
        if (file !== undefined) log.warning(`--${option}: a dry run writes no report file.`);
      }
      const uploads = await interruptible(
        findCheckoutProjects(settings, log, deadline).then((detection) =>
          checkoutUploads(settings, detection, deadline, log),
        ),
      );
      log.close();
      return write(
        cli.stdout,
        lines(['', ...renderUploadPlan(uploads)], redactor),
        EXIT_CODES.pass,
      );
    }
    if (!settings.apiKey) {
      throw new ConfigurationError(settings.vocabulary.noKey);
    }
    await checkReportFiles(command.reports, cli.cwd);
    const result = await interruptible(
      auditDirectory(settings, deadline, log, (auditIds) => (started = auditIds)),
    );
    log.close();
    const report = buildReport(result, {
      projectName: settings.projectName,
      failOn: settings.failOn,
      vocabulary: settings.vocabulary,
    });
    const written = await writeReports(command.reports, { report, cwd: cli.cwd, redactor, log });
    printReport(report, cli, redactor);
    return written ? EXIT_CODES[report.verdict] : EXIT_CODES.error;
  } catch (error) {
    log.close();
    if (error instanceof Interrupted) {
      const resume = started === undefined ? [] : resumeLines(cli.argv, started, false);
      return fail(
        ['Interrupted: no report was written.', ...resume].join('\n'),
        128 + constants.signals[error.signal],
      );
    }
    if (error instanceof DeadlineError) return fail(error.message, EXIT_CODES.timeout);
    if (error instanceof ConfigurationError || error instanceof ServiceError)
      return fail(error.message);
    if (error instanceof Error) log.debug(error.stack ?? error.message);
    return fail(
      `Unexpected error (a bug in contract-audit; please report it): ${errorMessage(error)}`,
    );
  }
}

/**
 * The settings by the engine's reader, with the repository's root as the workspace and the
 * directory as the working directory, as the action has them. A dry run sends nothing: without a
 * base URL it gets one that is never used, since the reader requires one. `--baseline` is a path
 * from the current directory.
 */
async function commandSettings(
  command: CommandLine,
  cli: CommandEnvironment,
  log: TerminalLogger,
): Promise<Settings> {
  if (!command.dryRun && !command.inputs.get('base-url').trim()) {
    throw new ConfigurationError(
      `No audit service address: pass --base-url URL or export ${BASE_URL_VARIABLE} (e.g. https://api.example-audit.com).`,
    );
  }
  const folders = await commandFolders(
    cli.cwd,
    command.directory,
    command.inputs.get('working-directory').trim(),
  );
  const inputs: InputSource = {
    ...command.inputs,
    get(name: string): string {
      const value = command.inputs.get(name);
      // A file named on the command line is where the shell is, as the report files are; the
      // reader still refuses one outside the repository.
      if (name === 'baseline' && value.trim()) return path.resolve(cli.cwd, value.trim());
      if (name === 'base-url' && command.dryRun) return value || 'https://dry-run.invalid';
      if (name === 'working-directory') return folders.workingDirectory;
      return value;
    },
  };
  const env = {
    GITHUB_WORKSPACE: folders.workspace,
    FOUNDRY_PROFILE: cli.env['FOUNDRY_PROFILE'],
    ...Object.fromEntries(FOUNDRY_ENV_NOT_READ.map((name) => [name, cli.env[name]])),
  };
  return readSettings(inputs, env, log);
}

async function auditDirectory(
  settings: Settings,
  deadline: Deadline,
  log: TerminalLogger,
  onStarted: (auditIds: string) => void,
): Promise<RunResult> {
  let detection: CheckoutProjects;
  try {
    detection = await findCheckoutProjects(settings, log, deadline);
  } catch (error) {
    // As the action's: a result (verdict `error`, or `timeout` past the deadline), so the
    // results file still says what happened and the exit code follows the verdict.
    return stoppedRun(errorResult(error, {}, { vocabulary: settings.vocabulary, log }));
  }
  return audit(settings, detection, deadline, {
    log,
    sleep: (ms) => sleep(ms),
    random: Math.random,
    userAgent: USER_AGENT,
    // A command has no pull request: every finding counts (`scope` is not an option).
    changedFiles: () => Promise.resolve(undefined),
    auditStarted: ({ auditIds, message }) => {
      onStarted(auditIds);
      log.notice(message);
    },
  });
}

/** The report on stdout; for an audit started but not reported, the command that collects it. */
function printReport(report: Report, cli: CommandEnvironment, redactor: Redactor): void {
  const text = renderTerminalReport(report, painter(usesColour(cli.stdout, cli.env)));
  if (report.resumeHint !== undefined && report.auditId !== undefined) {
    text.push('', ...resumeLines(cli.argv, report.auditId, report.verdict === 'timeout'));
  }
  write(cli.stdout, lines(text, redactor), 0);
}

function lines(text: readonly string[], redactor: Redactor): string {
  return `${text.map((line) => redactor.redact(line)).join('\n')}\n`;
}

function write(stream: OutputStream, text: string, code: number): number {
  stream.write(text);
  return code;
}
