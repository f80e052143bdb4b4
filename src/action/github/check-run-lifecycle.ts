/**
 * The check run's life: created in progress when the audit starts, then given its annotations
 * (50 per request, the API's limit; each update appends) and completed with the verdict. What
 * the run says is rendered by the caller; this module only makes the requests.
 */
import type {
  CheckAnnotation,
  CheckConclusion,
  CheckRunText,
} from '../../report/check-run-output.ts';
import type { GitHubClient } from './client.ts';
import type { CheckRun } from './resources.ts';

/** The Checks API takes at most this many annotations per request. */
export const ANNOTATIONS_PER_REQUEST = 50;

export async function startCheckRun(
  client: GitHubClient,
  params: {
    name: string;
    headSha: string;
    externalId: string;
    detailsUrl?: string;
    output: CheckRunText;
  },
): Promise<CheckRun> {
  return client.createCheckRun({ ...params, status: 'in_progress' });
}

export interface CheckRunCompletion {
  conclusion: CheckConclusion;
  annotations: readonly CheckAnnotation[];
  /**
   * The output, rendered by the caller: `posted` is given only when posting stopped early, and
   * is how many annotations were posted by then.
   */
  output: (posted?: number) => CheckRunText;
}

export interface CompletedCheckRun {
  /** Requests made, repeats included. */
  requests: number;
  annotationsPosted: number;
  /** Annotations given but not posted, after posting failed. */
  annotationsNotPosted: number;
  /** Why posting stopped early, when it did. */
  postingError: Error | undefined;
}

/**
 * Posts the annotations in batches (each update must repeat the output's title and summary),
 * then completes the run. Whatever stops a batch (a refusal, the rate limit, a rejected
 * annotation, a timeout, the deadline), posting stops there and the run is still completed, its
 * output saying how many were posted: a run left in progress would read as an audit that never
 * ended and blocks a required check. Throws only when completing fails.
 */
export async function completeCheckRun(
  client: GitHubClient,
  id: number,
  completion: CheckRunCompletion,
): Promise<CompletedCheckRun> {
  const before = client.requestCount;
  const { annotations } = completion;
  const output = completion.output();

  let posted = 0;
  let postingError: Error | undefined;
  for (const batch of batches(annotations)) {
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

  await client.updateCheckRun(id, {
    status: 'completed',
    conclusion: completion.conclusion,
    output: postingError === undefined ? output : completion.output(posted),
  });
  return {
    requests: client.requestCount - before,
    annotationsPosted: posted,
    annotationsNotPosted: annotations.length - posted,
    postingError,
  };
}

export function batches<T>(items: readonly T[], size = ANNOTATIONS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Bad batch size: ${size}`);
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
