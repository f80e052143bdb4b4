/**
 * What the engine is given by the Action's door: its clock, log, the GitHub callbacks (the audit
 * id as an output and the check run's start, the pull request's changed files) and the reuse store.
 */
import * as core from '@actions/core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deadline } from '../deadline.ts';
import type { AuditStarted, EngineDependencies } from '../engine/audit.ts';
import type { Logger } from '../log.ts';
import type { Redactor } from '../redaction.ts';
import { renderCheckRunStart } from '../report/check-run-output.ts';
import { ACTION_VERSION } from '../version.ts';
import type { RunContext } from './context.ts';
import type { GitHubChannels } from './github/channels.ts';
import type { ActionSettings } from './inputs.ts';
import { createCacheStore } from './reuse-cache.ts';

const USER_AGENT = `smart-contract-audit-action/${ACTION_VERSION}`;

/** What the steps of the Action's run share. */
export interface Step {
  context: RunContext;
  channels: GitHubChannels | undefined;
  log: Logger;
  redactor: Redactor;
  /** When the run stops (`timeout-minutes` from its start). */
  deadline: Deadline;
}

export function engineDependencies(settings: ActionSettings, step: Step): EngineDependencies {
  const { context, log } = step;
  const store = settings.reuse ? createCacheStore(log, settings.outputDirectory) : undefined;
  return {
    log,
    sleep: (ms) => sleep(ms),
    random: Math.random,
    userAgent: USER_AGENT,
    changedFiles: () => changedFiles(settings, step),
    auditStarted: (started) => auditStarted(started, step),
    pollOnce: !settings.wait,
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
function auditStarted({ auditId, auditIds, message, first }: AuditStarted, step: Step): void {
  core.setOutput('audit-id', step.redactor.redact(auditIds));
  step.log.info(message);
  // In the background: a slow GitHub API must not eat into the audit's time.
  if (first) void step.channels?.auditStarted(renderCheckRunStart(auditId));
}

/** The pull request's changed files for `scope`; on any other event, every finding counts. */
async function changedFiles(settings: ActionSettings, { context, channels, log }: Step) {
  if (!context.pullRequest) {
    log.notice(
      `\`scope: ${settings.scope}\` applies to pull requests; on this ${context.eventName} run every finding counts.`,
    );
    return undefined;
  }
  return channels?.changedFiles();
}
