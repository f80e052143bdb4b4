/**
 * Nothing dropped without a word. Every contract file the default selection could audit (all of
 * them but those its rules leave out, which the log names with their reasons) is audited, sent
 * as a dependency, or named here: in no project's folder, or in a project's folder outside its
 * source folders. A git submodule where the selection looks that is not checked out is named too:
 * its files are not there to be found.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeadlineError, errorMessage } from '../errors.ts';
import type { Deadline } from '../deadline.ts';
import { discoverContracts } from '../files/discover.ts';
import { compileExcludes, DEFAULT_EXCLUDES, type ExcludePattern } from '../files/excludes.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import { compilePatterns, contractGlobs } from '../files/patterns.ts';
import { readConfig, unusableConfigWarning } from './config-file.ts';
import type { Project } from './detect.ts';
import { GIT_SUBMODULES } from './search-files.ts';
import type { Vocabulary } from '../vocabulary.ts';

export interface UnselectedSearch {
  workspace: string;
  workingDirectory: string;
  excludePatterns: string[];
  deadline?: Deadline;
  /** The door's words, in which a pattern that leads out of the folder is told. */
  vocabulary: Vocabulary;
}

/** The selection's own rules: what it audits and what it leaves out with a reason. */
export interface SelectionRules {
  patterns: string[];
  excludes: ExcludePattern[];
}

export interface Unselected {
  /** Relative to the working directory: in no project's folder. */
  outsideProjects: string[];
  /** Relative to the working directory, with the project's folder and its source folders. */
  outsideSources: { path: string; project: string; sources: string[] }[];
  /** Submodule folders relative to the working directory, where the selection looks, empty. */
  emptySubmodules: string[];
  /** The other empty submodules (dependencies in `lib/`): where unresolved imports may lead. */
  emptyDependencies: string[];
  /** Why the files could not all be looked at, when they could not. */
  problem?: string;
  /** `.gitmodules` there but not usable: the one warning that says so. */
  gitmodules?: string;
}

/**
 * `sent`: the absolute paths of every file of every upload (audited or dependency). `root` is
 * the working directory, links resolved.
 */
export async function unselectedContracts(
  search: UnselectedSearch,
  root: string,
  projects: readonly Project[],
  rules: SelectionRules,
  sent: ReadonlySet<string>,
): Promise<Unselected> {
  const empty = await emptySubmodules(search, root, rules);
  const result: Unselected = {
    outsideProjects: [],
    outsideSources: [],
    emptySubmodules: empty.audited,
    emptyDependencies: empty.other,
    gitmodules: empty.warning,
  };
  if (projects.length === 0) return result; // the selection is every contract already
  try {
    const { files } = await discoverContracts({
      workspace: search.workspace,
      root: search.workingDirectory,
      patterns: contractGlobs(),
      excludes: search.excludePatterns,
      // Dependencies, build output and what the conventions leave out are never candidates,
      // whatever `default-excludes` says of the source folders.
      useDefaultExcludes: true,
      vocabulary: search.vocabulary,
      // Outside every project, a plain folder's: `lib/` at the root holds dependencies.
      defaultExcludes: projects.some((project) => project.path === '')
        ? rules.excludes
        : [...DEFAULT_EXCLUDES, ...rules.excludes],
      deadline: search.deadline,
    });
    for (const file of files) {
      if (sent.has(file.absolutePath)) continue;
      const project = deepest(projects, file.absolutePath);
      if (project === undefined) result.outsideProjects.push(file.relativePath);
      else {
        result.outsideSources.push({
          path: file.relativePath,
          project: project.path,
          sources: project.sources,
        });
      }
    }
  } catch (error) {
    if (error instanceof DeadlineError) throw error;
    result.problem = errorMessage(error);
  }
  return result;
}

/** The deepest project whose root holds the file. */
function deepest(projects: readonly Project[], file: string): Project | undefined {
  return projects
    .filter((project) => isInside(project.root, file))
    .sort((a, b) => b.root.length - a.root.length)[0];
}

/**
 * The workspace's `.gitmodules` submodules below the working directory that are empty (not
 * checked out): those where the selection would look for contracts to audit, and the others.
 */
async function emptySubmodules(
  search: UnselectedSearch,
  root: string,
  rules: SelectionRules,
): Promise<{ audited: string[]; other: string[]; warning?: string }> {
  const empty = { audited: [] as string[], other: [] as string[] };
  const workspace = await fs.realpath(search.workspace).catch(() => search.workspace);
  const read = await readConfig(path.join(workspace, GIT_SUBMODULES), workspace);
  if (read.kind === 'unusable') {
    const instead = 'submodules that are not checked out are not looked for';
    return { ...empty, warning: unusableConfigWarning(GIT_SUBMODULES, read.reason, instead) };
  }
  if (read.kind === 'missing') return empty;
  const text = read.text;
  const patterns = compilePatterns(rules.patterns, search.workingDirectory, search.vocabulary);
  const excludes = compileExcludes([...rules.excludes, ...search.excludePatterns]);
  for (const declared of submodulePaths(text)) {
    const folder = path.resolve(workspace, declared);
    if (!isInside(root, folder) || folder === root) continue;
    const relative = posixRelative(root, folder);
    const entries = await fs.readdir(folder).catch(() => []);
    if (entries.length > 0) continue;
    if (excludes.prunes(relative) !== undefined || !patterns.mayMatchBelow(relative))
      empty.other.push(relative);
    else empty.audited.push(relative);
  }
  return { audited: empty.audited.sort(), other: empty.other.sort() };
}

/** `path = lib/x` lines of `.gitmodules`, as git writes them. */
function submodulePaths(text: string): string[] {
  const paths: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*path\s*=\s*(.+?)\s*$/.exec(line);
    const value = match?.[1]?.replace(/^"(.*)"$/, '$1');
    if (value && !path.isAbsolute(value)) paths.push(value);
  }
  return paths;
}
