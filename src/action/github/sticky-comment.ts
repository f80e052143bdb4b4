/**
 * The sticky comment: one per project on a pull request, found by its hidden marker and edited
 * in place every run, so the conversation never fills with reports.
 */
import { ISSUE_COMMENTS_MAX_PAGES, type GitHubClient } from './client.ts';
import type { IssueComment } from './resources.ts';
import { PermissionError } from './errors.ts';

export async function upsertStickyComment(
  client: GitHubClient,
  params: {
    issueNumber: number;
    /** The hidden text that identifies the comment (one per project). */
    marker: string;
    /** Renders the body, given the body of the comment being replaced. */
    render: (previousBody: string | undefined) => string;
  },
): Promise<{ action: 'created' | 'updated'; url: string; requests: number }> {
  const before = client.requestCount;
  const { comments, capped } = await client.listIssueComments(params.issueNumber);
  // Only the token's own comment is ours, and GitHub alone knows whose that is: a candidate it
  // refuses to let this token edit was another app's, which anyone's workflow could have written.
  for (const candidate of stickyCandidates(comments, params.marker).slice(0, MAX_CANDIDATES)) {
    let written: IssueComment;
    try {
      written = await client.updateIssueComment(candidate.id, params.render(candidate.body));
    } catch (error) {
      if (error instanceof PermissionError) continue;
      throw error;
    }
    return { action: 'updated', url: written.url, requests: client.requestCount - before };
  }
  // Past the cap ours may be unseen; listing is oldest first and stable, so each later run would
  // miss the new comment too and post one more. A comment found before the cap is safe to update.
  if (capped) {
    throw new Error(
      `this pull request has more comments than the ${ISSUE_COMMENTS_MAX_PAGES * 100} read to find ` +
        "this action's comment, so no new one was written (it would be repeated every run)",
    );
  }
  const written = await client.createIssueComment(params.issueNumber, params.render(undefined));
  return { action: 'created', url: written.url, requests: client.requestCount - before };
}

/** Comments tried as ours, newest first: a few, so a pull request full of decoys costs little. */
const MAX_CANDIDATES = 3;

/**
 * The comments carrying the marker written by a bot (the workflow token's `github-actions[bot]`,
 * or an app), newest first. Anyone can paste the marker: adopting a person's comment would let
 * them author the report's "previous run" or block its updates.
 */
export function stickyCandidates(
  comments: readonly IssueComment[],
  marker: string,
): IssueComment[] {
  return comments
    .filter((comment) => comment.author?.isBot === true && comment.body.includes(marker))
    .sort((a, b) => b.id - a.id);
}
