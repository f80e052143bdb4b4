/**
 * The run's deadline, checked while the checkout is searched: a hostile checkout can make
 * discovery and import resolution take longer than the time limit, and the run must still end
 * with a verdict in time.
 */
import { DeadlineError } from '../errors.ts';

export interface Deadline {
  /** When the run stops, on `now`'s clock. */
  at: number;
  now: () => number;
}

/**
 * Throws DeadlineError once the deadline has passed; `doing` names the step that was cut short.
 * The deadline holds no door's words, so the advice names what to change, not how.
 */
export function checkDeadline(deadline: Deadline | undefined, doing: string): void {
  if (deadline === undefined || deadline.now() < deadline.at) return;
  throw new DeadlineError(
    `The time limit ran out during discovery, while ${doing}: nothing was uploaded. ` +
      'Raise the time limit, or narrow the search (the working directory, the contract patterns, the excludes, or the project config).',
  );
}
