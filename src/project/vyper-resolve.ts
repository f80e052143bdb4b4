/**
 * Where a Vyper import leads, as the compiler finds it (vyper/semantics/analysis/imports.py):
 * the module's path with `.vy`, then `.vyi`, then `.json`; a relative import from the importer's
 * folder, an absolute one through the search paths: the folder of the file being compiled (the
 * compiler adds it first, vyper/compiler/phases.py), the project's root (where `vyper` runs), its
 * source folders and moccasin's `lib/github`, `lib/pypi` and `lib/`, and the Python path of a
 * virtual environment inside the project or the workspace, where `pip` or `uv` put packages such
 * as snekmate. A file is sent under the path the import names, from the importer's folder or the
 * upload's root, so the compiler finds it there with no other search path.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside, posixRelative } from '../files/inside.ts';
import { firstFew } from '../text.ts';
import { MAX_IMPORT_CANDIDATES } from './config-bounds.ts';
import type { Project } from './detect.ts';
import { VYPER_MODULE_EXTENSIONS } from './search-files.ts';
import type { FoundFile, Resolution, SourceNode } from './source-node.ts';

/** Files of a Vyper project that are read for imports (a JSON ABI imports nothing). */
export function isVyperSource(name: string): boolean {
  return name.endsWith('.vy') || name.endsWith('.vyi');
}

/**
 * Built into the compiler, never files: `ethereum.ercs` (0.4) and `vyper.interfaces` (0.3).
 * `math` is the standard library of later 0.4 releases: built in only when no file is found.
 */
const BUILT_IN = ['ethereum.ercs', 'vyper.interfaces'];
const BUILT_IN_UNLESS_FOUND = ['math'];

/** Folders moccasin adds to the search path, and where `mox install` puts packages. */
const SOURCE_CONVENTIONS = ['src', 'contracts'];
const PACKAGE_FOLDERS = ['lib/github', 'lib/pypi', 'lib'];
/** Virtual environments whose `site-packages` hold installed Vyper packages. */
const VIRTUAL_ENVIRONMENTS = ['.venv', 'venv'];

/** Places a missing module's problem names: the rest are counted. */
const PLACES_SHOWN = 6;

export type LookUp = (file: string) => Promise<FoundFile | string>;

/**
 * `module` is the import as readVyperImports gives it: a dotted name with one leading dot per
 * level of a relative import. `pythonPaths` are the project's site-packages folders.
 */
export async function resolveVyperImport(
  project: Project,
  workspace: string,
  lookUp: LookUp,
  pythonPaths: () => Promise<string[]>,
  module: string,
  importer: SourceNode,
): Promise<Resolution> {
  const dots = /^\.*/.exec(module)?.[0].length ?? 0;
  const modulePath = module.slice(dots).split('.').join('/');
  if (dots === 0 && builtIn(module, BUILT_IN)) return { builtIn: module };
  if (dots > 0) {
    const up = dots > 1 ? '../'.repeat(dots - 1) : '';
    const name = withinUpload(path.posix.dirname(importer.name), `${up}${modulePath}`);
    const folder = path.resolve(path.dirname(importer.absolutePath), up || '.');
    const files = VYPER_MODULE_EXTENSIONS.map((ext) => path.join(folder, `${modulePath}${ext}`));
    for (const [index, file] of files.entries()) {
      const found = await lookUp(file);
      if (typeof found === 'string') continue;
      if (name === undefined) {
        return {
          problem: `it leads to ${shown(workspace, file)}, above the folder the upload is named from: audit from a folder that holds it`,
        };
      }
      const ext = VYPER_MODULE_EXTENSIONS[index] ?? '';
      const unitName = withinUpload(path.posix.dirname(importer.unitName), `${up}${modulePath}`);
      return { node: { name: `${name}${ext}`, unitName: `${unitName ?? name}${ext}`, ...found } };
    }
    const problem = await whyMissing(lookUp, files);
    return { problem: `no module was found at ${placesOf(workspace, files)}${problem}` };
  }
  // The importer's folder stands for the compiled file's: a module is named beside it.
  const beside = path.posix.dirname(importer.name);
  const folders = [
    { folder: path.dirname(importer.absolutePath), base: beside === '.' ? '' : `${beside}/` },
    ...searchPaths(project).map((folder) => ({ folder, base: '' })),
    ...(await pythonPaths()).map((folder) => ({ folder, base: '' })),
  ];
  const candidates = VYPER_MODULE_EXTENSIONS.flatMap((ext) =>
    folders.map(({ folder, base }) => ({
      file: path.join(folder, `${modulePath}${ext}`),
      name: `${base}${modulePath}${ext}`,
    })),
  ).slice(0, MAX_IMPORT_CANDIDATES);
  for (const { file, name } of candidates) {
    const found = await lookUp(file);
    if (typeof found === 'string') continue;
    const inRoot = isInside(project.root, found.absolutePath);
    return {
      node: {
        name,
        unitName: inRoot ? posixRelative(project.root, found.absolutePath) : name,
        ...found,
      },
    };
  }
  if (builtIn(module, BUILT_IN_UNLESS_FOUND)) return { builtIn: module };
  const files = [...new Set(candidates.map((candidate) => candidate.file))];
  return {
    problem: `no module was found at ${placesOf(workspace, files)}${await whyMissing(lookUp, files)}`,
  };
}

function builtIn(module: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => module === prefix || module.startsWith(`${prefix}.`));
}

/** `base` joined with `relative`, or undefined when it climbs above the upload's root. */
function withinUpload(base: string, relative: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(base, relative));
  return joined === '..' || joined.startsWith('../') ? undefined : joined;
}

/** The project's root first, as the compiler runs there; then its sources and package folders. */
function searchPaths(project: Project): string[] {
  const folders = [
    '.',
    ...project.sources,
    ...SOURCE_CONVENTIONS,
    ...project.libs
      .filter((lib) => lib !== 'node_modules')
      .flatMap((lib) => [`${lib}/github`, `${lib}/pypi`, lib]),
    ...PACKAGE_FOLDERS,
  ].map((folder) => path.resolve(project.root, folder));
  return [...new Set(folders)];
}

/**
 * The `site-packages` folders of the virtual environments in the project's root and the
 * workspace's (`.venv/lib/python3.12/site-packages`, or `Lib/site-packages` on Windows), real
 * paths inside the workspace only.
 */
export async function pythonPathsOf(project: Project, workspace: string): Promise<string[]> {
  const found: string[] = [];
  for (const base of new Set([project.root, workspace])) {
    for (const environment of VIRTUAL_ENVIRONMENTS) {
      for (const lib of ['lib', 'Lib']) {
        const folder = path.join(base, environment, lib);
        const real = await fs.realpath(folder).catch(() => undefined);
        if (real === undefined || !isInside(workspace, real)) continue;
        const entries: Dirent[] = await fs.readdir(real, { withFileTypes: true }).catch(() => []);
        if (lib === 'Lib') found.push(path.join(real, 'site-packages'));
        for (const entry of entries) {
          if (/^python\d/.test(entry.name))
            found.push(path.join(real, entry.name, 'site-packages'));
        }
      }
    }
  }
  return [...new Set(found)];
}

function placesOf(workspace: string, files: readonly string[]): string {
  return firstFew(
    files.map((file) => shown(workspace, file)),
    PLACES_SHOWN,
  ).join(', ');
}

/** A candidate that exists but cannot be sent (a link outside the workspace) is worth naming. */
async function whyMissing(lookUp: LookUp, files: readonly string[]): Promise<string> {
  for (const file of files) {
    const found = await lookUp(file);
    if (typeof found === 'string' && found !== 'does not exist') {
      return ` (${path.basename(file)} ${found})`;
    }
  }
  return '';
}

function shown(workspace: string, file: string): string {
  return isInside(workspace, file) ? posixRelative(workspace, file) : file;
}
