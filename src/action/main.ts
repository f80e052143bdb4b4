/**
 * The story of the Action's run: inputs → projects → audit → report → publish. Whatever happens,
 * the run ends in one result, its report is built once, and publishing it is the last thing the
 * step does.
 */
import * as core from '@actions/core';
import { errorResult, skippedResult, stoppedRun, type RunResult } from '../audit/result.ts';
import { noApiKeyResult } from './no-key.ts';
import { audit, findCheckoutProjects, type CheckoutProjects } from '../engine/audit.ts';
import { errorMessage } from '../errors.ts';
import { Redactor } from '../redaction.ts';
import { buildReport } from '../report/model.ts';
import { auditArtifact } from './artifact/audit-artifact.ts';
import { collectUploads } from './artifact/collect.ts';
import { openTriggeringRun, type TriggeringRun } from './artifact/triggering-run.ts';
import { readRunContext } from './context.ts';
import { engineDependencies, type Step } from './engine-dependencies.ts';
import { runFinishing } from './finish/finish-pending.ts';
import { openGitHubChannels, type GitHubChannels } from './github/channels.ts';
import { getInputs, type ActionSettings } from './inputs.ts';
import { createActionLogger } from './logger.ts';
import { publish } from './publish.ts';
import { ACTION_VOCABULARY } from './vocabulary.ts';

export async function run(): Promise<void> {
  const startedAt = Date.now();
  const redactor = new Redactor();
  const log = createActionLogger(redactor);
  let context = readRunContext();
  let settings: ActionSettings | undefined;
  let channels: GitHubChannels | undefined;
  let triggering: TriggeringRun | undefined;
  let result: RunResult;
  try {
    settings = getInputs(log, redactor);
    const deadline = { at: startedAt + settings.timeoutMs, now: Date.now };
    if (settings.finishPending)
      return await runFinishing(settings, { context, log, redactor, deadline });
    const redact = (text: string) => redactor.redact(text);
    if (context.eventName === 'workflow_run') {
      // The reports go where GitHub's facts of the triggering run say, never its artifact.
      triggering = await openTriggeringRun(settings, context, { deadline, redact, log });
      context = triggering.context;
    }
    channels = openGitHubChannels(settings, { context, deadline, redact, log });
    const step = { context, channels, log, redactor, deadline };
    result = triggering
      ? await auditArtifact(settings, triggering, step)
      : await auditCheckout(settings, step);
  } catch (error) {
    result = stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }));
  }
  const report = buildReport(result, {
    projectName: settings?.projectName ?? (context.repository.split('/')[1] || 'unknown'),
    failOn: settings?.failOn ?? 'low',
    vocabulary: ACTION_VOCABULARY,
    links:
      context.repository && context.sha
        ? { serverUrl: context.serverUrl, repository: context.repository, sha: context.sha }
        : undefined,
    runUrl: context.runUrl,
  });
  try {
    await publish(report, { settings, startedAt, context, channels, log, redactor });
  } catch (error) {
    // Every sink guards itself; reaching here is a bug, and it must not read as a clean run.
    core.setFailed(
      redactor.redact(
        `Unexpected error while reporting (a bug in this action; please report it): ${errorMessage(error)}`,
      ),
    );
  } finally {
    await channels?.close();
    await triggering?.close();
  }
}

/** Projects are found on every run (the `projects` output); the audit only with a key. */
async function auditCheckout(settings: ActionSettings, step: Step): Promise<RunResult> {
  const { context, log } = step;
  let detection: CheckoutProjects;
  try {
    detection = await findCheckoutProjects(settings, log, step.deadline);
  } catch (error) {
    return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }));
  }
  const facts = { detectedProjects: detection.summaries };
  if (settings.detectOnly) {
    const reason = `\`detect-only\`: ${detection.summaries.length} project(s) listed in the \`projects\` output; nothing was audited.`;
    return stoppedRun(skippedResult(reason, {}), facts);
  }
  if (!settings.apiKey && context.untrustedPullRequest && settings.forkPullRequests === 'collect') {
    return collectUploads(settings, detection, context.untrustedPullRequest, step);
  }
  if (!settings.apiKey) {
    const stopped = noApiKeyResult(context.untrustedPullRequest, {});
    if (stopped.verdict === 'skipped') log.notice(stopped.reason);
    return stoppedRun(stopped, facts);
  }
  return audit(settings, detection, step.deadline, engineDependencies(settings, step));
}
