/**
 * A folder that stands for the head commit, so the engine's search runs over it as over a
 * checkout: only what the search reads is written. Configs get their bytes from GitHub; contract
 * files start as placeholders (sparse files of the commit's size, so the limits judge the real
 * size) until their bytes are known. Submodules are empty folders, as in a checkout without them.
 * The artifact then supplies bytes: a file the commit holds only when they are that file's (git's
 * id), and a file it does not hold only inside a submodule or a folder of installed packages;
 * everything else of the artifact is refused, with why. Links are written last, as git writes
 * them (their text is their target), so the search meets them as on a checkout: one that leads
 * outside the folder is never followed.
 */
import { mkdir, readFile, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { RefusedFile } from '../../audit/result.ts';
import { ConfigurationError } from '../../errors.ts';
import { checkDeadline } from '../../deadline.ts';
import { uploadNameProblem } from '../../files/upload-name.ts';
import type { Logger } from '../../log.ts';
import { MAX_CONFIG_BYTES } from '../../project/config-file.ts';
import { searchFileKind } from '../../project/search-files.ts';
import { shortList } from '../../project/search-log.ts';
import type { ProjectUpload } from '../../project/find-contracts.ts';
import type { TreeEntry } from '../github/resources.ts';
import {
  CONCURRENT_READS,
  gitBlobId,
  GITLINK_MODE,
  installedPackages,
  LINK_MODE,
  readHeadFile,
  type HeadReader,
} from './head-tree.ts';

/** Distinct config files one commit may hold: each is one request. */
export const MAX_CONFIG_READS = 1_000;

/** Links one commit may hold: each is one request to read its target. */
export const MAX_LINKS = 1_000;

export interface HeadFolder {
  /** Absolute, links resolved. */
  root: string;
  /** The commit's entries by path. */
  tree: ReadonlyMap<string, TreeEntry>;
  /** Files whose bytes are not known yet, by path: the commit's entry for each. */
  placeholders: Map<string, TreeEntry>;
  /** Files the commit does not hold, written from the artifact: dependencies only. */
  artifactOnly: Set<string>;
  /** The commit's symbolic links, written last (writeLinks). */
  links: TreeEntry[];
  /** Config files read from GitHub. */
  configsRead: number;
}

/**
 * Writes under `root` (a fresh folder, links resolved) what the search reads of the commit's
 * tree, but its links (writeLinks, once the artifact's files are taken).
 */
export async function writeHeadFolder(
  entries: readonly TreeEntry[],
  root: string,
  reader: HeadReader,
  log: Logger,
): Promise<HeadFolder> {
  const head: HeadFolder = {
    root,
    tree: new Map(entries.map((entry) => [entry.path, entry])),
    placeholders: new Map(),
    artifactOnly: new Set(),
    links: [],
    configsRead: 0,
  };
  const unusable: Array<{ path: string; problem: string }> = [];
  const configs: TreeEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    if (index % 1000 === 0) checkDeadline(reader.deadline, "writing the head commit's files");
    const kind = searchFileKind(path.posix.basename(entry.path));
    const problem = uploadNameProblem(entry.path);
    if (problem !== undefined) {
      if (kind !== undefined || entry.mode === GITLINK_MODE || entry.mode === LINK_MODE)
        unusable.push({ path: entry.path, problem });
      continue;
    }
    const target = path.join(root, ...entry.path.split('/'));
    // Every folder, as a checkout has it; a submodule's is empty, as without its checkout.
    if (entry.type === 'tree' || entry.mode === GITLINK_MODE)
      await mkdir(target, { recursive: true });
    else if (entry.mode === LINK_MODE) head.links.push(entry);
    else if (entry.type !== 'blob' || kind === undefined) continue;
    else if (kind === 'config' && (entry.size ?? 0) <= MAX_CONFIG_BYTES) configs.push(entry);
    // A config too large to read stays a placeholder too: the search says it was not read, and
    // only a link with a contract's name could send it (its bytes are read then).
    else await writePlaceholder(head, entry);
  }
  // Each distinct config is one request: identical ones share git's id, and a commit of more
  // distinct ones than MAX_CONFIG_READS would spend the token's request budget.
  const distinct = new Map(configs.map((entry) => [entry.sha, entry]));
  if (distinct.size > MAX_CONFIG_READS)
    throw new ConfigurationError(
      `The head commit ${reader.commit} holds ${distinct.size} distinct config files, more than the ${MAX_CONFIG_READS} read from GitHub; nothing was audited.`,
    );
  const limit = pLimit(CONCURRENT_READS);
  const reads = new Map<string, Promise<Buffer>>();
  await Promise.all(
    configs.map((entry) =>
      limit(async () => {
        let read = reads.get(entry.sha);
        if (read === undefined) {
          reads.set(entry.sha, (read = readHeadFile(reader, entry)));
          head.configsRead += 1;
        }
        const bytes = await read;
        const target = path.join(root, ...entry.path.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, bytes);
      }),
    ),
  );
  // A contract of the commit the search cannot see might be one to audit: never a pass.
  const contracts = unusable.filter(
    (each) =>
      searchFileKind(path.posix.basename(each.path)) === 'source' ||
      head.tree.get(each.path)?.mode === LINK_MODE,
  );
  const listed = (paths: typeof unusable) =>
    shortList(paths.map((each) => `  - ${JSON.stringify(each.path)}: ${each.problem}`));
  if (contracts.length > 0)
    throw new ConfigurationError(
      `${contracts.length} contract file(s) or link(s) of the head commit ${reader.commit} have a name no upload can carry, so they cannot be audited:\n${listed(contracts)}\nRename them in the pull request.`,
    );
  if (unusable.length > 0)
    log.warning(
      `${unusable.length} path(s) of the head commit ${reader.commit} have a name no upload can carry, so the search does not see them:\n${listed(unusable)}`,
    );
  return head;
}

/** A sparse file of the entry's size, whose bytes are read when it is to be sent. */
async function writePlaceholder(head: HeadFolder, entry: TreeEntry): Promise<void> {
  const file = path.join(head.root, ...entry.path.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '');
  await truncate(file, entry.size ?? 0);
  head.placeholders.set(entry.path, entry);
}

/**
 * A file of the commit a link leads to, whatever its name: a placeholder the search may read
 * through the link (a contract under another name), unless it is written already.
 */
async function placeholderFor(head: HeadFolder, entry: TreeEntry): Promise<void> {
  if (uploadNameProblem(entry.path) !== undefined) return;
  if (await exists(path.join(head.root, ...entry.path.split('/')))) return;
  await writePlaceholder(head, entry);
}

/**
 * The commit's links, each with the target git gives it, once everything else is written: no
 * later write goes through one (the commit's files lie in its folders, and an artifact file under
 * a link was refused). Past MAX_LINKS, the commit cannot be searched as a checkout would be.
 */
export async function writeLinks(
  head: HeadFolder,
  reader: HeadReader,
  log: Logger,
  pruneInstalled: boolean,
): Promise<void> {
  if (head.links.length > MAX_LINKS)
    throw new ConfigurationError(
      `The head commit ${reader.commit} holds ${head.links.length} symbolic links, more than the ${MAX_LINKS} read from GitHub, so it cannot be searched as a checkout would be.`,
    );
  const targets = new Map<string, string>();
  const limit = pLimit(CONCURRENT_READS);
  await Promise.all(
    head.links.map((entry) =>
      limit(async () => {
        targets.set(entry.path, (await readHeadFile(reader, entry)).toString('utf8'));
      }),
    ),
  );
  const unwritable: string[] = [];
  const unlisted: string[] = [];
  for (const entry of head.links) {
    const target = targets.get(entry.path) ?? '';
    const at = path.join(head.root, ...entry.path.split('/'));
    if (target === '' || target.includes('\0')) {
      unwritable.push(entry.path);
      continue;
    }
    await symlink(target, at).catch(() => unwritable.push(entry.path));
    const reached = reachedFile(head, entry.path, targets, pruneInstalled);
    if (reached === 'unlisted') unlisted.push(entry.path);
    else if (reached !== undefined) {
      // A config read through a link needs its bytes now; a contract's are read when sent.
      const asConfig =
        searchFileKind(path.posix.basename(entry.path)) === 'config' &&
        (reached.size ?? 0) <= MAX_CONFIG_BYTES;
      await placeholderFor(head, reached);
      if (asConfig) await fillPlaceholder(head, reached, reader);
    }
  }
  if (unlisted.length > 0)
    throw new ConfigurationError(
      `${unlisted.length} symbolic link(s) of the head commit ${reader.commit} lead into folders of installed packages, which are not read from GitHub, so what they lead to cannot be judged:\n${shortList(unlisted.map((each) => `  - ${JSON.stringify(each)}`))}`,
    );
  if (unwritable.length > 0)
    log.warning(
      `${unwritable.length} symbolic link(s) of the head commit ${reader.commit} could not be written as a checkout writes them, so the search does not see them:\n${shortList(unwritable.map((each) => `  - ${JSON.stringify(each)}`))}`,
    );
}

/** Links followed one after another before the kernel gives up, as Linux counts them. */
const MAX_LINK_HOPS = 40;

/**
 * The file of the commit a link reaches, its path read as the kernel reads it (through the
 * commit's other links, each `..` after the link it follows); `unlisted` when the way leads into a
 * folder of installed packages the tree was read without; undefined when it reaches no file of
 * the commit (a folder, outside, nowhere: the search meets it as on a checkout).
 */
function reachedFile(
  head: HeadFolder,
  link: string,
  targets: ReadonlyMap<string, string>,
  pruneInstalled: boolean,
): TreeEntry | 'unlisted' | undefined {
  const current = path.posix
    .dirname(link)
    .split('/')
    .filter((part) => part !== '.');
  const pending = (targets.get(link) ?? '').split('/');
  if (path.posix.isAbsolute(targets.get(link) ?? '')) return undefined;
  for (let hops = 0; pending.length > 0;) {
    const part = pending.shift() ?? '';
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (current.pop() === undefined) return undefined;
      continue;
    }
    current.push(part);
    const at = current.join('/');
    const entry = head.tree.get(at);
    if (entry === undefined)
      return pruneInstalled && installedPackages(at) !== undefined ? 'unlisted' : undefined;
    if (entry.mode !== LINK_MODE) continue;
    const next = targets.get(at);
    if ((hops += 1) > MAX_LINK_HOPS || next === undefined || path.posix.isAbsolute(next))
      return undefined;
    current.pop();
    pending.unshift(...next.split('/'));
  }
  const reached = head.tree.get(current.join('/'));
  return reached?.type === 'blob' && reached.mode !== LINK_MODE ? reached : undefined;
}

/** The placeholder's bytes, read from GitHub (checked against git's id) and written over it. */
export async function fillPlaceholder(
  head: HeadFolder,
  entry: TreeEntry,
  reader: HeadReader,
): Promise<void> {
  if (!head.placeholders.has(entry.path)) return;
  const bytes = await readHeadFile(reader, entry);
  await writeFile(path.join(head.root, ...entry.path.split('/')), bytes);
  head.placeholders.delete(entry.path);
}

/**
 * Takes the bytes of the artifact's files into the folder where they may be used; returns the
 * files refused, each with why, and warns once naming them.
 */
export async function takeArtifactFiles(
  head: HeadFolder,
  uploads: readonly ProjectUpload[],
  log: Logger,
  commit: string,
): Promise<RefusedFile[]> {
  const refused: RefusedFile[] = [];
  const taken = new Map<string, string>();
  for (const file of uploads.flatMap((upload) => upload.files)) {
    const where = file.repositoryPath;
    const bytes = await readFile(file.absolutePath);
    const id = gitBlobId(bytes);
    // The same file in several projects' uploads is taken once.
    if (taken.get(where) === id) continue;
    const reason = taken.has(where)
      ? 'the artifact holds it twice, with different bytes'
      : await take(head, where, bytes, id);
    if (reason === undefined) taken.set(where, id);
    else refused.push({ path: where, reason });
  }
  if (refused.length > 0)
    log.warning(
      `${refused.length} file(s) of the artifact were refused and not sent: the head commit ${commit} is audited with its own files.\n` +
        shortList(refused.map((each) => `  - ${JSON.stringify(each.path)}: ${each.reason}`)),
    );
  return refused;
}

/** Why the file cannot be taken, or undefined once it is written. */
async function take(
  head: HeadFolder,
  where: string,
  bytes: Buffer,
  id: string,
): Promise<string | undefined> {
  const target = path.join(head.root, ...where.split('/'));
  const entry = head.tree.get(where);
  if (entry !== undefined) {
    if (entry.mode === LINK_MODE) return 'the head commit holds a symbolic link there';
    if (entry.type !== 'blob') return 'the head commit holds a folder or a submodule there';
    if (entry.sha !== id) return "its bytes are not the head commit's";
    if (head.placeholders.delete(where)) await writeFile(target, bytes);
    return undefined;
  }
  const outside = outsideCommit(head, where);
  if (outside !== undefined) return outside;
  if (await isFolder(target)) return 'the head commit holds a folder there';
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes);
  head.artifactOnly.add(where);
  return undefined;
}

/** Undefined when a file the commit does not hold may be there: a submodule's, or installed. */
function outsideCommit(head: HeadFolder, where: string): string | undefined {
  const segments = where.split('/');
  for (let end = segments.length - 1; end > 0; end -= 1) {
    const folder = head.tree.get(segments.slice(0, end).join('/'));
    if (folder === undefined) continue;
    if (folder.mode === GITLINK_MODE) return undefined;
    if (folder.type !== 'tree') return 'the head commit holds a file or link where it has a folder';
    break;
  }
  if (installedPackages(where) !== undefined) return undefined;
  return "not in the head commit, and not a submodule's or an installed package's file";
}

async function isFolder(target: string): Promise<boolean> {
  return (await stat(target).catch(() => undefined))?.isDirectory() ?? false;
}

async function exists(target: string): Promise<boolean> {
  return (await stat(target).catch(() => undefined)) !== undefined;
}
