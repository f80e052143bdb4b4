/**
 * The run's GitHub channels: the check run, the sticky pull-request comment and the pull
 * request's changed files. None of them may fail the step: a missing permission is said once, as
 * a warning naming what to add, and the run falls back (log annotations, scope `all`).
 */
import type { ChangedFile } from '../audit/scope.ts';
import type { TriagedFinding } from '../audit/triage.ts';
import type { Verdict } from '../audit/gate.ts';
import { errorMessage } from '../errors.ts';
import { checkRunAnnotations, checkRunConclusion, checkRunTitle } from '../report/check-run.ts';
import type { PrCommentInput } from '../report/pr-comment.ts';
import { renderPrComment } from '../report/pr-comment.ts';
import { PermissionError, type GitHubClient, type Permission } from './api.ts';
import { completeCheckRun, startCheckRun } from './check-run.ts';
import { upsertStickyComment } from './pr-comment.ts';
import { fetchChangedFiles } from './pr-files.ts';
import type { PullRequestFacts } from './run-context.ts';

export interface ReporterLog {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}

export interface ReporterOptions {
  /** Undefined when there is no token: every channel is then off. */
  client: GitHubClient | undefined;
  pullRequest: PullRequestFacts | undefined;
  /** The commit check runs are attached to: the PR head, else GITHUB_SHA. */
  headSha: string;
  checkRun: { enabled: boolean; name: string };
  comment: boolean;
  log: ReporterLog;
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
  /** True when every active finding that has a file is annotated on the check run. */
  annotatedOnCheckRun: boolean;
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

  constructor(options: ReporterOptions) {
    this.#options = options;
  }

  /** Creates the check run in progress as soon as the audit id is known. */
  async auditStarted(auditId: string): Promise<void> {
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
      commentUrl: undefined,
    };
    const { client, checkRun, comment, pullRequest, log } = this.#options;
    if (!client) return published;

    if (checkRun.enabled && !this.#checkRunFailed) {
      try {
        this.#checkRun ??= await startCheckRun(client, {
          name: checkRun.name,
          headSha: this.#options.headSha,
          auditId: input.auditId ?? 'none',
        });
        const plan = checkRunAnnotations(input.findings, input.pathPrefix);
        const { requests, annotationsPosted } = await completeCheckRun(client, this.#checkRun.id, {
          conclusion: checkRunConclusion(input.verdict),
          title: checkRunTitle(input.verdict, input.findings),
          summary: input.checkRunSummary,
          annotations: plan.annotations,
        });
        published.checkRunUrl = this.#checkRun.url;
        published.annotatedOnCheckRun = annotationsPosted === plan.annotations.length;
        log.info(
          `Check run completed with ${annotationsPosted} annotation(s) in ${requests} request(s): ${this.#checkRun.url}`,
        );
      } catch (error) {
        published.checkRunUrl = this.#checkRun?.url;
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
    log.warning(`${what}: ${errorMessage(error)}. The audit result is unaffected.`);
  }
}
