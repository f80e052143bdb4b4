/**
 * The story of the Action's run: inputs → projects → audit → publish. Whatever happens, the run
 * ends in one outcome, and publishing it is the last thing the step does.
 */
import * as core from '@actions/core';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  errorOutcome,
  noApiKeyOutcome,
  skippedOutcome,
  type JudgedCommit,
  type Outcome,
} from '../audit/outcome.ts';
import {
  auditCheckout,
  detectProjects,
  type AuditStarted,
  type CheckoutProjects,
  type EngineDependencies,
} from '../engine/audit-checkout.ts';
import { ConfigurationError, ServiceError, errorMessage } from '../errors.ts';
import type { Logger } from '../log.ts';
import { Redactor } from '../redaction.ts';
import { renderCheckRunStart } from '../report/check-run-output.ts';
import { ACTION_VERSION } from '../version.ts';
import { collectUploads } from './artifact/collect.ts';
import type { HeadUploads } from './artifact/head-commit.ts';
import {
  openTriggeringRun,
  type FetchedUploads,
  type TriggeringRun,
} from './artifact/triggering-run.ts';
import { readRunContext, type RunContext } from './context.ts';
import { openGitHubChannels, type GitHubChannels } from './github/channels.ts';
import { getInputs, type ActionSettings } from './inputs.ts';
import { createActionLogger } from './logger.ts';
import { publish } from './publish.ts';
import { createCacheStore } from './reuse-cache.ts';

const USER_AGENT = `smart-contract-audit-action/${ACTION_VERSION}`;

export async function run(): Promise<void> {
  const startedAt = Date.now();
  const redactor = new Redactor();
  const log = createActionLogger(redactor);
  let context = readRunContext();
  let settings: ActionSettings | undefined;
  let channels: GitHubChannels | undefined;
  let triggering: TriggeringRun | undefined;
  let outcome: Outcome;
  try {
    settings = getInputs(log, redactor);
    const deadline = startedAt + settings.timeoutMs;
    const redact = (text: string) => redactor.redact(text);
    if (context.eventName === 'workflow_run') {
      // The reports go where GitHub's facts of the triggering run say, never its artifact.
      triggering = await openTriggeringRun(settings, context, { deadline, redact, log });
      context = triggering.context;
    }
    channels = openGitHubChannels(settings, { context, deadline, redact, log });
    const run = { context, channels, log, redactor, deadline };
    outcome = triggering
      ? await auditArtifact(settings, triggering, run)
      : await audit(settings, run);
  } catch (error) {
    outcome = unexpected(error, log);
  }
  try {
    await publish(outcome, { settings, context, channels, log, redactor });
  } catch (error) {
    // Every sink guards itself; reaching here is a bug, and it must not read as a clean run.
    core.setFailed(
      redactor.redact(
        `Unexpected error while reporting (a bug in this action; please report it): ${errorMessage(error)}`,
      ),
    );
  } finally {
    await channels?.close();
    await triggering?.close();
  }
}

interface Run {
  context: RunContext;
  channels: GitHubChannels | undefined;
  log: Logger;
  redactor: Redactor;
  /** When the audit stops waiting (`timeout-minutes` from the start), per Date.now. */
  deadline: number;
}

/** Projects are found on every run (the `projects` output); the audit only with a key. */
async function audit(settings: ActionSettings, run: Run): Promise<Outcome> {
  const { context, log } = run;
  let detection: CheckoutProjects;
  try {
    detection = await detectProjects(settings, log, { at: run.deadline, now: Date.now });
  } catch (error) {
    return unexpected(error, log);
  }
  const facts = { projects: detection.summaries };
  if (settings.detectOnly) {
    return skippedOutcome(
      `\`detect-only\`: ${detection.summaries.length} project(s) listed in the \`projects\` output; nothing was audited.`,
      facts,
    );
  }
  if (!settings.apiKey && context.untrustedPullRequest && settings.forkPullRequests === 'collect') {
    return collectUploads(settings, detection, context.untrustedPullRequest, run);
  }
  if (!settings.apiKey) {
    const outcome = noApiKeyOutcome(context.untrustedPullRequest, facts);
    if (outcome.verdict === 'skipped') log.notice(outcome.reason);
    return outcome;
  }
  return auditCheckout(settings, detection, run.deadline, engineDependencies(settings, run));
}

/**
 * On `workflow_run`: the triggering run's head commit, as GitHub holds it, with what its artifact
 * may supply (the files git does not hold); a run that left no artifact is skipped. Nothing is
 * checked out. Every outcome once the artifact is open names the commit judged.
 */
async function auditArtifact(
  settings: ActionSettings,
  triggering: TriggeringRun,
  run: Run,
): Promise<Outcome> {
  // workflow_run has the repository's secrets, Dependabot's runs too: an empty key is an error.
  if (!settings.apiKey) return noApiKeyOutcome(undefined, {});
  let fetched: FetchedUploads;
  try {
    fetched = await triggering.fetchUploads();
  } catch (error) {
    return unexpected(error, run.log);
  }
  if (fetched.kind === 'missing') {
    run.log.notice(fetched.reason);
    return skippedOutcome(fetched.reason, {});
  }
  if (fetched.note !== undefined) run.log.warning(fetched.note);
  const headCommit: JudgedCommit = { sha: triggering.run.headSha, refused: [] };
  let head: HeadUploads;
  try {
    head = await triggering.headUploads(fetched.bundle, headCommit.refused);
  } catch (error) {
    return { ...unexpected(error, run.log), headCommit };
  }
  const files = head.uploads.flatMap((upload) => upload.files);
  run.log.info(
    `Auditing commit ${headCommit.sha} of run ${triggering.run.id}: ${files.length} file(s) of ${head.uploads.length} project(s), ` +
      `${files.filter((file) => file.dependency).length} of them dependencies; ${head.filesRead} file(s) read from GitHub, the search run ${head.passes} time(s).`,
  );
  const outcome = await auditCheckout(
    settings,
    head.detection,
    run.deadline,
    engineDependencies(settings, run),
    { uploads: head.uploads, root: head.root },
  );
  return { ...outcome, headCommit };
}

/** What the engine is given by this door: its clock, log, GitHub callbacks and the reuse store. */
function engineDependencies(settings: ActionSettings, run: Run): EngineDependencies {
  const { context, log } = run;
  const store = settings.reuse ? createCacheStore(log, settings.outputDirectory) : undefined;
  return {
    log,
    now: Date.now,
    sleep: (ms) => sleep(ms),
    random: Math.random,
    userAgent: USER_AGENT,
    changedFiles: () => changedFiles(settings, run),
    auditStarted: (started) => auditStarted(started, run),
    ...(store && {
      reuse: {
        store,
        runUrl: context.runUrl,
        runUrlPrefix: context.repository
          ? `${context.serverUrl}/${context.repository}/actions/runs/`
          : undefined,
      },
    }),
  };
}

/** The audit id is an output as soon as it is known, and the check run starts then. */
function auditStarted({ auditId, auditIds, message, first }: AuditStarted, run: Run): void {
  core.setOutput('audit-id', run.redactor.redact(auditIds));
  run.log.info(message);
  // In the background: a slow GitHub API must not eat into the audit's time.
  if (first) void run.channels?.auditStarted(renderCheckRunStart(auditId));
}

/** The pull request's changed files for `scope`; on any other event, every finding counts. */
async function changedFiles(settings: ActionSettings, { context, channels, log }: Run) {
  if (!context.pullRequest) {
    log.notice(
      `\`scope: ${settings.scope}\` applies to pull requests; on this ${context.eventName} run every finding counts.`,
    );
    return undefined;
  }
  return channels?.changedFiles();
}

/** An error outside the engine: a configuration error says what to fix; anything else is a bug. */
function unexpected(error: unknown, log: Logger): Outcome {
  if (!(error instanceof ConfigurationError || error instanceof ServiceError)) {
    if (error instanceof Error) log.debug(error.stack ?? error.message);
  }
  return errorOutcome(error, {});
}
