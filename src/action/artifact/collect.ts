/**
 * `fork-pull-requests: collect`: on a pull request that gets no key, the files the run would
 * send are collected, not sent. They are written as an upload bundle under RUNNER_TEMP and
 * uploaded with `@actions/artifact` as the artifact `contract-audit-upload`, for a `workflow_run`
 * workflow of the default branch to audit. Nothing reaches the audit service from here.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { errorResult, skippedResult, stoppedRun, type RunResult } from '../../audit/result.ts';
import { checkoutUploads, type CheckoutProjects } from '../../engine/audit.ts';
import { writeBundle } from '../../engine/upload-bundle.ts';
import { msLeft, type Deadline } from '../../deadline.ts';
import { ConfigurationError, DeadlineError, errorMessage } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { ActionSettings } from '../inputs.ts';
import { ACTION_VOCABULARY } from '../vocabulary.ts';
import { WaitTimeoutError, within } from '../within.ts';

export const UPLOAD_ARTIFACT = 'contract-audit-upload';
/** The bundle serves the next workflow, which runs within minutes: it need not be kept long. */
const RETENTION_DAYS = 7;

export async function collectUploads(
  settings: ActionSettings,
  detection: CheckoutProjects,
  origin: 'fork' | 'dependabot',
  run: { deadline: Deadline; log: Logger },
): Promise<RunResult> {
  const { log } = run;
  const facts = { detectedProjects: detection.summaries };
  try {
    const uploads = await checkoutUploads(settings, detection, run.deadline, log);
    const fileCount = uploads.reduce((sum, upload) => sum + upload.files.length, 0);
    if (uploads.length === 0) {
      return stoppedRun(
        skippedResult(
          `No contract files matched (${settings.vocabulary.setting('if-no-files-found', settings.ifNoFilesFound)}); nothing was collected.`,
          { fileCount },
        ),
        facts,
      );
    }
    await mkdir(settings.outputDirectory, { recursive: true });
    const root = await mkdtemp(path.join(settings.outputDirectory, 'contract-audit-collect-'));
    const bundle = await writeBundle(uploads, root, settings.limits, settings.vocabulary);
    const client = new DefaultArtifactClient();
    let artifact: { id?: number | undefined; size?: number | undefined };
    const upload = async () => {
      await replaceEarlierAttempt(client);
      return client.uploadArtifact(UPLOAD_ARTIFACT, bundle.files, bundle.root, {
        retentionDays: RETENTION_DAYS,
      });
    };
    try {
      artifact = await within(
        msLeft(run.deadline),
        upload(),
        'the time limit (`timeout-minutes`) ran out during the upload',
      );
    } catch (error) {
      if (error instanceof WaitTimeoutError) {
        throw new DeadlineError(
          `The time limit (\`timeout-minutes\`) ran out while the files to audit were uploaded as the artifact \`${UPLOAD_ARTIFACT}\`: the \`workflow_run\` audit may find none. Raise \`timeout-minutes\`, or re-run the workflow.`,
        );
      }
      throw new ConfigurationError(
        `The files to audit could not be uploaded as the artifact \`${UPLOAD_ARTIFACT}\`: ${errorMessage(error)}`,
      );
    }
    const who =
      origin === 'fork'
        ? 'this pull request comes from a fork'
        : 'this run was triggered by Dependabot';
    const reason =
      `No API key: ${who}, and GitHub gives such runs no secrets. Nothing was sent to the audit service: ` +
      `the ${fileCount} file(s) of ${uploads.length} project(s) it would audit were collected as the artifact ` +
      `\`${UPLOAD_ARTIFACT}\`${artifact.id === undefined ? '' : ` (id ${artifact.id})`}. ` +
      'The `workflow_run` workflow of the default branch that runs this action when this workflow completes audits it and reports on this pull request.';
    log.notice(reason);
    return stoppedRun(skippedResult(reason, { fileCount }), facts);
  } catch (error) {
    return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }), facts);
  }
}

/**
 * A re-run is the same run, and GitHub takes an artifact's name once per run: the earlier
 * attempt's bundle is deleted first, as upload-artifact's `overwrite` does, so that B audits this
 * attempt's files rather than this upload failing.
 */
async function replaceEarlierAttempt(client: DefaultArtifactClient): Promise<void> {
  try {
    await client.deleteArtifact(UPLOAD_ARTIFACT);
  } catch (error) {
    // By the toolkit's name for it, not its class: GitHub's local-action stands in for
    // @actions/artifact without that export, and importing it by name fails at load.
    if (!(error instanceof Error && error.name === 'ArtifactNotFoundError')) throw error;
  }
}
