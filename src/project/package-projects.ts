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
import { listWorkspacePackages } from './workspaces.ts';

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
const CONTRACT = /(?<!\.t|\.s)\.(?:sol|vyi?)$/;

export interface PackageProjects {
  projects: Project[];
  /** Packages not looked through to the end (folders relative to the root): too many entries. */
  unexamined: string[];
  /** True when the workspace lists more folders than are walked: some packages were not seen. */
  incomplete: boolean;
  /** Manifests that cannot be used, each named in one warning. */
  warnings: string[];
}

/**
 * The workspace's packages below `root` (absolute, links resolved) that no project holds: each
 * with contracts becomes one, named by its folder. A package holding a project is one too, for
 * its files outside it (each file belongs to the deepest project that holds it).
 */
export async function packageProjects(
  root: string,
  workspace: string,
  found: readonly Project[],
  entriesInAll = MAX_ENTRIES_IN_ALL,
): Promise<PackageProjects> {
  const listing = await listWorkspacePackages(root, workspace);
  const result: PackageProjects = {
    projects: [],
    unexamined: [],
    incomplete: listing.stopped,
    warnings: listing.warnings,
  };
  const budget = { entries: entriesInAll };
  for (const { name, folder } of listing.packages) {
    if (folder === root || !isInside(root, folder)) continue;
    if (found.some((project) => isInside(project.root, folder))) continue;
    const search = await contractFolders(folder, workspace, budget);
    if (search.cut && search.sources.length === 0) {
      result.unexamined.push(posixRelative(root, folder));
      continue;
    }
    if (search.sources.length === 0) continue;
    const project = emptyProject(folder, posixRelative(root, folder));
    project.frameworks = ['Workspace package'];
    project.sources = search.sources;
    project.libs = ['node_modules'];
    const where = search.sources.map((source) => (source === '.' ? 'the package' : `${source}/`));
    project.notes.push(
      `workspace package ${name ?? '(no name)'} with no framework config: its contracts are in ${where.join(' and ')}`,
    );
    result.projects.push(project);
  }
  return result;
}

/** `contracts` and `src` where they hold contracts, else `.` when the package does elsewhere. */
async function contractFolders(
  folder: string,
  workspace: string,
  budget: Budget,
): Promise<{ sources: string[]; cut: boolean }> {
  const sources: string[] = [];
  let cut = false;
  for (const candidate of ['contracts', 'src']) {
    // A folder linked from elsewhere is not read: nothing outside the workspace is.
    const real = await fs.realpath(path.join(folder, candidate)).catch(() => undefined);
    if (real === undefined || !isInside(workspace, real)) continue;
    const found = await holdsContracts(real, budget);
    if (found === 'yes') sources.push(candidate);
    cut ||= found === 'cut';
  }
  if (sources.length > 0 || cut) return { sources, cut };
  const found = await holdsContracts(folder, budget);
  return { sources: found === 'yes' ? ['.'] : [], cut: found === 'cut' };
}

/** Entries still to be looked at, over all packages. */
interface Budget {
  entries: number;
}

/**
 * Whether a contract file lies under `dir`, in a stable order, within MAX_ENTRIES entries and
 * the budget: `cut` when they ran out first. Links are not followed.
 */
async function holdsContracts(dir: string, budget: Budget): Promise<'yes' | 'no' | 'cut'> {
  const queue = [dir];
  let seen = 0;
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(next, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (seen >= MAX_ENTRIES || budget.entries <= 0) return 'cut';
      seen += 1;
      budget.entries -= 1;
      if (entry.isFile() && CONTRACT.test(entry.name)) return 'yes';
      if (entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCES.has(entry.name))
        queue.push(path.join(next, entry.name));
    }
  }
  return 'no';
}
