/**
 * The `workflow_run` audit of a pull request's run: what GitHub holds of its head commit, with
 * what the run's artifact may add, audited by the engine as a checkout's projects would be.
 */
import {
  errorResult,
  skippedResult,
  stoppedRun,
  type JudgedCommit,
  type RunResult,
} from '../../audit/result.ts';
import { noApiKeyResult } from '../no-key.ts';
import { audit } from '../../engine/audit.ts';
import { engineDependencies, type Step } from '../engine-dependencies.ts';
import type { ActionSettings } from '../inputs.ts';
import { ACTION_VOCABULARY } from '../vocabulary.ts';
import type { HeadUploads } from './head-commit.ts';
import type { FetchedUploads, TriggeringRun } from './triggering-run.ts';

/**
 * On `workflow_run`: the triggering run's head commit, as GitHub holds it, with what its artifact
 * may supply (the files git does not hold); a run that left no artifact is skipped. Nothing is
 * checked out. Every result once the artifact is open names the commit judged.
 */
export async function auditArtifact(
  settings: ActionSettings,
  triggering: TriggeringRun,
  step: Step,
): Promise<RunResult> {
  const { log } = step;
  // workflow_run has the repository's secrets, Dependabot's runs too: an empty key is an error.
  if (!settings.apiKey) return stoppedRun(noApiKeyResult(undefined, {}));
  let fetched: FetchedUploads;
  try {
    fetched = await triggering.fetchUploads();
  } catch (error) {
    return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }));
  }
  if (fetched.kind === 'missing') {
    log.notice(fetched.reason);
    return stoppedRun(skippedResult(fetched.reason, {}));
  }
  if (fetched.note !== undefined) log.warning(fetched.note);
  const { headSha, id } = triggering.run;
  const headCommit: JudgedCommit = { sha: headSha, refused: [] };
  let head: HeadUploads;
  try {
    head = await triggering.headUploads(fetched.bundle, headCommit.refused);
  } catch (error) {
    return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }), {
      headCommit,
    });
  }
  const files = head.uploads.flatMap((upload) => upload.files);
  log.info(
    `Auditing commit ${headSha} of run ${id}: ${files.length} file(s) of ${head.uploads.length} project(s), ` +
      `${files.filter((file) => file.dependency).length} of them dependencies; ${head.filesRead} file(s) read from GitHub, the search run ${head.passes} time(s).`,
  );
  const result = await audit(
    settings,
    head.detection,
    step.deadline,
    engineDependencies(settings, step),
    { uploads: head.uploads, root: head.root },
  );
  return { ...result, headCommit };
}
