/**
 * Foundry's own import resolution, as the oracle the action's is held to: `forge tree` (the import
 * graph, every path resolved) and `forge remappings`, run from the `@foundry-rs/forge`
 * devDependency's binary. Neither compiles nor needs the network. Where the binary cannot run on
 * this platform `forgeUnavailable` says why, and tests skip with it; on CI that is a failure.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { createConfigReader } from '../../src/project/config-file.ts';
import type { Project } from '../../src/project/detect.ts';
import {
  findProjects,
  findUploads,
  type ContractSearch,
} from '../../src/project/find-contracts.ts';
import { readFoundryConfig } from '../../src/project/foundry-config.ts';
import { foundryRemappings } from '../../src/project/foundry-remappings.ts';
import type { Remapping } from '../../src/project/remappings.ts';
import { recordingLogger } from './logger.ts';

const run = promisify(execFile);

/** Longer than forge takes on any fixture: a hung forge fails the test, never the run. */
const TIMEOUT_MS = 30_000;

/** The binary packages `@foundry-rs/forge` installs, by platform and architecture. */
const PACKAGES: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/forge-linux-amd64',
  'linux-arm64': '@foundry-rs/forge-linux-arm64',
  'darwin-x64': '@foundry-rs/forge-darwin-amd64',
  'darwin-arm64': '@foundry-rs/forge-darwin-arm64',
  'win32-x64': '@foundry-rs/forge-win32-amd64',
};

function forgeBinary(): { binary: string } | { unavailable: string } {
  const name = PACKAGES[`${process.platform}-${process.arch}`];
  if (name === undefined)
    return {
      unavailable: `@foundry-rs/forge has no binary for ${process.platform}-${process.arch}`,
    };
  try {
    const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const binary = path.join(
      path.dirname(manifest),
      'bin',
      process.platform === 'win32' ? 'forge.exe' : 'forge',
    );
    return { binary };
  } catch {
    return {
      unavailable: `${name} is not installed (npm ci installs it on ${process.platform}-${process.arch})`,
    };
  }
}

const found = forgeBinary();

/**
 * Why forge cannot run here, for `describe.skipIf(...)`; undefined when it can. On CI a missing
 * forge throws instead: the oracle is never skipped there.
 */
export const forgeUnavailable: string | undefined = (() => {
  if (!('unavailable' in found)) return undefined;
  if (process.env.CI) throw new Error(`forge is required on CI: ${found.unavailable}`);
  return found.unavailable;
})();

/** A home with no ~/.foundry/foundry.toml: forge merges a global config from there. */
let home: string | undefined;

/**
 * `forge <args> --root <root>`'s output. No FOUNDRY_* or DAPP_* variable of the test's process
 * reaches it (only `env`), no global config, it is told it is offline, and it runs on one thread.
 */
export async function forge(
  args: readonly string[],
  root: string,
  env: Record<string, string> = {},
): Promise<string> {
  if ('unavailable' in found) throw new Error(found.unavailable);
  home ??= mkdtempSync(path.join(tmpdir(), 'forge-home-'));
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(FOUNDRY|DAPP)_/.test(key)),
  );
  const { stdout } = await run(found.binary, [...args, '--root', root], {
    cwd: root,
    timeout: TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
    // One thread: forge's scan for remappings meets folder links in an order its threads race for.
    env: {
      ...clean,
      HOME: home,
      FOUNDRY_OFFLINE: 'true',
      NO_COLOR: '1',
      RAYON_NUM_THREADS: '1',
      ...env,
    },
  });
  return stdout;
}

/** Each file of `forge tree`, by real path, with the files it imports (by real path). */
export type ImportGraph = Map<string, Set<string>>;

/**
 * `forge tree --charset ascii`: a source at the margin, each import below its importer, one level
 * deeper: 4 characters (`|   ` or spaces) per level above, then its branch (`|-- ` or `` `-- ``);
 * after the path, the file's version requirement if it has one, and `(*)` where its imports were
 * listed at its first appearance. Paths are relative to the root (absolute outside it).
 */
export function parseForgeTree(output: string, root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const stack: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = /^((?:[| ] {3})*)([|`]-- )?(.+)$/.exec(line);
    const branch = match?.[2] === undefined ? 0 : 1;
    const depth = (match?.[1]?.length ?? 0) / 4 + branch;
    const file = /^(.+?\.(?:sol|vyi?|json))(?: |$)/.exec(match?.[3] ?? '')?.[1];
    if (file === undefined)
      throw new Error(`forge tree printed a line this parser cannot read: ${line}`);
    const real = realPath(path.resolve(root, file));
    if (!graph.has(real)) graph.set(real, new Set());
    stack.length = depth;
    const parent = stack[depth - 1];
    if (parent !== undefined) graph.get(parent)?.add(real);
    stack.push(real);
  }
  return graph;
}

/** The import graph forge builds for the project at `root`. */
export async function forgeTree(
  root: string,
  env: Record<string, string> = {},
): Promise<ImportGraph> {
  return parseForgeTree(await forge(['tree', '--charset', 'ascii'], root, env), root);
}

/**
 * The real paths forge reaches from `files` (absolute; the files themselves included). A file
 * forge does not list is an error: forge tree lists the project's sources and what they import,
 * so it was given a file that is not one.
 */
export async function forgeReaches(
  root: string,
  files: readonly string[],
  env: Record<string, string> = {},
): Promise<Set<string>> {
  const graph = await forgeTree(root, env);
  const reached = new Set<string>();
  const pending = files.map((file) => realPath(file));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    const imports = graph.get(file);
    if (imports === undefined) throw new Error(`forge tree at ${root} does not list ${file}`);
    reached.add(file);
    pending.push(...imports);
  }
  return reached;
}

/** A stand-in solc that records the input forge gives it (see the file). */
const FAKE_SOLC = fileURLToPath(new URL('./fake-solc.mjs', import.meta.url));

/** What `forge build` would give solc. */
export interface ForgeBuild {
  /** The sources it would compile, by real path. */
  sources: Set<string>;
  /** The remappings it would pass, `[context:]name=path`. */
  remappings: string[];
}

/**
 * What `forge build <files>` gives the compiler: the files and their imports, as forge compiles
 * them, and the remappings it passes. Forge writes its cache and output under `root`: give it a
 * copy. `files` are absolute.
 */
export async function forgeBuild(
  root: string,
  files: readonly string[],
  env: Record<string, string> = {},
): Promise<ForgeBuild> {
  const input = path.join(mkdtempSync(path.join(tmpdir(), 'forge-build-')), 'input.json');
  await forge(
    ['build', '--use', FAKE_SOLC, '--offline', ...files.map((file) => path.relative(root, file))],
    root,
    { FAKE_SOLC_INPUT: input, ...env },
  );
  const parsed = JSON.parse(readFileSync(input, 'utf8')) as {
    sources: Record<string, unknown>;
    settings: { remappings?: string[] };
  };
  return {
    sources: new Set(Object.keys(parsed.sources).map((name) => realPath(path.resolve(root, name)))),
    remappings: parsed.settings.remappings ?? [],
  };
}

export interface ForgeRemapping {
  context: string;
  name: string;
  path: string;
}

/** `forge remappings`: one `[context:]name=path` per line, as forge prints them. */
export async function forgeRemappings(
  root: string,
  env: Record<string, string> = {},
): Promise<ForgeRemapping[]> {
  const output = await forge(['remappings'], root, env);
  return output
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const equals = line.indexOf('=');
      const left = line.slice(0, equals);
      const colon = left.indexOf(':');
      return {
        context: colon === -1 ? '' : left.slice(0, colon),
        name: left.slice(colon + 1),
        path: line.slice(equals + 1),
      };
    });
}

function shownRemapping({ context, name, path: target }: ForgeRemapping): string {
  return `${context === '' ? '' : `${context}:`}${name}=${target}`;
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file; // forge names a file that is gone: compared as named
  }
}

/** One Foundry project's upload held against forge. Paths relative to the workspace, sorted. */
export interface ForgeComparison {
  /** The project's folder, `.` for the workspace's own. */
  project: string;
  /** Sent, forge tree does not reach it. */
  extra: string[];
  /** Forge tree reaches it, not sent. */
  missing: string[];
  /** The same against what `forge build` of the audited files gives the compiler. */
  build: { extra: string[]; missing: string[] };
  /** How many files were sent. */
  sent: number;
  /** The run's warnings. */
  warnings: string[];
  /** `[context:]name=path`: as the action computes them, and as `forge remappings` prints them. */
  printed: { ours: string[]; forge: string[] };
  /** The remappings the action applies, and those forge build passes the compiler. */
  built: { ours: string[]; forge: string[] };
}

/**
 * The action's search as a run does it, then, for each Foundry project with an upload, the files
 * sent (audited and dependencies, by real path) against those forge tree reaches from the
 * audited ones, and against those `forge build` of the audited ones gives the compiler; and the
 * remappings of each. `env` is given to forge; its FOUNDRY_PROFILE is the search's too. Forge
 * build writes its cache and output in the workspace: give it a copy.
 */
export async function compareWithForge(
  search: ContractSearch,
  env: Record<string, string> = {},
): Promise<ForgeComparison[]> {
  const { log, lines } = recordingLogger();
  const profile = env.FOUNDRY_PROFILE ?? search.foundryProfile;
  const withProfile = { ...search, foundryProfile: profile };
  const projects = await findProjects(withProfile, log);
  const uploads = await findUploads(withProfile, log, projects);
  const workspace = realpathSync(search.workspace);
  const shown = (files: Iterable<string>) =>
    [...files].map((file) => path.relative(workspace, file).split(path.sep).join('/')).sort();
  const versus = (sent: ReadonlySet<string>, forge: ReadonlySet<string>) => ({
    extra: shown([...sent].filter((file) => !forge.has(file))),
    missing: shown([...forge].filter((file) => !sent.has(file))),
  });
  const comparisons: ForgeComparison[] = [];
  for (const project of projects.filter((each) => each.frameworks.includes('Foundry'))) {
    const upload = uploads.find((each) => path.resolve(workspace, each.path) === project.root);
    if (upload === undefined) continue;
    const audited = upload.files
      .filter((file) => !file.dependency)
      .map((file) => file.absolutePath);
    const sent = new Set(upload.files.map((file) => realPath(file.absolutePath)));
    const build = await forgeBuild(project.root, audited, env);
    comparisons.push({
      project: shown([project.root])[0] || '.',
      ...versus(sent, await forgeReaches(project.root, audited, env)),
      build: versus(sent, build.sources),
      sent: sent.size,
      warnings: lines.filter((line) => line.startsWith('warning: ')),
      printed: {
        ours: (await printedRemappings(project, workspace, profile)).map(shownOurs),
        forge: (await forgeRemappings(project.root, env)).map(shownRemapping),
      },
      built: { ours: project.remappings.map(shownOurs), forge: build.remappings },
    });
  }
  return comparisons;
}

/** What the engine computes as `forge remappings` would print it, for the project. */
async function printedRemappings(project: Project, workspace: string, profile: string) {
  const text = readFileSync(path.join(project.root, 'foundry.toml'), 'utf8');
  const config = await readFoundryConfig(text, profile, 'foundry.toml');
  const computed = await foundryRemappings(
    project.root,
    { ...config, libs: project.foundryLibs ?? config.libs },
    {
      workspace,
      reader: createConfigReader(workspace),
      profile,
      deadline: undefined,
      vocabulary: ACTION_VOCABULARY,
    },
  );
  return computed.printed;
}

function shownOurs({ context, prefix, target }: Remapping): string {
  return shownRemapping({ context, name: prefix, path: target });
}
