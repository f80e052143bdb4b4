/**
 * The search of a checkout stops at the run's deadline with a DeadlineError naming the step it
 * cut short; below the engine no door's words are known, so the engine's entry points to the
 * search tell it in the door's.
 */
import { DeadlineError } from '../errors.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** Runs `search`; a deadline it met is said in the door's words: what to raise, what to narrow. */
export async function discovering<T>(vocabulary: Vocabulary, search: () => Promise<T>): Promise<T> {
  try {
    return await search();
  } catch (error) {
    if (!(error instanceof DeadlineError) || error.doing === undefined) throw error;
    const limit = vocabulary.option('timeout-minutes');
    const narrowing = (['working-directory', 'contracts', 'exclude'] as const)
      .map((name) => vocabulary.option(name))
      .join(', ');
    throw new DeadlineError(
      `The time limit (${limit}) ran out during discovery, while ${error.doing}: nothing was uploaded. ` +
        `Raise ${limit}, or narrow the search (${narrowing}, or the project config).`,
    );
  }
}
