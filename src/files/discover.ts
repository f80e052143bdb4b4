/**
 * Finds the contract files to upload with our own walker: excluded directories are never
 * opened (a huge node_modules costs nothing), nothing outside the workspace is read, whatever
 * symbolic links point to, and a file that matches but cannot be uploaded fails the run rather
 * than going unaudited.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import {
  compileExcludes,
  DEFAULT_EXCLUDES,
  type ExcludePattern,
  type ExcludeRules,
} from './excludes.ts';
import { checkDeadline, type Deadline } from '../deadline.ts';
import { compilePatterns, type PatternMatcher } from './patterns.ts';
import { isInside } from './inside.ts';
import { sentenceStart, type Vocabulary } from '../vocabulary.ts';

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
  /** The defaults, each with its reason; DEFAULT_EXCLUDES when not given. */
  defaultExcludes?: readonly ExcludePattern[];
  /**
   * Lists a directory, names as text; tests pass a wrapper to see which directories were opened.
   * A directory whose names need their bytes (see listDirectory) is then read with fs itself.
   */
  readDir?: (directory: string) => Promise<Dirent[]>;
  /** The run's: the walk stops there with a DeadlineError. */
  deadline?: Deadline;
  /** The door's words, in which settings are named. */
  vocabulary: Vocabulary;
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
  /** Pruned directories (ending in `/`) and files the patterns select, with the excluding rule's reason. */
  excluded: Exclusion[];
}

export interface Exclusion {
  path: string;
  reason: string;
}

/** A file that matches but cannot be uploaded: the run fails naming it, never skips it. */
interface Unsendable {
  path: string;
  reason: string;
}

/**
 * A path on disk: text while all of its bytes are UTF-8 (nearly always), else the bytes, which
 * only fs calls take.
 */
type DiskPath = string | Buffer;

/** A directory entry: where it really is, and the name it is found under. */
interface Entry {
  realPath: DiskPath;
  /** What the rules and messages see: bytes that are not UTF-8 escaped as `\xff`. */
  relativePath: string;
  /** False once a name along relativePath was escaped: there is no name to upload it under. */
  exactName: boolean;
}

/** Files stat'ed at once: fast on network disks, bounded on huge directories. */
const STAT_BATCH = 64;

export async function discoverContracts(options: DiscoveryOptions): Promise<DiscoveryResult> {
  const readDir = options.readDir ?? ((dir) => fs.readdir(dir, { withFileTypes: true }));
  const workspace = await resolveWorkspace(options.workspace);
  const words = options.vocabulary;
  const root = await resolveRoot(options.root, options.workspace, workspace, words);
  const defaults = options.defaultExcludes ?? DEFAULT_EXCLUDES;
  const excludes = compileExcludes([
    ...(options.useDefaultExcludes ? defaults : []),
    ...options.excludes.map((pattern) => ({ pattern, reason: words.setting('exclude', pattern) })),
  ]);
  const patterns = compilePatterns(options.patterns, options.root, words);
  const walk = new Walk(workspace, excludes, patterns);

  // Directories reached through links wait until every plainly reachable one is walked, so
  // a link to a directory that is also reachable without it never claims that directory.
  const plain: Entry[] = [{ realPath: root, relativePath: '', exactName: true }];
  const linked: Entry[] = [];
  const visited = new Set<string>();
  for (let dir = plain.pop(); dir !== undefined; dir = plain.pop() ?? linked.pop()) {
    // Bytes are keyed after a NUL, which no text path holds, so the two never collide.
    const key =
      typeof dir.realPath === 'string' ? dir.realPath : `\0${dir.realPath.toString('latin1')}`;
    if (visited.has(key)) continue; // also ends link cycles
    visited.add(key);
    checkDeadline(options.deadline, 'listing the contract files');
    const candidates: Entry[] = [];
    for (const { type, entry } of await listDirectory(readDir, dir, words)) {
      if (type.isDirectory()) {
        if (walk.admitsDirectory(entry)) plain.push(entry);
      } else if (type.isSymbolicLink()) {
        const resolved = await walk.followLink(entry);
        if (resolved?.kind === 'directory') linked.push(resolved.entry);
        if (resolved?.kind === 'file') candidates.push(resolved.entry);
      } else if (walk.admitsFile(entry)) {
        // A FIFO, socket or device named like a contract too: addFiles says it cannot be sent.
        candidates.push(entry);
      }
    }
    await walk.addFiles(candidates);
  }

  if (walk.unsendable.length > 0) throw unsendableError(walk.unsendable, words);
  return {
    files: walk.files.sort((a, b) => compare(a.relativePath, b.relativePath)),
    unmatchedPatterns: patterns.unmatched(),
    skippedLinks: walk.skippedLinks.sort((a, b) => compare(a.path, b.path)),
    prunedDirectories: walk.prunedDirectories.sort(compare),
    excluded: walk.excluded.sort((a, b) => compare(a.path, b.path)),
  };
}

type ResolvedLink = { kind: 'directory' | 'file'; entry: Entry } | undefined;

/** Decisions about single entries, and what they add to the result. */
class Walk {
  readonly files: ContractFile[] = [];
  readonly skippedLinks: SkippedLink[] = [];
  readonly prunedDirectories: string[] = [];
  readonly excluded: Exclusion[] = [];
  readonly unsendable: Unsendable[] = [];
  private readonly workspace: string;
  /** The workspace and a separator, to compare paths that are bytes. */
  private readonly workspacePrefix: Buffer;
  private readonly excludes: ExcludeRules;
  private readonly patterns: PatternMatcher;

  constructor(workspace: string, excludes: ExcludeRules, patterns: PatternMatcher) {
    this.workspace = workspace;
    this.workspacePrefix = Buffer.from(
      workspace.endsWith(path.sep) ? workspace : workspace + path.sep,
    );
    this.excludes = excludes;
    this.patterns = patterns;
  }

  admitsDirectory(dir: Entry): boolean {
    if (!this.patterns.mayMatchBelow(dir.relativePath)) return false;
    const reason = this.excludes.excludesDirectory(dir.relativePath);
    if (reason !== undefined) {
      this.prunedDirectories.push(dir.relativePath);
      this.excluded.push({ path: `${dir.relativePath}/`, reason });
      return false;
    }
    return true;
  }

  admitsFile(file: Entry): boolean {
    if (!this.patterns.selects(file.relativePath)) return false;
    const reason = this.excludes.excludesFile(file.relativePath);
    if (reason !== undefined) this.excluded.push({ path: file.relativePath, reason });
    return reason === undefined;
  }

  /** Resolves a link without touching what it points to unless that is inside the workspace. */
  async followLink(link: Entry): Promise<ResolvedLink> {
    let realPath: DiskPath;
    try {
      realPath = fromBytes(await fs.realpath(link.realPath, { encoding: 'buffer' }));
    } catch {
      const target = await fs.readlink(link.realPath, { encoding: 'buffer' }).then(
        (bytes) => escapeBytes(bytes),
        () => '',
      );
      this.skip(link, target, 'broken');
      return undefined;
    }
    if (!this.contains(realPath)) {
      this.skip(link, show(realPath), 'outside-workspace');
      return undefined;
    }
    const target: Entry = { ...link, realPath };
    const stats = await fs.stat(realPath).catch(() => undefined);
    if (stats?.isDirectory()) {
      return this.admitsDirectory(target) ? { kind: 'directory', entry: target } : undefined;
    }
    // Anything else named like a contract is a candidate: addFiles says what is wrong with it.
    return this.admitsFile(target) ? { kind: 'file', entry: target } : undefined;
  }

  async addFiles(candidates: readonly Entry[]): Promise<void> {
    for (let start = 0; start < candidates.length; start += STAT_BATCH) {
      await Promise.all(candidates.slice(start, start + STAT_BATCH).map((file) => this.add(file)));
    }
  }

  /** Lists the file for upload, or records why it cannot be sent. */
  private async add(file: Entry): Promise<void> {
    const checked = await check(file);
    if (typeof checked === 'string') {
      this.unsendable.push({ path: file.relativePath, reason: checked });
    } else {
      this.files.push(checked);
    }
  }

  private contains(realPath: DiskPath): boolean {
    if (typeof realPath === 'string') return isInside(this.workspace, realPath);
    // From realpath, so absolute and without `..`: comparing bytes is exact, decoding is not.
    return realPath.subarray(0, this.workspacePrefix.length).equals(this.workspacePrefix);
  }

  /** A link whose name an exclude rule covers is left out silently, as its target would be. */
  private skip(link: Entry, target: string, reason: SkippedLink['reason']): void {
    const excluded =
      this.excludes.excludesDirectory(link.relativePath) ??
      this.excludes.excludesFile(link.relativePath);
    if (excluded === undefined) this.skippedLinks.push({ path: link.relativePath, target, reason });
  }
}

/** The file to upload, or why it cannot be sent. */
async function check(file: Entry): Promise<ContractFile | string> {
  if (!file.exactName) return 'its name is not valid UTF-8';
  if (typeof file.realPath !== 'string') {
    return 'the path of the file it links to is not valid UTF-8';
  }
  try {
    const stats = await fs.stat(file.realPath);
    if (!stats.isFile()) return 'it is not a regular file';
    // stat needs no read permission, so an unreadable file would only fail while uploading.
    // Checkouts are readable by all; the kernel is asked only about files that are not.
    if ((stats.mode & 0o444) !== 0o444) await fs.access(file.realPath, fs.constants.R_OK);
    return { absolutePath: file.realPath, relativePath: file.relativePath, size: stats.size };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? 'it was removed while the checkout was searched'
      : `it cannot be read (${code ?? String(error)})`;
  }
}

async function listDirectory(
  readDir: NonNullable<DiscoveryOptions['readDir']>,
  dir: Entry,
  words: Vocabulary,
): Promise<{ type: Dirent<string | Buffer>; entry: Entry }[]> {
  try {
    let entries: Dirent<string | Buffer>[] | undefined;
    if (typeof dir.realPath === 'string') {
      const listed = await readDir(dir.realPath);
      // Text is fast, but a name holding U+FFFD may stand for bytes that are not UTF-8, or be
      // that character itself: only the bytes tell, so the directory is read again as bytes.
      if (!listed.some((entry) => entry.name.includes('\uFFFD'))) entries = listed;
    }
    entries ??= await fs.readdir(dir.realPath, { withFileTypes: true, encoding: 'buffer' });
    return entries
      .map((type) => ({ type, entry: childOf(dir, type.name) }))
      .sort((a, b) => compare(a.entry.relativePath, b.entry.relativePath));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return []; // removed while we walked
    throw new ConfigurationError(
      `Cannot read directory ${dir.relativePath || '.'} (${code ?? String(error)}). ` +
        `Leave it out with ${words.option('exclude')}, or make it readable.`,
      { cause: error },
    );
  }
}

const SEPARATOR = Buffer.from(path.sep);

function childOf(dir: Entry, name: string | Buffer): Entry {
  const text = typeof name === 'string' || isUtf8(name);
  const shown = text ? name.toString() : escapeBytes(name);
  return {
    realPath:
      text && typeof dir.realPath === 'string'
        ? path.join(dir.realPath, shown)
        : Buffer.concat([bytes(dir.realPath), SEPARATOR, bytes(name)]),
    relativePath: dir.relativePath === '' ? shown : `${dir.relativePath}/${shown}`,
    exactName: dir.exactName && text,
  };
}

function bytes(value: string | Buffer): Buffer {
  return typeof value === 'string' ? Buffer.from(value) : value;
}

/** Text when the bytes are UTF-8, so one place on disk always has one DiskPath. */
function fromBytes(bytes: Buffer): DiskPath {
  return isUtf8(bytes) ? bytes.toString() : bytes;
}

function show(diskPath: DiskPath): string {
  return typeof diskPath === 'string' ? diskPath : escapeBytes(diskPath);
}

/** The bytes as text, each byte that begins no UTF-8 character shown as `\xff`. */
function escapeBytes(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i < bytes.length;) {
    // A character is 1 to 4 bytes, and no shorter start of one is valid by itself.
    const length = [1, 2, 3, 4].find(
      (n) => i + n <= bytes.length && isUtf8(bytes.subarray(i, i + n)),
    );
    if (length === undefined) {
      text += `\\x${bytes.toString('hex', i, i + 1)}`;
      i += 1;
    } else {
      text += bytes.toString('utf8', i, i + length);
      i += length;
    }
  }
  return text;
}

function unsendableError(unsendable: readonly Unsendable[], words: Vocabulary): ConfigurationError {
  const list = [...unsendable]
    .sort((a, b) => compare(a.path, b.path))
    .map((file) => `  - ${file.path}: ${file.reason}`);
  return new ConfigurationError(
    `${unsendable.length} file(s) match ${words.option('contracts')} but cannot be uploaded, so they would go ` +
      `unaudited:\n${list.join('\n')}\n` +
      'Rename each one (a name must be valid UTF-8) or make it a readable regular file, or leave ' +
      `it out with ${words.option('exclude')} (the path as shown here works).`,
  );
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
  words: Vocabulary,
): Promise<string> {
  const setting = sentenceStart(words.option('working-directory'));
  const outside = (how: string) =>
    new ConfigurationError(
      `${setting} (${root}) ${how} outside the workspace (${workspace}); ` +
        'set it to a folder of the repository.',
    );
  if (!isInside(path.resolve(workspace), path.resolve(root))) throw outside('is');
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (error) {
    throw new ConfigurationError(`${setting} (${root}) does not exist.`, {
      cause: error,
    });
  }
  if (!isInside(realWorkspace, realRoot)) throw outside(`leads to ${realRoot},`);
  if (!(await fs.stat(realRoot)).isDirectory()) {
    throw new ConfigurationError(`${setting} (${root}) is not a directory.`);
  }
  return realRoot;
}

/** Code-unit order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
