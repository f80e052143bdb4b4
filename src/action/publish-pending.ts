/**
 * What a run left pending publishes on GitHub: its check run stays in progress, holding the
 * record a finishing run completes it from. A record no finishing run could read back is never
 * left: the run is an error instead, found before anything is written, so that the outputs, the
 * summary, the log, the check run and the comment all say so. A settled report's check run is
 * publish.ts's.
 */
import type { Logger } from '../log.ts';
import type { Report } from '../report/model.ts';
import type { RunContext } from './context.ts';
import type { CheckRunTarget, GitHubChannels, PendingCheckRun } from './github/channels.ts';
import type { ActionSettings } from './inputs.ts';
import {
  pendingRecordOf,
  refusedPendingReport,
  renderPendingCheckRun,
  unreadablePendingRecord,
} from './pending-check.ts';

/** The check run a pending report leaves, or the report the run ends with when it cannot. */
export type PendingCheckRunOf =
  { left: PendingCheckRun; refused?: undefined } | { refused: Report; left?: undefined };

/**
 * The pending check run for `target`, its record sealed there, when a finishing run would read
 * that record back; else the run's report as an error saying why (refusedPendingReport).
 */
export function pendingCheckRunOf(
  report: Report,
  summaryMarkdown: string,
  run: {
    settings: Pick<
      ActionSettings,
      'scope' | 'timeoutMs' | 'apiKey' | 'baseUrl' | 'pullRequestComment'
    >;
    /** When the run started, per Date.now: its time limit counts from then. */
    startedAt: number;
    context: Pick<RunContext, 'pullRequest' | 'repository'>;
    target: CheckRunTarget;
  },
): PendingCheckRunOf {
  const { settings, startedAt, context, target } = run;
  const record = pendingRecordOf(report, {
    scope: settings.scope,
    timeoutMs: settings.timeoutMs,
    startedAt,
    pullRequest: context.pullRequest?.number,
    comment: settings.pullRequestComment,
    service: settings.baseUrl,
  });
  const key = {
    ...target,
    apiKey: settings.apiKey,
    repository: context.repository,
  };
  const left = renderPendingCheckRun(report, summaryMarkdown, record, key);
  const why = unreadablePendingRecord(left, record, key);
  return why === undefined ? { left } : { refused: refusedPendingReport(report, record, why) };
}

/**
 * The check run stays in progress on the head commit, holding the record of what finishing it
 * needs; without one (no check run, or no `checks: write`), nothing can finish it but a run by
 * hand, and the log says so.
 */
export async function leavePending(
  channels: GitHubChannels,
  pending: PendingCheckRun | undefined,
  { log, output }: { log: Logger; output: (name: string, value: string) => void },
): Promise<void> {
  const left = pending && (await channels.leaveCheckRunPending(pending));
  if (left !== undefined) output('check-run-url', left.url);
  if (!left?.left) {
    log.warning(
      'The check run holds no record of this pending audit, so no later run can finish it: ' +
        'collect its results by hand as the summary says.',
    );
  }
}
