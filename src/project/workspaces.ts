/**
 * The packages of the npm/yarn/pnpm workspace a project belongs to, by name: where an import of a
 * sibling package leads when `node_modules` holds no link to it (the install step was not run, or
 * pnpm linked only the declared dependencies). Read from the nearest workspace manifest at or
 * above the project; nothing outside the workspace is read, and links are not followed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside, posixRelative } from '../files/inside.ts';
import { isRecord } from '../json.ts';
import {
  readConfig,
  UnparsableConfig,
  unusable,
  unusableConfigWarning,
  type Unusable,
} from './config-file.ts';
import { PACKAGE_MANIFEST, PNPM_WORKSPACE } from './search-files.ts';
import { readYaml } from './yaml-config.ts';

/** Package name → its folder (absolute, links resolved). */
export type WorkspacePackages = ReadonlyMap<string, string>;

/** Folders listed while expanding the patterns: a workspace's packages lie within a few levels. */
const MAX_FOLDERS = 5000;
const GLOB_SYNTAX = /[*?[\]{}()!+@]/;
/** Patterns read from one manifest, and their length: real ones are a few, and short. */
const MAX_PATTERNS = 256;
const MAX_PATTERN_CHARS = 256;

/** The folders the workspace's patterns match (absolute, links resolved), each with its name. */
export interface WorkspaceListing {
  packages: { name: string | undefined; folder: string }[];
  /** True when the walk stopped at MAX_FOLDERS: there may be more. */
  stopped: boolean;
  /** Manifests that are there but cannot be used, each said with what was done instead. */
  warnings: string[];
}

/**
 * The packages declared by the nearest workspace manifest at or above `from`: pnpm-workspace.yaml
 * `packages:`, else package.json `workspaces` (a list, or yarn's `{ packages: [...] }`). A manifest
 * that cannot be read or parsed declares nothing, and a warning names it. Both paths are absolute
 * with links resolved.
 */
export async function listWorkspacePackages(
  from: string,
  workspace: string,
): Promise<WorkspaceListing> {
  const warnings: string[] = [];
  const warn = (file: string, reason: string, instead: string) =>
    warnings.push(unusableConfigWarning(posixRelative(workspace, file), reason, instead));
  for (let dir = from; isInside(workspace, dir); dir = path.dirname(dir)) {
    // pnpm reads only its own file, even where package.json has `workspaces` too.
    const pnpmFile = path.join(dir, PNPM_WORKSPACE);
    const pnpm = await readConfig(pnpmFile, workspace);
    const patterns = pnpm.kind === 'text' ? await pnpmPatterns(pnpm.text, pnpmFile) : pnpm;
    if (Array.isArray(patterns)) return packagesMatching(dir, patterns, workspace, warnings);
    if (patterns.kind === 'unusable')
      warn(pnpmFile, patterns.reason, "the folder's package.json is read instead");
    const npmFile = path.join(dir, PACKAGE_MANIFEST);
    const npm = await readConfig(npmFile, workspace);
    const declared = npm.kind === 'text' ? npmPatterns(npm.text) : npm;
    if (Array.isArray(declared)) return packagesMatching(dir, declared, workspace, warnings);
    if (declared?.kind === 'unusable') {
      warn(npmFile, declared.reason, 'the workspace manifest is looked for in the folders above');
    }
    if (dir === workspace) break;
  }
  return { packages: [], stopped: false, warnings };
}

/** The workspace's packages by name; of two with one name, the first listed. */
export async function workspacePackages(
  from: string,
  workspace: string,
): Promise<WorkspacePackages> {
  const byName = new Map<string, string>();
  for (const { name, folder } of (await listWorkspacePackages(from, workspace)).packages) {
    if (name !== undefined && !byName.has(name)) byName.set(name, folder);
  }
  return byName;
}

/** The file for `importPath` (`@scope/name/…` or `name/…`) inside its workspace package, if known. */
export function fileInPackage(packages: WorkspacePackages, importPath: string): string | undefined {
  const segments = importPath.split('/');
  const length = importPath.startsWith('@') ? 2 : 1;
  const folder = packages.get(segments.slice(0, length).join('/'));
  const rest = segments.slice(length);
  return folder === undefined || rest.length === 0 ? undefined : path.join(folder, ...rest);
}

async function pnpmPatterns(text: string, file: string): Promise<string[] | Unusable> {
  try {
    return strings((await readYaml(text, file)).packages);
  } catch (error) {
    if (error instanceof UnparsableConfig) return unusable('unparsable', error.reason);
    throw error;
  }
}

const UNPARSABLE_JSON = unusable('unparsable', 'is not valid JSON');

/** The `workspaces` patterns, or undefined for a package.json that declares no workspace. */
function npmPatterns(text: string): string[] | Unusable | undefined {
  const manifest = parseJson(text);
  if (manifest === undefined) return UNPARSABLE_JSON;
  const workspaces = isRecord(manifest) ? manifest.workspaces : undefined;
  if (Array.isArray(workspaces)) return strings(workspaces);
  return isRecord(workspaces) && Array.isArray(workspaces.packages)
    ? strings(workspaces.packages)
    : undefined;
}

interface Pattern {
  negated: boolean;
  /** Matched against `<folder>/package.json`, as pnpm and npm do, so `!**\/test/**` excludes `x/test`. */
  glob: string;
  /** Folder segments before the first glob: only folders along them can hold a match. */
  literalPrefix: string[];
  /** How deep a match lies; unbounded with `**`. */
  depth: number;
}

function parsePattern(source: string): Pattern | undefined {
  // The matcher's regex backtracks on many wildcards in one segment (`*a*a*a*a*b`): no real
  // manifest has them, and a hostile one must not stall the run.
  if (source.length > MAX_PATTERN_CHARS) return undefined;
  if (source.split('/').some((segment) => segment !== '**' && segment.split('*').length > 4))
    return undefined;
  const negated = source.startsWith('!');
  const glob = path.posix.join(negated ? source.slice(1) : source, PACKAGE_MANIFEST);
  // Only folders below the manifest belong to its workspace.
  if (glob.startsWith('../') || path.posix.isAbsolute(glob)) return undefined;
  const folders = glob.split('/').slice(0, -1);
  const firstGlob = folders.findIndex((segment) => GLOB_SYNTAX.test(segment));
  return {
    negated,
    glob,
    literalPrefix: firstGlob === -1 ? folders : folders.slice(0, firstGlob),
    depth: folders.includes('**') ? Infinity : folders.length,
  };
}

/**
 * Every folder below `root` with a package.json that a positive pattern matches and no negation does
 * (pnpm's rule; npm's, where negations come last as they usually do), by its package's name. The
 * walk lists only folders a pattern can reach, follows no link, and stops after MAX_FOLDERS.
 */
async function packagesMatching(
  root: string,
  sources: readonly string[],
  workspace: string,
  warnings: string[],
): Promise<WorkspaceListing> {
  const patterns = sources
    .slice(0, MAX_PATTERNS)
    .map(parsePattern)
    .filter((pattern) => pattern !== undefined);
  const positives = patterns.filter((pattern) => !pattern.negated);
  const negatives = patterns.filter((pattern) => pattern.negated);
  const listing: WorkspaceListing = { packages: [], stopped: false, warnings };
  const queue = [''];
  for (let index = 0; index < queue.length; index++) {
    const folder = queue[index] ?? '';
    const manifest = path.posix.join(folder, PACKAGE_MANIFEST);
    const matches = (pattern: Pattern) => path.posix.matchesGlob(manifest, pattern.glob);
    if (positives.some(matches) && !negatives.some(matches)) {
      // A folder is a package only with its manifest (`packages/**` matches every folder below),
      // one that cannot be used too: only its name is unknown. In a stable order, the nearest
      // first, then by name.
      const file = path.join(root, manifest);
      const read = await readConfig(file, root);
      const name = read.kind === 'text' ? packageName(read.text) : read;
      if (typeof name === 'object' && name.kind === 'unusable') {
        const instead = 'the folder is still a package of the workspace, known by no name';
        warnings.push(unusableConfigWarning(posixRelative(workspace, file), name.reason, instead));
      }
      if (read.kind !== 'missing') {
        listing.packages.push({
          name: typeof name === 'string' ? name : undefined,
          folder: path.join(root, folder),
        });
      }
    }
    const entries = await fs
      .readdir(path.join(root, folder), { withFileTypes: true })
      .catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      // Installed packages are not the workspace's; globs skip hidden folders (.git among them).
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.'))
        continue;
      const child = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (!positives.some((pattern) => mayHold(pattern, child))) continue;
      if (queue.length < MAX_FOLDERS) queue.push(child);
      else listing.stopped = true;
    }
  }
  return listing;
}

/** Whether the pattern can match `folder` or a folder below it. */
function mayHold(pattern: Pattern, folder: string): boolean {
  const segments = folder.split('/');
  if (segments.length > pattern.depth) return false;
  return pattern.literalPrefix.every(
    (literal, index) => index >= segments.length || segments[index] === literal,
  );
}

function packageName(text: string): string | Unusable | undefined {
  const manifest = parseJson(text);
  if (manifest === undefined) return UNPARSABLE_JSON;
  const name = isRecord(manifest) ? manifest.name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** The document, or undefined when the text is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
