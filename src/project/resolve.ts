/**
 * Where an import leads, as the project's compiler would find it: relative imports by solc's
 * rules, direct ones through the remappings, then the project's root, its dependency folders
 * (with Foundry's automatic `<name>/ → <lib>/<name>/src/`), and `node_modules` from the importer up
 * to the workspace (Hardhat, Truffle and npm workspaces). Where no `node_modules` link leads to a
 * sibling workspace package, the workspace's manifest says which folder it is. A Vyper file's
 * imports follow Vyper's rules (vyper-resolve.ts). Nothing outside the workspace is read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, type Deadline } from '../deadline.ts';
import type { Vocabulary } from '../vocabulary.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import { firstFew } from '../text.ts';
import { MAX_IMPORT_CANDIDATES } from './config-bounds.ts';
import type { Project } from './detect.ts';
import { winningRemapping, type Remapping } from './remappings.ts';
import type { FoundFile, Resolution, SourceNode } from './source-node.ts';
import { isRelativeImport, resolveRelativeImport } from './unit-names.ts';
import { isVyperSource, pythonPathsOf, resolveVyperImport } from './vyper-resolve.ts';
import { fileInPackage, workspacePackages, type WorkspacePackages } from './workspaces.ts';

export type { FoundFile, Resolution, SourceNode };

export type ImportResolver = (importPath: string, importer: SourceNode) => Promise<Resolution>;

const OUTSIDE = 'is outside the workspace';
const LINKS_OUTSIDE = 'links outside the workspace';

/** Places a missing import's problem names: the rest are counted. */
const PLACES_SHOWN = 8;

/**
 * `workspace` is absolute with links resolved. Answers are remembered: a project imports the same
 * paths from the same folders again and again, and each answer may cost a dozen file lookups.
 * Past `deadline`, resolving throws a DeadlineError.
 */
export function createImportResolver(
  project: Project,
  workspace: string,
  /** The door's, whose name for the tool the problems use. */
  words: Pick<Vocabulary, 'tool'>,
  deadline?: Deadline,
): ImportResolver {
  const { tool } = words;
  const answers = new Map<string, Promise<Resolution>>();
  const files = new Map<string, Promise<FoundFile | string>>();
  const lookUp = (file: string) => {
    let found = files.get(file);
    if (found === undefined) files.set(file, (found = existingFile(file, workspace)));
    return found;
  };
  // Read once, and only when an import needs it: most packages are found through node_modules.
  let packages: Promise<WorkspacePackages> | undefined;
  const lookUpPackages = () => (packages ??= workspacePackages(project.root, workspace));
  let pythonPaths: Promise<string[]> | undefined;
  const lookUpPythonPaths = () => (pythonPaths ??= pythonPathsOf(project, workspace));
  const contexts = project.remappings.some((remapping) => remapping.context !== '');
  return (importPath, importer) => {
    checkDeadline(deadline, 'resolving imports');
    const folder = path.dirname(importer.absolutePath);
    const vyper = isVyperSource(importer.name);
    // Everything the answer depends on: a relative one (and any Vyper one, looked up beside the
    // importer first) on the importer's names, a direct one on where node_modules is looked for
    // and, with contexts, on the importer's unit name.
    const key =
      vyper || isRelativeImport(importPath)
        ? [importPath, folder, parentOf(importer.name), parentOf(importer.unitName)]
        : [importPath, folder, contexts ? importer.unitName : '', 'direct'];
    key.push(vyper ? 'vyper' : 'solidity');
    let answer = answers.get(key.join('\0'));
    if (answer === undefined) {
      answer = vyper
        ? resolveVyperImport(project, workspace, lookUp, lookUpPythonPaths, importPath, importer)
        : resolveImport(project, workspace, lookUp, lookUpPackages, importPath, importer, tool);
      answers.set(key.join('\0'), answer);
    }
    return answer;
  };
}

async function resolveImport(
  project: Project,
  workspace: string,
  lookUp: (file: string) => Promise<FoundFile | string>,
  lookUpPackages: () => Promise<WorkspacePackages>,
  importPath: string,
  importer: SourceNode,
  tool: string,
): Promise<Resolution> {
  if (isRelativeImport(importPath)) {
    const name = resolveRelativeImport(importer.name, importPath);
    const unitName = resolveRelativeImport(importer.unitName, importPath);
    // Forge sends a relative import through a remapping its resolved name starts with, where
    // the file that leads to exists (`vendor/a/=vendor/b/` for `../vendor/a/Y.sol`).
    const remapping =
      project.foundryLibs === undefined
        ? undefined
        : winningRemapping(project.remappings, unitName, importer.unitName);
    if (remapping !== undefined) {
      const target = remapping.target + unitName.slice(remapping.prefix.length);
      const file = path.resolve(project.root, target);
      const found = await lookUp(file);
      if (typeof found !== 'string') return { node: { name, unitName: target, ...found } };
      // Where forge may read a file this action never looks at, the file beside the importer
      // would stand in for it unsaid.
      if (found === OUTSIDE || found === LINKS_OUTSIDE)
        return {
          problem: `its name ${unitName} falls under the remapping "${remapping.prefix}=${remapping.target}", so forge would read ${shown(workspace, file)} where that file exists, outside the workspace, which ${tool} never reads`,
        };
    }
    const onDisk = path.resolve(path.dirname(importer.absolutePath), importPath);
    const found = await lookUp(onDisk);
    if (typeof found === 'string') return { problem: `${shown(workspace, onDisk)} ${found}` };
    return { node: { name, unitName, ...found } };
  }
  const remapping = winningRemapping(project.remappings, importPath, importer.unitName);
  const remapped = remapping && remapping.target + importPath.slice(remapping.prefix.length);
  const candidates =
    remapping !== undefined
      ? remappedCandidates(project, remapping, importPath)
      : directCandidates(project, workspace, importPath, importer);
  const problems: string[] = [];
  let outsideFirst: string | undefined;
  for (const candidate of candidates) {
    const found = await lookUp(candidate.file);
    // Forge reads the file in a `libs` folder outside the workspace where it exists, before this
    // one: sending this one would put another file in its place.
    if (typeof found !== 'string' && outsideFirst !== undefined && project.foundryLibs) {
      return {
        problem: `forge would read it from ${outsideFirst} where that file exists, outside the workspace, which ${tool} never reads, before ${shown(workspace, candidate.file)}`,
      };
    }
    if (typeof found !== 'string') {
      return { node: { name: importPath, unitName: candidate.unitName, ...found } };
    }
    if (found === OUTSIDE) outsideFirst ??= candidate.file;
    // The compiler reads the file there, through the link (`lib/dep` linked elsewhere on the
    // runner): a file further down the lookup is not the one it compiles.
    if (found === LINKS_OUTSIDE && remapping === undefined) {
      return {
        problem: `${project.foundryLibs === undefined ? 'the compiler' : 'forge'} would read it from ${shown(workspace, candidate.file)}, a link that leads outside the workspace, which ${tool} never reads`,
      };
    }
    problems.push(found);
  }
  // The package the missing node_modules link would have led to: the import itself, or where a
  // remapping into node_modules (`@acme/=node_modules/@acme/`) points.
  const linked = remapped === undefined ? importPath : insideNodeModules(remapped);
  const inPackage =
    linked === undefined ? undefined : fileInPackage(await lookUpPackages(), linked);
  if (inPackage !== undefined) {
    const found = await lookUp(inPackage);
    if (typeof found !== 'string') {
      return { node: { name: importPath, unitName: remapped ?? importPath, ...found } };
    }
    if (remapped === undefined) candidates.push({ file: inPackage, unitName: importPath });
  }
  if (remapped !== undefined) {
    const where = shown(workspace, candidates[0]?.file ?? remapped);
    return { problem: `its remapping leads to ${where}, which ${problems[0] ?? 'does not exist'}` };
  }
  // Places outside the workspace are never looked at: said apart, as where forge would look.
  const inside = candidates.filter((c) => isInside(workspace, c.file));
  const outside = candidates.filter((c) => !isInside(workspace, c.file)).map((c) => c.file);
  const looked = `no file was found at ${firstFew(
    inside.map((c) => shown(workspace, c.file)),
    PLACES_SHOWN,
  ).join(', ')}`;
  return {
    problem:
      outside.length === 0
        ? looked
        : `${inside.length > 0 ? `${looked}; ` : ''}${project.foundryLibs === undefined ? 'the compiler would look for it at' : 'forge would read it from'} ${firstFew(outside, PLACES_SHOWN).join(' or ')}, outside the workspace, which ${tool} never reads`,
  };
}

/** `@acme/core/X.sol` for `../../node_modules/@acme/core/X.sol`: the path within node_modules. */
function insideNodeModules(file: string): string | undefined {
  const segments = file.split('/');
  const last = segments.lastIndexOf('node_modules');
  return last === -1 ? undefined : segments.slice(last + 1).join('/');
}

/** The name without its last segment: what a relative import is resolved against. */
function parentOf(name: string): string {
  return name.slice(0, name.lastIndexOf('/') + 1);
}

interface Candidate {
  file: string;
  unitName: string;
}

/**
 * Where a remapped import is: the remapping's target, and for Foundry, where that target ends in
 * `contracts/` and so does the import's start, the target with one `contracts/` (forge's own
 * allowance for `@openzeppelin/=node_modules/@openzeppelin/contracts/`).
 */
function remappedCandidates(
  project: Project,
  remapping: Remapping,
  importPath: string,
): Candidate[] {
  const rest = importPath.slice(remapping.prefix.length);
  const at = (unitName: string) => ({ file: path.resolve(project.root, unitName), unitName });
  const candidates = [at(remapping.target + rest)];
  if (
    project.foundryLibs !== undefined &&
    rest.startsWith('contracts/') &&
    remapping.target.endsWith('contracts/')
  )
    candidates.push(at(remapping.target + rest.slice('contracts/'.length)));
  return candidates;
}

/** Where an import no remapping maps may be: Foundry's places, then Node's for other tools. */
function directCandidates(
  project: Project,
  workspace: string,
  importPath: string,
  importer: SourceNode,
): Candidate[] {
  const foundry = project.foundryLibs;
  const candidates =
    foundry === undefined ? [] : foundryCandidates(project, foundry, importPath, importer);
  if (foundry === undefined || project.frameworks.some((framework) => framework !== 'Foundry')) {
    candidates.push({ file: path.resolve(project.root, importPath), unitName: importPath });
    // node_modules is looked up from the importer below, as Node does.
    for (const lib of project.libs.filter((folder) => folder !== 'node_modules')) {
      const unitName = path.posix.join(lib, importPath);
      candidates.push({ file: path.resolve(project.root, unitName), unitName });
    }
    for (const dir of ancestors(path.dirname(importer.absolutePath), workspace, project.root))
      candidates.push({ file: path.join(dir, 'node_modules', importPath), unitName: importPath });
  }
  const seen = new Set<string>();
  // Bounded, whatever the config's libs: each candidate is a lookup for every missing import.
  return candidates
    .filter((c) => !seen.has(c.file) && seen.add(c.file))
    .slice(0, MAX_IMPORT_CANDIDATES);
}

/**
 * As foundry-compilers looks up an import no remapping maps: `<lib>/<import>` and
 * `<lib>/<first>/src/<rest>` in each of `libs`; inside a library, from each folder above the
 * importer's up to the library's folder (`src/X.sol` from `lib/dep/src/a/Y.sol`); then from the
 * project's root and from its source, test or script folder that holds the importer.
 */
function foundryCandidates(
  project: Project,
  libs: readonly string[],
  importPath: string,
  importer: SourceNode,
): Candidate[] {
  const at = (file: string) => ({ file, unitName: posixRelative(project.root, file) });
  const candidates: Candidate[] = [];
  const [first, ...rest] = importPath.split('/');
  const folders = libs.map((lib) => path.resolve(project.root, lib));
  for (const folder of folders) {
    candidates.push(at(path.join(folder, importPath)));
    if (first !== undefined && rest.length > 0)
      candidates.push(at(path.join(folder, first, 'src', ...rest)));
  }
  const importerFolder = path.dirname(importer.absolutePath);
  const library = folders.find((folder) => isInside(folder, importerFolder));
  if (library !== undefined) {
    for (
      let dir = path.dirname(importerFolder);
      dir !== library && isInside(library, dir);
      dir = path.dirname(dir)
    )
      candidates.push(at(path.join(dir, importPath)));
  }
  for (const folder of ['.', ...project.sources, ...project.tests, ...project.scripts]) {
    const dir = path.resolve(project.root, folder);
    if (isInside(dir, importerFolder)) candidates.push(at(path.join(dir, importPath)));
  }
  return candidates;
}

/** The importer's folder and its parents up to the workspace, then the project root's. */
function ancestors(from: string, workspace: string, projectRoot: string): string[] {
  const dirs: string[] = [];
  for (const start of [from, projectRoot]) {
    for (let dir = start; isInside(workspace, dir); dir = path.dirname(dir)) {
      if (!dirs.includes(dir)) dirs.push(dir);
      if (dir === workspace) break;
    }
  }
  return dirs;
}

/** The file's real path and size, or why it cannot be used. */
async function existingFile(file: string, workspace: string): Promise<FoundFile | string> {
  if (!isInside(workspace, file)) return OUTSIDE;
  try {
    const real = await fs.realpath(file);
    if (!isInside(workspace, real)) return LINKS_OUTSIDE;
    const stats = await fs.stat(real);
    return stats.isFile() ? { absolutePath: real, size: stats.size } : 'is not a file';
  } catch {
    return 'does not exist';
  }
}

function shown(workspace: string, file: string): string {
  return isInside(workspace, file) ? posixRelative(workspace, file) : file;
}
