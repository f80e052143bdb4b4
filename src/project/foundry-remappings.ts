/**
 * The remappings of a Foundry project as Foundry 1.7 computes them. `forge remappings` prints
 * the project's own (remappings.txt, then foundry.toml's), then, with `auto_detect_remappings`,
 * those of every library with a foundry.toml of its own (computed the same way in that library,
 * nested libraries included) and those found by scanning each `libs` folder: a library's is left
 * out where one already there covers its name or lies under it, so the project's own always win,
 * and each context and name is kept once. `forge build` compiles with those, each added again
 * under the same rule, so one covered by a remapping listed before it is left out too.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, type Deadline } from '../deadline.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import { UnparsableConfig, unusableConfigWarning, type ConfigReader } from './config-file.ts';
import { readFoundryConfig, type FoundryConfig } from './foundry-config.ts';
import type { Remapping } from './remappings.ts';
import {
  listInOrder,
  MAX_SCANNED_FOLDERS,
  scanRemappings,
  type ScanBudget,
} from './remapping-scan.ts';
import { capped, MAX_REMAPPINGS, someNames } from './config-bounds.ts';
import { FOUNDRY_CONFIG, REMAPPINGS_FILE } from './search-files.ts';
import type { Vocabulary } from '../vocabulary.ts';

/** Libraries inside libraries followed: deeper ones are rare and each level reads every config. */
const MAX_NESTING = 6;
/** Library configs read for one project: a checkout could hold thousands, each read and scanned. */
export const MAX_LIBRARIES = 500;

export interface FoundryRemappingsOptions {
  /** Absolute, links resolved: nothing outside it is read. */
  workspace: string;
  reader: ConfigReader;
  /** FOUNDRY_PROFILE, else `default`: libraries without it use their default profile. */
  profile: string;
  deadline: Deadline | undefined;
  /** The door's, in whose words the warnings say what to do. */
  vocabulary: Vocabulary;
}

export interface FoundryRemappings {
  /** As `forge remappings` prints them: targets relative to the project's root, its own first. */
  printed: Remapping[];
  /**
   * Those `forge build` compiles with: the printed ones added again one by one, so each that one
   * before it covers (`oz/token/` after `oz/`, or `oz/` after `oz/token/`), or that names the
   * project's `src`, `test` or `script` folder, is left out.
   */
  remappings: Remapping[];
  /** How many of them are found in its libraries rather than set by the project. */
  found: number;
  /** Said once each: a remappings.txt that cannot be used, a bound reached. */
  warnings: string[];
}

/** A remapping, and whether it was found in the libraries rather than set by the project. */
interface FoundRemapping extends Remapping {
  found: boolean;
}

/** One project's computation: what each library gives is computed once, within bounds. */
interface Walk extends FoundryRemappingsOptions {
  warnings: string[];
  /** By a library's real path. */
  libraries: Map<string, Promise<FoundRemapping[]>>;
  /** Libraries left out past MAX_LIBRARIES. */
  skipped: Set<string>;
  /** Libraries not followed, nested deeper than MAX_NESTING. */
  deep: Set<string>;
  /** Libraries whose remappings were left out past MAX_REMAPPINGS names. */
  crowded: Set<string>;
  scan: ScanBudget;
}

/** `root` is the project's folder (absolute, links resolved) and `config` its foundry.toml. */
export async function foundryRemappings(
  root: string,
  config: FoundryConfig,
  options: FoundryRemappingsOptions,
): Promise<FoundryRemappings> {
  const walk: Walk = {
    ...options,
    warnings: [],
    libraries: new Map(),
    skipped: new Set(),
    deep: new Set(),
    crowded: new Set(),
    scan: { folders: 0, cut: [] },
  };
  const remappings = await remappingsOf(root, config, walk, new Set([root]), 0);
  const where = (folders: readonly string[]) =>
    someNames(folders.map((folder) => posixRelative(options.workspace, folder) || '.'));
  if (walk.skipped.size > 0) {
    walk.warnings.push(
      `More than ${MAX_LIBRARIES} libraries with a foundry.toml of their own: the remappings of ${walk.skipped.size} are not used (${where([...walk.skipped])}), so imports only they map may not resolve. Set them in remappings.txt.`,
    );
  }
  if (walk.deep.size > 0) {
    walk.warnings.push(
      `Libraries nested more than ${MAX_NESTING} deep are not followed: the remappings of ${walk.deep.size} are not used (${where([...walk.deep])}), so imports only they map may not resolve. Set them in remappings.txt.`,
    );
  }
  const crowded = [...walk.crowded].filter((folder) => folder !== root);
  if (crowded.length > 0) {
    walk.warnings.push(
      `The libraries hold more remappings than the ${MAX_REMAPPINGS} ${options.vocabulary.tool} reads of each: those past it are not used (from ${where(crowded)}), so imports only they map may not resolve. Set them in remappings.txt.`,
    );
  }
  if (walk.scan.cut.length > 0) {
    walk.warnings.push(
      `The dependency folders hold more than ${MAX_SCANNED_FOLDERS} folders: the libraries Foundry finds by itself were looked for in the first ones only (not in all of ${where(walk.scan.cut)}), so imports of the others may not resolve. Set remappings for them in remappings.txt.`,
    );
  }
  const built = asBuildTakesThem(remappings, config);
  // Said where it changes what is compiled: not for one named after a project folder that leads
  // to it (`src/=src/`), nor for a narrower one the broader already maps alike.
  const shownRoot = posixRelative(options.workspace, root) || '.';
  for (const { remapping, by } of built.left) {
    if (remapping.found) continue;
    if (by === undefined) {
      if (remapping.target === remapping.prefix) continue;
      walk.warnings.push(
        `${shownRoot}: forge build leaves out the remapping "${shownRemapping(remapping)}": it is named after the project's src, test or script folder, so those imports are resolved in that folder, as forge compiles them (give the remapping another name).`,
      );
      continue;
    }
    if (sameFiles(by, remapping)) continue;
    walk.warnings.push(
      `${shownRoot}: forge build leaves out the remapping "${shownRemapping(remapping)}": ` +
        `"${shownRemapping(by)}" before it covers the same imports, so they are resolved through that one, as forge compiles them (list a remapping only once per name, or give the narrower its own name).`,
    );
  }
  return {
    printed: remappings,
    remappings: built.kept,
    found: remappings.filter((each) => each.found).length,
    warnings: walk.warnings,
  };
}

/**
 * The remappings `forge build` uses (Foundry's BuildOpts), from those forge prints, and each left
 * out with the one before it that covers it (none: it names a project folder).
 */
function asBuildTakesThem(
  printed: readonly FoundRemapping[],
  config: FoundryConfig,
): { kept: FoundRemapping[]; left: { remapping: FoundRemapping; by?: Remapping }[] } {
  const folders = [config.src, config.test, config.script].map((folder) =>
    `${folder}/`.toLowerCase(),
  );
  const kept: FoundRemapping[] = [];
  const left: { remapping: FoundRemapping; by?: Remapping }[] = [];
  for (const remapping of printed) {
    if (remapping.prefix.endsWith('.sol') && !remapping.target.endsWith('.sol')) continue;
    const by = kept.find((existing) => covers(existing, remapping));
    if (by !== undefined || folders.includes(remapping.prefix.toLowerCase()))
      left.push({ remapping, by });
    else kept.push(remapping);
  }
  return { kept, left };
}

/** Whether `narrower`, left out, leads where `broader` already leads its imports. */
function sameFiles(broader: Remapping, narrower: Remapping): boolean {
  return (
    narrower.prefix.startsWith(broader.prefix) &&
    broader.target + narrower.prefix.slice(broader.prefix.length) === narrower.target
  );
}

function shownRemapping(remapping: Remapping): string {
  return `${remapping.context ? `${remapping.context}:` : ''}${remapping.prefix}=${remapping.target}`;
}

/** What forge computes at `root`, targets relative to it. */
async function remappingsOf(
  root: string,
  config: FoundryConfig,
  walk: Walk,
  ancestors: ReadonlySet<string>,
  nesting: number,
): Promise<FoundRemapping[]> {
  const own: Remapping[] = [];
  const file = path.join(root, REMAPPINGS_FILE);
  const shownFile = posixRelative(walk.workspace, file);
  const read = await walk.reader.remappings(file);
  // Those of a long file past the few the reader keeps are counted, not held.
  let unkept = 0;
  if (read.kind === 'remappings') {
    own.push(...read.remappings);
    unkept = read.listed - read.remappings.length;
  } else if (read.kind === 'unusable') {
    const instead =
      nesting === 0
        ? "the project's imports are resolved with its other remappings"
        : "the library's files are resolved with the project's remappings";
    walk.warnings.push(unusableConfigWarning(shownFile, read.reason, instead));
  }
  own.push(...config.remappings);
  // The project's own past the bound are named; a library's are counted with the others left out.
  const kept =
    nesting === 0
      ? capped(
          own,
          MAX_REMAPPINGS,
          `${posixRelative(walk.workspace, root) || '.'}: the remappings of foundry.toml and remappings.txt together`,
          shownRemapping,
          walk.warnings,
          walk.vocabulary,
          own.length + unkept,
        )
      : own.slice(0, MAX_REMAPPINGS);
  if (kept.length < own.length + unkept) walk.crowded.add(root);
  const all: FoundRemapping[] = kept.map((each) => ({ ...asForgeReadsIt(each), found: false }));
  if (!config.autoDetectRemappings) return unique(all);
  /** By context, then name: the closest target (fewest folders) of each. */
  const found = new Map<string, Map<string, string>>();
  let names = 0;
  const closest = (remapping: Remapping, target: string, from: string) => {
    let byName = found.get(remapping.context);
    if (byName === undefined) found.set(remapping.context, (byName = new Map()));
    const existing = byName.get(remapping.prefix);
    if (existing === undefined && names >= MAX_REMAPPINGS) {
      walk.crowded.add(from);
      return;
    }
    if (existing === undefined) names += 1;
    if (existing === undefined || depth(existing) > depth(target))
      byName.set(remapping.prefix, target);
  };
  const folders = await foldersInside(root, config.libs, walk, nesting);
  for (const folder of folders) {
    for (const library of await librariesWithConfig(folder, walk)) {
      if (ancestors.has(library)) continue;
      if (nesting >= MAX_NESTING) {
        walk.deep.add(library);
        continue;
      }
      const remappings = await libraryRemappings(
        library,
        walk,
        new Set([...ancestors, library]),
        nesting + 1,
      );
      for (const remapping of remappings)
        closest(remapping, path.resolve(library, remapping.target), library);
    }
  }
  for (const folder of folders) {
    checkDeadline(walk.deadline, 'looking for the libraries Foundry remaps automatically');
    for (const { name, path: target } of await scanRemappings(
      folder,
      walk.workspace,
      walk.scan,
      walk.deadline,
    )) {
      // As forge: a library folder named like a project folder is never a library.
      if (!['lib/', 'src/', 'contracts/'].includes(name))
        closest({ context: '', prefix: name, target: '' }, target, folder);
    }
  }
  for (const [context, byName] of [...found].sort(([a], [b]) => compare(a, b))) {
    for (const [name, folder] of [...byName].sort(([a], [b]) => compare(a, b))) {
      const target = withSlash(posixRelative(root, folder) || '.');
      const remapping = { context, prefix: name, target, found: true };
      if (!all.some((existing) => covers(existing, remapping))) all.push(remapping);
    }
  }
  return unique(all);
}

/** Each context and name once, the first given. */
function unique(remappings: readonly FoundRemapping[]): FoundRemapping[] {
  const keys = new Set<string>();
  return remappings.filter(
    (each) => !keys.has(each.context + each.prefix) && keys.add(each.context + each.prefix),
  );
}

/**
 * A library's remappings as forge takes them: those it computes at its own folder, and `<name>/`
 * for its `src`; computed once per library. A library whose foundry.toml cannot be read gives
 * none, as in forge.
 */
function libraryRemappings(
  library: string,
  walk: Walk,
  ancestors: ReadonlySet<string>,
  nesting: number,
): Promise<FoundRemapping[]> {
  let remappings = walk.libraries.get(library);
  if (remappings === undefined) {
    if (walk.libraries.size >= MAX_LIBRARIES) {
      walk.skipped.add(library);
      return Promise.resolve([]);
    }
    remappings = computeLibraryRemappings(library, walk, ancestors, nesting);
    walk.libraries.set(library, remappings);
  }
  return remappings;
}

async function computeLibraryRemappings(
  library: string,
  walk: Walk,
  ancestors: ReadonlySet<string>,
  nesting: number,
): Promise<FoundRemapping[]> {
  // Each library may read and parse two files of a MiB: the deadline is checked before each.
  checkDeadline(walk.deadline, 'looking for the libraries Foundry remaps automatically');
  const file = path.join(library, FOUNDRY_CONFIG);
  const read = await walk.reader.read(file);
  if (read.kind === 'unusable') {
    // Forge would read one that links outside the workspace: never substituted silently.
    walk.warnings.push(
      unusableConfigWarning(
        posixRelative(walk.workspace, file),
        read.reason,
        "the library's remappings are left out, so imports only they map may not resolve",
      ),
    );
  }
  if (read.kind !== 'text') return [];
  let config: FoundryConfig;
  try {
    config = await readFoundryConfig(read.text, walk.profile, FOUNDRY_CONFIG);
  } catch (error) {
    if (error instanceof UnparsableConfig) return [];
    throw error;
  }
  const remappings = await remappingsOf(library, config, walk, ancestors, nesting);
  // Forge means to add this only for a `src` its scan does not recognise, but compares the
  // folder's absolute path with `src`: it always adds it.
  remappings.push({
    context: '',
    prefix: `${path.basename(library)}/`,
    target: withSlash(config.src),
    found: true,
  });
  return remappings;
}

/**
 * The `libs` folders at `root` that are inside the workspace once links are resolved: only those
 * are listed. One that leads out (a `lib` link to elsewhere on the runner) is named; the project's
 * own `libs` outside it by name are named already, with the imports forge would read there.
 */
async function foldersInside(
  root: string,
  libs: readonly string[],
  walk: Walk,
  nesting: number,
): Promise<string[]> {
  const inside: string[] = [];
  const outside: string[] = [];
  for (const lib of libs) {
    const folder = path.resolve(root, lib);
    const real = await fs.realpath(folder).catch(() => undefined);
    if (real !== undefined && isInside(walk.workspace, real)) inside.push(folder);
    else if (real !== undefined && (nesting > 0 || isInside(walk.workspace, folder)))
      outside.push(`${lib} (to ${real})`);
  }
  if (outside.length > 0)
    walk.warnings.push(
      `${posixRelative(walk.workspace, path.join(root, FOUNDRY_CONFIG))}: libs ${someNames(outside)} lead${outside.length === 1 ? 's' : ''} outside the workspace, which ${walk.vocabulary.tool} never reads: ` +
        'the libraries forge would find there are not looked for, and imports forge would resolve there are not sent. ' +
        `Keep the libraries inside the repository (a git submodule, or an install ${walk.vocabulary.beforeAudit}).`,
    );
  return inside;
}

/**
 * The folder and the folders in it (not links to folders, as forge's walk does not follow them)
 * that hold a foundry.toml, by real path, inside the workspace. Each folder looked at counts
 * against the scans' bound: every library lists its own `libs`, which may all be one folder of
 * thousands.
 */
async function librariesWithConfig(folder: string, walk: Walk): Promise<string[]> {
  const budget = walk.scan;
  const entries = budget.folders < MAX_SCANNED_FOLDERS ? listInOrder(folder) : [];
  const candidates = [
    folder,
    ...entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(folder, entry.name)),
  ];
  const libraries: string[] = [];
  // In the order the folder lists them, as forge walks it: the first of two equally close
  // targets of one name wins.
  for (const candidate of candidates) {
    if (budget.folders >= MAX_SCANNED_FOLDERS) {
      if (!budget.cut.includes(folder)) budget.cut.push(folder);
      break;
    }
    budget.folders += 1;
    const real = await fs.realpath(candidate).catch(() => undefined);
    if (real === undefined || !isInside(walk.workspace, real)) continue;
    const config = await fs.lstat(path.join(real, FOUNDRY_CONFIG)).catch(() => undefined);
    if (config !== undefined && !libraries.includes(real)) libraries.push(real);
  }
  return libraries;
}

/**
 * Whether `existing` keeps `incoming` out (same context): its name starts the incoming one, as
 * a folder, or lies under it. A remapping of one `.sol` file is kept out only by the same one.
 */
function covers(existing: Remapping, incoming: Remapping): boolean {
  if (existing.context !== incoming.context) return false;
  if (incoming.prefix.endsWith('.sol'))
    return existing.prefix === incoming.prefix && existing.target === incoming.target;
  return (
    incoming.prefix.startsWith(withSlash(existing.prefix)) ||
    existing.prefix.startsWith(incoming.prefix)
  );
}

/** As foundry-compilers reads a remapping: a name and a path that are folders end in `/`. */
function asForgeReadsIt(remapping: Remapping): Remapping {
  return {
    context: remapping.context,
    prefix: withSlash(remapping.prefix),
    target: withSlash(remapping.target),
  };
}

function withSlash(name: string): string {
  return name.endsWith('/') || name.endsWith('.sol') ? name : `${name}/`;
}

function depth(target: string): number {
  return target.split(path.sep).filter((part) => part !== '').length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
