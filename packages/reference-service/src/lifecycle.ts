/**
 * How an audit moves from pending to in_progress to its outcome. Three things must all allow a
 * step, and each step happens at the moment the last of them does:
 *
 * - the work: it is pending until the queue picks it up, and finishes once analysed;
 * - the time since it was created: pending for the first half of `minDurationMs`, finished no
 *   sooner than `minDurationMs` (0: no minimum), so a demo or a test with a clock sees each state;
 * - the polls: the first GET sees pending, GETs up to the `pollsUntilDone`th see in_progress, the
 *   next one the outcome (0: no such gate), so tests get a given progression without waiting.
 *
 * Timestamps are clock readings in milliseconds.
 */

export interface Timing {
  pollsUntilDone: number;
  minDurationMs: number;
}

/** The moments an audit's progress depends on. */
export interface Progress {
  createdAt: number;
  /** Successful GETs of the audit so far. */
  polls: number;
  /** When the polls let it leave pending, and let it finish. */
  pollsStartedAt: number | undefined;
  pollsDoneAt: number | undefined;
  /** When the queue took it up, and when its outcome was known. */
  pickedUpAt: number | undefined;
  analysedAt: number | undefined;
}

export type Stage = 'pending' | 'in_progress' | 'finished';

export interface StageAt {
  stage: Stage;
  startedAt: number | undefined;
  finishedAt: number | undefined;
}

function pollStage(polls: number, pollsUntilDone: number): Stage {
  if (pollsUntilDone === 0 || polls > pollsUntilDone) return 'finished';
  return polls >= 2 ? 'in_progress' : 'pending';
}

/** Called when the audit is created and after each GET: notes when the polls let it move on. */
export function notePolls(progress: Progress, now: number, timing: Timing): void {
  const stage = pollStage(progress.polls, timing.pollsUntilDone);
  if (stage !== 'pending') progress.pollsStartedAt ??= now;
  if (stage === 'finished') progress.pollsDoneAt ??= now;
}

export function stageAt(progress: Progress, now: number, timing: Timing): StageAt {
  const { createdAt, pickedUpAt, analysedAt, pollsStartedAt, pollsDoneAt } = progress;
  const earliestStart = createdAt + timing.minDurationMs / 2;
  const earliestEnd = createdAt + timing.minDurationMs;
  const startedAt =
    pickedUpAt !== undefined && pollsStartedAt !== undefined && now >= earliestStart
      ? Math.max(pickedUpAt, pollsStartedAt, earliestStart)
      : undefined;
  const finishedAt =
    startedAt !== undefined &&
    analysedAt !== undefined &&
    pollsDoneAt !== undefined &&
    now >= earliestEnd
      ? Math.max(analysedAt, pollsDoneAt, earliestEnd)
      : undefined;
  const stage =
    finishedAt !== undefined ? 'finished' : startedAt !== undefined ? 'in_progress' : 'pending';
  return { stage, startedAt, finishedAt };
}
