/**
 * The run's deadline: made once by each door from its time limit and passed down to every wait,
 * request and search. It carries its clock, so a test can run it on a fake one.
 */
import { DeadlineError } from './errors.ts';

export interface Deadline {
  /** When the run stops, on `now`'s clock. */
  at: number;
  now: () => number;
}

/** The time left before the deadline; zero or less once it has passed. */
export function msLeft(deadline: Deadline): number {
  return deadline.at - deadline.now();
}

/**
 * While the checkout is searched: a hostile checkout can make discovery and import resolution
 * take longer than the time limit, and the run must still end with a verdict in time. Throws a
 * DeadlineError once the deadline has passed; `doing` names the step that was cut short, which
 * the engine's entry points to the search word in the door's words (engine/discovery-deadline.ts).
 * Without a door, the advice names what to change, not how.
 */
export function checkDeadline(deadline: Deadline | undefined, doing: string): void {
  if (deadline === undefined || msLeft(deadline) > 0) return;
  throw new DeadlineError(
    `The time limit ran out during discovery, while ${doing}: nothing was uploaded. ` +
      'Raise the time limit, or narrow the search (the working directory, the contract patterns, the excludes, or the project config).',
    doing,
  );
}
