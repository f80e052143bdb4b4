import * as core from '@actions/core';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditClient } from './api/client.ts';
import { parseBaseline, unusedBaselineEntries, type BaselineEntry } from './audit/baseline.ts';
import { countBySeverity, SEVERITIES, type Finding } from './audit/findings.ts';
import {
  errorOutcome,
  resultsOutcome,
  serviceFailureOutcome,
  skippedOutcome,
  timeoutOutcome,
  type Outcome,
  type Progress,
} from './audit/outcome.ts';
import { waitForAudit } from './audit/poll.ts';
import { buildChangeSet, type ChangeSet, type Scope } from './audit/scope.ts';
import {
  activeFindings,
  countByStatus,
  triageFindings,
  type TriagedFinding,
} from './audit/triage.ts';
import { ConfigurationError, ServiceError, errorMessage } from './errors.ts';
import { discoverContracts, type ContractFile } from './files/discover.ts';
import { DEFAULT_EXCLUDES } from './files/excludes.ts';
import { checkUploadLimits } from './files/limits.ts';
import { isInside } from './files/inside.ts';
import { createSourceReader } from './files/source-reader.ts';
import { createGitHubClient } from './github/api.ts';
import { GitHubReporter } from './github/reporter.ts';
import { readRunContext, type RunContext } from './github/run-context.ts';
import { fileSafe, getInputs, type Settings } from './inputs.ts';
import { planAnnotations } from './report/annotations.ts';
import { neutralizeWorkflowCommands } from './report/escape.ts';
import { renderResultsFile } from './report/results-file.ts';
import { renderSarif } from './report/sarif.ts';
import { renderSummary, type SummaryInput } from './report/summary.ts';
import { ACTION_VERSION } from './version.ts';

const USER_AGENT = `smart-contract-audit-action/${ACTION_VERSION}`;
const MAX_POLL_INTERVAL_MS = 60_000;
const NOT_FOUND_GRACE_MS = 60_000;
const CHECK_RUN_SUMMARY_MAX = 65_000;
// The modules' info lines quote the service (status words, audit ids): core.info runs commands.
const log = {
  debug: core.debug,
  info: (message: string) => core.info(neutralizeWorkflowCommands(message)),
  warning: core.warning,
};

export async function run(): Promise<void> {
  const context = readRunContext();
  const progress: Progress = { auditId: undefined, resumed: false, fileCount: undefined };
  let settings: Settings | undefined;
  let reporter: GitHubReporter | undefined;
  let outcome: Outcome;
  try {
    settings = getInputs();
    reporter = createReporter(settings, context);
    outcome = await audit(settings, context, progress, reporter);
  } catch (error) {
    if (
      !(error instanceof ConfigurationError || error instanceof ServiceError) &&
      error instanceof Error
    ) {
      core.debug(error.stack ?? error.message);
    }
    outcome = errorOutcome(error, progress);
  }
  try {
    await report(outcome, settings, context, reporter);
  } finally {
    await reporter?.close();
  }
}

function createReporter(settings: Settings, context: RunContext): GitHubReporter | undefined {
  const [owner, repo] = context.repository.split('/');
  const wanted =
    settings.checkRun.enabled || settings.pullRequestComment || settings.scope !== 'all';
  // A fork's run gets a read-only token and no key: it is skipped, so nothing would be reported.
  if (!wanted || !owner || !repo || (context.untrustedPullRequest && !settings.apiKey))
    return undefined;
  if (!settings.githubToken) {
    core.info(
      'No `github-token`: no check run, pull-request comment or changed-files scope this run.',
    );
    return undefined;
  }
  return new GitHubReporter({
    client: createGitHubClient({
      apiUrl: context.apiUrl,
      token: settings.githubToken,
      owner,
      repo,
    }),
    pullRequest: context.pullRequest,
    headSha: context.pullRequest?.headSha ?? context.sha,
    checkRun: settings.checkRun,
    comment: settings.pullRequestComment,
    log,
  });
}

async function audit(
  settings: Settings,
  context: RunContext,
  progress: Progress,
  reporter: GitHubReporter | undefined,
): Promise<Outcome> {
  if (!settings.apiKey) return withoutApiKey(context, progress);
  // Read before anything is uploaded, so a broken baseline costs no audit.
  const baseline = settings.baselineFile
    ? await readBaseline(settings.baselineFile, settings.workspace)
    : undefined;

  const client = new AuditClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    sleep: (ms) => sleep(ms),
    log,
  });
  try {
    let uploaded: string[] | undefined;
    let initialWaitMs: number | undefined;
    if (settings.auditId) {
      progress.auditId = settings.auditId;
      progress.resumed = true;
      announceAuditId(
        settings.auditId,
        `Resuming audit ${settings.auditId} (input \`audit-id\`); nothing is uploaded.`,
      );
    } else {
      await describeProject(client, settings.projectName);
      const files = await findContracts(settings);
      progress.fileCount = files.length;
      if (files.length === 0) {
        return skippedOutcome(
          `No contract files matched (if-no-files-found: ${settings.ifNoFilesFound}); nothing was audited.`,
          progress,
        );
      }
      uploaded = files.map((file) => file.relativePath);
      log.info(
        `Uploading ${files.length} file(s) to ${settings.baseUrl.origin} as project "${settings.projectName}"…`,
      );
      const started = await client.startAudit(settings.projectName, files);
      progress.auditId = started.auditId;
      initialWaitMs = started.retryAfterMs;
      announceAuditId(started.auditId, `Audit started: ${started.auditId}`);
    }
    const auditId = progress.auditId;
    await reporter?.auditStarted(auditId);

    const outcome = await waitForAudit(
      auditId,
      {
        deadline: Date.now() + settings.timeoutMs,
        initialIntervalMs: settings.pollIntervalMs,
        maxIntervalMs: Math.max(MAX_POLL_INTERVAL_MS, settings.pollIntervalMs),
        notFoundGraceMs: settings.auditId ? 0 : NOT_FOUND_GRACE_MS,
        initialWaitMs,
      },
      {
        client,
        now: Date.now,
        sleep: (ms) => sleep(ms),
        random: Math.random,
        log,
        knownFiles: uploaded,
      },
    );
    if (outcome.kind === 'timeout')
      return timeoutOutcome({ ...progress, auditId }, settings.timeoutMs, outcome.last);
    const { snapshot } = outcome;
    if (snapshot.state === 'failed' || !snapshot.findings)
      return serviceFailureOutcome(progress, snapshot);

    const triaged = await triage(
      settings,
      context,
      reporter,
      snapshot.findings,
      baseline,
      uploaded,
    );
    return resultsOutcome(progress, snapshot, triaged, settings.failOn);
  } finally {
    await client.close();
  }
}

function withoutApiKey(context: RunContext, progress: Progress): Outcome {
  if (context.untrustedPullRequest) {
    const origin =
      context.untrustedPullRequest === 'fork'
        ? 'this pull request comes from a fork'
        : 'this run was triggered by Dependabot';
    const reason =
      `No API key: ${origin}, and GitHub does not give repository secrets to such runs. ` +
      'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.';
    core.notice(reason);
    return skippedOutcome(reason, progress);
  }
  throw new ConfigurationError(
    'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
      '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
  );
}

async function readBaseline(file: string, workspace: string): Promise<Map<string, BaselineEntry>> {
  let text: string | undefined;
  try {
    // The checkout may hold a link to anywhere: only a file really inside the workspace is read.
    const real = await realpath(file);
    if (isInside(await realpath(workspace), real)) text = await readFile(real, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `Could not read the baseline file ${file} (${errorMessage(error)}). Check the \`baseline\` input; ` +
        'to create one, copy the `results-file` of a run into the repository: cp "$RESULTS_FILE" .audit-baseline.json',
    );
  }
  if (text === undefined) {
    throw new ConfigurationError(
      `The baseline file ${file} is a link that leads outside the workspace, so it was not read. ` +
        'Check the `baseline` input.',
    );
  }
  return parseBaseline(text, file);
}

/** Checks the key before anything is uploaded, and tells whether the project is new. */
async function describeProject(client: AuditClient, projectName: string): Promise<void> {
  try {
    const projects = await client.listProjects();
    const project = projects.find((candidate) => candidate.name === projectName);
    if (!project) {
      log.info(`Project "${projectName}" is new: the service creates it with this audit.`);
      return;
    }
    const last = project.lastAuditId
      ? `; last audit ${project.lastAuditId}${project.lastAuditStatus ? ` (${project.lastAuditStatus})` : ''}`
      : '';
    const count =
      project.auditCount === undefined ? '' : `: ${project.auditCount} earlier audit(s)`;
    log.info(`Project "${projectName}"${count}${last}.`);
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
  // File and directory names come from the checkout: a newline in one must not start a command.
  for (const file of discovery.files) log.info(`${file.relativePath} (${file.size} bytes)`);
  if (discovery.prunedDirectories.length > 0) {
    const rules = settings.useDefaultExcludes
      ? `${DEFAULT_EXCLUDES.join(' ')} and \`exclude\``
      : '`exclude`';
    log.info(`Not searched (excluded by ${rules}): ${discovery.prunedDirectories.join(', ')}`);
  }
  core.endGroup();
  if (discovery.unmatchedPatterns.length > 0 && discovery.files.length > 0) {
    const message = `No file matched these \`contracts\` patterns: ${discovery.unmatchedPatterns.join(', ')}`;
    if (settings.ifNoFilesFound === 'ignore') log.info(message);
    else core.warning(message);
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

function announceAuditId(auditId: string, message: string): void {
  core.setOutput('audit-id', auditId);
  log.info(message);
}

/** Which findings count: inline suppressions, the baseline, and on pull requests the `scope`. */
async function triage(
  settings: Settings,
  context: RunContext,
  reporter: GitHubReporter | undefined,
  findings: readonly Finding[],
  baseline: Map<string, BaselineEntry> | undefined,
  uploaded: readonly string[] | undefined,
): Promise<{ findings: TriagedFinding[]; scope: Scope; scopeNote: string | undefined }> {
  let scope = settings.scope;
  let changes: ChangeSet | undefined;
  if (scope !== 'all') {
    const files = context.pullRequest ? await reporter?.changedFiles() : undefined;
    if (files) changes = buildChangeSet(files);
    else {
      if (!context.pullRequest) {
        core.notice(
          `\`scope: ${scope}\` applies to pull requests; on this ${context.eventName} run every finding counts.`,
        );
      }
      scope = 'all';
    }
  }
  const triaged = triageFindings(findings, {
    scope,
    changes,
    pathPrefix: settings.pathPrefix,
    baseline,
    sources: createSourceReader({
      workspace: settings.workspace,
      root: settings.workingDirectory,
      uploaded: uploaded && new Set(uploaded),
    }),
  });
  if (baseline) {
    const unused = unusedBaselineEntries(baseline, findings);
    if (unused.length > 0) {
      core.info(
        `${unused.length} baseline entr${unused.length === 1 ? 'y matches' : 'ies match'} no finding any more and can be removed.`,
      );
    }
  }
  const outside = countByStatus(triaged)['outside-change'];
  const scopeNote =
    scope === 'all'
      ? undefined
      : `${scope}: ${triaged.length - outside} of ${triaged.length} findings are in the change`;
  return { findings: triaged, scope, scopeNote };
}

/** The one place that writes outputs, annotations, the summary, and the job's result. */
async function report(
  outcome: Outcome,
  settings: Settings | undefined,
  context: RunContext,
  reporter: GitHubReporter | undefined,
): Promise<void> {
  const pathPrefix = settings?.pathPrefix ?? '';
  const projectName = settings?.projectName ?? (context.repository.split('/')[1] || 'unknown');
  const failOn = settings?.failOn ?? 'low';
  const findings = outcome.findings ?? [];
  const active = activeFindings(findings);
  const failsJob = outcome.verdict !== 'pass' && outcome.verdict !== 'skipped';
  const links =
    context.repository && context.sha
      ? { serverUrl: context.serverUrl, repository: context.repository, sha: context.sha }
      : undefined;
  const noneAnnotated = { error: 0, warning: 0, notice: 0 };
  const summaryInput: SummaryInput = {
    verdict: outcome.verdict,
    reason: outcome.reason,
    projectName,
    auditId: outcome.auditId,
    rawStatus: outcome.rawStatus,
    reportUrl: outcome.reportUrl,
    failOn,
    findings,
    scopeNote: outcome.scopeNote,
    links,
    pathPrefix,
    notAnnotated: noneAnnotated,
    resumeHint: outcome.resumeHint,
    fileCount: outcome.fileCount,
  };

  logFindings(findings);
  const sarifFile =
    settings && outcome.findings ? await writeSarif(settings, outcome, context) : undefined;

  const published = await reporter?.publish({
    verdict: outcome.verdict,
    auditId: outcome.auditId,
    findings,
    pathPrefix,
    checkRunSummary: renderSummary(summaryInput, CHECK_RUN_SUMMARY_MAX),
    comment: {
      projectName,
      verdict: outcome.verdict,
      reason: outcome.reason,
      findings,
      links,
      pathPrefix,
      auditId: outcome.auditId,
      reportUrl: outcome.reportUrl,
      ...(context.runUrl === undefined ? {} : { runUrl: context.runUrl }),
    },
  });

  if (published?.annotatedOnCheckRun) {
    core.info(
      `The ${active.length} finding(s) that count are annotated on the check run: ${published.checkRunUrl}`,
    );
  } else {
    // setFailed writes an error annotation too: keep one of GitHub's 10 for it.
    const plan = planAnnotations(active, { pathPrefix, reserved: { error: failsJob ? 1 : 0 } });
    for (const annotation of plan.annotations) {
      core[annotation.level](annotation.message, {
        title: annotation.title,
        file: annotation.file,
        startLine: annotation.startLine,
        endLine: annotation.endLine,
      });
    }
    summaryInput.notAnnotated = plan.notAnnotated;
    const notAnnotated =
      plan.notAnnotated.error + plan.notAnnotated.warning + plan.notAnnotated.notice;
    if (notAnnotated > 0) {
      core.info(
        `${notAnnotated} finding(s) were not annotated: GitHub shows at most 10 annotations of each kind per step. ` +
          'All findings are in the job summary and the results file (a check run shows them all: see `check-run`).',
      );
    }
  }

  const counts = countBySeverity(findings.map((entry) => entry.finding));
  core.setOutput('verdict', outcome.verdict);
  core.setOutput('findings-count', findings.length);
  for (const severity of SEVERITIES) core.setOutput(`${severity}-count`, counts[severity]);
  core.setOutput('in-scope-count', findings.length - countByStatus(findings)['outside-change']);
  if (outcome.rawStatus) core.setOutput('status', outcome.rawStatus);
  if (outcome.reportUrl) core.setOutput('report-url', outcome.reportUrl);
  if (sarifFile) core.setOutput('sarif-file', sarifFile);
  if (published?.checkRunUrl) core.setOutput('check-run-url', published.checkRunUrl);
  const resultsFile = settings && (await writeResultsFile(settings, outcome, projectName, failOn));
  if (resultsFile) core.setOutput('results-file', resultsFile);

  await writeSummary(renderSummary(summaryInput));

  const reason = neutralizeWorkflowCommands(outcome.reason);
  if (outcome.resumeHint) log.info(outcome.resumeHint);
  if (failsJob) core.setFailed(`Verdict: ${outcome.verdict}. ${reason}`);
  else core.info(`Verdict: ${outcome.verdict}. ${reason}`);
}

function logFindings(findings: readonly TriagedFinding[]): void {
  if (findings.length === 0) return;
  core.startGroup(`Findings (${findings.length})`);
  for (const { finding, status } of findings) {
    const where = finding.file
      ? `${finding.file}${finding.startLine ? `:${finding.startLine}` : ''}`
      : '(no location)';
    const rule = finding.swcId ?? finding.ruleId;
    const mark = status === 'active' ? '' : `  (${status.replace('-', ' ')}: not counted)`;
    log.info(
      `${finding.severity.toUpperCase().padEnd(8)} ${where}  ${finding.title}${rule ? ` [${rule}]` : ''}${mark}`,
    );
  }
  core.endGroup();
}

/** Only for a completed audit: an empty SARIF upload would close every open alert. */
async function writeSarif(
  settings: Settings,
  outcome: Outcome,
  context: RunContext,
): Promise<string | undefined> {
  const sarif = renderSarif({
    findings: outcome.findings ?? [],
    pathPrefix: settings.pathPrefix,
    projectName: settings.projectName,
    auditId: outcome.auditId,
    reportUrl: outcome.reportUrl,
    toolVersion: ACTION_VERSION,
    informationUri: context.actionRepository
      ? `${context.serverUrl}/${context.actionRepository}`
      : undefined,
  });
  if (sarif.truncated > 0) {
    core.warning(
      `The SARIF file holds ${sarif.resultCount} results; ${sarif.truncated} were left out to stay within GitHub's limits.`,
    );
  }
  return writeOutputFile(settings.sarifFile, sarif.json, 'SARIF file');
}

async function writeResultsFile(
  settings: Settings,
  outcome: Outcome,
  projectName: string,
  failOn: Settings['failOn'],
): Promise<string | undefined> {
  const name = `audit-results-${fileSafe(outcome.auditId ?? `run-${randomUUID().slice(0, 8)}`)}.json`;
  return writeOutputFile(
    path.join(settings.outputDirectory, name),
    renderResultsFile({
      auditId: outcome.auditId,
      projectName,
      status: outcome.rawStatus,
      verdict: outcome.verdict,
      failOn,
      scope: outcome.scope,
      findings: outcome.findings ?? [],
    }),
    'results file',
  );
}

async function writeOutputFile(
  file: string,
  content: string,
  what: string,
): Promise<string | undefined> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // A link planted at this path in the checkout must not redirect the write: replace, never follow.
    await rm(file, { force: true });
    await writeFile(file, content, { flag: 'wx' });
    return file;
  } catch (error) {
    core.warning(`Could not write the ${what} ${file}: ${errorMessage(error)}`);
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
