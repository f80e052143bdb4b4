/**
 * Finds the Solidity/Vyper projects under the working directory by their config files, and what
 * each config says about its folders. Nothing is executed: TOML and YAML are parsed, and configs
 * that are code are read for literal values only.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../files/inside.ts';
import { cleanFolder, readFoundryConfig } from './foundry-config.ts';
import { parseRemappingsFile, type Remapping } from './remappings.ts';
import { readLiteralSetting, type LiteralSetting } from './script-config.ts';
import { readApeConfig, readBrownieConfig } from './yaml-config.ts';

export type Framework = 'Foundry' | 'Hardhat' | 'Truffle' | 'Brownie' | 'Ape';

export interface Project {
  /** Absolute, links resolved. */
  root: string;
  /** POSIX, relative to the working directory: '' for the working directory itself. */
  path: string;
  frameworks: Framework[];
  /** Folders relative to the root. */
  sources: string[];
  tests: string[];
  scripts: string[];
  /** Dependency folders relative to the root: only these (and node_modules) hold dependencies. */
  libs: string[];
  /** Explicit remappings, in the order they apply (a later one wins a tie). */
  remappings: Remapping[];
  /** Foundry's `auto_detect_remappings`: also look up `<lib>/<name>/src/…` for `<name>/…`. */
  autoDetectRemappings: boolean;
  /** What was read and chosen, one line each, for the log. */
  notes: string[];
  /** Brownie packages, which live outside the repository. */
  packages: string[];
}

export interface DetectOptions {
  /** Absolute, links resolved: a config that links outside it is not read. */
  workspace: string;
  /** Absolute working directory, links resolved. */
  root: string;
  /** FOUNDRY_PROFILE, else `default`. */
  foundryProfile: string;
}

const HARDHAT_CONFIGS = [
  'hardhat.config.ts',
  'hardhat.config.js',
  'hardhat.config.cjs',
  'hardhat.config.mjs',
  'hardhat.config.cts',
  'hardhat.config.mts',
];
const TRUFFLE_CONFIGS = ['truffle-config.js', 'truffle-config.cjs', 'truffle.js'];
const BROWNIE_CONFIGS = ['brownie-config.yaml', 'brownie-config.yml'];
const APE_CONFIGS = ['ape-config.yaml', 'ape-config.yml'];

/** Folders never searched for projects: dependencies, build output, and where tests keep fixtures. */
const NOT_SEARCHED = new Set([
  'node_modules',
  'out',
  'cache',
  'artifacts',
  'build',
  'test',
  'tests',
  'mocks',
  'certora',
  'audits',
]);
const MAX_DEPTH = 8;

/** Every project under the root, the root's own first, then by path. */
export async function detectProjects(options: DetectOptions): Promise<Project[]> {
  const projects: Project[] = [];
  const queue: { dir: string; depth: number; skip: ReadonlySet<string> }[] = [
    { dir: options.root, depth: 0, skip: new Set() },
  ];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const entries = await listDirectory(next.dir);
    const names = await configFiles(next.dir, entries, options.workspace);
    const project = await readProject(next.dir, names, options);
    if (project) projects.push(project);
    if (next.depth >= MAX_DEPTH) continue;
    // A project's own dependency folders hold other projects' configs (lib/forge-std/foundry.toml).
    const skip = project ? new Set(project.libs) : new Set<string>();
    for (const entry of entries) {
      const name = entry.name;
      if (!entry.isDirectory() || name.startsWith('.') || NOT_SEARCHED.has(name) || skip.has(name))
        continue;
      queue.push({ dir: path.join(next.dir, name), depth: next.depth + 1, skip });
    }
  }
  return projects.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Regular files, and links to files inside the workspace (Balancer links each package's foundry.toml to the root's). */
async function configFiles(
  dir: string,
  entries: readonly Dirent[],
  workspace: string,
): Promise<Set<string>> {
  const names = new Set<string>();
  for (const entry of entries) {
    if (entry.isFile()) names.add(entry.name);
    else if (entry.isSymbolicLink() && /\.(toml|ya?ml|[cm]?[jt]s|txt)$/.test(entry.name)) {
      const target = await fs.realpath(path.join(dir, entry.name)).catch(() => undefined);
      const stats = target === undefined ? undefined : await fs.stat(target).catch(() => undefined);
      if (target !== undefined && stats?.isFile() && isInside(workspace, target))
        names.add(entry.name);
    }
  }
  return names;
}

async function listDirectory(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return []; // unreadable or removed: the contract search says so if it matters
  }
}

async function readProject(
  root: string,
  names: ReadonlySet<string>,
  options: DetectOptions,
): Promise<Project | undefined> {
  const project: Project = {
    root,
    path: path.relative(options.root, root).split(path.sep).join('/'),
    frameworks: [],
    sources: [],
    tests: [],
    scripts: [],
    libs: [],
    remappings: [],
    autoDetectRemappings: false,
    notes: [],
    packages: [],
  };
  const read = (file: string) => fs.readFile(path.join(root, file), 'utf8');
  const shown = (file: string) => (project.path === '' ? file : `${project.path}/${file}`);

  if (names.has('foundry.toml')) {
    const config = await readFoundryConfig(
      await read('foundry.toml'),
      options.foundryProfile,
      shown('foundry.toml'),
    );
    add(project, 'Foundry', {
      sources: [config.src],
      tests: [config.test],
      scripts: [config.script],
      libs: config.libs,
    });
    project.remappings.push(...config.remappings);
    project.autoDetectRemappings = config.autoDetectRemappings;
    project.notes.push(
      `foundry.toml (profile ${config.profile}): src = ${config.src}, test = ${config.test}, script = ${config.script}, libs = ${config.libs.join(', ') || 'none'}` +
        (config.remappings.length > 0 ? `, ${config.remappings.length} remapping(s)` : ''),
    );
  }
  const hardhat = HARDHAT_CONFIGS.find((file) => names.has(file));
  if (hardhat) {
    const sources = literalFolders(
      readLiteralSetting(await read(hardhat), 'sources', 'paths'),
      'contracts',
    );
    const tests = literalFolders(readLiteralSetting(await read(hardhat), 'tests', 'paths'), 'test');
    add(project, 'Hardhat', {
      sources: sources.folders,
      tests: tests.folders,
      scripts: ['scripts'],
      libs: [],
    });
    project.notes.push(`${hardhat}: paths.sources = ${sources.folders.join(', ')}${sources.note}`);
  }
  const truffle = TRUFFLE_CONFIGS.find((file) => names.has(file));
  if (truffle) {
    const sources = literalFolders(
      readLiteralSetting(await read(truffle), 'contracts_directory', undefined),
      'contracts',
    );
    add(project, 'Truffle', {
      sources: sources.folders,
      tests: ['test'],
      scripts: ['migrations'],
      libs: [],
    });
    project.notes.push(
      `${truffle}: contracts_directory = ${sources.folders.join(', ')}${sources.note}`,
    );
  }
  const brownie = BROWNIE_CONFIGS.find((file) => names.has(file));
  if (brownie) {
    const config = await readBrownieConfig(await read(brownie), shown(brownie));
    add(project, 'Brownie', {
      sources: [config.contracts, config.interfaces],
      tests: [config.tests],
      scripts: [config.scripts],
      libs: [],
    });
    project.remappings.push(...config.remappings);
    project.packages.push(...config.packages);
    project.notes.push(
      `${brownie}: contracts = ${config.contracts}, interfaces = ${config.interfaces}`,
    );
  }
  const ape = APE_CONFIGS.find((file) => names.has(file));
  if (ape) {
    const config = await readApeConfig(await read(ape), shown(ape));
    add(project, 'Ape', {
      sources: [config.contractsFolder],
      tests: ['tests'],
      scripts: ['scripts'],
      libs: [],
    });
    project.notes.push(`${ape}: contracts_folder = ${config.contractsFolder}`);
  }
  if (project.frameworks.length === 0) return undefined;
  // Explicit remappings from remappings.txt apply after foundry.toml's (Foundry) or alone (Hardhat 3).
  if (names.has('remappings.txt')) {
    const remappings = parseRemappingsFile(await read('remappings.txt'));
    project.remappings.push(...remappings);
    project.notes.push(`remappings.txt: ${remappings.length} remapping(s)`);
  }
  add(project, undefined, { sources: [], tests: [], scripts: [], libs: ['node_modules'] });
  return project;
}

function add(
  project: Project,
  framework: Framework | undefined,
  folders: Pick<Project, 'sources' | 'tests' | 'scripts' | 'libs'>,
): void {
  if (framework) project.frameworks.push(framework);
  for (const key of ['sources', 'tests', 'scripts', 'libs'] as const) {
    for (const folder of folders[key])
      if (!project[key].includes(folder)) project[key].push(folder);
  }
}

function literalFolders(
  setting: LiteralSetting,
  fallback: string,
): { folders: string[]; note: string } {
  if (setting.kind === 'literal') {
    const folders = setting.values
      .map(cleanFolder)
      .filter((folder) => folder !== '' && !folder.startsWith('/'));
    if (folders.length > 0) return { folders, note: '' };
  }
  const why =
    setting.kind === 'absent'
      ? ' (the default)'
      : ` (the default: the config's value is not a literal and is never run)`;
  return { folders: [fallback], note: why };
}
