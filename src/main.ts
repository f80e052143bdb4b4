import * as core from '@actions/core';
import { randomInt } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditClient } from './api/client.ts';
import { evaluateGate, type Verdict } from './audit/gate.ts';
import {
  compareFindings,
  countBySeverity,
  type AuditSnapshot,
  type Finding,
} from './audit/findings.ts';
import { waitForAudit } from './audit/poll.ts';
import { ConfigurationError, ServiceError, errorMessage } from './errors.ts';
import { discoverContracts, type ContractFile } from './files/discover.ts';
import { DEFAULT_EXCLUDES } from './files/excludes.ts';
import { checkUploadLimits } from './files/limits.ts';
import { readRunContext, type RunContext } from './github/run-context.ts';
import { getInputs, type Settings } from './inputs.ts';
import { planAnnotations, type AnnotationLevel } from './report/annotations.ts';
import { neutralizeWorkflowCommands } from './report/escape.ts';
import { renderResultsFile } from './report/results-file.ts';
import { renderSummary } from './report/summary.ts';

const USER_AGENT = 'contract-audit-action/0.1';
const MAX_POLL_INTERVAL_MS = 60_000;
const NOT_FOUND_GRACE_MS = 60_000;

/** What the run ended with; everything the outputs, summary and exit code are made from. */
interface Outcome {
  verdict: Verdict;
  reason: string;
  auditId: string | undefined;
  rawStatus: string | undefined;
  reportUrl: string | undefined;
  findings: Finding[];
  fileCount: number | undefined;
  resumeHint: string | undefined;
}

/** Filled in as the run goes, so a failure late on still reports what was already known. */
interface Progress {
  auditId: string | undefined;
  fileCount: number | undefined;
}

export async function run(): Promise<void> {
  const context = readRunContext();
  const progress: Progress = { auditId: undefined, fileCount: undefined };
  let settings: Settings | undefined;
  let outcome: Outcome;
  try {
    settings = getInputs();
    outcome = await audit(settings, context, progress);
  } catch (error) {
    outcome = failureOutcome(error, progress);
  }
  await report(outcome, settings, context);
}

async function audit(
  settings: Settings,
  context: RunContext,
  progress: Progress,
): Promise<Outcome> {
  if (!settings.apiKey) return withoutApiKey(context);

  const client = new AuditClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    sleep: (ms) => sleep(ms),
    log: { debug: core.debug, info: core.info, warning: core.warning },
  });
  try {
    return await auditWith(client, settings, progress);
  } finally {
    await client.close();
  }
}

async function auditWith(
  client: AuditClient,
  settings: Settings,
  progress: Progress,
): Promise<Outcome> {
  await describeProject(client, settings.projectName);

  let knownFiles: string[] | undefined;
  if (settings.auditId) {
    progress.auditId = settings.auditId;
    announceAuditId(
      settings.auditId,
      `Resuming audit ${settings.auditId} (input \`audit-id\`); nothing is uploaded.`,
    );
  } else {
    const files = await findContracts(settings);
    if (files.length === 0) return noFilesOutcome(settings);
    progress.fileCount = files.length;
    knownFiles = files.map((file) => file.relativePath);
    core.info(
      `Uploading ${files.length} file(s) to ${settings.baseUrl.origin} as project "${settings.projectName}"…`,
    );
    const started = await client.startAudit(settings.projectName, files);
    progress.auditId = started.auditId;
    announceAuditId(started.auditId, `Audit started: ${started.auditId}`);
  }

  const auditId = progress.auditId;
  const startedAt = Date.now();
  const outcome = await waitForAudit(
    auditId,
    {
      deadline: startedAt + settings.timeoutMs,
      initialIntervalMs: settings.pollIntervalMs,
      maxIntervalMs: Math.max(MAX_POLL_INTERVAL_MS, settings.pollIntervalMs),
      notFoundGraceMs: settings.auditId ? 0 : NOT_FOUND_GRACE_MS,
    },
    {
      client,
      now: Date.now,
      sleep: (ms) => sleep(ms),
      random: Math.random,
      log: { debug: core.debug, info: core.info, warning: core.warning },
      knownFiles,
    },
  );

  if (outcome.kind === 'timeout')
    return timeoutOutcome(settings, auditId, outcome.last, progress.fileCount);
  return finishedOutcome(settings, outcome.snapshot, progress.fileCount);
}

function withoutApiKey(context: RunContext): Outcome {
  if (context.untrustedPullRequest) {
    const who = context.untrustedPullRequest === 'fork' ? 'a fork' : 'Dependabot';
    const reason =
      `No API key: this pull request comes from ${who}, and GitHub does not give secrets to such runs. ` +
      'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.';
    core.notice(reason);
    return { ...emptyOutcome(), verdict: 'skipped', reason };
  }
  throw new ConfigurationError(
    'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
      '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
  );
}

/** Checks the key before anything is uploaded, and tells whether the project is new. */
async function describeProject(client: AuditClient, projectName: string): Promise<void> {
  try {
    const projects = await client.listProjects();
    const project = projects.find((candidate) => candidate.name === projectName);
    if (!project) {
      core.info(`Project "${projectName}" is new: the service creates it with this audit.`);
      return;
    }
    const last = project.lastAuditId
      ? `; last audit ${project.lastAuditId}${project.lastAuditStatus ? ` (${project.lastAuditStatus})` : ''}`
      : '';
    const count =
      project.auditCount === undefined ? '' : `: ${project.auditCount} earlier audit(s)`;
    core.info(neutralizeWorkflowCommands(`Project "${projectName}"${count}${last}.`));
  } catch (error) {
    // A rejected key ends the run here, before an upload; anything else only costs the project line.
    if (error instanceof ServiceError && (error.status === 401 || error.status === 403))
      throw error;
    core.warning(`Could not list projects (${errorMessage(error)}); continuing with the audit.`);
  }
}

async function findContracts(settings: Settings): Promise<ContractFile[]> {
  const discovery = await discoverContracts({
    workspace: settings.workspace,
    root: settings.workingDirectory,
    patterns:
      settings.contractPatterns.length > 0 ? settings.contractPatterns : ['**/*.sol', '**/*.vy'],
    excludes: settings.excludePatterns,
    useDefaultExcludes: settings.useDefaultExcludes,
  });
  for (const link of discovery.skippedLinks) {
    const why =
      link.reason === 'broken' ? 'its target does not exist' : 'it points outside the workspace';
    core.warning(
      `Skipped the symbolic link ${link.path} (to ${link.target}): ${why}. It was not read.`,
    );
  }
  core.startGroup(`Contract files (${discovery.files.length})`);
  for (const file of discovery.files) core.info(`${file.relativePath} (${file.size} bytes)`);
  if (discovery.prunedDirectories.length > 0) {
    const rules = settings.useDefaultExcludes
      ? `${DEFAULT_EXCLUDES.join(' ')} and \`exclude\``
      : '`exclude`';
    core.info(`Not searched (excluded by ${rules}): ${discovery.prunedDirectories.join(', ')}`);
  }
  core.endGroup();
  if (discovery.unmatchedPatterns.length > 0 && discovery.files.length > 0) {
    core.debug(`Patterns that matched nothing: ${discovery.unmatchedPatterns.join(', ')}`);
  }
  checkUploadLimits(discovery.files, settings.limits);
  if (discovery.files.length === 0) {
    const patterns = discovery.unmatchedPatterns.join(', ') || settings.contractPatterns.join(', ');
    const message =
      `No contract files found under ${settings.pathPrefix || './'} for ${patterns}` +
      (settings.useDefaultExcludes ? ` (built-in excludes: ${DEFAULT_EXCLUDES.join(' ')})` : '') +
      '. Check `contracts`, `exclude` and `working-directory`.';
    if (settings.ifNoFilesFound === 'error') {
      throw new ConfigurationError(
        `${message} (Set \`if-no-files-found\` to warn or ignore to allow this.)`,
      );
    }
    if (settings.ifNoFilesFound === 'warn') core.warning(message);
    else core.info(message);
  }
  return discovery.files;
}

function noFilesOutcome(settings: Settings): Outcome {
  return {
    ...emptyOutcome(),
    verdict: 'skipped',
    reason: `No contract files matched (if-no-files-found: ${settings.ifNoFilesFound}); nothing was audited.`,
    fileCount: 0,
  };
}

function announceAuditId(auditId: string, message: string): void {
  core.setOutput('audit-id', auditId);
  core.info(neutralizeWorkflowCommands(message));
}

function timeoutOutcome(
  settings: Settings,
  auditId: string,
  last: AuditSnapshot | undefined,
  fileCount: number | undefined,
): Outcome {
  return {
    ...emptyOutcome(),
    verdict: 'timeout',
    reason: `The audit did not finish within ${formatDuration(settings.timeoutMs)} (last status: ${last?.rawStatus ?? 'unknown'}). No results were obtained.`,
    auditId,
    rawStatus: last?.rawStatus,
    reportUrl: last?.reportUrl,
    fileCount,
    resumeHint:
      `The audit goes on at the service. To collect its results without uploading again, re-run with ` +
      `\`audit-id: ${auditId}\` (and a larger \`timeout-minutes\` if needed).`,
  };
}

function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms / 600) / 100} min`;
}

function finishedOutcome(
  settings: Settings,
  snapshot: AuditSnapshot,
  fileCount: number | undefined,
): Outcome {
  const base = {
    ...emptyOutcome(),
    auditId: snapshot.auditId,
    rawStatus: snapshot.rawStatus,
    reportUrl: snapshot.reportUrl,
    fileCount,
  };
  if (snapshot.state === 'failed' || !snapshot.findings) {
    return {
      ...base,
      verdict: 'error',
      reason:
        `The service reports the audit as ${snapshot.rawStatus}` +
        (snapshot.message ? `: ${snapshot.message}` : ' (no message given)') +
        '. No results were obtained.',
    };
  }
  const findings = [...snapshot.findings].sort(compareFindings);
  const gate = evaluateGate(findings, settings.failOn);
  return { ...base, verdict: gate.verdict, reason: gate.reason, findings };
}

function failureOutcome(error: unknown, progress: Progress): Outcome {
  let reason: string;
  if (error instanceof ConfigurationError) reason = error.message;
  else if (error instanceof ServiceError) reason = `The audit service: ${error.message}`;
  else {
    reason = `Unexpected error (a bug in this action; please report it): ${errorMessage(error)}`;
    if (error instanceof Error && error.stack) core.debug(error.stack);
  }
  return {
    ...emptyOutcome(),
    verdict: 'error',
    reason,
    auditId: progress.auditId,
    fileCount: progress.fileCount,
    resumeHint: progress.auditId
      ? `The audit ${progress.auditId} was started; re-run with \`audit-id: ${progress.auditId}\` to collect its results without uploading again.`
      : undefined,
  };
}

function emptyOutcome(): Outcome {
  return {
    verdict: 'error',
    reason: '',
    auditId: undefined,
    rawStatus: undefined,
    reportUrl: undefined,
    findings: [],
    fileCount: undefined,
    resumeHint: undefined,
  };
}

/** The one place that writes outputs, annotations, the summary, and the job's result. */
async function report(
  outcome: Outcome,
  settings: Settings | undefined,
  context: RunContext,
): Promise<void> {
  const pathPrefix = settings?.pathPrefix ?? '';
  const projectName = settings?.projectName ?? (context.repository.split('/')[1] || 'unknown');
  const failOn = settings?.failOn ?? 'low';

  logFindings(outcome.findings);
  const failsJob = outcome.verdict !== 'pass' && outcome.verdict !== 'skipped';
  // setFailed writes an error annotation too: keep one of GitHub's 10 for it.
  const plan = planAnnotations(outcome.findings, {
    pathPrefix,
    reserved: { error: failsJob ? 1 : 0 },
  });
  for (const annotation of plan.annotations) {
    core[annotation.level](annotation.message, {
      title: annotation.title,
      file: annotation.file,
      startLine: annotation.startLine,
      endLine: annotation.endLine,
    });
  }
  const notAnnotated = totalOf(plan.notAnnotated);
  if (notAnnotated > 0) {
    core.info(
      `${notAnnotated} finding(s) were not annotated: GitHub shows at most 10 annotations of each kind per step. ` +
        'All findings are in the job summary and the results file.',
    );
  }

  const counts = countBySeverity(outcome.findings);
  core.setOutput('verdict', outcome.verdict);
  core.setOutput('findings-count', outcome.findings.length);
  for (const severity of ['critical', 'high', 'medium', 'low', 'info', 'gas'] as const) {
    core.setOutput(`${severity}-count`, counts[severity]);
  }
  if (outcome.rawStatus) core.setOutput('status', outcome.rawStatus);
  if (outcome.reportUrl) core.setOutput('report-url', outcome.reportUrl);

  const resultsFile = await writeResultsFile(outcome, projectName, failOn, settings);
  if (resultsFile) core.setOutput('results-file', resultsFile);

  await writeSummary(
    renderSummary({
      verdict: outcome.verdict,
      reason: outcome.reason,
      projectName,
      auditId: outcome.auditId,
      rawStatus: outcome.rawStatus,
      reportUrl: outcome.reportUrl,
      failOn,
      findings: outcome.findings,
      links:
        context.repository && context.sha
          ? { serverUrl: context.serverUrl, repository: context.repository, sha: context.sha }
          : undefined,
      pathPrefix,
      notAnnotated: plan.notAnnotated,
      resumeHint: outcome.resumeHint,
      fileCount: outcome.fileCount,
    }),
  );

  const reason = neutralizeWorkflowCommands(outcome.reason);
  if (outcome.resumeHint) core.info(neutralizeWorkflowCommands(outcome.resumeHint));
  if (failsJob) core.setFailed(`Verdict: ${outcome.verdict}. ${reason}`);
  else core.info(`Verdict: ${outcome.verdict}. ${reason}`);
}

function logFindings(findings: readonly Finding[]): void {
  if (findings.length === 0) return;
  core.startGroup(`Findings (${findings.length})`);
  for (const finding of findings) {
    const where = finding.file
      ? `${finding.file}${finding.startLine ? `:${finding.startLine}` : ''}`
      : '(no location)';
    const rule = finding.swcId ?? finding.ruleId;
    core.info(
      neutralizeWorkflowCommands(
        `${finding.severity.toUpperCase().padEnd(8)} ${where}  ${finding.title}${rule ? ` [${rule}]` : ''}`,
      ),
    );
  }
  core.endGroup();
}

function totalOf(counts: Record<AnnotationLevel, number>): number {
  return counts.error + counts.warning + counts.notice;
}

async function writeResultsFile(
  outcome: Outcome,
  projectName: string,
  failOn: Settings['failOn'],
  settings: Settings | undefined,
): Promise<string | undefined> {
  if (!settings) return undefined;
  const name = `audit-results-${outcome.auditId ?? `run-${randomInt(1e9)}`}.json`.replace(
    /[^\w.-]/g,
    '_',
  );
  const file = path.join(settings.outputDirectory, name);
  try {
    await mkdir(settings.outputDirectory, { recursive: true });
    await writeFile(
      file,
      renderResultsFile({
        auditId: outcome.auditId,
        projectName,
        status: outcome.rawStatus,
        verdict: outcome.verdict,
        failOn,
        findings: outcome.findings,
      }),
    );
    return file;
  } catch (error) {
    core.warning(`Could not write the results file ${file}: ${errorMessage(error)}`);
    return undefined;
  }
}

async function writeSummary(markdown: string): Promise<void> {
  if (!process.env['GITHUB_STEP_SUMMARY']) return;
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch (error) {
    core.warning(`Could not write the job summary: ${errorMessage(error)}`);
  }
}
