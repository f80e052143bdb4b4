/**
 * The run's GitHub channels: the check run, the sticky pull-request comment and the pull
 * request's changed files. None of them may fail the step: a missing permission is said once, as
 * a warning naming what to add, and the run falls back (log annotations, scope `all`).
 */
import type { ChangedFile } from '../../audit/scope.ts';
import type { Deadline } from '../../deadline.ts';
import { errorMessage } from '../../errors.ts';
import type { Log } from '../../log.ts';
import type {
  CheckAnnotation,
  CheckConclusion,
  CheckRunStart,
  CheckRunText,
} from '../../report/check-run-output.ts';
import type { PullRequestFacts, RunContext } from '../context.ts';
import type { ActionSettings } from '../inputs.ts';
import { completeCheckRun, startCheckRun, type CompletedCheckRun } from './check-run-lifecycle.ts';
import { createGitHubClient, type GitHubClient } from './client.ts';
import { PermissionError, type Permission } from './errors.ts';
import { fetchChangedFiles } from './pr-files.ts';
import { upsertStickyComment } from './sticky-comment.ts';

export interface ChannelsOptions {
  /** Undefined when there is no token: every channel is then off. */
  client: GitHubClient | undefined;
  pullRequest: PullRequestFacts | undefined;
  /** The commit check runs are attached to: the PR head, else GITHUB_SHA. */
  headSha: string;
  checkRun: { enabled: boolean; name: string };
  /** A check run already made (a pending run's, finished later): completed, never made again. */
  existingCheckRun?: { id: number; url: string };
  comment: boolean;
  log: Log;
}

export interface CheckRunReport {
  /** Used when the run was not created when the audit started (no audit id by then). */
  start: CheckRunStart;
  conclusion: CheckConclusion;
  annotations: readonly CheckAnnotation[];
  /** `posted` is given only when posting stopped early: how many were posted by then. */
  output: (posted?: number) => CheckRunText;
}

/** A check run left in progress: what it shows, and the record of what finishing it needs. */
export interface PendingCheckRun {
  externalId: string;
  output: CheckRunText;
}

/** Where a check run is: the head commit and the check's name, which a pending record is sealed for. */
export interface CheckRunTarget {
  headSha: string;
  checkName: string;
}

export interface PublishedCheckRun {
  url: string;
  /** Undefined when the run could not be completed (it was said in the log). */
  completed: CompletedCheckRun | undefined;
}

/** After the audit's own deadline, the GitHub channels get at most this long to report it. */
const GITHUB_GRACE_MS = 60_000;

/**
 * The channels this run asked for, or undefined when it uses none, has no token, or is a
 * fork's run that is skipped anyway (it gets a read-only token and no key).
 */
export function openGitHubChannels(
  settings: Pick<
    ActionSettings,
    'apiKey' | 'githubToken' | 'checkRun' | 'pullRequestComment' | 'scope'
  >,
  run: {
    context: RunContext;
    /** The audit's. */
    deadline: Deadline;
    redact: (text: string) => string;
    log: Log;
  },
): GitHubChannels | undefined {
  const { context, log } = run;
  const [owner, repo] = context.repository.split('/');
  const wanted =
    settings.checkRun.enabled || settings.pullRequestComment || settings.scope !== 'all';
  if (!wanted || !owner || !repo || (context.untrustedPullRequest && !settings.apiKey))
    return undefined;
  if (!settings.githubToken) {
    log.info(
      'No `github-token`: no check run, pull-request comment or changed-files scope this run.',
    );
    return undefined;
  }
  try {
    return new GitHubChannels({
      client: createGitHubClient(
        { apiUrl: context.apiUrl, token: settings.githubToken, owner, repo },
        {
          // The channels report the audit after its deadline, so they get a little longer.
          deadline: {
            at: Math.max(run.deadline.at, run.deadline.now()) + GITHUB_GRACE_MS,
            now: run.deadline.now,
          },
          redact: run.redact,
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

const WHY: Record<Permission, string> = {
  'checks: write':
    'the check run with every finding as an annotation; findings are annotated in the log instead (10 of each kind)',
  'checks: read': 'the check runs left pending, so none is finished',
  'pull-requests: write': 'the pull-request comment',
  'pull-requests: read': "the pull request's changed files, so `scope` falls back to all",
  'actions: read': "the triggering run's artifact",
  'contents: read': "the triggering run's head commit",
};

/**
 * The GitHub API calls of a run. Rendering is the caller's: these methods take what to send.
 * None of them may fail the step.
 */
export class GitHubChannels {
  readonly #options: ChannelsOptions;
  readonly #warned = new Set<Permission>();
  #checkRun: { id: number; url: string } | undefined;
  #checkRunFailed = false;
  #starting: Promise<void> | undefined;

  constructor(options: ChannelsOptions) {
    this.#options = options;
    this.#checkRun = options.existingCheckRun;
  }

  /** Whether the findings will be annotated on a check run, as far as is known yet. */
  get annotatesCheckRun(): boolean {
    return (
      this.#options.client !== undefined && this.#options.checkRun.enabled && !this.#checkRunFailed
    );
  }

  /**
   * Creates the check run in progress as soon as the audit id is known. Callers need not wait:
   * the audit goes on meanwhile, and `completeCheckRun` waits for it. It never rejects.
   */
  auditStarted(start: CheckRunStart): Promise<void> {
    this.#starting = this.#createCheckRun(start);
    return this.#starting;
  }

  async #createCheckRun(start: CheckRunStart): Promise<void> {
    const { client, checkRun, headSha } = this.#options;
    if (!client || !checkRun.enabled || this.#checkRunFailed) return;
    try {
      this.#checkRun = await startCheckRun(client, { name: checkRun.name, headSha, ...start });
      this.#options.log.info(`Check run: ${this.#checkRun.url}`);
    } catch (error) {
      this.#checkRunFailed = true;
      this.#fallBack(error, 'Could not create the check run');
    }
  }

  /** The pull request's files, or undefined when they cannot be had (the caller uses scope `all`). */
  async changedFiles(): Promise<ChangedFile[] | undefined> {
    const { client, pullRequest, log } = this.#options;
    if (!client || !pullRequest) return undefined;
    try {
      const { files, truncated } = await fetchChangedFiles(
        client,
        pullRequest.number,
        pullRequest.changedFiles,
      );
      if (truncated) {
        log.warning(
          'This pull request changes more than 3,000 files, more than GitHub lists, so `scope` falls back to all: every finding counts.',
        );
        return undefined;
      }
      return files;
    } catch (error) {
      this.#fallBack(
        error,
        "Could not read the pull request's changed files; `scope` falls back to all",
      );
      return undefined;
    }
  }

  /**
   * Annotates and completes the check run (creating it first if the audit never started).
   * Undefined when check runs are off or the run could not be created.
   */
  async completeCheckRun(report: CheckRunReport): Promise<PublishedCheckRun | undefined> {
    const { client, checkRun, headSha, log } = this.#options;
    await this.#starting;
    if (!client || !checkRun.enabled || this.#checkRunFailed) return undefined;
    let run = this.#checkRun;
    try {
      run ??= await startCheckRun(client, { name: checkRun.name, headSha, ...report.start });
      this.#checkRun = run;
      const completed = await completeCheckRun(client, run.id, report);
      log.info(
        `Check run completed with ${completed.annotationsPosted} annotation(s) in ${completed.requests} request(s): ${run.url}`,
      );
      return { url: run.url, completed };
    } catch (error) {
      this.#fallBack(error, 'Could not complete the check run');
      return run && { url: run.url, completed: undefined };
    }
  }

  /**
   * Where this run's check run is, when check runs are on, as far as is known yet: what a
   * pending record is sealed for.
   */
  get checkRunTarget(): CheckRunTarget | undefined {
    const { headSha, checkRun } = this.#options;
    return this.annotatesCheckRun ? { headSha, checkName: checkRun.name } : undefined;
  }

  /**
   * Leaves the check run in progress, with `pending`'s record and output (creating it if the audit
   * never announced one). Undefined when check runs are off or it could not be made; `left` false
   * when it exists but could not be given the record (said in the log).
   */
  async leaveCheckRunPending(
    pending: PendingCheckRun,
  ): Promise<{ url: string; left: boolean } | undefined> {
    const { client, checkRun, headSha } = this.#options;
    await this.#starting;
    if (!client || !checkRun.enabled || this.#checkRunFailed) return undefined;
    const run = this.#checkRun;
    try {
      if (run !== undefined)
        await client.updateCheckRun(run.id, { status: 'in_progress', ...pending });
      const left =
        run ?? (await startCheckRun(client, { name: checkRun.name, headSha, ...pending }));
      this.#checkRun = left;
      this.#options.log.info(`Check run left in progress: ${left.url}`);
      return { url: left.url, left: true };
    } catch (error) {
      this.#fallBack(error, 'Could not leave the check run pending');
      return run && { url: run.url, left: false };
    }
  }

  /** Creates or updates the project's sticky comment; undefined when off or not a pull request. */
  async upsertComment(
    marker: string,
    render: (previousBody: string | undefined) => string,
  ): Promise<string | undefined> {
    const { client, comment, pullRequest, log } = this.#options;
    if (!client || !comment || !pullRequest) return undefined;
    try {
      const result = await upsertStickyComment(client, {
        issueNumber: pullRequest.number,
        marker,
        render,
      });
      log.info(`Pull-request comment ${result.action}: ${result.url}`);
      return result.url;
    } catch (error) {
      this.#fallBack(error, 'Could not write the pull-request comment');
      return undefined;
    }
  }

  async close(): Promise<void> {
    await this.#options.client?.close();
  }

  /** A missing permission is said once, with what to add; anything else is a plain warning. */
  #fallBack(error: unknown, what: string): void {
    const { log } = this.#options;
    if (error instanceof PermissionError) {
      if (this.#warned.has(error.permission)) return;
      this.#warned.add(error.permission);
      log.warning(
        `The GitHub token may not do this (${error.status}), so this run goes without ${WHY[error.permission]}. ` +
          `To enable it, add \`${error.permission}\` to the job's \`permissions:\`. ` +
          '(Pull requests from forks get a read-only token: there this is expected.)',
      );
      return;
    }
    // The client's errors already name the operation ("Could not create the check run on GitHub…").
    const message = errorMessage(error);
    const said = message.startsWith(`${what} `) ? message : `${what}: ${message}`;
    log.warning(`${said}. The audit result is unaffected.`);
  }
}
