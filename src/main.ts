/**
 * The story of a run: settings → contracts → audit → triage → outcome → publish. Whatever
 * happens, the run ends in one outcome, and publishing it is the last thing the step does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditClient } from './api/client.ts';
import { pathReader } from './api/parse-location.ts';
import { formatAuditIds, type AuditIds } from './audit/audit-ids.ts';
import { readBaselineFile, unusedBaselineEntries, type BaselineEntry } from './audit/baseline.ts';
import {
  errorOutcome,
  noApiKeyOutcome,
  skippedOutcome,
  type Outcome,
  type Progress,
} from './audit/outcome.ts';
import { buildChangeSet, type ChangeSet, type Scope } from './audit/scope.ts';
import { triageFindings, type TriagedFinding } from './audit/triage.ts';
import { ConfigurationError, ServiceError, errorMessage } from './errors.ts';
import { createSourceReader } from './files/source-reader.ts';
import { openGitHubChannels, type GitHubChannels } from './github/channels.ts';
import { readRunContext, type RunContext } from './github/run-context.ts';
import { getInputs, type Settings } from './inputs.ts';
import { createLogger, type Logger } from './log.ts';
import type { AuditJob, ProjectAuditDependencies } from './project-audits.ts';
import { publish } from './publish.ts';
import type { Project } from './project/detect.ts';
import {
  findProjects,
  findUploads,
  projectSummaries,
  type ProjectUpload,
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
  // Loaded only now: a run that uploads nothing (a fork's, a detect-only one) never needs them.
  const [{ AuditClient }, { auditProjects }, v8] = await Promise.all([
    import('./api/client.ts'),
    import('./project-audits.ts'),
    import('node:v8'),
  ]);
  // V8 doubles its young generation whenever a run allocates fast (to 128 MiB on a machine
  // with a runner's memory) and keeps it: at 100,000 findings, a quarter of the peak memory.
  // Left at its first size, the peak was 361–374 MiB rather than 474 MiB, for the same CPU
  // (`bench-findings.ts --against`). V8 reads the flag as it goes; were it ignored, only memory
  // would differ.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  const client = new AuditClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    sleep: (ms) => sleep(ms),
    deadline: state.deadline,
    log,
  });
  try {
    const jobs =
      settings.auditId === undefined
        ? await uploadJobs(settings, state, client, projects)
        : await resumeJobs(settings, settings.auditId, projects, log);
    if (jobs.length === 0) {
      return skippedOutcome(
        `No contract files matched (if-no-files-found: ${settings.ifNoFilesFound}); nothing was audited.`,
        progress,
      );
    }
    const startedIds = new Map<AuditJob, string>();
    // With several projects, the id output is their object, even when one is collected.
    const several = jobs.length > 1 || typeof settings.auditId === 'object';
    const outcome = await auditProjects(
      jobs,
      {
        client,
        settings,
        deadline: state.deadline,
        log,
        now: Date.now,
        sleep: (ms) => sleep(ms),
        random: Math.random,
        triage: createTriage(settings, state, baseline, several),
        started: (job, auditId) => {
          startedIds.set(job, auditId);
          // In the jobs' order, however the uploads finished: the same value a resume hint gives.
          progress.auditId = formatAuditIds(
            jobs.flatMap((each) => {
              const id = startedIds.get(each);
              return id === undefined ? [] : [{ name: each.name, path: each.path, auditId: id }];
            }),
            several,
          );
          const which = several ? ` (${job.name})` : '';
          announceAuditId(
            job.resumeId === undefined
              ? `Audit started: ${auditId}${which}`
              : `Resuming audit ${auditId}${which} (input \`audit-id\`); nothing is uploaded.`,
            state,
          );
          // In the background: a slow GitHub API must not eat into the audit's time.
          if (startedIds.size === 1)
            void state.channels?.auditStarted(renderCheckRunStart(auditId));
        },
      },
      several,
    );
    if (baseline && outcome.findings) logUnusedBaseline(baseline, outcome.findings, log);
    return { ...outcome, projects: progress.projects };
  } finally {
    await client.close();
  }
}

/** One job per project with files to audit, after the key is checked against the service. */
async function uploadJobs(
  settings: Settings,
  { progress, log }: Run,
  client: AuditClient,
  projects: readonly Project[],
): Promise<AuditJob[]> {
  const uploads = await findUploads(settings, log, projects);
  progress.fileCount = uploads.reduce((sum, upload) => sum + upload.files.length, 0);
  if (uploads.length === 0) return [];
  const { describeProjects } = await import('./api/project.ts');
  await describeProjects(
    client,
    uploads.map((upload) => upload.name),
    log,
  );
  log.info(
    `Sending ${progress.fileCount} file(s) to ${settings.baseUrl.origin}` +
      (uploads.length > 1 ? ` in ${uploads.length} audits, one per project.` : '.'),
  );
  return uploads.map((upload) => ({ ...upload, resumeId: undefined }));
}

/**
 * The audits of `audit-id`, each with what this checkout would upload for its project, so that
 * findings are read as the uploading run read them: names mapped back, dependencies told apart.
 */
async function resumeJobs(
  settings: Settings,
  ids: AuditIds,
  projects: readonly Project[],
  log: Logger,
): Promise<AuditJob[]> {
  const uploads = await uploadOfThisCheckout(settings, projects, log);
  if (typeof ids === 'string') {
    if (uploads && uploads.length > 1) {
      throw new ConfigurationError(
        `Input \`audit-id\` is one id, but this checkout has ${uploads.length} projects to audit (${uploads.map((upload) => upload.path).join(', ')}), each with its own audit. ` +
          'Pass the `audit-id` output of the run that started them as it is (a JSON object of ids by project folder), or set `working-directory` to the project of this audit.',
      );
    }
    const [only] = uploads ?? [];
    return [
      {
        name: only?.name ?? settings.projectName,
        path: only?.path ?? (settings.pathPrefix.replace(/\/$/, '') || '.'),
        files: only?.files,
        resumeId: ids,
      },
    ];
  }
  const resumed = [...ids].map(([folder, auditId]): AuditJob => {
    const upload = uploads?.find((candidate) => candidate.path === folder);
    if (uploads && !upload) {
      throw new ConfigurationError(
        `Input \`audit-id\` names the project folder "${folder}", but this checkout has no project with files to audit there ` +
          `(it has ${uploads.map((candidate) => candidate.path).join(', ')}). Pass the \`audit-id\` output of a run on this commit and \`working-directory\`.`,
      );
    }
    const name = upload?.name ?? `${settings.projectName}/${folder}`;
    return { name, path: folder, files: upload?.files, resumeId: auditId };
  });
  // A project of this checkout without an id was never audited (its upload failed, or it is
  // new): it must not pass unseen.
  const notResumed = (uploads ?? [])
    .filter((upload) => !ids.has(upload.path))
    .map((upload): AuditJob => ({
      ...upload,
      resumeId: undefined,
      notStarted:
        `Input \`audit-id\` has no audit id for ${upload.path}, so it has no results: its audit was never started ` +
        '(or it is new since). Run without `audit-id` to audit it.',
    }));
  return [...resumed, ...notResumed];
}

async function uploadOfThisCheckout(
  settings: Settings,
  projects: readonly Project[],
  log: Logger,
): Promise<ProjectUpload[] | undefined> {
  try {
    const uploads = await findUploads(settings, log, projects);
    return uploads.length > 0 ? uploads : undefined;
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

/**
 * Which findings count: inline suppressions, the baseline, and on pull requests the `scope`.
 * The pull request's changes are asked for once, however many projects are triaged.
 */
function createTriage(
  settings: Settings,
  { context, channels, log }: Run,
  baseline: Map<string, BaselineEntry> | undefined,
  severalProjects: boolean,
): ProjectAuditDependencies['triage'] {
  let changes: Promise<{ scope: Scope; changes: ChangeSet | undefined }> | undefined;
  const scoped = async () => {
    const changedFiles =
      settings.scope !== 'all' && context.pullRequest ? await channels?.changedFiles() : undefined;
    if (settings.scope !== 'all' && !changedFiles) {
      if (!context.pullRequest) {
        log.notice(
          `\`scope: ${settings.scope}\` applies to pull requests; on this ${context.eventName} run every finding counts.`,
        );
      }
      return { scope: 'all' as const, changes: undefined };
    }
    return { scope: settings.scope, changes: changedFiles && buildChangeSet(changedFiles) };
  };
  return async (findings, { files: uploaded, path: folder }) => {
    const { scope, changes: changeSet } = await (changes ??= scoped());
    // By the name the parser gives a finding's file (an upload name as written may hold `..`).
    const nameOf = uploaded && pathReader(uploaded.map((file) => file.relativePath));
    const byName =
      uploaded &&
      nameOf &&
      new Map(uploaded.map((file) => [nameOf(file.relativePath) ?? file.relativePath, file]));
    return triageFindings(findings, {
      scope,
      changes: changeSet,
      // Without the upload (a resume whose checkout could not be listed), names are taken as
      // the project's own, under its folder.
      pathPrefix: folder === '.' ? '' : `${folder}/`,
      uploaded: byName,
      baseline,
      severalProjects,
      sources: createSourceReader({
        workspace: settings.workspace,
        root: settings.workingDirectory,
        uploaded: byName && new Map([...byName].map(([name, file]) => [name, file.absolutePath])),
      }),
    });
  };
}

function logUnusedBaseline(
  baseline: Map<string, BaselineEntry>,
  findings: readonly TriagedFinding[],
  log: Logger,
): void {
  const unused = unusedBaselineEntries(
    baseline,
    findings.map((entry) => entry.finding),
  ).length;
  if (unused > 0) {
    log.info(
      `${unused} baseline entr${unused === 1 ? 'y matches' : 'ies match'} no finding any more and can be removed.`,
    );
  }
}
