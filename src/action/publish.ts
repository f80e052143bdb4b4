/**
 * The one module that publishes a run: outputs, the SARIF and results files, the job summary, the
 * job's result, log annotations, and then the GitHub channels (a pending run's check run by
 * publish-pending.ts). Everything the runner keeps is written before anything talks to GitHub, so
 * a slow or hostile API can delay only itself. Every text passes the redactor on its way out.
 */
import * as core from '@actions/core';
import path from 'node:path';
import { SEVERITIES } from '../audit/findings.ts';
import { hasResults, type FailOn } from '../audit/gate.ts';
import { activeFindings, STATUS_WORDS, type TriagedFinding } from '../audit/triage.ts';
import { sha256 } from '../digest.ts';
import { errorMessage } from '../errors.ts';
import { fileSafe, writeOutputFile } from '../files/output-file.ts';
import type { GitHubChannels, PendingCheckRun } from './github/channels.ts';
import type { RunContext } from './context.ts';
import type { ActionSettings } from './inputs.ts';
import { leavePending, pendingCheckRunOf, type PendingCheckRunOf } from './publish-pending.ts';
import type { Logger } from '../log.ts';
import { randomHex } from '../random-id.ts';
import type { Redactor } from '../redaction.ts';
import { planAnnotations, type AnnotationPlan } from '../report/annotations.ts';
import {
  checkRunAnnotations,
  checkRunConclusion,
  checkRunTitle,
  MAX_CHECK_RUN_ANNOTATIONS,
  renderCheckRunCompletion,
  renderCheckRunStart,
} from '../report/check-run-output.ts';
import { commentMarker, readPreviousFindings } from '../report/comment-memory.ts';
import { renderPrComment } from '../report/pr-comment.ts';
import { resultsFileChunks } from '../report/results-file.ts';
import { writeSarif, type SarifWriter } from '../report/sarif.ts';
import type { Report } from '../report/model.ts';
import {
  renderCheckRunNotAnnotatedNote,
  renderNotAnnotatedNote,
  renderSummary,
} from '../report/summary.ts';
import { ACTION_VERSION } from '../version.ts';

const CHECK_RUN_SUMMARY_MAX = 65_000;
/** Findings listed in the log, as many as the check run annotates. */
const MAX_LOGGED_FINDINGS = MAX_CHECK_RUN_ANNOTATIONS;

export interface PublishDependencies {
  settings: ActionSettings | undefined;
  /** When the run started, per Date.now: a pending run's time limit counts from then. */
  startedAt: number;
  context: RunContext;
  channels: GitHubChannels | undefined;
  log: Logger;
  redactor: Redactor;
}

type Output = (name: string, value: string | number) => void;

export async function publish(given: Report, deps: PublishDependencies): Promise<void> {
  const { channels, log, redactor } = deps;
  // A pending record no finishing run could read makes the run an error before anything is
  // written, so that every channel says the same.
  const pending = pendingCheckRun(given, deps);
  const report = pending?.refused ?? given;
  const { findings } = report;
  const failsJob = !['pass', 'skipped', 'pending'].includes(report.verdict);
  const output: Output = (name, value) => core.setOutput(name, redactor.redact(String(value)));

  // Every annotation is planned before anything is rendered: the summary says what they left out.
  // A pending check run is annotated when it is finished, not now.
  const checkRunAnnotates = report.verdict !== 'pending' && (channels?.annotatesCheckRun ?? false);
  const logAnnotations = checkRunAnnotates ? undefined : planLogAnnotations(findings, failsJob);

  logFindings(findings, log);
  warnUnreadSeverities(findings, report.failOn, log);
  setCountOutputs(report, output);
  if (deps.settings) await writeReportFiles(report, { ...deps, settings: deps.settings }, output);
  if (logAnnotations) annotateInLog(logAnnotations, log);
  const notAnnotated = logAnnotations?.notAnnotated;
  await writeSummary(() => renderSummary(report, undefined, notAnnotated), deps);

  const verdictLine = `Verdict: ${report.verdict}. ${report.reason}`;
  if (report.resumeHint) log.info(report.resumeHint);
  if (failsJob) core.setFailed(redactor.redact(verdictLine));
  else log.info(verdictLine);

  if (channels) {
    await publishToGitHub(channels, report, {
      ...deps,
      checkRunAnnotates,
      notAnnotated,
      failsJob,
      output,
      pendingCheckRun: pending?.left,
    });
  }
}

/**
 * A pending report's check run, as publish leaves it (the summary as publish renders it: the
 * findings of projects already done are annotated in the log, and a pending run does not fail);
 * undefined when no check run can hold it.
 */
function pendingCheckRun(
  report: Report,
  { settings, startedAt, context, channels }: PublishDependencies,
): PendingCheckRunOf | undefined {
  const target = channels?.checkRunTarget;
  if (report.verdict !== 'pending' || !settings || !target) return undefined;
  const { notAnnotated } = planLogAnnotations(report.findings, false);
  const summaryMarkdown = renderSummary(report, CHECK_RUN_SUMMARY_MAX, notAnnotated);
  return pendingCheckRunOf(report, summaryMarkdown, { settings, startedAt, context, target });
}

/**
 * The check run and the comment, after everything else is written: a pending report's check run
 * is left in progress (publish-pending.ts). The log annotates findings only when the check run
 * carries none; findings past its cap are counted in the summary. A finishing run reports each
 * pending run it completes through this too. True when the check run was completed.
 */
export async function publishToGitHub(
  channels: GitHubChannels,
  report: Report,
  deps: PublishDependencies & {
    /** Whether the summary left annotating to the check run. */
    checkRunAnnotates: boolean;
    /** What the log's annotations left out, when the log annotates. */
    notAnnotated: AnnotationPlan['notAnnotated'] | undefined;
    failsJob: boolean;
    output: Output;
    /** A finishing run's: nothing more is written when the check run could not be completed. */
    onlyOnceCompleted?: boolean;
    /** A pending report's check run, when one can hold its record (pendingCheckRun). */
    pendingCheckRun?: PendingCheckRun | undefined;
  },
): Promise<boolean> {
  const { log, checkRunAnnotates, notAnnotated: logNotAnnotated, failsJob, output } = deps;
  const { findings, verdict } = report;
  if (verdict === 'pending') {
    await leavePending(channels, deps.pendingCheckRun, { log, output });
    await upsertComment(channels, report);
    return false;
  }
  const summaryMarkdown = renderSummary(report, CHECK_RUN_SUMMARY_MAX, logNotAnnotated);
  const active = activeFindings(findings);
  const plan = checkRunAnnotations(active);
  const title = checkRunTitle(report);
  const total = plan.annotations.length + plan.overCap;
  const checkRun = await channels.completeCheckRun({
    start: renderCheckRunStart(report.auditId ?? 'none'),
    conclusion: checkRunConclusion(verdict),
    annotations: plan.annotations,
    output: (posted) =>
      renderCheckRunCompletion({ title, summaryMarkdown, total, overCap: plan.overCap, posted }),
  });
  if (checkRun) output('check-run-url', checkRun.url);
  const completed = checkRun?.completed;
  if (!completed && deps.onlyOnceCompleted) return false;
  if (completed?.postingError !== undefined) {
    log.warning(
      `Posted ${completed.annotationsPosted} of ${total} check run annotations; ` +
        `${total - completed.annotationsPosted} were not: ${errorMessage(completed.postingError)}. ` +
        'The check run says so; every finding is in the job summary and the results file.',
    );
  } else if (completed && plan.overCap > 0) {
    log.info(
      `${plan.overCap} finding(s) are not annotated on the check run: it gets at most ` +
        `${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')}, the most severe, to spare the token's request limit.`,
    );
  }
  await upsertComment(channels, report);

  // Check runs on, yet some findings are on no check run: past its cap, or it failed.
  const notAnnotated = completed ? plan.overCap + completed.annotationsNotPosted : total;
  if (checkRun && completed && notAnnotated === 0) {
    log.info(
      `The ${active.length} finding(s) that count are annotated on the check run: ${checkRun.url}`,
    );
  }
  if (!checkRunAnnotates || notAnnotated === 0) return completed !== undefined;
  let note: string | undefined;
  if (notAnnotated < total) {
    // The check run carries the most severe; the log's 10 per level would only repeat them.
    note = renderCheckRunNotAnnotatedNote(notAnnotated);
  } else {
    log.info('The check run carries no annotations; annotating in the log instead.');
    const fallback = planLogAnnotations(findings, failsJob);
    annotateInLog(fallback, log);
    note = renderNotAnnotatedNote(fallback.notAnnotated);
  }
  if (note !== undefined) await writeSummary(() => `\n${note}\n`, deps);
  return completed !== undefined;
}

function upsertComment(channels: GitHubChannels, report: Report): Promise<unknown> {
  return channels.upsertComment(commentMarker(report.projectName), (previousBody) =>
    renderPrComment({
      ...report,
      previous: previousBody === undefined ? undefined : readPreviousFindings(previousBody),
    }),
  );
}

/**
 * The verdict, the counts and what the service said of the audit, as step outputs. A pending
 * run's counts are the word `pending`: left unset they would read as '' and GitHub's expressions
 * take '' == 0 as true, so a later step's check for no findings would pass an audit not yet done.
 */
function setCountOutputs(report: Report, output: Output): void {
  const { counts } = report;
  const count = (value: number) => (report.verdict === 'pending' ? 'pending' : value);
  output('verdict', report.verdict);
  output('findings-count', count(counts.total));
  for (const severity of SEVERITIES) {
    output(`${severity}-count`, count(counts.bySeverity[severity]));
  }
  output('in-scope-count', count(counts.inScope));
  if (report.rawStatus) output('status', report.rawStatus);
  if (report.reportUrl) output('report-url', report.reportUrl);
  if (report.detectedProjects) output('projects', JSON.stringify(report.detectedProjects));
  output('reused', String(report.allReused));
}

/**
 * The SARIF file, only for a complete audit (an empty or partial upload would close open
 * alerts), and the results file. Each is rendered and written on its own: one that cannot be
 * made is a warning, never the end of the run's report.
 */
async function writeReportFiles(
  report: Report,
  deps: PublishDependencies & { settings: ActionSettings },
  output: Output,
): Promise<void> {
  const { settings, context, log } = deps;
  if (report.resultsObtained && hasResults(report.verdict)) {
    const sarif = await writeFile(
      settings.sarifFile ?? defaultPath(settings, 'smart-contract-audit', report, '.sarif', deps),
      (write) => writeSarifFile(report, context, log, write),
      'SARIF file',
      deps,
    );
    if (sarif) output('sarif-file', sarif);
  }
  const results = await writeFile(
    defaultPath(settings, 'audit-results', report, '.json', deps),
    (write) => write(resultsFileChunks(report)),
    'results file',
    deps,
  );
  if (results) output('results-file', results);
}

/**
 * Log annotations, most severe first, within GitHub's 10 per level per step; `setFailed` writes
 * an error annotation too, so one is kept for it.
 */
function planLogAnnotations(
  findings: readonly TriagedFinding[],
  failsJob: boolean,
): AnnotationPlan {
  return planAnnotations(activeFindings(findings), { reserved: { error: failsJob ? 1 : 0 } });
}

function annotateInLog(plan: AnnotationPlan, log: Logger): void {
  for (const annotation of plan.annotations) {
    log[annotation.level](annotation.message, {
      title: annotation.title,
      file: annotation.file,
      startLine: annotation.startLine,
      endLine: annotation.endLine,
    });
  }
  const left = plan.notAnnotated.error + plan.notAnnotated.warning + plan.notAnnotated.notice;
  if (left > 0) {
    log.info(
      `${left} finding(s) were not annotated: GitHub shows at most 10 annotations of each kind per step. ` +
        'All findings are in the job summary and the results file (a check run shows them all: see `check-run`).',
    );
  }
}

/**
 * One line per finding, most severe first, up to MAX_LOGGED_FINDINGS: past that, a log is
 * scrolled rather than read, and writing it costs more than the rest of the report.
 */
function logFindings(findings: readonly TriagedFinding[], log: Logger): void {
  if (findings.length === 0) return;
  const lines = findings.slice(0, MAX_LOGGED_FINDINGS).map(({ finding, status }) => {
    const where = finding.file
      ? `${finding.file}${finding.startLine ? `:${finding.startLine}` : ''}`
      : '(no location)';
    const rule = finding.swcId ?? finding.ruleId;
    const mark = status === 'active' ? '' : `  (${STATUS_WORDS[status]}: not counted)`;
    return `${finding.severity.toUpperCase().padEnd(8)} ${where}  ${finding.title}${rule ? ` [${rule}]` : ''}${mark}`;
  });
  const unlogged = findings.length - lines.length;
  if (unlogged > 0) {
    lines.push(
      `… and ${unlogged} more, not logged: the log lists the ${MAX_LOGGED_FINDINGS.toLocaleString('en-US')} ` +
        'most severe. The results file has every finding.',
    );
  }
  log.group(`Findings (${findings.length})`, lines);
}

/** A severity word the action could not place is never silently below the gate: say which. */
function warnUnreadSeverities(
  findings: readonly TriagedFinding[],
  failOn: FailOn,
  log: Logger,
): void {
  const words = new Map<string, number>();
  for (const { finding } of findings) {
    if (finding.severity === 'unknown')
      words.set(finding.severityLabel, (words.get(finding.severityLabel) ?? 0) + 1);
  }
  for (const [word, count] of words) {
    const effect =
      failOn === 'none' ? 'they are listed as unknown' : `they fail the gate (fail-on: ${failOn})`;
    // The parser labels a finding that came without any severity `unknown`.
    const given =
      word === 'unknown'
        ? 'no severity'
        : `the severity "${word}", which the action cannot place on critical/high/medium/low/info/gas`;
    log.warning(
      `The service gave ${count} finding(s) ${given}; ${effect}. Check the findings in the job summary.`,
    );
  }
}

/**
 * `<prefix>-<project>-<audit><extension>` in RUNNER_TEMP: unique per project and audit, so two
 * runs of one job never overwrite each other. Made file-safe, a name could spell the key again
 * (`sk!live` becomes `sk_live`): then a hash of it stands in.
 */
function defaultPath(
  settings: ActionSettings,
  prefix: string,
  report: Report,
  extension: string,
  { redactor }: PublishDependencies,
): string {
  // Several audits' ids make a JSON object: a hash of it names them all, and stays short.
  const audit =
    report.several && report.auditId !== undefined
      ? `${report.projects.length}-projects-${sha256(report.auditId, 'hex').slice(0, 12)}`
      : (report.auditId ?? `run-${randomHex(8)}`);
  const name = `${prefix}-${fileSafe(redactor.redact(settings.projectName))}-${fileSafe(redactor.redact(audit))}`;
  const safe = redactor.appearsIn(name) ? `${prefix}-${sha256(name, 'hex').slice(0, 16)}` : name;
  return path.join(settings.outputDirectory, `${safe}${extension}`);
}

async function writeSarifFile(
  report: Report,
  context: RunContext,
  log: Logger,
  write: SarifWriter,
): Promise<void> {
  const sarif = await writeSarif(
    {
      ...report,
      toolVersion: ACTION_VERSION,
      informationUri: context.actionRepository
        ? `${context.serverUrl}/${context.actionRepository}`
        : undefined,
    },
    write,
  );
  if (sarif.truncated > 0) {
    log.warning(
      `The SARIF file holds ${sarif.resultCount} results; ${sarif.truncated} were left out to stay within GitHub's limits.`,
    );
  }
}

type FileWriter = (chunks: Iterable<string> | AsyncIterable<string>) => Promise<void>;

/**
 * Inside the workspace or RUNNER_TEMP only, never through a link, redacted as it is written
 * (a file may be written again: the last one stays); a failure is a warning.
 */
async function writeFile(
  file: string,
  render: (write: FileWriter) => Promise<void>,
  what: string,
  { settings, redactor, log }: PublishDependencies & { settings: ActionSettings },
): Promise<string | undefined> {
  const roots = [settings.workspace, settings.outputDirectory];
  let written: string | undefined;
  try {
    await render(async (chunks) => {
      written = await writeOutputFile(file, redactor.redactChunks(chunks), roots);
    });
    return written;
  } catch (error) {
    log.warning(`Could not write the ${what} ${file}: ${errorMessage(error)}`);
    return undefined;
  }
}

/** Appends to the job summary; a summary that cannot be made or written is a warning. */
async function writeSummary(
  render: () => string,
  { redactor, log }: PublishDependencies,
): Promise<void> {
  if (!process.env['GITHUB_STEP_SUMMARY']) return;
  try {
    await core.summary.addRaw(redactor.redact(render()), true).write();
  } catch (error) {
    // core keeps what it could not write, and would append it with the next text.
    core.summary.emptyBuffer();
    log.warning(`Could not write the job summary: ${errorMessage(error)}`);
  }
}
