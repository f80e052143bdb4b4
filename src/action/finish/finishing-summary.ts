/**
 * The job summary of a finishing run: each pending check run it took up, and what became of it.
 * Pure: made from the run's result alone.
 */
import { escapeMarkdown } from '../../report/escape.ts';
import { VERDICT_WORDS } from '../../report/labels.ts';
import { safeHttpUrl, shortCommit } from '../../report/links.ts';
import type { Report } from '../../report/model.ts';

/** What a finishing run did with one pending check run. */
export interface FinishedCheckRun {
  url: string;
  headSha: string;
  pullRequest: number | undefined;
  /** On a commit no longer a head (pushed again, closed, moved on). */
  formerHead: boolean;
  /**
   * `left`: still running, left in progress; `unanswered`: the service gave no status, left in
   * progress too; `refused`: finished, but GitHub would not complete the check run (or its pull
   * request could not be read: it stays in progress, for the next run); `overtaken`: another run
   * completed or changed it meanwhile, so it is left as it is; `elsewhere`: its audits are another
   * service's, left for that service's finishing run; else the verdict it was completed with.
   */
  outcome: Report['verdict'] | NotCompleted;
}

export interface FinishingRun {
  checkRuns: FinishedCheckRun[];
  /** Some pending check runs were left for a later run. */
  capped: boolean;
  /** Commits no longer a head looked at, of those found. */
  formerHeads: { looked: number; found: number };
  /** What could not be looked for, and why. */
  warnings: string[];
}

/** What the summary says of a check run the finishing run did not complete. */
const OUTCOME_WORDS = {
  left: 'Still running',
  unanswered: 'No status from the service (see the log); left in progress',
  refused: 'Not completed: GitHub refused it',
  elsewhere: 'Left for the finishing run of its own `base-url`',
  overtaken: 'Completed by another run',
} as const;
export type NotCompleted = keyof typeof OUTCOME_WORDS;

/** The job summary of a finishing run: each pending check run, and what became of it. */
export function renderFinishingSummary({
  checkRuns,
  capped,
  formerHeads,
  warnings,
}: FinishingRun): string {
  const completed = checkRuns.filter(isCompleted).length;
  const refused = checkRuns.filter((each) => each.outcome === 'refused').length;
  const former = checkRuns.filter((each) => each.formerHead).length;
  const lines = [
    '## Smart contract audit: pending check runs',
    '',
    `${completed} of ${checkRuns.length} check run(s) left pending were completed.` +
      (refused > 0 ? ` GitHub would not complete ${refused} (see the log).` : '') +
      (completed + refused < checkRuns.length
        ? ' The others are left in progress (see below).'
        : '') +
      (capped ? ' More were left for a later run.' : ''),
    '',
  ];
  if (former > 0)
    lines.push(
      `${former} check run(s) (marked "former head") were on commits no longer a head: a pull request ` +
        'pushed again, or the default branch moved on. No pull request comment is written for ' +
        'those, as a comment is about its head, and a `scope` of changed files or lines counts every ' +
        "finding there: the pull request's changed files are now its new head's.",
      '',
    );
  if (formerHeads.found > formerHeads.looked)
    lines.push(
      `${formerHeads.looked} of ${formerHeads.found} commits no longer a head were looked at, ` +
        'those seen longest ago; the others are for a later run.',
      '',
    );
  for (const warning of warnings) lines.push(`> ${escapeMarkdown(warning)}`, '');
  if (checkRuns.length > 0) {
    lines.push('| Check run | Commit | Pull request | Outcome |', '| --- | --- | --- | --- |');
    for (const each of checkRuns) {
      const outcome = isCompleted(each)
        ? VERDICT_WORDS[each.outcome]
        : OUTCOME_WORDS[each.outcome as NotCompleted];
      const url = safeHttpUrl(each.url);
      lines.push(
        `| ${url === undefined ? 'check run' : `[check run](${url})`} | ${shortCommit(each.headSha) ?? '—'}${each.formerHead ? ' (former head)' : ''} | ${each.pullRequest === undefined ? '—' : `#${each.pullRequest}`} | ${escapeMarkdown(outcome)} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

export function isCompleted(
  each: FinishedCheckRun,
): each is FinishedCheckRun & { outcome: Report['verdict'] } {
  return !Object.hasOwn(OUTCOME_WORDS, each.outcome);
}
