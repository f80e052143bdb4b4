/**
 * The sticky comment: one per project on a pull request, found by its hidden marker and edited
 * in place every run, so the conversation never fills with reports.
 */
import { ISSUE_COMMENTS_MAX_PAGES, type GitHubClient, type IssueComment } from './client.ts';

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
  const ours = findStickyComment(comments, params.marker);
  // Past the cap ours may be unseen; listing is oldest first and stable, so each later run would
  // miss the new comment too and post one more. A comment found before the cap is safe to update.
  if (ours === undefined && capped) {
    throw new Error(
      `this pull request has more comments than the ${ISSUE_COMMENTS_MAX_PAGES * 100} read to find ` +
        "this action's comment, so no new one was written (it would be repeated every run)",
    );
  }
  const body = params.render(ours?.body);
  const written =
    ours === undefined
      ? await client.createIssueComment(params.issueNumber, body)
      : await client.updateIssueComment(ours.id, body);
  return {
    action: ours === undefined ? 'created' : 'updated',
    url: written.url,
    requests: client.requestCount - before,
  };
}

/**
 * The latest comment carrying the marker written by a bot (the workflow token's
 * `github-actions[bot]`, or an app). Anyone can paste the marker: adopting a person's comment
 * would let them author the report's "previous run" or block its updates.
 */
export function findStickyComment(
  comments: readonly IssueComment[],
  marker: string,
): IssueComment | undefined {
  return comments
    .filter((comment) => comment.author?.isBot === true && comment.body.includes(marker))
    .sort((a, b) => b.id - a.id)
    .at(0);
}
