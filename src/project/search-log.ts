/**
 * What the contract search says in the log: the projects and the folders chosen, the files to
 * audit and those left out with their reasons, the files production code pulled in, the
 * dependencies, and every import that could not be followed.
 */
import { ConfigurationError } from '../errors.ts';
import type { DiscoveryResult } from '../files/discover.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import type { Logger } from '../log.ts';
import { firstFew } from '../text.ts';
import { sentenceStart, type Vocabulary } from '../vocabulary.ts';
import type { Closure } from './closure.ts';
import type { Project } from './detect.ts';
import type { Unselected } from './unselected.ts';
import { isVyperSource } from './vyper-resolve.ts';

/** What the log needs of the search's settings. */
export interface SearchSettings {
  /** `working-directory` relative to the workspace, '' or ending in '/'. */
  pathPrefix: string;
  contractPatterns: string[];
  /** True when `contracts` was not given. */
  defaultContractPatterns: boolean;
  ifNoFilesFound: 'error' | 'warn' | 'ignore';
  /** `include`: also upload what the audited files import. */
  dependencies: 'include' | 'exclude';
  /** The door's words, in which the log names settings and gives advice. */
  vocabulary: Vocabulary;
}

/** A file of an upload, as the log names it. */
interface LoggedFile {
  relativePath: string;
  repositoryPath: string;
  dependency: boolean;
}

/** What to do about a Vyper module that was not found. */
const vyperFix = (words: Vocabulary) =>
  "A Vyper import names a module by its path from the project root or the compiled file's folder (`from src.interfaces import i_vault`), or from the importing file with leading dots (`from .interfaces import i_vault`). " +
  `A module of a Python package (\`from snekmate.tokens import erc20\`) is found once installed inside the workspace ${words.beforeAudit}: ` +
  'in a virtual environment there (`uv sync`, or `python -m venv .venv` and `.venv/bin/pip install snekmate`), or with `mox install` into lib/; ' +
  `for one in a git submodule, ${words.fetchSubmodules}.`;

/** Lines of a long list shown in a warning; the rest are counted. */
const SHOWN = 20;
/** A project's folders named on its line; the rest are counted. */
const FOLDERS_SHOWN = 8;

export function logProjects(
  projects: readonly Project[],
  search: SearchSettings,
  log: Logger,
): void {
  if (projects.length === 0) {
    log.info(
      `No Foundry, Hardhat, Truffle, Brownie or Ape project found: searching by ${search.vocabulary.option('contracts')} and the built-in excludes.`,
    );
    return;
  }
  const lines = projects.flatMap((project) => {
    const where = shownFolder(search.pathPrefix, project.path);
    const folders = (list: readonly string[]) =>
      firstFew(
        list.map((folder) => `${folder}/`),
        FOLDERS_SHOWN,
      ).join(' and ');
    const leftOut = [
      project.tests.length > 0 ? `${folders(project.tests)} (tests)` : undefined,
      project.scripts.length > 0 ? `${folders(project.scripts)} (scripts)` : undefined,
      `${folders(project.libs)} (dependencies)`,
    ].filter((part) => part !== undefined);
    return [
      `${where}: ${project.frameworks.join(' + ')} project`,
      ...project.notes.map((note) => `  ${note}`),
      search.defaultContractPatterns
        ? `  audits ${folders(project.sources)}; leaves out ${leftOut.join(', ')}, and mocks and harnesses by convention`
        : `  audits what ${search.vocabulary.option('contracts')} selects`,
    ];
  });
  log.group(`Projects (${projects.length})`, lines);
  const nested = projects.flatMap((project) => {
    const outer = projects
      .filter((other) => other !== project && isInside(other.root, project.root))
      .sort((a, b) => b.root.length - a.root.length)[0];
    return outer === undefined
      ? []
      : [
          `${shownFolder(search.pathPrefix, project.path)} lies inside the project at ${shownFolder(search.pathPrefix, outer.path)}`,
        ];
  });
  if (nested.length > 0) {
    log.info(
      `${nested.join('; ')}: each file is audited once, in the deepest project holding it, and a run at the outer project's folder audits the nested one too, so ${search.vocabulary.projectList} lists only the outermost projects.`,
    );
  }
  if (projects.length > 1) {
    log.info(
      `${projects.length} projects: each is audited on its own, its files named from its own folder as its compiler names them.`,
    );
  }
}

export function logDiscovery(
  discovery: DiscoveryResult,
  search: SearchSettings,
  log: Logger,
): void {
  for (const link of discovery.skippedLinks) {
    const why =
      link.reason === 'broken' ? 'its target does not exist' : 'it points outside the workspace';
    log.warning(
      `Skipped the symbolic link ${search.pathPrefix}${link.path} (to ${link.target}): ${why}. It was not read.`,
    );
  }
  // File and directory names come from the checkout: the logger keeps them from running commands.
  log.group(
    `Contract files to audit (${discovery.files.length})`,
    discovery.files.map((file) => `${search.pathPrefix}${file.relativePath} (${file.size} bytes)`),
  );
  if (discovery.excluded.length > 0) {
    log.group(`Not audited (${discovery.excluded.length})`, [
      ...discovery.excluded.map((entry) => `${search.pathPrefix}${entry.path}: ${entry.reason}`),
      `To audit one of them, add \`!<path>\` to ${search.vocabulary.option('exclude')} (e.g. \`!mocks/\`), or set ${search.vocabulary.option('default-excludes')} to false.`,
    ]);
  }
  // The defaults look for Solidity and Vyper: a project of one language is not a mistake.
  const misspelled = !search.defaultContractPatterns && discovery.unmatchedPatterns.length > 0;
  if (misspelled && discovery.files.length > 0) {
    const message = `No file matched these ${search.vocabulary.option('contracts')} patterns: ${discovery.unmatchedPatterns.join(', ')}`;
    if (search.ifNoFilesFound === 'ignore') log.info(message);
    else log.warning(message);
  }
}

/**
 * The contracts the selection could audit that no upload holds, and the submodules not checked
 * out where it looks: each named, never dropped unsaid.
 */
export function logUnselected(unselected: Unselected, search: SearchSettings, log: Logger): void {
  if (unselected.problem !== undefined) {
    log.warning(
      `Could not look for contracts outside the projects' source folders, which are not audited: ${unselected.problem}`,
    );
  }
  if (unselected.gitmodules !== undefined) log.warning(unselected.gitmodules);
  if (unselected.emptySubmodules.length > 0) {
    log.warning(
      `${unselected.emptySubmodules.length} git submodule(s) where contracts are audited are empty (declared in .gitmodules, not checked out), so their files are not audited:\n` +
        shortList(
          unselected.emptySubmodules.map((folder) => `  - ${search.pathPrefix}${folder}/`),
        ) +
        `\n${sentenceStart(search.vocabulary.fetchSubmodules)}.`,
    );
  }
  const outside = unselected.outsideProjects;
  if (outside.length > 0) {
    log.warning(
      `${outside.length} contract file(s) lie outside every project's folder, so they are not audited:\n` +
        shortList(outside.map((file) => `  - ${search.pathPrefix}${file}`)) +
        `\nGive their folder a project config (or a package.json in a workspace), or set ${search.vocabulary.option('contracts')} to audit them.`,
    );
  }
  if (unselected.outsideSources.length > 0) {
    log.group(
      `Not audited: outside their project's source folders (${unselected.outsideSources.length})`,
      [
        ...unselected.outsideSources.map(
          (entry) =>
            `${search.pathPrefix}${entry.path}: not in ${entry.sources.map((folder) => `${folder}/`).join(' or ')} of the project at ${shownFolder(search.pathPrefix, entry.project)}`,
        ),
        `If they are production code, add their folder to the project's sources (or set ${search.vocabulary.option('contracts')}).`,
      ],
    );
  }
}

export function logDependencies(
  files: readonly LoggedFile[],
  selected: number,
  uploadName: string | undefined,
  log: Logger,
): void {
  const imported = files.slice(selected).filter((file) => !file.dependency);
  if (imported.length > 0) {
    log.group(
      `${uploadName === undefined ? '' : `${uploadName}: `}Audited because production code imports them (${imported.length}), though left out above`,
      imported.map((file) => file.repositoryPath),
    );
  }
  const dependencies = files.filter((file) => file.dependency);
  if (dependencies.length === 0) return;
  log.group(
    `${uploadName === undefined ? '' : `${uploadName}: `}Dependencies (${dependencies.length}): imported by the files to audit, sent with them; their findings do not count`,
    dependencies.map((file) =>
      file.relativePath === file.repositoryPath
        ? file.relativePath
        : `${file.relativePath} (${file.repositoryPath})`,
    ),
  );
}

/** One warning for every import left unresolved, one for every name conflict, over all uploads. */
export function logClosureProblems(
  closures: readonly Closure[],
  search: SearchSettings,
  workspace: string,
  projects: readonly Project[],
  log: Logger,
  emptySubmodules: readonly string[] = [],
): void {
  if (search.dependencies === 'exclude') {
    const notSent = closures.reduce((sum, closure) => sum + closure.dependencies.length, 0);
    if (notSent > 0) {
      log.info(
        `${notSent} imported file(s) were not uploaded (${search.vocabulary.setting('dependencies', 'exclude')}): the service sees an upload that does not compile on its own.`,
      );
    }
    return;
  }
  const unresolved = closures.flatMap((closure) => closure.unresolved);
  if (unresolved.length > 0) {
    const lines = unresolved.map(
      (entry) =>
        `  - ${posixRelative(workspace, entry.importer)}:${entry.line} imports "${entry.importPath}": ${entry.problem}`,
    );
    const packages = projects.flatMap((project) => project.packages);
    const vyper = unresolved.filter((entry) => isVyperSource(entry.importer)).length;
    // The empty submodules the missing files would be in, by the places each problem names.
    const needed = emptySubmodules
      .map((folder) => `${search.pathPrefix}${folder}/`)
      .filter((folder) => unresolved.some((entry) => entry.problem.includes(folder)));
    log.warning(
      `${unresolved.length} import(s) could not be resolved, so the upload does not compile on its own and the service may not audit these files fully:\n` +
        shortList(lines) +
        (needed.length > 0
          ? `\nThey lead into git submodules that are empty here (declared in .gitmodules, not checked out): ${firstFew(needed, SHOWN).join(', ')}.`
          : '') +
        (vyper < unresolved.length
          ? `\nIf they are git submodules, ${search.vocabulary.fetchSubmodules}, or run \`forge install\`; ` +
            `if they are npm packages, run \`npm ci\` (or your package manager's install) ${search.vocabulary.beforeAudit}; otherwise add a remapping to remappings.txt.`
          : '') +
        (vyper > 0 ? `\n${vyperFix(search.vocabulary)}` : '') +
        (packages.length > 0
          ? ` Brownie installs its packages (${packages.join(', ')}) outside the repository, so they cannot be uploaded.`
          : ''),
    );
  }
  const conflicts = closures.flatMap((closure) => closure.conflicts);
  if (conflicts.length > 0) {
    const shown = (file: string) => posixRelative(workspace, file);
    const lines = conflicts.map(
      (conflict) =>
        `  - "${conflict.name}": sent ${shown(conflict.sent)}, not ${shown(conflict.notSent)}`,
    );
    log.warning(
      `${conflicts.length} import name(s) lead to two different files; an upload has one file per name, so importers of the other one see the wrong file:\n${shortList(lines)}\n` +
        'This happens with context-specific remappings: give each context its own folder name, or audit the projects that need them in separate steps.',
    );
  }
}

/** `packages/core` for a project there, `.` for the repository's root. */
export function shownFolder(pathPrefix: string, projectPath: string): string {
  return `${pathPrefix}${projectPath}`.replace(/\/$/, '') || '.';
}

export function shortList(lines: readonly string[]): string {
  return firstFew(lines, SHOWN, '  ').join('\n');
}

export function noFiles(
  discovery: DiscoveryResult,
  projects: readonly Project[],
  search: SearchSettings,
  log: Logger,
): void {
  const words = search.vocabulary;
  const where =
    projects.length > 0 && search.defaultContractPatterns
      ? `in the source folders of ${projects.map((project) => shownFolder(search.pathPrefix, project.path)).join(', ')}`
      : `under ${search.pathPrefix || './'} for ${discovery.unmatchedPatterns.join(', ') || search.contractPatterns.join(', ')}`;
  const message =
    `No contract files found ${where}` +
    (discovery.excluded.length > 0
      ? ` (${discovery.excluded.length} left out: see "Not audited")`
      : '') +
    `. Check ${words.option('contracts')}, ${words.option('exclude')} and ${words.option('working-directory')}.`;
  if (search.ifNoFilesFound === 'error') {
    throw new ConfigurationError(
      words.takes('if-no-files-found')
        ? `${message} (Set ${words.option('if-no-files-found')} to warn or ignore to allow this.)`
        : message,
    );
  }
  if (search.ifNoFilesFound === 'warn') log.warning(message);
  else log.info(message);
}
