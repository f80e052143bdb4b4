/**
 * Finds the Solidity/Vyper projects under the working directory by their config files, and what
 * each config says about its folders. Nothing is executed: TOML and YAML are parsed, and configs
 * that are code are read for literal values only.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, type Deadline } from '../deadline.ts';
import { posixRelative } from '../files/inside.ts';
import { firstFew } from '../text.ts';
import { capped, MAX_CONFIG_FOLDERS, MAX_REMAPPINGS } from './config-bounds.ts';
import {
  createConfigReader,
  UnparsableConfig,
  unusableConfigWarning,
  type ConfigReader,
} from './config-file.ts';
import { literalFolders, usableFolders } from './config-folders.ts';
import { FOUNDRY_DEFAULTS, readFoundryConfig, type FoundryConfig } from './foundry-config.ts';
import { foundryRemappings } from './foundry-remappings.ts';
import { leavesFolder, librariesAbove } from './foundry-libs.ts';
import type { Remapping } from './remappings.ts';
import {
  APE_CONFIGS,
  BROWNIE_CONFIGS,
  FOUNDRY_CONFIG,
  HARDHAT_CONFIGS,
  REMAPPINGS_FILE,
  TRUFFLE_CONFIGS,
} from './search-files.ts';
import { readLiteralSetting } from './script-config.ts';
import { readApeConfig, readBrownieConfig } from './yaml-config.ts';
import type { Vocabulary } from '../vocabulary.ts';

export type Framework = 'Foundry' | 'Hardhat' | 'Truffle' | 'Brownie' | 'Ape' | 'Workspace package';

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
  /**
   * Remappings, in the order they apply (a later one wins a tie): for a Foundry project, those
   * `forge remappings` prints.
   */
  remappings: Remapping[];
  /**
   * A Foundry project's `libs`, relative to its root (above it too, inside the workspace): where
   * forge looks up an import no remapping maps. Undefined for other projects.
   */
  foundryLibs: string[] | undefined;
  /** What was read and chosen, one line each, for the log. */
  notes: string[];
  /** Brownie packages, which live outside the repository. */
  packages: string[];
  /** Settings that could not be used, said as warnings. */
  warnings: string[];
}

export interface DetectOptions {
  /** Absolute, links resolved: a config that links outside it is not read. */
  workspace: string;
  /** Absolute working directory, links resolved. */
  root: string;
  /** FOUNDRY_PROFILE, else `default`. */
  foundryProfile: string;
  /** The run's: the search stops there with a DeadlineError. */
  deadline?: Deadline;
  /** The door's words, in which a config's warnings name settings. */
  vocabulary: Vocabulary;
}

/**
 * Folders never searched for projects: dependencies (a library carries its own foundry.toml),
 * build output, and where tests, examples and test data keep configs of their own.
 */
const NOT_SEARCHED = new Set([
  'node_modules',
  'lib',
  'out',
  'cache',
  'artifacts',
  'build',
  'test',
  'tests',
  'testdata',
  'test-data',
  'fixtures',
  'examples',
  'example',
  'mocks',
  'certora',
  'audits',
]);
const MAX_DEPTH = 8;
/** Folders a note names; the rest are counted. */
const NOTED = 8;

export interface Detection {
  /** The working directory's own project first, then by path. */
  projects: Project[];
  /** Configs that could not be used, each with what was done instead. */
  warnings: string[];
}

/**
 * Every project under the root. A config that does not parse is an error at the root (the
 * user's own project); further down it is a warning, and the folder is searched without it.
 */
export async function detectProjects(options: DetectOptions): Promise<Detection> {
  const detection: Detection = { projects: [], warnings: [] };
  const reader = createConfigReader(options.workspace);
  const queue: { dir: string; depth: number; skip: ReadonlySet<string> }[] = [
    { dir: options.root, depth: 0, skip: new Set() },
  ];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    checkDeadline(options.deadline, 'looking for project configs');
    const entries = await listDirectory(next.dir);
    // A name that is present is a config, whatever it is: the reader says when it cannot be used.
    const names = new Set(entries.map((entry) => entry.name));
    const project = await readProject(next.dir, names, options, reader, next.depth === 0);
    if (project) {
      detection.projects.push(project);
      detection.warnings.push(...project.warnings);
    }
    if (next.depth >= MAX_DEPTH) continue;
    // A project's own dependency folders hold other projects' configs (deps/solady/foundry.toml).
    const skip = project ? new Set(project.libs) : new Set<string>();
    for (const entry of entries) {
      const name = entry.name;
      if (!entry.isDirectory() || name.startsWith('.') || NOT_SEARCHED.has(name) || skip.has(name))
        continue;
      queue.push({ dir: path.join(next.dir, name), depth: next.depth + 1, skip });
    }
  }
  detection.projects.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return detection;
}

async function listDirectory(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return []; // unreadable or removed: the contract search says so if it matters
  }
}

/** A project with nothing read yet: configs fill it in. */
export function emptyProject(root: string, projectPath: string): Project {
  return {
    root,
    path: projectPath,
    frameworks: [],
    sources: [],
    tests: [],
    scripts: [],
    libs: [],
    remappings: [],
    foundryLibs: undefined,
    notes: [],
    packages: [],
    warnings: [],
  };
}

/**
 * The project of a folder, from each of its configs. A config that cannot be used (whatever
 * the reader refuses, or, below the root, one that does not parse) is named in a warning and
 * set aside: the folder is the project of its other configs, or, with none, a plain folder
 * whose contracts are searched by convention. Its contracts are never silently dropped.
 * `strict`: the root's own config fails the run when it does not parse.
 */
async function readProject(
  root: string,
  names: ReadonlySet<string>,
  options: DetectOptions,
  reader: ConfigReader,
  strict: boolean,
): Promise<Project | undefined> {
  const project = emptyProject(root, posixRelative(options.root, root));
  // Relative to the workspace, as every warning names files.
  const shown = (file: string) => posixRelative(options.workspace, path.join(root, file));
  const folders = (config: string, key: string, values: readonly string[], fallback: string[]) =>
    usableFolders(
      values,
      fallback,
      `${shown(config)}: ${key}`,
      project.warnings,
      options.vocabulary,
    );
  const present = (candidates: readonly string[]) => candidates.find((file) => names.has(file));
  const broken: BrokenConfig[] = [];
  const attempt = async (
    tool: Framework,
    file: string | undefined,
    use: (file: string, text: string) => Promise<void>,
  ) => {
    if (file === undefined) return;
    const read = await reader.read(path.join(root, file));
    if (read.kind === 'missing') return; // removed since the folder was listed
    if (read.kind === 'unusable') {
      broken.push({ tool, file: shown(file), reason: read.reason });
      return;
    }
    try {
      await use(file, read.text);
    } catch (error) {
      if (!(error instanceof UnparsableConfig)) throw error;
      broken.push({ tool, file: error.file, reason: error.reason, error });
    }
  };

  let foundry: FoundryConfig | undefined;
  await attempt('Foundry', present([FOUNDRY_CONFIG]), async (_, text) => {
    const config = await readFoundryConfig(text, options.foundryProfile, shown(FOUNDRY_CONFIG));
    // Bounded before they are split: those above the project are followed too.
    const listed = capped(
      config.libs,
      MAX_CONFIG_FOLDERS,
      `${shown(FOUNDRY_CONFIG)}: libs`,
      (lib) => lib,
      project.warnings,
      options.vocabulary,
    );
    const above = listed.filter((lib) => leavesFolder(lib));
    const libs = folders(
      FOUNDRY_CONFIG,
      'libs',
      listed.filter((lib) => !above.includes(lib)),
      [],
    );
    add(project, 'Foundry', {
      sources: folders(FOUNDRY_CONFIG, 'src', [config.src], ['src']),
      tests: folders(FOUNDRY_CONFIG, 'test', [config.test], ['test']),
      scripts: folders(FOUNDRY_CONFIG, 'script', [config.script], ['script']),
      libs,
    });
    const reached = librariesAbove(
      above,
      root,
      options.workspace,
      shown(FOUNDRY_CONFIG),
      options.vocabulary,
    );
    project.warnings.push(...reached.warnings);
    foundry = { ...config, libs: [...libs, ...reached.libs] };
    project.notes.push(
      `foundry.toml (profile ${config.profile}): src = ${config.src}, test = ${config.test}, script = ${config.script}, libs = ${firstFew(foundry.libs, NOTED).join(', ') || 'none'}` +
        (config.remappings.length > 0 ? `, ${config.remappings.length} remapping(s)` : ''),
    );
  });
  await attempt('Hardhat', present(HARDHAT_CONFIGS), async (hardhat, text) => {
    const sources = literalFolders(
      readLiteralSetting(text, 'sources', 'paths'),
      'contracts',
      'sources',
    );
    const tests = literalFolders(readLiteralSetting(text, 'tests', 'paths'), 'test', 'tests');
    const used = folders(hardhat, 'paths.sources', sources.folders, ['contracts']);
    add(project, 'Hardhat', {
      sources: used,
      tests: folders(hardhat, 'paths.tests', tests.folders, ['test']),
      scripts: ['scripts'],
      libs: [],
    });
    project.notes.push(
      `${hardhat}: paths.sources = ${firstFew(used, NOTED).join(', ')}${sources.note}`,
    );
  });
  await attempt('Truffle', present(TRUFFLE_CONFIGS), async (truffle, text) => {
    const sources = literalFolders(
      readLiteralSetting(text, 'contracts_directory', undefined),
      'contracts',
      'sources',
    );
    const used = folders(truffle, 'contracts_directory', sources.folders, ['contracts']);
    add(project, 'Truffle', { sources: used, tests: ['test'], scripts: ['migrations'], libs: [] });
    project.notes.push(
      `${truffle}: contracts_directory = ${firstFew(used, NOTED).join(', ')}${sources.note}`,
    );
  });
  await attempt('Brownie', present(BROWNIE_CONFIGS), async (brownie, text) => {
    const config = await readBrownieConfig(text, shown(brownie));
    add(project, 'Brownie', {
      sources: folders(brownie, 'contracts', [config.contracts, config.interfaces], ['contracts']),
      tests: folders(brownie, 'tests', [config.tests], ['tests']),
      scripts: folders(brownie, 'scripts', [config.scripts], ['scripts']),
      libs: [],
    });
    project.remappings = project.remappings.concat(config.remappings);
    project.packages = project.packages.concat(config.packages);
    project.notes.push(
      `${brownie}: contracts = ${config.contracts}, interfaces = ${config.interfaces}`,
    );
  });
  await attempt('Ape', present(APE_CONFIGS), async (ape, text) => {
    const config = await readApeConfig(text, shown(ape));
    add(project, 'Ape', {
      sources: folders(ape, 'contracts_folder', [config.contractsFolder], ['contracts']),
      tests: ['tests'],
      scripts: ['scripts'],
      libs: [],
    });
    project.notes.push(`${ape}: contracts_folder = ${config.contractsFolder}`);
  });
  // The user's own project with no config that can be used: fixing it is the only way forward.
  const unparsed = broken.find((config) => config.error !== undefined)?.error;
  if (strict && project.frameworks.length === 0 && unparsed !== undefined) throw unparsed;
  setAside(project, broken);
  if (project.frameworks.length === 0) return undefined;
  // A foundry.toml that cannot be used leaves Foundry's defaults: forge's own way, from them.
  if (foundry === undefined && broken.some((config) => config.tool === 'Foundry'))
    foundry = { ...FOUNDRY_DEFAULTS, profile: options.foundryProfile };
  if (foundry !== undefined) {
    const computed = await foundryRemappings(root, foundry, {
      workspace: options.workspace,
      reader,
      profile: options.foundryProfile,
      deadline: options.deadline,
      vocabulary: options.vocabulary,
    });
    project.warnings.push(...computed.warnings);
    // Brownie's, if any, then forge's, which win a tie.
    project.remappings = [
      ...project.remappings,
      ...computed.remappings.map(({ context, prefix, target }) => ({ context, prefix, target })),
    ];
    project.foundryLibs = foundry.libs;
    const left = computed.printed.length - computed.remappings.length;
    project.notes.push(
      `Foundry's remappings, as forge computes them: ${computed.printed.length}, ${computed.found} of them found in its libraries` +
        (left > 0 ? `; ${left} left out of the build, as forge build leaves them` : ''),
    );
  }
  // Those of a long remappings.txt past the few the reader keeps are counted, not held.
  let unkept = 0;
  if (foundry === undefined && names.has(REMAPPINGS_FILE)) {
    // Hardhat 3 reads remappings.txt too; Foundry's are read with the rest of its remappings.
    const read = await reader.remappings(path.join(root, REMAPPINGS_FILE));
    if (read.kind === 'remappings') {
      project.remappings = project.remappings.concat(read.remappings);
      unkept = read.listed - read.remappings.length;
      project.notes.push(`remappings.txt: ${read.listed} remapping(s)`);
    } else if (read.kind === 'unusable') {
      project.warnings.push(
        unusableConfigWarning(
          shown(REMAPPINGS_FILE),
          read.reason,
          "the project's imports are resolved with its other remappings",
        ),
      );
    }
  }
  project.remappings = capped(
    project.remappings,
    MAX_REMAPPINGS,
    `${project.path || '.'}: the remappings of foundry.toml, remappings.txt, its libraries and Brownie's config together`,
    (remapping) =>
      `${remapping.context ? `${remapping.context}:` : ''}${remapping.prefix}=${remapping.target}`,
    project.warnings,
    options.vocabulary,
    project.remappings.length + unkept,
  );
  add(project, undefined, { sources: [], tests: [], scripts: [], libs: ['node_modules'] });
  return project;
}

interface BrokenConfig {
  tool: Framework;
  /** Relative to the workspace. */
  file: string;
  /** Said after the file's name. */
  reason: string;
  /** When the file does not parse (not when it cannot be read). */
  error?: UnparsableConfig;
}

/** A tool's own defaults, for a folder whose config of that tool cannot be read. */
const DEFAULT_FOLDERS: Record<
  Framework,
  Pick<Project, 'sources' | 'tests' | 'scripts' | 'libs'>
> = {
  Foundry: { sources: ['src'], tests: ['test'], scripts: ['script'], libs: ['lib'] },
  Hardhat: { sources: ['contracts'], tests: ['test'], scripts: ['scripts'], libs: [] },
  Truffle: { sources: ['contracts'], tests: ['test'], scripts: ['migrations'], libs: [] },
  Brownie: {
    sources: ['contracts', 'interfaces'],
    tests: ['tests'],
    scripts: ['scripts'],
    libs: [],
  },
  Ape: { sources: ['contracts'], tests: ['tests'], scripts: ['scripts'], libs: [] },
  'Workspace package': { sources: ['contracts', 'src'], tests: [], scripts: [], libs: [] },
};

/**
 * Configs that could not be used, each named in a warning. Beside a config that can be used,
 * each one's tool's default folders join the project's (a broken foundry.toml beside a Hardhat
 * config still has its `src/` audited); with none, the folder is still a project: every contract
 * in it but tests, scripts, mocks and harnesses by convention, and `lib/`, as a folder with no
 * project config is searched.
 */
function setAside(project: Project, broken: readonly BrokenConfig[]): void {
  const [first] = broken;
  if (first === undefined) return;
  const plain = project.frameworks.length === 0;
  if (plain) {
    add(project, first.tool, { sources: ['.'], tests: [], scripts: [], libs: ['lib'] });
    project.notes.push('no config could be used: searched as a plain folder, by convention');
  }
  for (const { tool, file, reason } of broken) {
    const defaults = DEFAULT_FOLDERS[tool];
    if (!plain) {
      add(project, undefined, defaults);
      project.notes.push(
        `${tool}'s config could not be used: its default folders are used too (${defaults.sources.map((folder) => `${folder}/`).join(' and ')} audited)`,
      );
    }
    const instead = plain
      ? "the folder's contracts are searched as a plain folder's (all but tests, scripts, mocks and harnesses by convention, and lib/)"
      : `the folder is taken for a ${project.frameworks.join(' + ')} project, with ${tool}'s default folders too (${defaults.sources.map((folder) => `${folder}/`).join(' and ')} audited)`;
    project.warnings.push(unusableConfigWarning(file, reason, instead));
  }
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
