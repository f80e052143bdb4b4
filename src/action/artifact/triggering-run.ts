/**
 * A `workflow_run` run of the default branch's workflow, auditing what a pull request's run
 * collected. Where to report comes from GitHub's facts only (the event's run and GitHub's list
 * of pull requests); what to audit is the run's head commit, read from GitHub (head-commit.ts),
 * with what the triggering run's artifact `contract-audit-upload` may supply: downloaded with
 * `@actions/artifact` and opened as an untrusted upload bundle in a fresh folder under
 * RUNNER_TEMP. Nothing of the fork is checked out or run.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import type { RefusedFile } from '../../audit/result.ts';
import { lstat, mkdir, mkdtemp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { openBundle, type OpenedBundle } from '../../engine/upload-bundle.ts';
import { msLeft, type Deadline } from '../../deadline.ts';
import { ConfigurationError, DeadlineError, errorMessage } from '../../errors.ts';
import { formatBytes } from '../../files/limits.ts';
import type { Logger } from '../../log.ts';
import type { RunContext, WorkflowRunFacts } from '../context.ts';
import { createGitHubClient, type GitHubClient } from '../github/client.ts';
import type { ActionSettings } from '../inputs.ts';
import { WaitTimeoutError, within } from '../within.ts';
import { UPLOAD_ARTIFACT } from './collect.ts';
import { headCommitUploads, type HeadUploads } from './head-commit.ts';

export type FetchedUploads =
  | {
      kind: 'bundle';
      bundle: OpenedBundle;
      /** When the bundle is not the run's: why, for a warning. */
      note?: string;
    }
  | { kind: 'missing'; reason: string };

export interface TriggeringRun {
  run: WorkflowRunFacts;
  /** The run's context as the reports use it: the head commit, and the pull request when found. */
  context: RunContext;
  fetchUploads(): Promise<FetchedUploads>;
  /**
   * The uploads of the run's head commit, read from GitHub, with what the bundle may supply;
   * each bundle file refused is added to `refused`.
   */
  headUploads(bundle: OpenedBundle, refused: RefusedFile[]): Promise<HeadUploads>;
  close(): Promise<void>;
}

/**
 * The triggering run, with its pull request found when GitHub knows it. Throws a
 * ConfigurationError when the event does not describe a run or there is no token to read it.
 */
export async function openTriggeringRun(
  settings: ActionSettings,
  context: RunContext,
  options: { deadline: Deadline; redact: (text: string) => string; log: Logger },
): Promise<TriggeringRun> {
  const { log } = options;
  const run = context.workflowRun;
  if (!run) {
    throw new ConfigurationError(
      'This `workflow_run` event does not name the run that triggered it (its `workflow_run.id` and `head_sha`), so there is nothing to audit.',
    );
  }
  const [owner = '', repo = ''] = context.repository.split('/');
  if (!settings.githubToken || !owner || !repo) {
    throw new ConfigurationError(
      "On `workflow_run`, `github-token` is needed to download the triggering run's artifact: keep its default and give the job `actions: read`.",
    );
  }
  const client = createGitHubClient(
    { apiUrl: context.apiUrl, token: settings.githubToken, owner, repo },
    { deadline: options.deadline, redact: options.redact, log: { debug: (m) => log.debug(m) } },
  );
  const pullRequest = await findPullRequest(client, run, log);
  return {
    run,
    context: {
      ...context,
      sha: run.headSha,
      pullRequest:
        pullRequest === undefined
          ? undefined
          : { number: pullRequest, headSha: run.headSha, changedFiles: undefined },
    },
    fetchUploads: () =>
      fetchUploads(settings, client, run, { owner, repo, deadline: options.deadline }),
    headUploads: (bundle, refused) =>
      headCommitUploads(settings, bundle, {
        client,
        commit: run.headSha,
        deadline: options.deadline,
        log,
        refused,
      }),
    close: () => client.close(),
  };
}

/**
 * The pull request GitHub lists with the run; else (a fork's run lists none) the open pull
 * request whose head is the run's owner and branch and whose head commit is the run's. Two at
 * that commit (one branch, two base branches) cannot be told apart: neither gets the comment.
 */
async function findPullRequest(
  client: GitHubClient,
  run: WorkflowRunFacts,
  log: Logger,
): Promise<number | undefined> {
  const nowhere = (why: string) => {
    log.notice(
      `${why}, so there is no pull-request comment; the check run is on commit ${run.headSha.slice(0, 12)}.`,
    );
    return undefined;
  };
  const only = (pulls: ReadonlyArray<{ number: number; headSha: string }>, what: string) => {
    const matching = pulls.filter((pull) => pull.headSha === run.headSha);
    // Stryker disable next-line OptionalChaining: only is called when one is at the commit, so matching is never empty
    if (matching.length < 2) return matching[0]?.number;
    return nowhere(
      `${matching.length} ${what} (${matching.map((pull) => `#${pull.number}`).join(', ')}) are at commit ${run.headSha.slice(0, 12)}, and which one this run was for cannot be told`,
    );
  };
  if (run.pullRequests.some((pull) => pull.headSha === run.headSha))
    return only(run.pullRequests, `pull requests GitHub lists with run ${run.id}`);
  if (!run.headOwner || !run.headBranch)
    return nowhere('The triggering run names no head repository and branch');
  const head = `${run.headOwner}:${run.headBranch}`;
  let open;
  try {
    open = await client.listPullRequestsByHead(head);
  } catch (error) {
    return nowhere(`The pull requests of ${head} could not be listed (${errorMessage(error)})`);
  }
  if (open.some((pull) => pull.headSha === run.headSha))
    return only(open, `open pull requests of ${head}`);
  return nowhere(
    open.length === 0
      ? `No open pull request has the head ${head}`
      : `No open pull request of ${head} is at commit ${run.headSha.slice(0, 12)} (it moved on since that run)`,
  );
}

async function fetchUploads(
  settings: ActionSettings,
  client: GitHubClient,
  run: WorkflowRunFacts,
  where: { owner: string; repo: string; deadline: Deadline },
): Promise<FetchedUploads> {
  const what = `The artifact \`${UPLOAD_ARTIFACT}\` of run ${run.id}`;
  let listed;
  try {
    listed = await client.listRunArtifacts(run.id, UPLOAD_ARTIFACT);
  } catch (error) {
    // Its message names the permission when that is what is missing.
    throw new ConfigurationError(`${what} could not be found: ${errorMessage(error)}`);
  }
  const named = listed.filter((each) => each.name === UPLOAD_ARTIFACT);
  // Should GitHub list several (attempts of the run), the newest one still kept is the latest.
  const [artifact] = named.filter((each) => !each.expired).sort((a, b) => b.id - a.id);
  if (!artifact) {
    const none = `The triggering run ${run.id} (${run.event || 'unknown event'}) has ${named.length > 0 ? 'only an expired' : 'no'} artifact \`${UPLOAD_ARTIFACT}\``;
    // A fork's run chooses whether it leaves one: without it, a skip would leave a neutral check
    // that branch protection takes as passing. Its head commit is GitHub's to give, not the fork's.
    if (fromAnotherRepository(run, where)) {
      return {
        kind: 'bundle',
        bundle: { uploads: [], summaries: [] },
        note:
          `${none}, and its head is in ${run.headRepository || 'a repository the event does not name'}: the head commit is audited as GitHub holds it, ` +
          'without the installed packages and submodule contents the artifact would supply (imports of them are named as unresolved).',
      };
    }
    return {
      kind: 'missing',
      reason:
        `${none}, so there is nothing to audit. ` +
        'It is made by this action with `fork-pull-requests: collect` on a pull request from a fork or Dependabot.',
    };
  }
  const maxBytes = settings.limits.maxTotalBytes;
  if (artifact.sizeInBytes > maxBytes) {
    throw new ConfigurationError(
      `${what} was refused before it was downloaded: GitHub lists it at ${formatBytes(artifact.sizeInBytes)}, more than ${formatBytes(maxBytes)} (input \`max-total-size-mb\`).`,
    );
  }
  await mkdir(settings.outputDirectory, { recursive: true });
  const folder = await mkdtemp(path.join(settings.outputDirectory, 'contract-audit-artifact-'));
  // Stryker disable next-line StringLiteral: the folder is new, so the zip is its one file either way (the files' folder comes after)
  const zipFolder = path.join(folder, 'zip');
  const filesFolder = path.join(folder, 'files');
  const download = new DefaultArtifactClient().downloadArtifact(artifact.id, {
    path: zipFolder,
    skipDecompress: true,
    ...(artifact.digest === undefined ? {} : { expectedHash: artifact.digest }),
    findBy: {
      token: settings.githubToken,
      workflowRunId: run.id,
      repositoryOwner: where.owner,
      repositoryName: where.repo,
    },
  });
  let digestMismatch: boolean | undefined;
  try {
    ({ digestMismatch } = await within(
      msLeft(where.deadline),
      download,
      // Stryker disable next-line StringLiteral: its WaitTimeoutError is thrown on as a DeadlineError with a message of its own
      'the time limit (`timeout-minutes`) ran out during the download',
    ));
  } catch (error) {
    if (error instanceof WaitTimeoutError) {
      throw new DeadlineError(
        // Stryker disable next-line Regex: `what` holds one "The", at its start
        `The time limit (\`timeout-minutes\`) ran out while ${what.replace(/^The/, 'the')} was downloaded: nothing was uploaded. Raise \`timeout-minutes\`, or re-run the workflow.`,
      );
    }
    throw new ConfigurationError(`${what} could not be downloaded: ${errorMessage(error)}`);
  }
  if (digestMismatch)
    throw new ConfigurationError(
      `${what} was refused: its zip does not match the digest GitHub lists for it.`,
    );
  const zipFile = await theOneFile(zipFolder, maxBytes, what);
  const bundle = await openBundle(zipFile, filesFolder, {
    limits: settings.limits,
    projectName: settings.projectName,
    what,
    vocabulary: settings.vocabulary,
  });
  return { kind: 'bundle', bundle };
}

/** The run's head is not in this repository (or the event does not say where it is). */
function fromAnotherRepository(
  run: WorkflowRunFacts,
  { owner, repo }: { owner: string; repo: string },
): boolean {
  return run.headRepository.toLowerCase() !== `${owner}/${repo}`.toLowerCase();
}

/** The downloaded zip: the folder's one regular file, no larger than the bound. */
async function theOneFile(folder: string, maxBytes: number, what: string): Promise<string> {
  const names = await readdir(folder);
  const [name] = names;
  const file = name === undefined ? undefined : path.join(folder, name);
  const stats = file === undefined ? undefined : await lstat(file);
  if (names.length !== 1 || !file || !stats?.isFile())
    throw new ConfigurationError(`${what} was refused: its download is not one zip file.`);
  if (stats.size > maxBytes)
    throw new ConfigurationError(
      `${what} was refused: its zip is ${formatBytes(stats.size)}, more than ${formatBytes(maxBytes)} (input \`max-total-size-mb\`).`,
    );
  return file;
}
