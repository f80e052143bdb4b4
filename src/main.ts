import * as core from '@actions/core';
import { readFile, realpath } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditClient } from './api/client.ts';
import { parseBaseline, unusedBaselineEntries, type BaselineEntry } from './audit/baseline.ts';
import type { Finding } from './audit/findings.ts';
import {
  errorOutcome,
  resultsOutcome,
  serviceFailureOutcome,
  skippedOutcome,
  timeoutOutcome,
  type Outcome,
  type Progress,
} from './audit/outcome.ts';
import { waitForAudit } from './api/poll.ts';
import { buildChangeSet, type ChangeSet, type Scope } from './audit/scope.ts';
import { countByStatus, triageFindings, type TriagedFinding } from './audit/triage.ts';
import { ConfigurationError, ServiceError, errorMessage } from './errors.ts';
import { discoverContracts, type ContractFile } from './files/discover.ts';
import { DEFAULT_EXCLUDES } from './files/excludes.ts';
import { isInside } from './files/inside.ts';
import { checkUploadLimits } from './files/limits.ts';
import { createSourceReader } from './files/source-reader.ts';
import { createGitHubClient } from './github/api.ts';
import { GitHubReporter } from './github/reporter.ts';
import { readRunContext, type RunContext } from './github/run-context.ts';
import { getInputs, type Settings } from './inputs.ts';
import { createLogger, type Logger } from './log.ts';
import { publish } from './publish.ts';
import { Redactor } from './redaction.ts';
import { ACTION_VERSION } from './version.ts';

const USER_AGENT = `smart-contract-audit-action/${ACTION_VERSION}`;
const MAX_POLL_INTERVAL_MS = 60_000;
const NOT_FOUND_GRACE_MS = 60_000;
/** After the audit's own deadline, the GitHub channels get at most this long to report it. */
const GITHUB_GRACE_MS = 60_000;

/** What every step of a run shares: its log, its secrets and its deadline. */
interface RunState {
  log: Logger;
  redactor: Redactor;
  context: RunContext;
  progress: Progress;
  /** When the audit stops waiting (`timeout-minutes` from the start), per Date.now. */
  deadline: number;
}

export async function run(): Promise<void> {
  const startedAt = Date.now();
  const redactor = new Redactor();
  const state: RunState = {
    log: createLogger(redactor),
    redactor,
    context: readRunContext(),
    progress: { auditId: undefined, resumed: false, fileCount: undefined },
    deadline: startedAt,
  };
  let settings: Settings | undefined;
  let reporter: GitHubReporter | undefined;
  let outcome: Outcome;
  try {
    settings = getInputs();
    redactor.add(settings.apiKey);
    redactor.add(settings.githubToken);
    state.deadline = startedAt + settings.timeoutMs;
    reporter = createReporter(settings, state);
    outcome = await audit(settings, state, reporter);
  } catch (error) {
    if (
      !(error instanceof ConfigurationError || error instanceof ServiceError) &&
      error instanceof Error
    ) {
      state.log.debug(error.stack ?? error.message);
    }
    outcome = errorOutcome(error, state.progress);
  }
  try {
    await publish(outcome, {
      settings,
      context: state.context,
      reporter,
      log: state.log,
      redactor,
    });
  } catch (error) {
    // Every sink guards itself; reaching here is a bug, and it must not read as a clean run.
    core.setFailed(
      redactor.redact(
        `Unexpected error while reporting (a bug in this action; please report it): ${errorMessage(error)}`,
      ),
    );
  } finally {
    await reporter?.close();
  }
}

function createReporter(settings: Settings, state: RunState): GitHubReporter | undefined {
  const { context, log } = state;
  const [owner, repo] = context.repository.split('/');
  const wanted =
    settings.checkRun.enabled || settings.pullRequestComment || settings.scope !== 'all';
  // A fork's run gets a read-only token and no key: it is skipped, so nothing would be reported.
  if (!wanted || !owner || !repo || (context.untrustedPullRequest && !settings.apiKey))
    return undefined;
  if (!settings.githubToken) {
    log.info(
      'No `github-token`: no check run, pull-request comment or changed-files scope this run.',
    );
    return undefined;
  }
  try {
    return new GitHubReporter({
      client: createGitHubClient(
        { apiUrl: context.apiUrl, token: settings.githubToken, owner, repo },
        {
          // The channels report the audit after its deadline, so they get a little longer.
          deadline: Math.max(state.deadline, Date.now()) + GITHUB_GRACE_MS,
          redact: (text) => state.redactor.redact(text),
          // Octokit's notices quote the API's headers: through the logger, which cleans them.
          log: { debug: (message) => log.debug(message) },
        },
      ),
      pullRequest: context.pullRequest,
      headSha: context.pullRequest?.headSha ?? context.sha,
      checkRun: settings.checkRun,
      comment: settings.pullRequestComment,
      log,
    });
  } catch (error) {
    log.warning(
      `No check run, pull-request comment or changed-files scope this run: ${errorMessage(error)}`,
    );
    return undefined;
  }
}

async function audit(
  settings: Settings,
  state: RunState,
  reporter: GitHubReporter | undefined,
): Promise<Outcome> {
  const { progress, log } = state;
  if (!settings.apiKey) return withoutApiKey(state);
  // Read before anything is uploaded, so a broken baseline costs no audit.
  const baseline = settings.baselineFile
    ? await readBaseline(settings.baselineFile, settings.workspace)
    : undefined;

  const client = new AuditClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    sleep: (ms) => sleep(ms),
    deadline: state.deadline,
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
        state,
      );
    } else {
      await describeProject(client, settings.projectName, log);
      const files = await findContracts(settings, log);
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
      announceAuditId(started.auditId, `Audit started: ${started.auditId}`, state);
    }
    const auditId = progress.auditId;
    // In the background: a slow GitHub API must not eat into the audit's time.
    void reporter?.auditStarted(auditId);

    const outcome = await waitForAudit(
      auditId,
      {
        deadline: state.deadline,
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

    const triaged = await triage(settings, state, reporter, snapshot.findings, baseline, uploaded);
    return resultsOutcome(progress, snapshot, triaged, settings.failOn);
  } finally {
    await client.close();
  }
}

function withoutApiKey({ context, progress, log }: RunState): Outcome {
  if (context.untrustedPullRequest) {
    const origin =
      context.untrustedPullRequest === 'fork'
        ? 'this pull request comes from a fork'
        : 'this run was triggered by Dependabot';
    const reason =
      `No API key: ${origin}, and GitHub does not give repository secrets to such runs. ` +
      'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.';
    log.notice(reason);
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
async function describeProject(
  client: AuditClient,
  projectName: string,
  log: Logger,
): Promise<void> {
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
    log.warning(`Could not list projects (${errorMessage(error)}); continuing with the audit.`);
  }
}

async function findContracts(settings: Settings, log: Logger): Promise<ContractFile[]> {
  const discovery = await discoverContracts({
    workspace: settings.workspace,
    root: settings.workingDirectory,
    patterns: settings.contractPatterns,
    excludes: settings.excludePatterns,
    useDefaultExcludes: settings.useDefaultExcludes,
  });
  for (const link of discovery.skippedLinks) {
    const why =
      link.reason === 'broken' ? 'its target does not exist' : 'it points outside the workspace';
    log.warning(
      `Skipped the symbolic link ${link.path} (to ${link.target}): ${why}. It was not read.`,
    );
  }
  // File and directory names come from the checkout: the logger keeps them from running commands.
  const listed = discovery.files.map((file) => `${file.relativePath} (${file.size} bytes)`);
  if (discovery.prunedDirectories.length > 0) {
    const rules = settings.useDefaultExcludes
      ? `${DEFAULT_EXCLUDES.join(' ')} and \`exclude\``
      : '`exclude`';
    listed.push(`Not searched (excluded by ${rules}): ${discovery.prunedDirectories.join(', ')}`);
  }
  log.group(`Contract files (${discovery.files.length})`, listed);
  // The defaults look for Solidity and Vyper: a project of one language is not a mistake.
  const misspelled = !settings.defaultContractPatterns && discovery.unmatchedPatterns.length > 0;
  if (misspelled && discovery.files.length > 0) {
    const message = `No file matched these \`contracts\` patterns: ${discovery.unmatchedPatterns.join(', ')}`;
    if (settings.ifNoFilesFound === 'ignore') log.info(message);
    else log.warning(message);
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
    if (settings.ifNoFilesFound === 'warn') log.warning(message);
    else log.info(message);
  }
  return discovery.files;
}

function announceAuditId(auditId: string, message: string, state: RunState): void {
  core.setOutput('audit-id', state.redactor.redact(auditId));
  state.log.info(message);
}

/** Which findings count: inline suppressions, the baseline, and on pull requests the `scope`. */
async function triage(
  settings: Settings,
  { context, log }: RunState,
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
        log.notice(
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
      log.info(
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
