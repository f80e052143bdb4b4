/**
 * A finishing run (`finish-pending: true`, on a schedule): for each check run left pending, its
 * audits polled once by their ids, and a finished one reported exactly as a waiting run reports
 * (conclusion, summary, annotations, the sticky comment). Nothing is uploaded. An audit still
 * running is left; one past its run's `timeout-minutes` completes as timed out, with how to
 * resume. A record that does not hold is never completed as success: it completes as a failure
 * saying why. Running again does nothing to what was completed: only check runs in progress are
 * taken up.
 */
import * as core from '@actions/core';
import {
  errorResult,
  formatDuration,
  timeoutResult,
  stoppedRun,
  type ProjectResult,
  type RunResult,
} from '../../audit/result.ts';
import { audit } from '../../engine/audit.ts';
import {
  pendingService,
  pendingTimeLimit,
  RECORD_OF_ANOTHER_SERVICE,
  type PendingRecord,
} from '../../engine/pending-record.ts';
import type { ReuseStore } from '../../engine/reuse.ts';
import { ConfigurationError, errorMessage } from '../../errors.ts';
import { buildReport } from '../../report/model.ts';
import { engineDependencies, type Step } from '../engine-dependencies.ts';
import { GitHubChannels } from '../github/channels.ts';
import { createGitHubClient, type GitHubClient } from '../github/client.ts';
import type { PullRequestFacts } from '../context.ts';
import type { ListedCheckRun } from '../github/resources.ts';
import type { ActionSettings } from '../inputs.ts';
import { publishToGitHub } from '../publish.ts';
import { ACTION_VOCABULARY, FINISHING_VOCABULARY } from '../vocabulary.ts';
import {
  isCompleted,
  renderFinishingSummary,
  type FinishedCheckRun,
  type FinishingRun,
} from './finishing-summary.ts';
import { findPendingCheckRuns, type FoundCheckRun } from './pending-check-runs.ts';

export async function finishPendingRuns(
  settings: ActionSettings,
  step: Omit<Step, 'channels'> & { client: GitHubClient },
): Promise<FinishingRun> {
  const { client, log } = step;
  const { found, capped, formerHeads, warnings } = await findPendingCheckRuns(client, {
    apiKey: settings.apiKey,
    repository: step.context.repository,
    checkName: settings.checkRun.name,
    service: pendingService(settings.baseUrl),
    now: step.deadline.now(),
  });
  for (const warning of warnings) log.warning(warning);
  log.info(
    `${found.length} check run(s) left pending found${capped ? ' (more are left for a later run)' : ''}.`,
  );
  const checkRuns: FinishedCheckRun[] = [];
  for (const each of found) checkRuns.push(await finishOne(each, settings, step));
  return { checkRuns, capped, formerHeads, warnings };
}

async function finishOne(
  { checkRun, record, formerHead }: FoundCheckRun,
  settings: ActionSettings,
  step: Omit<Step, 'channels'> & { client: GitHubClient },
): Promise<FinishedCheckRun> {
  const { log } = step;
  if (record === RECORD_OF_ANOTHER_SERVICE) {
    // A real record, for the finishing run configured for that service: not this one's to fail.
    log.warning(
      `${checkRun.url}: its audits were started at another service than this run's \`base-url\`; left in progress for the finishing run that has it.`,
    );
    return { ...shownOf(checkRun, undefined, formerHead), outcome: 'elsewhere' };
  }
  const sealed = typeof record === 'string' ? undefined : record;
  // Sealed with this key for another service (a `base-url` changed since): never polled here,
  // but timed out once past its limit, or it would stay in progress with no run to finish it.
  const elsewhere = sealed !== undefined && sealed.service !== pendingService(settings.baseUrl);
  if (elsewhere && !pastTimeLimit(sealed, step.deadline.now())) {
    log.warning(
      `${checkRun.url}: its audits were started at ${sealed.service}, not at this run's \`base-url\`; left in progress for the finishing run that has it, or until its time limit.`,
    );
    return { ...shownOf(checkRun, undefined, formerHead), outcome: 'elsewhere' };
  }
  let pull: PullRequestFacts | undefined;
  try {
    pull = await pullRequestOf(sealed, checkRun.headSha, step.client);
  } catch (error) {
    // Its pull request decides `scope` and the comment; past the time limit it is timed out all
    // the same, or a pull request GitHub never lets this token read would keep it for ever.
    const past = sealed !== undefined && pastTimeLimit(sealed, step.deadline.now());
    log.warning(
      `${checkRun.url}: could not read its pull request (${errorMessage(error)}); ` +
        (past ? 'finished without it, its time limit past.' : 'left for the next finishing run.'),
    );
    if (!past) return { ...shownOf(checkRun, undefined, formerHead), outcome: 'refused' };
  }
  const context = { ...step.context, sha: checkRun.headSha, pullRequest: pull };
  const channels = new GitHubChannels({
    client: step.client,
    pullRequest: pull,
    headSha: checkRun.headSha,
    checkRun: { enabled: true, name: checkRun.name },
    existingCheckRun: { id: checkRun.id, url: checkRun.url },
    comment: sealed?.comment ?? settings.pullRequestComment,
    log,
  });
  const runSettings: ActionSettings = {
    ...settings,
    ...(sealed && {
      failOn: sealed.failOn,
      scope: sealed.scope,
      timeoutMs: sealed.timeoutMinutes * 60_000,
      projectName: sealed.projectName,
    }),
    auditId: undefined,
    vocabulary: FINISHING_VOCABULARY,
  };
  // Recorded for reuse only once the check run is completed: held until then.
  const held: (() => Promise<void>)[] = [];
  const result = sealed
    ? elsewhere
      ? notPolled(sealed, runSettings)
      : await collect(sealed, runSettings, { ...step, context, channels }, held)
    : stoppedRun(
        errorResult(
          new ConfigurationError(
            `This check run was left pending, but its record does not hold (${record}), so it was not finished. ` +
              'Run the audit again for a verdict.',
          ),
          {},
          { vocabulary: ACTION_VOCABULARY, log },
        ),
      );
  const report = buildReport(result, {
    projectName: runSettings.projectName,
    failOn: runSettings.failOn,
    vocabulary: ACTION_VOCABULARY,
    links: context.repository
      ? { serverUrl: context.serverUrl, repository: context.repository, sha: checkRun.headSha }
      : undefined,
    runUrl: context.runUrl,
  });
  // Not its pull request's head any more: no comment, as on any former head.
  const shown = shownOf(checkRun, pull, formerHead || sealed?.pullRequest !== undefined);
  if (report.verdict === 'pending') {
    // A poll that got no status says nothing of whether the audit still runs.
    const unanswered = result.projects.filter(
      (project) => project.verdict === 'pending' && project.rawStatus === undefined,
    );
    if (unanswered.length > 0) {
      for (const project of unanswered) log.warning(`${checkRun.url}: ${project.reason}`);
      return { ...shown, outcome: 'unanswered' };
    }
    log.info(`${checkRun.url}: the audit is still running; left in progress.`);
    return { ...shown, outcome: 'left' };
  }
  // Another finishing run may have completed it since it was listed: completing it again would
  // post every annotation twice.
  let now: { status: string; externalId: string | null };
  try {
    now = await step.client.getCheckRunStatus(checkRun.id);
  } catch (error) {
    log.warning(
      `${checkRun.url}: could not read the check run again (${errorMessage(error)}); left for the next finishing run.`,
    );
    return { ...shown, outcome: 'refused' };
  }
  if (now.status !== 'in_progress' || now.externalId !== checkRun.externalId) {
    log.info(`${checkRun.url}: completed or changed by another run meanwhile; left as it is.`);
    return { ...shown, outcome: 'overtaken' };
  }
  // Every channel guards itself: what GitHub refuses is a warning, and the check run stays.
  const completed = await publishToGitHub(channels, report, {
    settings: runSettings,
    startedAt: step.deadline.now(),
    context,
    channels,
    log,
    redactor: step.redactor,
    checkRunAnnotates: channels.annotatesCheckRun,
    notAnnotated: undefined,
    failsJob: false,
    output: () => undefined,
    onlyOnceCompleted: true,
  });
  if (!completed) {
    log.warning(
      `${checkRun.url}: GitHub did not complete the check run, so it stays in progress for the next finishing run; no comment or reuse record was written.`,
    );
    return { ...shown, outcome: 'refused' };
  }
  for (const save of held) await save();
  return { ...shown, outcome: report.verdict };
}

/**
 * The pull request the sealed record names, while the check run's commit is its head, open or
 * closed (one merged fast-forward has its head on the default branch): its changed files decide
 * `scope` and its comment is updated, as a waiting run's would be. Read by its number: a listing
 * shows a commit with whichever pull request it lists first. Undefined when the record names
 * none or the pull request has moved on to another head: its changed files and comment are that
 * head's. Throws when GitHub cannot say: a verdict under another scope would not be the run's.
 */
async function pullRequestOf(
  record: PendingRecord | undefined,
  headSha: string,
  client: GitHubClient,
): Promise<PullRequestFacts | undefined> {
  if (record?.pullRequest === undefined) return undefined;
  const now = await client.getPullRequest(record.pullRequest);
  if (now?.headSha !== headSha) return undefined;
  return { number: now.number, headSha, changedFiles: now.changedFiles };
}

/** What the summary shows of a check run: `formerHead` when no pull request's head is on it. */
function shownOf(
  checkRun: ListedCheckRun,
  pull: PullRequestFacts | undefined,
  formerHead: boolean,
): Omit<FinishedCheckRun, 'outcome'> {
  return {
    url: checkRun.url,
    headSha: checkRun.headSha,
    pullRequest: pull?.number,
    formerHead: pull === undefined && formerHead,
  };
}

/**
 * The record's audits, polled once each and triaged as the run that started them would; one
 * still running past the run's time limit is a timeout, with how to resume. Records for reuse
 * are pushed onto `held`, to be kept once the check run is completed.
 */
async function collect(
  record: PendingRecord,
  settings: ActionSettings,
  step: Step,
  held: (() => Promise<void>)[],
): Promise<RunResult> {
  const engine = engineDependencies(settings, step);
  const reuse = engine.reuse && { ...engine.reuse, store: holding(engine.reuse.store, held) };
  const deps = { ...engine, pollOnce: true, auditStarted: () => undefined, reuse };
  const detection = { projects: [], summaries: [] };
  const { audits, several, startedAt, baseline, headCommit } = record;
  const given = { audits, several, startedAt, baseline };
  const collected = await audit(settings, detection, step.deadline, deps, given);
  // The fork's head commit the run judged, and the artifact's files it refused, shown again.
  const result = headCommit === undefined ? collected : { ...collected, headCommit };
  if (!pastTimeLimit(record, step.deadline.now())) return result;
  const late = (project: ProjectResult): ProjectResult =>
    project.verdict !== 'pending'
      ? project
      : {
          ...project,
          verdict: 'timeout',
          reason:
            `The audit did not finish within ${formatDuration(settings.timeoutMs)} of the run that started it ` +
            `(last status: ${project.rawStatus ?? 'unknown'}). No results were obtained.`,
          resumable: 'timeout',
        };
  return { ...result, projects: result.projects.map(late) };
}

function pastTimeLimit(record: PendingRecord, now: number): boolean {
  return now > pendingTimeLimit(record);
}

/** A record of another service past its time limit: each audit timed out, with how to resume. */
function notPolled(record: PendingRecord, settings: ActionSettings): RunResult {
  const projects = record.audits.map(({ name, path, auditId, manifest }) => ({
    name,
    path,
    ...timeoutResult(
      { auditId, resumed: true, fileCount: manifest?.files.length },
      settings.timeoutMs,
      undefined,
    ),
    reason:
      `The run's time limit (${formatDuration(settings.timeoutMs)}) has passed, and its audit was started at ` +
      `${record.service}, which is not this finishing run's \`base-url\`, so it was not polled. No results were obtained.`,
  }));
  const { several, headCommit } = record;
  return { projects, several, ...(headCommit !== undefined && { headCommit }) };
}

/** `store`, its records pushed onto `held` to be kept later instead of kept at once. */
function holding(store: ReuseStore, held: (() => Promise<void>)[]): ReuseStore {
  return {
    find: (digest) => store.find(digest),
    save: async (digest, text) => {
      held.push(() => store.save(digest, text));
    },
  };
}

/**
 * The finishing run's whole step: GitHub's client for the repository, the pending check runs
 * finished, the job summary. It needs the key (to read the records and the audits) and the
 * token; without either, or when GitHub cannot be listed, the step fails saying what to fix.
 */
export async function runFinishing(
  settings: ActionSettings,
  step: Omit<Step, 'channels'>,
): Promise<void> {
  const { context, log, redactor } = step;
  const [owner, repo] = context.repository.split('/');
  if (!settings.apiKey) return fail(ACTION_VOCABULARY.noKey, step);
  if (!settings.githubToken || !owner || !repo)
    return fail(
      '`finish-pending` needs `github-token` and the repository: keep its default, and give the job `checks: write` and `pull-requests: write`.',
      step,
    );
  let client: GitHubClient | undefined;
  try {
    client = createGitHubClient(
      { apiUrl: context.apiUrl, token: settings.githubToken, owner, repo },
      {
        deadline: step.deadline,
        redact: (text) => redactor.redact(text),
        log: { debug: (message) => log.debug(message) },
      },
    );
    const finished = await finishPendingRuns(settings, { ...step, client });
    const summary = renderFinishingSummary(finished);
    const completed = finished.checkRuns.filter(isCompleted).length;
    log.info(`Completed ${completed} of ${finished.checkRuns.length} check run(s) left pending.`);
    if (process.env['GITHUB_STEP_SUMMARY'])
      await core.summary.addRaw(redactor.redact(summary), true).write();
  } catch (error) {
    fail(`Could not finish the pending check runs: ${errorMessage(error)}`, step);
  } finally {
    await client?.close();
  }
}

function fail(message: string, { redactor }: Pick<Step, 'redactor'>): void {
  core.setFailed(redactor.redact(message));
}
