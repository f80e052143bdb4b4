/**
 * The files a pull request changes, with their patches, for diff-aware scope.
 */
import type { ChangedFile } from '../../audit/scope.ts';
import { PULL_REQUEST_FILES_CAP, type GitHubClient } from './client.ts';

/**
 * `changedFiles` is the event payload's `pull_request.changed_files`. GitHub lists at most
 * 3,000 files: `truncated` when the pull request has more, or may have (3,000 came back and
 * the payload does not say that is all, or the pages did not end). Over the cap, nothing is
 * fetched: the list could only be incomplete.
 */
export async function fetchChangedFiles(
  client: GitHubClient,
  pullNumber: number,
  changedFiles?: number,
): Promise<{ files: ChangedFile[]; truncated: boolean }> {
  if (changedFiles !== undefined && changedFiles > PULL_REQUEST_FILES_CAP)
    return { files: [], truncated: true };
  const { files, capped } = await client.listPullRequestFiles(pullNumber);
  const complete = changedFiles === PULL_REQUEST_FILES_CAP && files.length === changedFiles;
  return { files, truncated: capped && !complete };
}
