/**
 * Packages of an npm, yarn or pnpm workspace that hold contracts but no framework config (a
 * shared library of interfaces, say): projects of their own, so their contracts are audited, not
 * only sent as their importers' dependencies. Their sources are `contracts/` and `src/`, or the
 * whole package, wherever Solidity or Vyper files are.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside, posixRelative } from '../files/inside.ts';
import { emptyProject, type Project } from './detect.ts';
import { workspacePackages } from './workspaces.ts';

/** Entries looked at to tell whether a folder holds contracts: enough for a package's sources. */
const MAX_ENTRIES = 2000;
/** And over all packages: a checkout of thousands of packages must not take minutes. */
const MAX_ENTRIES_IN_ALL = 50_000;
/** Never where a package keeps contracts to audit. */
const NOT_SOURCES = new Set([
  'node_modules',
  'test',
  'tests',
  'mocks',
  'out',
  'cache',
  'artifacts',
]);
const CONTRACT = /(?<!\.t|\.s)\.(?:sol|vy)$/;

/**
 * The workspace's packages below `root` (absolute, links resolved) that are no project already
 * and hold none: each with contracts becomes one, named by its folder. Those left unexamined
 * once `entriesInAll` directory entries were looked at are named, by folder.
 */
export async function packageProjects(
  root: string,
  workspace: string,
  found: readonly Project[],
  entriesInAll = MAX_ENTRIES_IN_ALL,
): Promise<{ projects: Project[]; unexamined: string[] }> {
  const packages = [...(await workspacePackages(root, workspace))].sort(([, a], [, b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const projects: Project[] = [];
  const unexamined: string[] = [];
  const budget = { entries: entriesInAll };
  for (const [name, folder] of packages) {
    if (folder === root || !isInside(root, folder)) continue;
    const covered = found.some(
      (project) => isInside(project.root, folder) || isInside(folder, project.root),
    );
    if (covered) continue;
    if (budget.entries <= 0) {
      unexamined.push(posixRelative(root, folder));
      continue;
    }
    const sources = await contractFolders(folder, budget);
    if (sources.length === 0) continue;
    const project = emptyProject(folder, posixRelative(root, folder));
    project.frameworks = ['Workspace package'];
    project.sources = sources;
    project.libs = ['node_modules'];
    project.notes.push(
      `workspace package ${name} with no framework config: its contracts are in ${sources.map((s) => (s === '.' ? 'the package' : `${s}/`)).join(' and ')}`,
    );
    projects.push(project);
  }
  return { projects, unexamined };
}

/** `contracts` and `src` where they hold contracts, else `.` when the package does elsewhere. */
async function contractFolders(folder: string, budget: Budget): Promise<string[]> {
  const found: string[] = [];
  for (const candidate of ['contracts', 'src']) {
    if (await holdsContracts(path.join(folder, candidate), budget)) found.push(candidate);
  }
  if (found.length > 0) return found;
  return (await holdsContracts(folder, budget)) ? ['.'] : [];
}

/** Entries still to be looked at, over all packages. */
interface Budget {
  entries: number;
}

/** Whether a contract file lies under `dir`, within MAX_ENTRIES entries; links are not followed. */
async function holdsContracts(dir: string, budget: Budget): Promise<boolean> {
  const queue = [dir];
  let seen = 0;
  for (
    let next = queue.shift();
    next !== undefined && seen < MAX_ENTRIES && budget.entries > 0;
    next = queue.shift()
  ) {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(next, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen += 1;
      budget.entries -= 1;
      if (entry.isFile() && CONTRACT.test(entry.name)) return true;
      if (entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCES.has(entry.name))
        queue.push(path.join(next, entry.name));
    }
  }
  return false;
}
