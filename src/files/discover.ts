/**
 * Finds the contract files to upload with our own walker: excluded directories are never
 * opened (a huge node_modules costs nothing), and nothing outside the workspace is read,
 * whatever symbolic links point to.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { compileExcludes, DEFAULT_EXCLUDES, type ExcludeRules } from './excludes.ts';
import { compilePatterns, type PatternMatcher } from './patterns.ts';
import { isInside } from './inside.ts';

export interface ContractFile {
  /** Real path (links resolved), always inside the workspace: read the file from here. */
  absolutePath: string;
  /** POSIX, relative to root, through any links followed: the name to upload under. */
  relativePath: string;
  size: number;
}

export interface DiscoveryOptions {
  /** Absolute; nothing outside it is ever read. */
  workspace: string;
  /** Absolute working directory inside the workspace; patterns and relativePath are relative to it. */
  root: string;
  /** Globs such as `**\/*.sol`; a leading '!' negates, the last matching pattern decides. */
  patterns: readonly string[];
  /** gitignore-like rules, added after the defaults (so `!lib/` can re-include a default). */
  excludes: readonly string[];
  useDefaultExcludes: boolean;
  /** Lists a directory; tests pass a wrapper to see which directories were opened. */
  readDir?: (directory: string) => Promise<Dirent[]>;
}

export interface SkippedLink {
  path: string;
  /** Where it resolves to, or what it says when it resolves to nothing. */
  target: string;
  reason: 'outside-workspace' | 'broken';
}

export interface DiscoveryResult {
  /** Sorted by relativePath. */
  files: ContractFile[];
  /** Positive patterns that matched no file left by the exclude rules. */
  unmatchedPatterns: string[];
  /** Links that lead outside the workspace or nowhere: warned about, never read. */
  skippedLinks: SkippedLink[];
  /** Relative directories not walked because of an exclude rule. */
  prunedDirectories: string[];
}

/** A directory entry: where it really is, and the name it is found under. */
interface Entry {
  realPath: string;
  relativePath: string;
}

/** Files stat'ed at once: fast on network disks, bounded on huge directories. */
const STAT_BATCH = 64;

export async function discoverContracts(options: DiscoveryOptions): Promise<DiscoveryResult> {
  const readDir = options.readDir ?? ((dir) => fs.readdir(dir, { withFileTypes: true }));
  const workspace = await resolveWorkspace(options.workspace);
  const root = await resolveRoot(options.root, options.workspace, workspace);
  const excludes = compileExcludes([
    ...(options.useDefaultExcludes ? DEFAULT_EXCLUDES : []),
    ...options.excludes,
  ]);
  const patterns = compilePatterns(options.patterns, options.root);
  const walk = new Walk(workspace, excludes, patterns);

  // Directories reached through links wait until every plainly reachable one is walked, so
  // a link to a directory that is also reachable without it never claims that directory.
  const plain: Entry[] = [{ realPath: root, relativePath: '' }];
  const linked: Entry[] = [];
  const visited = new Set<string>();
  for (let dir = plain.pop(); dir !== undefined; dir = plain.pop() ?? linked.pop()) {
    if (visited.has(dir.realPath)) continue; // also ends link cycles
    visited.add(dir.realPath);
    const entries = await listDirectory(readDir, dir);
    const candidates: Entry[] = [];
    for (const entry of entries) {
      const child: Entry = {
        realPath: path.join(dir.realPath, entry.name),
        relativePath: dir.relativePath === '' ? entry.name : `${dir.relativePath}/${entry.name}`,
      };
      if (entry.isDirectory()) {
        if (walk.admitsDirectory(child)) plain.push(child);
      } else if (entry.isFile()) {
        if (walk.admitsFile(child)) candidates.push(child);
      } else if (entry.isSymbolicLink()) {
        const resolved = await walk.followLink(child);
        if (resolved?.kind === 'directory') linked.push(resolved.entry);
        if (resolved?.kind === 'file') candidates.push(resolved.entry);
      }
    }
    await walk.addFiles(candidates);
  }

  return {
    files: walk.files.sort((a, b) => compare(a.relativePath, b.relativePath)),
    unmatchedPatterns: patterns.unmatched(),
    skippedLinks: walk.skippedLinks.sort((a, b) => compare(a.path, b.path)),
    prunedDirectories: walk.prunedDirectories.sort(compare),
  };
}

type ResolvedLink = { kind: 'directory' | 'file'; entry: Entry } | undefined;

/** Decisions about single entries, and what they add to the result. */
class Walk {
  readonly files: ContractFile[] = [];
  readonly skippedLinks: SkippedLink[] = [];
  readonly prunedDirectories: string[] = [];
  private readonly workspace: string;
  private readonly excludes: ExcludeRules;
  private readonly patterns: PatternMatcher;

  constructor(workspace: string, excludes: ExcludeRules, patterns: PatternMatcher) {
    this.workspace = workspace;
    this.excludes = excludes;
    this.patterns = patterns;
  }

  admitsDirectory(dir: Entry): boolean {
    if (this.excludes.excludesDirectory(dir.relativePath)) {
      this.prunedDirectories.push(dir.relativePath);
      return false;
    }
    return this.patterns.mayMatchBelow(dir.relativePath);
  }

  admitsFile(file: Entry): boolean {
    return (
      !this.excludes.excludesFile(file.relativePath) && this.patterns.selects(file.relativePath)
    );
  }

  /** Resolves a link without touching what it points to unless that is inside the workspace. */
  async followLink(link: Entry): Promise<ResolvedLink> {
    let realPath: string;
    try {
      realPath = await fs.realpath(link.realPath);
    } catch {
      const target = await fs.readlink(link.realPath).catch(() => '');
      this.skip(link, target, 'broken');
      return undefined;
    }
    if (!isInside(this.workspace, realPath)) {
      this.skip(link, realPath, 'outside-workspace');
      return undefined;
    }
    const stats = await statIfPresent(realPath);
    const target = { realPath, relativePath: link.relativePath };
    if (stats?.isDirectory()) {
      return this.admitsDirectory(target) ? { kind: 'directory', entry: target } : undefined;
    }
    if (stats?.isFile() && this.admitsFile(target)) return { kind: 'file', entry: target };
    return undefined;
  }

  async addFiles(candidates: readonly Entry[]): Promise<void> {
    for (let start = 0; start < candidates.length; start += STAT_BATCH) {
      const batch = candidates.slice(start, start + STAT_BATCH);
      const stats = await Promise.all(batch.map((file) => statIfPresent(file.realPath)));
      batch.forEach((file, i) => {
        const stat = stats[i];
        if (!stat?.isFile()) return;
        this.files.push({
          absolutePath: file.realPath,
          relativePath: file.relativePath,
          size: stat.size,
        });
      });
    }
  }

  /** A link whose name an exclude rule covers is left out silently, as its target would be. */
  private skip(link: Entry, target: string, reason: SkippedLink['reason']): void {
    const excluded =
      this.excludes.excludesDirectory(link.relativePath) ||
      this.excludes.excludesFile(link.relativePath);
    if (!excluded) this.skippedLinks.push({ path: link.relativePath, target, reason });
  }
}

async function listDirectory(
  readDir: NonNullable<DiscoveryOptions['readDir']>,
  dir: Entry,
): Promise<Dirent[]> {
  try {
    const entries = await readDir(dir.realPath);
    return entries.sort((a, b) => compare(a.name, b.name));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return []; // removed while we walked
    throw new ConfigurationError(
      `Cannot read directory ${dir.relativePath || '.'} (${code ?? String(error)}). ` +
        'Leave it out with `exclude`, or make it readable.',
      { cause: error },
    );
  }
}

async function resolveWorkspace(workspace: string): Promise<string> {
  try {
    return await fs.realpath(workspace);
  } catch (error) {
    throw new ConfigurationError(`The workspace ${workspace} does not exist.`, { cause: error });
  }
}

async function resolveRoot(
  root: string,
  workspace: string,
  realWorkspace: string,
): Promise<string> {
  const outside = (how: string) =>
    new ConfigurationError(
      `\`working-directory\` (${root}) ${how} outside the workspace (${workspace}); ` +
        'set it to a folder of the repository.',
    );
  if (!isInside(path.resolve(workspace), path.resolve(root))) throw outside('is');
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (error) {
    throw new ConfigurationError(`\`working-directory\` (${root}) does not exist.`, {
      cause: error,
    });
  }
  if (!isInside(realWorkspace, realRoot)) throw outside(`leads to ${realRoot},`);
  if (!(await fs.stat(realRoot)).isDirectory()) {
    throw new ConfigurationError(`\`working-directory\` (${root}) is not a directory.`);
  }
  return realRoot;
}

async function statIfPresent(file: string) {
  try {
    return await fs.stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined; // gone since it was listed
    throw error;
  }
}

/** Code-unit order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
