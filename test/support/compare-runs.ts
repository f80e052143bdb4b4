/**
 * A waiting run and a finishing run (`finish-pending: true`) of the same inputs and audit, in
 * process against the GitHub stand-in and the reference service, and what each shows a user once
 * what differs between any two runs (the audit's id, times, the commit links) is set aside.
 */
import { vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded, resetCore } from './core.ts';
import type { GitHubApiStandIn } from './github-api.ts';
import type { InProcessSetUp } from './in-process-run.ts';
import type { serviceFinding } from './workspace.ts';

/**
 * `text` without what differs between two runs of the same audit: its ids, the times, the
 * files-uploaded line, the commit links (a waiting run's name the merge commit the event gives),
 * and what a comment compares with the previous run's comment.
 */
export function normalize(text: string | null | undefined, ids: string[]): string {
  let out = text ?? '';
  for (const id of ids) out = out.split(id).join('<id>');
  return out
    .replace(/audit\\?-\d+/g, '<id>')
    .replace(/🆕 new(; )?/g, '')
    .replace(/0123456789abcdef0123456789abcdef01234567|e{40}/g, '<sha>')
    .replace(/Commit (0123456|eeeeeee)/g, 'Commit <short>')
    .replace(/#### 🆕 New since[\s\S]*?(?=#### Findings|<sub>)/g, '')
    .replace(/- \*\*Files uploaded:\*\* \d+\n/g, '')
    .replace(/_First run on this pull request[^\n]*\n\n/g, '')
    .replace(/\d+(\.\d+)?\s?(ms|s|seconds?|minutes?|m)\b/g, '<t>')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<date>');
}

/** The last check run and pull request `pr`'s last comment, as a user sees them. */
export function shown(github: GitHubApiStandIn, pr: number | undefined, ids: string[]) {
  const checkRun = github.checkRuns.at(-1);
  return {
    status: checkRun?.status,
    conclusion: checkRun?.conclusion,
    title: checkRun?.output.title,
    summary: normalize(checkRun?.output.summary, ids),
    annotations: checkRun?.annotations.map((a) => normalize(JSON.stringify(a), ids)),
    comment: pr === undefined ? undefined : normalize(github.comments(pr).at(-1)?.body, ids),
  };
}

export interface Compared {
  waiting: ReturnType<typeof shown>;
  finishing: ReturnType<typeof shown>;
  /** The `wait: false` run's outputs and failures. */
  pending: { outputs: Record<string, string>; failed: string[] };
  /** The finishing run's failures. */
  finishingFailed: string[];
}

/**
 * A waiting run of `inputs` on `checkout`, then the same inputs with `wait: false`, then a
 * finishing run (its inputs changed by `finishingInputs`); each audit finishes at its second poll.
 */
export async function waitingAndFinishing(options: {
  setUp: InProcessSetUp;
  github: GitHubApiStandIn;
  inputs: Record<string, string>;
  findings: ReturnType<typeof serviceFinding>[];
  checkout: string;
  pr: number | undefined;
  beforeFinish?: () => void | Promise<void>;
  finishingInputs?: (inputs: Record<string, string>) => Record<string, string>;
}): Promise<Compared> {
  const { github } = options;
  const service = await options.setUp(options.inputs, {
    findings: options.findings,
    pollsUntilDone: 1,
  });
  const inputs = { ...recorded.inputs };
  vi.stubEnv('GITHUB_WORKSPACE', options.checkout);
  resetCore({ ...inputs, wait: 'true', reuse: 'false' });
  await run();
  const waiting = shown(github, options.pr, [recorded.outputs['audit-id'] ?? 'x']);
  github.checkRuns.length = 0;
  service.setFindings(options.findings);
  resetCore({ ...inputs, wait: 'false', reuse: 'false' });
  await run();
  const pending = { outputs: { ...recorded.outputs }, failed: [...recorded.failed] };
  await options.beforeFinish?.();
  resetCore({ ...inputs, 'finish-pending': 'true', ...options.finishingInputs?.(inputs) });
  await run();
  return {
    waiting,
    finishing: shown(github, options.pr, [pending.outputs['audit-id'] ?? 'x']),
    pending,
    finishingFailed: [...recorded.failed],
  };
}
