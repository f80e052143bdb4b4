/**
 * The report files the command was asked for, each at the path given (against the current
 * directory), redacted as it is written, never through a symbolic link among the folders below
 * the one named. The SARIF, code quality and JUnit reports need the audit's results: without
 * them (an error, a timeout) they are not written, so an empty report cannot read as a clean one.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { hasResults } from '../audit/gate.ts';
import { ConfigurationError, errorMessage } from '../errors.ts';
import { writeOutputFile } from '../files/output-file.ts';
import type { Logger } from '../log.ts';
import type { Redactor } from '../redaction.ts';
import { renderCodeQuality } from '../report/codequality.ts';
import { renderJunit } from '../report/junit.ts';
import type { Report } from '../report/model.ts';
import { resultsFileChunks } from '../report/results-file.ts';
import { writeSarif } from '../report/sarif.ts';
import { ACTION_VERSION } from '../version.ts';
import type { CommandLine } from './options.ts';

type Chunks = Iterable<string> | AsyncIterable<string>;

export interface ReportContext {
  report: Report;
  cwd: string;
  redactor: Redactor;
  log: Logger;
}

/**
 * Before anything is sent (an audit costs money): each report file named can be written, and no
 * two options name the same file, where the second would silently replace the first. Throws a
 * ConfigurationError naming the option and the fix.
 */
export async function checkReportFiles(
  reports: CommandLine['reports'],
  cwd: string,
): Promise<void> {
  const named = new Map<string, string>();
  for (const [option, file] of Object.entries(reports)) {
    if (file === undefined) continue;
    const target = path.resolve(cwd, file);
    const earlier = named.get(target);
    if (earlier !== undefined) {
      throw new ConfigurationError(
        `--${earlier} and --${option} both name ${target}: give each report a file of its own.`,
      );
    }
    named.set(target, option);
    const folder = path.dirname(target);
    if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
      throw new ConfigurationError(
        `The folder of --${option}, ${folder}, does not exist or is not a directory: create it, or name a file in another.`,
      );
    }
    if ((await stat(target).catch(() => undefined))?.isDirectory()) {
      throw new ConfigurationError(
        `--${option} names a directory, ${target}: name a file (e.g. ${path.join(target, `contract-audit.${option}`)}).`,
      );
    }
  }
}

/** Writes each report asked for; false when one could not be written. */
export async function writeReports(
  reports: CommandLine['reports'],
  context: ReportContext,
): Promise<boolean> {
  const { report } = context;
  const results = report.resultsObtained && hasResults(report.verdict);
  let written = true;
  const write = async (
    file: string | undefined,
    what: string,
    render: (to: (chunks: Chunks) => Promise<void>) => Promise<void>,
  ) => {
    if (file === undefined) return;
    written = (await writeReport(file, what, render, context)) && written;
  };
  await write(reports.json, 'results file', (to) => to(resultsFileChunks(report)));
  const needsResults = {
    sarif: 'SARIF file',
    codequality: 'code quality report',
    junit: 'JUnit report',
  };
  if (!results) {
    for (const [option, what] of Object.entries(needsResults)) {
      if (reports[option as keyof typeof needsResults] !== undefined)
        context.log.warning(`The ${what} was not written: the audit gave no results.`);
    }
    return written;
  }
  await write(reports.sarif, needsResults.sarif, async (to) => {
    await writeSarif({ ...report, toolVersion: ACTION_VERSION }, to);
  });
  await write(reports.codequality, needsResults.codequality, (to) =>
    to([renderCodeQuality(report)]),
  );
  await write(reports.junit, needsResults.junit, (to) => to([renderJunit(report)]));
  return written;
}

async function writeReport(
  file: string,
  what: string,
  render: (to: (chunks: Chunks) => Promise<void>) => Promise<void>,
  { cwd, redactor, log }: ReportContext,
): Promise<boolean> {
  const target = path.resolve(cwd, file);
  try {
    await render(async (chunks) => {
      // The file named is the one the user chose: its own folder is the root.
      await writeOutputFile(target, redactor.redactChunks(chunks), [path.dirname(target)]);
    });
    log.notice(`Wrote the ${what}: ${target}`);
    return true;
  } catch (error) {
    log.error(`Could not write the ${what} ${target}: ${errorMessage(error)}`);
    return false;
  }
}
