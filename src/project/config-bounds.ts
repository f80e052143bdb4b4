/**
 * What a project's config may ask of the search. A config is the checkout's, so a hostile one
 * could name thousands of folders or remappings, each multiplying the lookups of every import;
 * past these bounds the rest is left out, and a short warning says what.
 */
import { firstFew, oneLine, truncateText } from '../text.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** Folders one setting may name (`libs`, `paths.sources`, Brownie's and Ape's folders). */
export const MAX_CONFIG_FOLDERS = 100;
/** Remappings of one project, from foundry.toml, remappings.txt and its libraries' together. */
export const MAX_REMAPPINGS = 2_000;
/** Places one import is looked for before it is said to be missing. */
export const MAX_IMPORT_CANDIDATES = 500;

/** Names shown of those cut, and how many characters of each. */
export const NAMES_SHOWN = 3;
const NAME_LENGTH = 60;

/** A few of `names`, each short and on one line, then how many more: for a warning. */
export function someNames(names: readonly string[]): string {
  const quoted = names.map((name) => `"${truncateText(oneLine(name), NAME_LENGTH)}"`);
  return firstFew(quoted, NAMES_SHOWN).join(', ');
}

/**
 * The first `max` of `values`; when there are more, a warning naming `what`, how many were left
 * out and the first few of them. `listed` counts those `values` stands for, when it holds only
 * the first of them (past `max`, a few to name).
 */
export function capped<T>(
  values: readonly T[],
  max: number,
  what: string,
  name: (value: T) => string,
  warnings: string[],
  /** The door's, whose name for the tool the warning uses. */
  words: Pick<Vocabulary, 'tool'>,
  listed = values.length,
): T[] {
  if (listed <= max) return [...values];
  const shown = someNames(values.slice(max, max + NAMES_SHOWN).map(name));
  const more = listed - max - Math.min(NAMES_SHOWN, values.length - max);
  warnings.push(
    `${what} lists ${listed} entries, more than the ${max} ${words.tool} reads: the first ${max} are used, ` +
      `the other ${listed - max} are not (${shown}${more > 0 ? `, … and ${more} more` : ''}).`,
  );
  return values.slice(0, max);
}
