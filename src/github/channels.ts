/**
 * The run's GitHub channels: the check run, the sticky pull-request comment and the pull
 * request's changed files. None of them may fail the step: a missing permission is said once, as
 * a warning naming what to add, and the run falls back (log annotations, scope `all`).
 */
import type { ChangedFile } from '../audit/scope.ts';
import type { TriagedFinding } from '../audit/triage.ts';
import type { Verdict } from '../audit/gate.ts';
import { errorMessage } from '../errors.ts';
import {
  checkRunAnnotations,
  checkRunConclusion,
  checkRunTitle,
  MAX_CHECK_RUN_ANNOTATIONS,
} from '../report/check-run-output.ts';
import type { PrCommentInput } from '../report/pr-comment.ts';
import { renderPrComment } from '../report/pr-comment.ts';
import { PermissionError, type GitHubClient, type Permission } from './api.ts';
import { completeCheckRun, startCheckRun } from './check-run-lifecycle.ts';
import { upsertStickyComment } from './sticky-comment.ts';
import { fetchChangedFiles } from './pr-files.ts';
import type { PullRequestFacts } from './run-context.ts';
import type { Log } from '../log.ts';

export interface ReporterOptions {
  /** Undefined when there is no token: every channel is then off. */
  client: GitHubClient | undefined;
  pullRequest: PullRequestFacts | undefined;
  /** The commit check runs are attached to: the PR head, else GITHUB_SHA. */
  headSha: string;
  checkRun: { enabled: boolean; name: string };
  comment: boolean;
  log: Log;
}

export interface PublishInput {
  verdict: Verdict;
  auditId: string | undefined;
  findings: readonly TriagedFinding[];
  pathPrefix: string;
  /** The job summary rendered to the check run's size. */
  checkRunSummary: string;
  /** Everything the comment shows but what the previous comment remembered. */
  comment: Omit<PrCommentInput, 'previous'>;
}

export interface Published {
  checkRunUrl: string | undefined;
  /** True when every active finding that has a file is annotated on a completed check run. */
  annotatedOnCheckRun: boolean;
  /**
   * Active findings with a file that the check run does not annotate: past the cap of
   * MAX_CHECK_RUN_ANNOTATIONS, after posting failed, or all of them when the run could not be
   * created or completed. 0 when check runs are off or there is no token.
   */
  notAnnotated: number;
  commentUrl: string | undefined;
}

const WHY: Record<Permission, string> = {
  'checks: write':
    'the check run with every finding as an annotation; findings are annotated in the log instead (10 of each kind)',
  'pull-requests: write': 'the pull-request comment',
  'pull-requests: read': "the pull request's changed files, so `scope` falls back to all",
};

export class GitHubReporter {
  readonly #options: ReporterOptions;
  readonly #warned = new Set<Permission>();
  #checkRun: { id: number; url: string } | undefined;
  #checkRunFailed = false;
  #starting: Promise<void> | undefined;

  constructor(options: ReporterOptions) {
    this.#options = options;
  }

  /** Whether publish() will annotate the findings on a check run, as far as is known yet. */
  get annotatesCheckRun(): boolean {
    return (
      this.#options.client !== undefined && this.#options.checkRun.enabled && !this.#checkRunFailed
    );
  }

  /**
   * Creates the check run in progress as soon as the audit id is known. Callers need not wait:
   * the audit goes on meanwhile, and `publish` waits for it. It never rejects.
   */
  auditStarted(auditId: string): Promise<void> {
    this.#starting = this.#createCheckRun(auditId);
    return this.#starting;
  }

  async #createCheckRun(auditId: string): Promise<void> {
    const { client, checkRun, headSha } = this.#options;
    if (!client || !checkRun.enabled || this.#checkRunFailed) return;
    try {
      this.#checkRun = await startCheckRun(client, { name: checkRun.name, headSha, auditId });
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

  async publish(input: PublishInput): Promise<Published> {
    const published: Published = {
      checkRunUrl: undefined,
      annotatedOnCheckRun: false,
      notAnnotated: 0,
      commentUrl: undefined,
    };
    const { client, checkRun, comment, pullRequest, log } = this.#options;
    if (!client) return published;
    await this.#starting;

    const plan = checkRun.enabled
      ? checkRunAnnotations(input.findings, input.pathPrefix)
      : undefined;
    published.notAnnotated = plan?.annotations.length ?? 0;
    if (plan && !this.#checkRunFailed) {
      try {
        this.#checkRun ??= await startCheckRun(client, {
          name: checkRun.name,
          headSha: this.#options.headSha,
          auditId: input.auditId ?? 'none',
        });
        published.checkRunUrl = this.#checkRun.url;
        const result = await completeCheckRun(client, this.#checkRun.id, {
          conclusion: checkRunConclusion(input.verdict),
          title: checkRunTitle(input.verdict, input.findings),
          summary: input.checkRunSummary,
          annotations: plan.annotations,
        });
        published.notAnnotated = result.annotationsNotPosted;
        published.annotatedOnCheckRun = result.annotationsNotPosted === 0;
        log.info(
          `Check run completed with ${result.annotationsPosted} annotation(s) in ${result.requests} request(s): ${this.#checkRun.url}`,
        );
        if (result.postingError !== undefined) {
          log.warning(
            `Posted ${result.annotationsPosted} of ${plan.annotations.length} check run annotations; ` +
              `${result.annotationsNotPosted} were not: ${errorMessage(result.postingError)}. ` +
              'The check run says so; every finding is in the job summary and the results file.',
          );
        } else if (result.annotationsNotPosted > 0) {
          log.info(
            `${result.annotationsNotPosted} finding(s) are not annotated on the check run: it gets at most ` +
              `${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')}, the most severe, to spare the token's request limit.`,
          );
        }
      } catch (error) {
        this.#fallBack(error, 'Could not complete the check run');
      }
    }

    if (comment && pullRequest) {
      try {
        const result = await upsertStickyComment(client, {
          issueNumber: pullRequest.number,
          projectName: input.comment.projectName,
          render: (previous) => renderPrComment({ ...input.comment, previous }),
        });
        published.commentUrl = result.url;
        log.info(`Pull-request comment ${result.action}: ${result.url}`);
      } catch (error) {
        this.#fallBack(error, 'Could not write the pull-request comment');
      }
    }
    return published;
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
