/**
 * Choosing what to upload: the projects under the working directory, their production sources
 * (or the user's `contracts`), each file left out and why, the files those sources import (named
 * so that the upload compiles as it is), the upload limits, and `if-no-files-found`.
 */
import fs from 'node:fs/promises';
import { ConfigurationError } from '../errors.ts';
import { checkDeadline, type Deadline } from '../deadline.ts';
import { discoverContracts, type ContractFile } from '../files/discover.ts';
import { DEFAULT_EXCLUDES, type ExcludePattern } from '../files/excludes.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import { checkUploadLimits, type UploadLimits } from '../files/limits.ts';
import type { Logger } from '../log.ts';
import { importClosure, type Closure } from './closure.ts';
import { packageProjects } from './package-projects.ts';
import { detectProjects, emptyProject, type Project } from './detect.ts';
import { createImportResolver, type SourceNode } from './resolve.ts';
import {
  logClosureProblems,
  logDependencies,
  logDiscovery,
  logUnselected,
  logProjects,
  noFiles,
  shortList,
  shownFolder,
  type SearchSettings,
} from './search-log.ts';
import { unselectedContracts, type SelectionRules } from './unselected.ts';
import { productionSources } from './selection.ts';
import { teamCode } from './team-code.ts';
import type { ProjectSummary } from './project-summary.ts';

export interface ContractSearch extends SearchSettings {
  workspace: string;
  workingDirectory: string;
  excludePatterns: string[];
  useDefaultExcludes: boolean;
  limits: UploadLimits;
  /** FOUNDRY_PROFILE, else `default`. */
  foundryProfile: string;
  /** `project-name`: each upload's name starts with it. */
  projectName: string;
  /** The run's: the search stops there with a DeadlineError, which ends the run as `timeout`. */
  deadline?: Deadline;
}

/** A file to upload: `relativePath` is the name it is sent under. */
export interface UploadFile extends ContractFile {
  /** POSIX, relative to the workspace: where reports point. */
  repositoryPath: string;
  /** Sent only because an audited file imports it: its findings never count. */
  dependency: boolean;
}

/** The files of one audit. */
export interface ProjectUpload {
  /** `project-name`, and with several projects `/` and the project's folder. */
  name: string;
  /** The project's folder relative to the workspace, `.` for the workspace itself. */
  path: string;
  files: UploadFile[];
}

/**
 * Projects one run audits at most, one audit each (and an upload bundle carries at most): past
 * that, a job per project is the way.
 */
export const MAX_PROJECTS = 50;

/** The projects under `working-directory`, each logged with the folders chosen and why. */
export async function findProjects(search: ContractSearch, log: Logger): Promise<Project[]> {
  const workspace = await fs.realpath(search.workspace);
  const root = await realDirectory(search.workingDirectory);
  if (root === undefined) return [];
  const detection = await detectProjects({
    workspace,
    root,
    foundryProfile: search.foundryProfile,
    deadline: search.deadline,
    vocabulary: search.vocabulary,
  });
  for (const warning of detection.warnings) log.warning(warning);
  // Only beside framework projects: alone, a folder of contracts is searched as it always was.
  const packages =
    detection.projects.length > 0
      ? await packageProjects(root, workspace, detection.projects)
      : { projects: [], unexamined: [], incomplete: false, warnings: [] };
  checkDeadline(search.deadline, 'looking through workspace packages');
  for (const warning of packages.warnings) log.warning(warning);
  if (packages.unexamined.length > 0 || packages.incomplete) {
    const named = packages.unexamined.map(
      (folder) => `  - ${shownFolder(search.pathPrefix, folder)}`,
    );
    log.warning(
      `Some workspace packages were not looked through for contracts, so none of theirs is audited unless imported` +
        (packages.incomplete ? ' (the workspace has more folders than are walked)' : '') +
        (named.length > 0 ? `:\n${shortList(named)}` : '.') +
        `\nSet ${search.vocabulary.option('working-directory')} to the folder of the packages to audit.`,
    );
  }
  const projects = [...detection.projects, ...packages.projects].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  logProjects(projects, search, log);
  return projects;
}

/**
 * The projects a matrix of jobs should list: those no other project holds. A run at a project's
 * folder audits the projects nested in it too (each file once, by the deepest project holding
 * it), so a job of their own would audit their files a second time.
 */
export function outermostProjects(projects: readonly Project[]): Project[] {
  return projects.filter(
    (project) => !projects.some((other) => other !== project && isInside(other.root, project.root)),
  );
}

/**
 * The projects as a matrix takes them. A folder with no project config is one project of its
 * own, so a matrix built from the output always has a job.
 */
export function projectSummaries(
  projects: readonly Project[],
  search: Pick<ContractSearch, 'pathPrefix'>,
  projectName: string,
): ProjectSummary[] {
  const found = projects.length > 0 ? projects : [{ path: '', frameworks: [] }];
  return found.map((project) => {
    const path = shownFolder(search.pathPrefix, project.path);
    return {
      name: unitName(projectName, project.path),
      path,
      frameworks: [...project.frameworks],
    };
  });
}

/**
 * What to upload, one upload per audit: with one project (or none), everything under the
 * working directory; with several, each project's files, named from its own root so that its
 * compiler's names (`src/L1/X.sol`) resolve, plus its own import closure. `projects` are
 * findProjects' answer, or found here when not given.
 */
export async function findUploads(
  search: ContractSearch,
  log: Logger,
  found?: readonly Project[],
): Promise<ProjectUpload[]> {
  const projects = found ?? (await findProjects(search, log));
  const workspace = await fs.realpath(search.workspace);
  const root = (await realDirectory(search.workingDirectory)) ?? search.workingDirectory;

  const rules = selectionRules(projects, search);
  const discovery = await discoverContracts({
    workspace: search.workspace,
    root: search.workingDirectory,
    patterns: rules.patterns,
    excludes: search.excludePatterns,
    useDefaultExcludes: search.useDefaultExcludes,
    defaultExcludes: rules.excludes,
    deadline: search.deadline,
    vocabulary: search.vocabulary,
  });
  logDiscovery(discovery, search, log);
  // With the user's `contracts`, what they leave out is their choice: only submodules are named.
  const accountFor = async (sent: ReadonlySet<string>) => {
    const scope = search.defaultContractPatterns ? projects : [];
    const unselected = await unselectedContracts(search, root, scope, rules, sent);
    logUnselected(unselected, search, log);
    checkDeadline(search.deadline, 'looking for contracts outside the source folders');
    return unselected;
  };
  if (discovery.files.length === 0) {
    await accountFor(new Set());
    noFiles(discovery, projects, search, log);
    return [];
  }

  const groups = uploadGroups(projects, discovery.files, root, search, log);
  if (groups.length > MAX_PROJECTS) {
    throw new ConfigurationError(
      `${groups.length} projects under ${search.pathPrefix || './'} have contracts to audit; one run audits at most ${MAX_PROJECTS}. ` +
        `Set ${search.vocabulary.option('working-directory')} to a folder with fewer, or ${search.vocabulary.splitProjects}.`,
    );
  }
  const uploads: ProjectUpload[] = [];
  const closures: Closure[] = [];
  const ours = teamCode({
    root,
    patterns: search.defaultContractPatterns ? undefined : search.contractPatterns,
    excludes: search.excludePatterns,
    projects,
    vocabulary: search.vocabulary,
  });
  const audited = new Set(discovery.files.map((file) => file.absolutePath));
  for (const group of groups) {
    // Before anything is read for imports: the files to audit alone may already be too many.
    checkUploadLimits(group.files, search.limits, search.vocabulary);
    const selected = group.files.map((file): SourceNode => {
      const name = group.namesFrom
        ? relativeName(group.namesFrom.root, file.absolutePath, file.relativePath)
        : file.relativePath;
      const project = owner(projects, file.absolutePath) ?? group.namesFrom;
      return {
        name,
        unitName: project ? relativeName(project.root, file.absolutePath, name) : name,
        absolutePath: file.absolutePath,
        size: file.size,
      };
    });
    const closure = await importsOfAudited(selected, projects, root, workspace, search);
    if (closure.stopped && search.dependencies === 'include') {
      const words = search.vocabulary;
      throw new ConfigurationError(
        `The ${selected.length} files to audit${group.several ? ` in ${group.path}` : ''} import so many others that the upload would hold more than ${search.limits.maxFiles} files (${words.optionNamed('max-files')}). ` +
          `Raise ${words.option('max-files')}, narrow ${words.option('contracts')} or ${words.option('exclude')}, or set ${words.setting('dependencies', 'exclude')} to send only the files to audit.`,
      );
    }
    // An imported file of a project's sources that no upload audits is audited where production
    // code imports it, not a dependency, and sent even with `dependencies: exclude`.
    const imported = new Set(
      closure.dependencies.filter(
        (node) => !audited.has(node.absolutePath) && ours(node.absolutePath),
      ),
    );
    const dependencies = closure.dependencies.filter((node) => !imported.has(node));
    const files: UploadFile[] = [
      ...selected.map((node, index) => ({
        absolutePath: node.absolutePath,
        relativePath: node.name,
        size: node.size,
        repositoryPath: `${search.pathPrefix}${group.files[index]?.relativePath ?? node.name}`,
        dependency: false,
      })),
      ...[...imported, ...(search.dependencies === 'include' ? dependencies : [])].map((node) => ({
        absolutePath: node.absolutePath,
        relativePath: node.name,
        size: node.size,
        repositoryPath: posixRelative(workspace, node.absolutePath),
        dependency: !imported.has(node),
      })),
    ];
    logDependencies(files, selected.length, group.several ? group.name : undefined, log);
    checkUploadLimits(files, search.limits, search.vocabulary);
    uploads.push({ name: group.name, path: group.path, files });
    closures.push({ ...closure, dependencies });
  }
  const { emptyDependencies } = await accountFor(
    new Set(uploads.flatMap((upload) => upload.files.map((file) => file.absolutePath))),
  );
  logClosureProblems(closures, search, workspace, projects, log, emptyDependencies);
  return uploads;
}

interface UploadGroup {
  name: string;
  /** Relative to the workspace, `.` for the workspace itself. */
  path: string;
  /** The project whose root the names start at; none: from the working directory. */
  namesFrom: Project | undefined;
  files: ContractFile[];
  /** One of several uploads of this run. */
  several: boolean;
}

/**
 * The files to audit by upload: one group for one project (or none), else one per project that
 * has files, by the deepest project holding each; a file of no project (a `contracts` pattern
 * outside them) goes with the working directory's own group.
 */
function uploadGroups(
  projects: readonly Project[],
  files: readonly ContractFile[],
  root: string,
  search: ContractSearch,
  log: Logger,
): UploadGroup[] {
  const [only] = projects;
  if (projects.length <= 1) {
    return [
      {
        name: search.projectName,
        path: shownFolder(search.pathPrefix, only?.path ?? ''),
        namesFrom: only,
        files: [...files],
        several: false,
      },
    ];
  }
  const rest: Project = emptyProject(root, '');
  const byProject = new Map<Project, ContractFile[]>([...projects, rest].map((p) => [p, []]));
  for (const file of files) byProject.get(owner(projects, file.absolutePath) ?? rest)?.push(file);
  const groups = [...byProject].filter(([, grouped]) => grouped.length > 0);
  for (const [project, grouped] of byProject) {
    if (grouped.length === 0 && project !== rest) {
      log.info(
        `${shownFolder(search.pathPrefix, project.path)}: no contract files to audit, so no audit for this project.`,
      );
    }
  }
  return groups.map(([project, grouped]) => ({
    name: unitName(search.projectName, project.path),
    path: shownFolder(search.pathPrefix, project.path),
    namesFrom: project === rest ? undefined : project,
    files: grouped,
    several: groups.length > 1,
  }));
}

/** `project-name` for the working directory's own project, `project-name/<folder>` below it. */
function unitName(projectName: string, projectPath: string): string {
  return projectPath === '' ? projectName : `${projectName}/${projectPath}`;
}

/**
 * With projects, their production sources (or the user's `contracts`) and their rules; without
 * any, today's patterns and built-in excludes, so a plain folder of contracts works as before.
 */
function selectionRules(projects: readonly Project[], search: ContractSearch): SelectionRules {
  if (projects.length === 0) {
    return {
      patterns: search.contractPatterns,
      excludes: [...DEFAULT_EXCLUDES],
    };
  }
  const selections = projects.map(productionSources);
  const excludes = new Map<string, ExcludePattern>();
  for (const rule of selections.flatMap((selection) => selection.excludes))
    excludes.set(rule.pattern, rule);
  return {
    patterns: search.defaultContractPatterns
      ? selections.flatMap((selection) => selection.patterns)
      : search.contractPatterns,
    excludes: [...excludes.values()],
  };
}

async function importsOfAudited(
  audited: readonly SourceNode[],
  projects: readonly Project[],
  root: string,
  workspace: string,
  { limits, deadline, vocabulary }: Pick<ContractSearch, 'limits' | 'deadline' | 'vocabulary'>,
): Promise<Closure> {
  // A file outside every project resolves as a plain folder would: relative paths and node_modules.
  const plain: Project = { ...emptyProject(root, ''), libs: ['node_modules'] };
  const resolvers = new Map(
    [plain, ...projects].map((project) => [
      project,
      createImportResolver(project, workspace, vocabulary, deadline),
    ]),
  );
  return importClosure(
    audited,
    (importPath, importer) => {
      const project = owner(projects, importer.absolutePath) ?? plain;
      const resolve = resolvers.get(project);
      return resolve ? resolve(importPath, importer) : Promise.resolve({ problem: 'no project' });
    },
    limits,
  );
}

/** The deepest project whose root holds the file. */
function owner(projects: readonly Project[], file: string): Project | undefined {
  return projects
    .filter((project) => isInside(project.root, file))
    .sort((a, b) => b.root.length - a.root.length)[0];
}

/** The file's path from `root`, through the links the search followed; `fallback` outside it. */
function relativeName(root: string, absolutePath: string, fallback: string): string {
  return isInside(root, absolutePath) ? posixRelative(root, absolutePath) : fallback;
}

async function realDirectory(directory: string): Promise<string | undefined> {
  // discoverContracts says what is wrong with a working directory that is not one.
  return fs.realpath(directory).catch(() => undefined);
}
