/**
 * Solidity import remappings, `[context:]prefix=target`, applied as solc applies them: among the
 * remappings whose context starts the importing unit's name and whose prefix starts the import
 * path, the longest context wins, then the longest prefix, then the one given last.
 */

export interface Remapping {
  /** '' applies to every importing file. */
  context: string;
  prefix: string;
  target: string;
}

/** One remapping, or undefined when the text is not one (no `=`, or nothing before it). */
export function parseRemapping(text: string): Remapping | undefined {
  const line = text.trim();
  const equals = line.indexOf('=');
  if (equals <= 0) return undefined;
  const left = line.slice(0, equals);
  const colon = left.indexOf(':');
  const context = colon === -1 ? '' : left.slice(0, colon);
  const prefix = colon === -1 ? left : left.slice(colon + 1);
  if (prefix === '') return undefined;
  let target = withoutDotSlash(line.slice(equals + 1));
  // As Foundry reads it: `@oz/=lib/oz/contracts` means `lib/oz/contracts/`, not `lib/oz/contractsX`.
  if (prefix.endsWith('/') && target !== '' && !target.endsWith('/')) target += '/';
  return { context: withoutDotSlash(context), prefix, target };
}

/**
 * `remappings.txt`: one remapping per line; blank lines and `#` comments are skipped. The first
 * `keep` are parsed, and `listed` counts them all: a checkout's file may hold 100,000.
 */
export function parseRemappingsFile(
  text: string,
  keep = Infinity,
): { remappings: Remapping[]; listed: number } {
  const remappings: Remapping[] = [];
  let listed = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (remappings.length < keep) {
      const remapping = parseRemapping(line);
      if (remapping !== undefined) remappings.push(remapping);
      listed = remappings.length;
    } else if (isRemapping(line.trim())) listed += 1;
  }
  return { remappings, listed };
}

/** Whether parseRemapping reads the (trimmed) line as one: a name before its `=`. */
function isRemapping(line: string): boolean {
  const equals = line.indexOf('=');
  return equals > 0 && line.indexOf(':') !== equals - 1;
}

/** The remapping that applies to the import, or undefined when none does. */
export function winningRemapping(
  remappings: readonly Remapping[],
  importPath: string,
  importerName: string,
): Remapping | undefined {
  let best: Remapping | undefined;
  for (const remapping of remappings) {
    if (!importerName.startsWith(remapping.context) || !importPath.startsWith(remapping.prefix))
      continue;
    const better =
      best === undefined ||
      remapping.context.length > best.context.length ||
      (remapping.context.length === best.context.length &&
        remapping.prefix.length >= best.prefix.length);
    if (better) best = remapping;
  }
  return best;
}

/** Foundry writes targets relative to the project root, with or without `./`. */
function withoutDotSlash(path: string): string {
  return path.replace(/^(\.\/)+/, '');
}
