/**
 * What a run left pending publishes on GitHub: its check run stays in progress, holding the
 * record a finishing run completes it from, or, when no finishing run could read that record,
 * the run is refused. A settled report's check run is publish.ts's.
 */
import * as core from '@actions/core';
import type { PendingRecord } from '../engine/pending-record.ts';
import type { Logger } from '../log.ts';
import type { Redactor } from '../redaction.ts';
import type { Report } from '../report/model.ts';
import type { GitHubChannels } from './github/channels.ts';
import {
  pendingRecordOf,
  renderPendingCheckRun,
  renderRefusedPending,
  unreadablePendingRecord,
} from './pending-check.ts';
import type { RunContext } from './context.ts';
import type { ActionSettings } from './inputs.ts';

/** What leaving a run pending needs of publish's dependencies, and its step outputs. */
export interface PendingDependencies {
  settings: ActionSettings | undefined;
  /** When the run started, per Date.now: its time limit counts from then. */
  startedAt: number;
  context: RunContext;
  log: Logger;
  redactor: Redactor;
  output: (name: string, value: string) => void;
}

/**
 * The check run stays in progress on the head commit, holding the record of what finishing it
 * needs; without one (no `checks: write`), nothing can finish it but a run by hand, and the log
 * says so.
 */
export async function leavePending(
  channels: GitHubChannels,
  report: Report,
  summaryMarkdown: string,
  deps: PendingDependencies,
): Promise<void> {
  const { settings, context, startedAt, log, output } = deps;
  if (!settings) return;
  const record = pendingRecordOf(report, {
    scope: settings.scope,
    timeoutMs: settings.timeoutMs,
    startedAt,
    pullRequest: context.pullRequest?.number,
  });
  const left = await channels.leaveCheckRunPending((target) => {
    const key = { ...target, apiKey: settings.apiKey };
    const pending = renderPendingCheckRun(report, summaryMarkdown, record, key);
    const refused = unreadablePendingRecord(pending, record, key);
    return refused === undefined ? pending : { refused };
  });
  if (left?.url !== undefined) output('check-run-url', left.url);
  if (left?.refused !== undefined) {
    await refusePending(channels, record, left.refused, deps);
    return;
  }
  if (!left?.left) {
    log.warning(
      'The check run holds no record of this pending audit, so no later run can finish it: ' +
        'collect its results by hand as the summary says.',
    );
  }
}

/**
 * A record no finishing run could read is not left: the step fails instead, and the check run
 * with it (see renderRefusedPending).
 */
async function refusePending(
  channels: GitHubChannels,
  record: PendingRecord,
  why: string,
  { redactor, output }: PendingDependencies,
): Promise<void> {
  const refused = renderRefusedPending(record, why);
  core.setFailed(redactor.redact(refused.message));
  const checkRun = await channels.completeCheckRun(refused.checkRun);
  if (checkRun) output('check-run-url', checkRun.url);
}
