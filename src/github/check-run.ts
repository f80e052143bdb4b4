/**
 * The check run's life: created in progress when the audit starts, then given its annotations
 * (50 per request, the API's limit; each update appends) and completed with the verdict.
 */
import { checkRunOutput, batches } from '../report/check-run.ts';
import { escapeMarkdown, truncateText } from '../report/escape.ts';
import { httpUrl } from '../report/links.ts';
import {
  PermissionError,
  type CheckAnnotation,
  type CheckConclusion,
  type CheckRun,
  type GitHubClient,
} from './api.ts';

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

/**
 * Posts the annotations in batches (each update must repeat the output's title and summary),
 * then completes the run. If a batch fails, the run is still completed, saying so, before the
 * error is thrown: a check run left in progress would read as an audit that never ended.
 */
export async function completeCheckRun(
  client: GitHubClient,
  id: number,
  completion: CheckRunCompletion,
): Promise<{ requests: number; annotationsPosted: number }> {
  const before = client.requestCount;
  const output = checkRunOutput({
    title: completion.title,
    summaryMarkdown: completion.summary,
    ...(completion.text === undefined ? {} : { text: completion.text }),
  });
  const { annotations } = completion;

  let posted = 0;
  let failure: Error | undefined;
  for (const batch of batches(annotations)) {
    try {
      await client.updateCheckRun(id, {
        output: { title: output.title, summary: output.summary, annotations: batch },
      });
      posted += batch.length;
    } catch (error) {
      if (error instanceof PermissionError || !(error instanceof Error)) throw error;
      failure = error;
      break;
    }
  }

  const final =
    failure === undefined
      ? output
      : checkRunOutput({
          title: output.title,
          summaryMarkdown:
            `> ⚠️ Only ${posted} of ${annotations.length} annotations could be posted; ` +
            `the rest are in the job summary and the results file.\n\n${output.summary}`,
          ...(output.text === undefined ? {} : { text: output.text }),
        });
  await client.updateCheckRun(id, {
    status: 'completed',
    conclusion: completion.conclusion,
    output: final,
  });
  if (failure !== undefined) {
    throw new Error(
      `Posted ${posted} of ${annotations.length} check run annotations: ${failure.message}`,
    );
  }
  return { requests: client.requestCount - before, annotationsPosted: posted };
}
