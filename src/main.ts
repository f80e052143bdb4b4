/**
 * The story of a run: settings → contracts → audit → triage → outcome → publish. Whatever
 * happens, the run ends in one outcome, and publishing it is the last thing the step does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditClient } from './api/client.ts';
import { pathReader } from './api/parse-location.ts';
import { pollPolicy, waitForAudit } from './api/poll.ts';
import { describeProject } from './api/project.ts';
import { readBaselineFile, type BaselineEntry } from './audit/baseline.ts';
import type { Finding } from './audit/findings.ts';
import {
  errorOutcome,
  noApiKeyOutcome,
  resultsOutcome,
  serviceFailureOutcome,
  skippedOutcome,
  timeoutOutcome,
  type Outcome,
  type Progress,
} from './audit/outcome.ts';
import { buildChangeSet } from './audit/scope.ts';
import { triageFindings, type Triage } from './audit/triage.ts';
import { ConfigurationError, ServiceError, errorMessage } from './errors.ts';
import { createSourceReader } from './files/source-reader.ts';
import { openGitHubChannels, type GitHubChannels } from './github/channels.ts';
import { readRunContext, type RunContext } from './github/run-context.ts';
import { getInputs, type Settings } from './inputs.ts';
import { createLogger, type Logger } from './log.ts';
import { publish } from './publish.ts';
import type { Project } from './project/detect.ts';
import {
  findContracts,
  findProjects,
  projectSummaries,
  type UploadFile,
} from './project/find-contracts.ts';
import { Redactor } from './redaction.ts';
import * as runner from './runner.ts';
import { renderCheckRunStart } from './report/check-run-output.ts';
import { ACTION_VERSION } from './version.ts';

const USER_AGENT = `smart-contract-audit-action/${ACTION_VERSION}`;

/** What every step of a run shares: its log, its secrets, its GitHub channels and its deadline. */
interface Run {
  log: Logger;
  redactor: Redactor;
  context: RunContext;
  progress: Progress;
  channels: GitHubChannels | undefined;
  /** When the audit stops waiting (`timeout-minutes` from the start), per Date.now. */
  deadline: number;
}

export async function run(): Promise<void> {
  const startedAt = Date.now();
  const redactor = new Redactor();
  const log = createLogger(redactor);
  const state: Run = {
    log,
    redactor,
    context: readRunContext(),
    progress: { auditId: undefined, resumed: false, fileCount: undefined },
    channels: undefined,
    deadline: startedAt,
  };
  let settings: Settings | undefined;
  let outcome: Outcome;
  try {
    settings = getInputs();
    redactor.add(settings.apiKey);
    redactor.add(settings.githubToken);
    state.deadline = startedAt + settings.timeoutMs;
    state.channels = openGitHubChannels(settings, {
      ...state,
      redact: (text) => redactor.redact(text),
    });
    outcome = await audit(settings, state);
  } catch (error) {
    if (!(error instanceof ConfigurationError || error instanceof ServiceError)) {
      if (error instanceof Error) log.debug(error.stack ?? error.message);
    }
    outcome = errorOutcome(error, state.progress);
  }
  try {
    await publish(outcome, { ...state, settings });
  } catch (error) {
    // Every sink guards itself; reaching here is a bug, and it must not read as a clean run.
    runner.setFailed(
      redactor.redact(
        `Unexpected error while reporting (a bug in this action; please report it): ${errorMessage(error)}`,
      ),
    );
  } finally {
    await state.channels?.close();
  }
}

async function audit(settings: Settings, state: Run): Promise<Outcome> {
  const { progress, log } = state;
  // Parsed, never run: safe on any checkout, and the `projects` output is set on every run.
  const projects = await findProjects(settings, log);
  progress.projects = projectSummaries(projects, settings, settings.projectName);
  if (settings.detectOnly) {
    return skippedOutcome(
      `\`detect-only\`: ${progress.projects.length} project(s) listed in the \`projects\` output; nothing was audited.`,
      progress,
    );
  }
  if (!settings.apiKey) {
    const skipped = noApiKeyOutcome(state.context.untrustedPullRequest, progress);
    log.notice(skipped.reason);
    return skipped;
  }
  // Read before anything is uploaded, so a broken baseline costs no audit.
  const baseline = settings.baselineFile
    ? await readBaselineFile(settings.baselineFile, settings.workspace)
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
    let uploaded: UploadFile[] | undefined;
    let initialWaitMs: number | undefined;
    if (settings.auditId) {
      progress.auditId = settings.auditId;
      progress.resumed = true;
      announceAuditId(
        `Resuming audit ${settings.auditId} (input \`audit-id\`); nothing is uploaded.`,
        state,
      );
      uploaded = await uploadOfThisCheckout(settings, projects, log);
    } else {
      await describeProject(client, settings.projectName, log);
      const files = await findContracts(settings, log, projects);
      progress.fileCount = files.length;
      if (files.length === 0) {
        return skippedOutcome(
          `No contract files matched (if-no-files-found: ${settings.ifNoFilesFound}); nothing was audited.`,
          progress,
        );
      }
      uploaded = files;
      const dependencies = files.filter((file) => file.dependency).length;
      log.info(
        `Uploading ${files.length} file(s)${dependencies > 0 ? ` (${dependencies} of them dependencies)` : ''} to ${settings.baseUrl.origin} as project "${settings.projectName}"…`,
      );
      const started = await client.startAudit(settings.projectName, files);
      progress.auditId = started.auditId;
      initialWaitMs = started.retryAfterMs;
      announceAuditId(`Audit started: ${started.auditId}`, state);
    }
    const auditId = progress.auditId;
    // In the background: a slow GitHub API must not eat into the audit's time.
    void state.channels?.auditStarted(renderCheckRunStart(auditId));

    const waited = await waitForAudit(
      auditId,
      pollPolicy({
        ...settings,
        deadline: state.deadline,
        resumed: progress.resumed,
        initialWaitMs,
      }),
      {
        client,
        now: Date.now,
        sleep: (ms) => sleep(ms),
        random: Math.random,
        log,
        knownFiles: uploaded?.map((file) => file.relativePath),
      },
    );
    if (waited.kind === 'timeout')
      return timeoutOutcome(
        { ...progress, auditId },
        settings.timeoutMs,
        waited.last,
        waited.lastProblem,
      );
    const { snapshot } = waited;
    if (snapshot.state === 'failed' || !snapshot.findings)
      return serviceFailureOutcome(progress, snapshot);
    const triage = await triageRun(settings, state, snapshot.findings, baseline, uploaded);
    return resultsOutcome(progress, snapshot, triage, settings.failOn);
  } finally {
    await client.close();
  }
}

/**
 * What this checkout would upload, to read a resumed audit's findings as the uploading run did:
 * names mapped back to repository paths, and dependencies told apart.
 */
async function uploadOfThisCheckout(
  settings: Settings,
  projects: readonly Project[],
  log: Logger,
): Promise<UploadFile[] | undefined> {
  try {
    const files = await findContracts(settings, log, projects);
    return files.length > 0 ? files : undefined;
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    log.warning(
      `The files of this checkout could not be listed (${errorMessage(error)}), so the findings keep the names the service gives them.`,
    );
    return undefined;
  }
}

function announceAuditId(message: string, { progress, redactor, log }: Run): void {
  runner.setOutput('audit-id', redactor.redact(progress.auditId ?? ''));
  log.info(message);
}

/** Which findings count: inline suppressions, the baseline, and on pull requests the `scope`. */
async function triageRun(
  settings: Settings,
  { context, channels, log }: Run,
  findings: readonly Finding[],
  baseline: Map<string, BaselineEntry> | undefined,
  uploaded: readonly UploadFile[] | undefined,
): Promise<Triage> {
  let scope = settings.scope;
  const changedFiles =
    scope !== 'all' && context.pullRequest ? await channels?.changedFiles() : undefined;
  if (scope !== 'all' && !changedFiles) {
    if (!context.pullRequest) {
      log.notice(
        `\`scope: ${scope}\` applies to pull requests; on this ${context.eventName} run every finding counts.`,
      );
    }
    scope = 'all';
  }
  // By the name the parser gives a finding's file (an upload name as written may hold `..`).
  const nameOf = uploaded && pathReader(uploaded.map((file) => file.relativePath));
  const byName =
    uploaded &&
    nameOf &&
    new Map(uploaded.map((file) => [nameOf(file.relativePath) ?? file.relativePath, file]));
  const triage = triageFindings(findings, {
    scope,
    changes: changedFiles && buildChangeSet(changedFiles),
    pathPrefix: settings.pathPrefix,
    uploaded: byName,
    baseline,
    sources: createSourceReader({
      workspace: settings.workspace,
      root: settings.workingDirectory,
      uploaded: byName && new Map([...byName].map(([name, file]) => [name, file.absolutePath])),
    }),
  });
  const unused = triage.unusedBaselineEntries;
  if (unused > 0) {
    log.info(
      `${unused} baseline entr${unused === 1 ? 'y matches' : 'ies match'} no finding any more and can be removed.`,
    );
  }
  return triage;
}
