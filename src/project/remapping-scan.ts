/**
 * Foundry's automatic remappings of one dependency folder, found as foundry-compilers'
 * `Remapping::find_many` finds them: each folder under it is a library named by its folder
 * (`forge-std/`), mapped to the folder its Solidity files are found in (`lib/forge-std/src/`); a
 * `lib` or `node_modules` folder inside opens a library of its own, nested ones included. Where
 * two libraries share a name, the shorter path wins, then one ending in `src`.
 */
import { opendirSync, type Dir, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, type Deadline } from '../deadline.ts';
import { isInside } from '../files/inside.ts';

/** Folders the scans of one project read: a checkout could hold millions, each a listing. */
export const MAX_SCANNED_FOLDERS = 20_000;

export interface ScannedRemapping {
  /** `forge-std/` */
  name: string;
  /** Absolute, ending in the separator: where the name leads. */
  path: string;
}

/** Shared by the scans of one project. */
export interface ScanBudget {
  /** Folders read so far. */
  folders: number;
  /** The dependency folders whose scan stopped at MAX_SCANNED_FOLDERS. */
  cut: string[];
}

const SOURCE_DIRS = ['src', 'contracts'];
const LIB_DIRS = ['lib', 'node_modules'];
/** Never searched: forge does not look for libraries in tests or demos. */
const NO_RECURSE = ['tests', 'test', 'demo'];

/** A library found: forge's names for its parts, so the port can be read beside the original. */
interface Candidate {
  /** The library's own folder: its name is the remapping's. */
  windowStart: string;
  /** Where the remapping leads. */
  sourceDir: string;
  /** How many `lib`/`node_modules` folders deep the library is. */
  windowLevel: number;
}

interface Scan {
  workspace: string;
  insideNodeModules: boolean;
  /** Real paths of the folder links followed, each once. */
  visitedLinks: Set<string>;
  budget: ScanBudget;
  cut: boolean;
  deadline: Deadline | undefined;
}

/** `dir` is absolute; nothing outside `workspace` is read (a link leading out is not followed). */
export async function scanRemappings(
  dir: string,
  workspace: string,
  budget: ScanBudget,
  deadline?: Deadline,
): Promise<ScannedRemapping[]> {
  const scan: Scan = {
    workspace,
    insideNodeModules: path.basename(dir) === 'node_modules',
    visitedLinks: new Set(),
    budget,
    cut: false,
    deadline,
  };
  const candidates: Candidate[] = [];
  // Past the bound, not even listed: each library's `libs` may be the same folder of thousands.
  const listed = budget.folders < MAX_SCANNED_FOLDERS ? await entries(dir, scan) : [];
  if (budget.folders >= MAX_SCANNED_FOLDERS) scan.cut = true;
  for (const { full } of listed.filter((entry) => entry.isDir)) {
    candidates.push(...(await candidatesIn(full, full, 0, scan)));
  }
  // As forge sorts them: the same answer whatever order the folder lists its entries in.
  candidates.sort((a, b) => compare(a.sourceDir, b.sourceDir));
  const chosen = new Map<string, string>();
  for (const candidate of candidates) {
    const name = `${path.basename(candidate.windowStart)}/`;
    const existing = chosen.get(name);
    if (
      existing === undefined ||
      depth(existing) > depth(candidate.sourceDir) ||
      (endsWith(candidate.sourceDir, 'src') && !endsWith(existing, 'src'))
    )
      chosen.set(name, candidate.sourceDir);
  }
  if (scan.cut && !budget.cut.includes(dir)) budget.cut.push(dir);
  return [...chosen]
    .sort(([a], [b]) => compare(a, b))
    .map(([name, sourceDir]) => ({ name, path: `${sourceDir}${path.sep}` }));
}

/** find_remapping_candidates: the libraries found at and below `current`, in the window `open`. */
async function candidatesIn(
  current: string,
  open: string,
  level: number,
  scan: Scan,
): Promise<Candidate[]> {
  checkDeadline(scan.deadline, 'looking for the libraries Foundry remaps automatically');
  if (scan.budget.folders >= MAX_SCANNED_FOLDERS) {
    scan.cut = true;
    return [];
  }
  scan.budget.folders += 1;
  let isCandidate = false;
  const search: string[] = [];
  for (const entry of await entries(current, scan)) {
    if (!isCandidate && !entry.isDir && entry.name.endsWith('.sol')) isCandidate = true;
    else if (entry.isDir) {
      if (entry.link !== undefined) {
        // A link to a folder already walked, or to one above the window (as forge judges it: a
        // shorter path), could walk forever.
        if (scan.visitedLinks.has(entry.link)) return [];
        scan.visitedLinks.add(entry.link);
        if (depth(open) > depth(entry.link)) return [];
      }
      if (!NO_RECURSE.includes(entry.name) && !entry.outside) search.push(entry.full);
    }
  }
  const candidates: Candidate[] = [];
  for (const sub of search) {
    candidates.push(
      ...(LIB_DIRS.includes(path.basename(sub))
        ? await candidatesIn(sub, sub, level + 1, scan)
        : await candidatesIn(sub, open, level, scan)),
    );
  }
  const windowStart = nextNestedWindow(open, current);
  const sameWindow = candidates.filter(
    (c) => c.windowLevel === level && c.windowStart === windowStart,
  );
  if (isCandidate || sameWindow.length > 1) {
    return mergeOnSameLevel(candidates, current, level, windowStart, scan.insideNodeModules);
  }
  const single = candidates.find((c) => c.windowLevel === level);
  if (single !== undefined) {
    const distance = dirDistance(single.windowStart, single.sourceDir);
    if (distance > 1 && endsWithJsSource(single.sourceDir)) single.sourceDir = windowStart;
    else if (!isSourceDir(single.sourceDir) && single.sourceDir !== single.windowStart)
      single.sourceDir = lastNestedSourceDir(open, single.sourceDir);
  }
  return candidates;
}

function mergeOnSameLevel(
  candidates: Candidate[],
  current: string,
  level: number,
  windowStart: string,
  insideNodeModules: boolean,
): Candidate[] {
  // A single `src` among them is the library's source folder.
  const sources = candidates.filter((c) => endsWith(c.sourceDir, 'src'));
  if (sources.length === 1 && sources[0] !== undefined) return [sources[0]];
  const kept = candidates.filter((c) => c.windowLevel !== level);
  const sourceDir = insideNodeModules ? windowStart : current;
  const base = path.basename(sourceDir);
  if (
    level > 0 &&
    sourceDir === windowStart &&
    (SOURCE_DIRS.includes(base) || LIB_DIRS.includes(base))
  )
    return kept;
  kept.push({ windowStart, sourceDir, windowLevel: level });
  return kept;
}

/** Inside a `lib` window, the library is the folder right below it. */
function nextNestedWindow(open: string, current: string): string {
  if (!LIB_DIRS.includes(path.basename(open)) || open === current) return open;
  const [first] = path.relative(open, current).split(path.sep);
  return first === undefined || first === '' ? open : path.join(open, first);
}

/** The nearest source folder holding `dir` (not one itself), below `open`; else `open`. */
function lastNestedSourceDir(open: string, dir: string): string {
  let child = dir;
  for (let parent = path.dirname(child); parent !== child; parent = path.dirname(child)) {
    if (parent === open) return open;
    if (isSourceDir(parent)) return parent;
    child = parent;
  }
  return open;
}

function isSourceDir(dir: string): boolean {
  return SOURCE_DIRS.includes(path.basename(dir));
}

function endsWithJsSource(dir: string): boolean {
  return (
    endsWith(dir, 'contracts') || (endsWith(dir, 'src') && endsWith(path.dirname(dir), 'contracts'))
  );
}

function dirDistance(root: string, current: string): number {
  if (root === current || !isInside(root, current)) return 0;
  return path.relative(root, current).split(path.sep).length;
}

function endsWith(dir: string, name: string): boolean {
  return path.basename(dir) === name;
}

function depth(dir: string): number {
  return dir.split(path.sep).filter((part) => part !== '').length;
}

interface Entry {
  name: string;
  full: string;
  isDir: boolean;
  /** A link's real path. */
  link: string | undefined;
  /** A link leading outside the workspace: weighed as forge weighs it, never walked. */
  outside: boolean;
}

/**
 * The folder's entries but hidden ones, with where each link leads; a link is followed only when
 * it stays inside the workspace.
 */
async function entries(dir: string, scan: Scan): Promise<Entry[]> {
  const listed = listInOrder(dir);
  const found: Entry[] = [];
  for (const entry of listed.filter((each) => !each.name.startsWith('.'))) {
    const full = path.join(dir, entry.name);
    if (!entry.isSymbolicLink()) {
      const isDir = entry.isDirectory();
      found.push({ name: entry.name, full, isDir, link: undefined, outside: false });
      continue;
    }
    const real = await fs.realpath(full).catch(() => undefined);
    if (real === undefined) continue; // leads nowhere: forge skips it too
    if (!isInside(scan.workspace, real)) {
      // Never looked at: by its name, a contract or a folder.
      const isDir = !entry.name.endsWith('.sol');
      found.push({ name: entry.name, full, isDir, link: real, outside: true });
      continue;
    }
    const stats = await fs.stat(real).catch(() => undefined);
    if (stats !== undefined) {
      const isDir = stats.isDirectory();
      found.push({ name: entry.name, full, isDir, link: real, outside: false });
    }
  }
  return found;
}

/**
 * The folder's entries in the order the file system gives them, as forge reads them (Node's
 * readdir sorts them): where forge's choice depends on that order, ours is the same. Read at
 * once: a folder's listing is short, and reading it entry by entry through promises costs
 * several times as much over the thousands of folders a dependency tree holds.
 */
export function listInOrder(dir: string): Dirent[] {
  const entries: Dirent[] = [];
  let handle: Dir | undefined;
  try {
    handle = opendirSync(dir);
    for (let entry = handle.readSync(); entry !== null; entry = handle.readSync())
      entries.push(entry);
  } catch {
    return []; // gone or unreadable: its imports say so if it matters
  } finally {
    handle?.closeSync();
  }
  return entries;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
