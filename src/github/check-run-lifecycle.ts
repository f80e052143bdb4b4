/**
 * The check run's life: created in progress when the audit starts, then given its annotations
 * (50 per request, the API's limit; each update appends; at most MAX_ANNOTATION_REQUESTS
 * requests) and completed with the verdict.
 */
import { batches, checkRunOutput, MAX_CHECK_RUN_ANNOTATIONS } from '../report/check-run-output.ts';
import { escapeMarkdown, truncateText } from '../report/escape.ts';
import { httpUrl } from '../report/links.ts';
import type { CheckAnnotation, CheckConclusion, CheckRun, GitHubClient } from './api.ts';

export async function startCheckRun(
  client: GitHubClient,
  params: { name: string; headSha: string; auditId: string; detailsUrl?: string },
): Promise<CheckRun> {
  const auditId = truncateText(params.auditId, 200);
  const detailsUrl = params.detailsUrl === undefined ? undefined : httpUrl(params.detailsUrl);
  return client.createCheckRun({
    name: params.name,
    headSha: params.headSha,
    status: 'in_progress',
    externalId: auditId,
    ...(detailsUrl === undefined ? {} : { detailsUrl }),
    output: {
      title: 'Audit in progress',
      summary: 'The contracts were uploaded; waiting for the audit service to finish.',
      text: `Audit ID: ${escapeMarkdown(auditId)}`,
    },
  });
}

export interface CheckRunCompletion {
  conclusion: CheckConclusion;
  title: string;
  /** Markdown, already escaped; cut to the API's limit here if need be. */
  summary: string;
  text?: string;
  annotations: readonly CheckAnnotation[];
}

export interface CompletedCheckRun {
  /** Requests made, repeats included. */
  requests: number;
  annotationsPosted: number;
  /** Annotations given but not posted: past MAX_CHECK_RUN_ANNOTATIONS, or after posting failed. */
  annotationsNotPosted: number;
  /** Why posting stopped early, when it did. */
  postingError: Error | undefined;
}

/**
 * Posts up to MAX_CHECK_RUN_ANNOTATIONS annotations in batches (each update must repeat the
 * output's title and summary), then completes the run. Whatever stops a batch (a refusal, the
 * rate limit, a rejected annotation, a timeout, the deadline), posting stops there and the run
 * is still completed, its summary saying how many were posted: a run left in progress would
 * read as an audit that never ended and blocks a required check. Throws only when completing
 * fails.
 */
export async function completeCheckRun(
  client: GitHubClient,
  id: number,
  completion: CheckRunCompletion,
): Promise<CompletedCheckRun> {
  const before = client.requestCount;
  const { annotations } = completion;
  const postable = annotations.slice(0, MAX_CHECK_RUN_ANNOTATIONS);
  const overCap = annotations.length - postable.length;
  const text = completion.text === undefined ? {} : { text: completion.text };
  const output = checkRunOutput({
    title: completion.title,
    summaryMarkdown:
      overCap === 0
        ? completion.summary
        : `> ℹ️ ${overCap} of ${annotations.length} findings are not annotated here: this action ` +
          `posts at most ${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')} annotations, the ` +
          "most severe, to spare the token's hourly request limit. Every finding is in the job " +
          `summary and the results file.\n\n${completion.summary}`,
    ...text,
  });

  let posted = 0;
  let postingError: Error | undefined;
  for (const batch of batches(postable)) {
    try {
      await client.updateCheckRun(id, {
        output: { title: output.title, summary: output.summary, annotations: batch },
      });
      posted += batch.length;
    } catch (error) {
      postingError = error instanceof Error ? error : new Error(String(error));
      break;
    }
  }

  const final =
    postingError === undefined
      ? output
      : checkRunOutput({
          title: completion.title,
          summaryMarkdown:
            `> ⚠️ Only ${posted} of ${annotations.length} annotations could be posted; ` +
            `the rest are in the job summary and the results file.\n\n${completion.summary}`,
          ...text,
        });
  await client.updateCheckRun(id, {
    status: 'completed',
    conclusion: completion.conclusion,
    output: final,
  });
  return {
    requests: client.requestCount - before,
    annotationsPosted: posted,
    annotationsNotPosted: annotations.length - posted,
    postingError,
  };
}
