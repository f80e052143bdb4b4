/**
 * The triggering run's head commit as GitHub holds it, read through the REST API: its tree in as
 * few requests as GitHub allows, and a file's bytes, each checked against git's id for them. A
 * recursive tree GitHub truncates is walked a folder at a time; folders of installed packages
 * are never listed (they are not the repository's code, and may be vast).
 */
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import { msLeft, type Deadline } from '../../deadline.ts';
import { ConfigurationError, DeadlineError, errorMessage } from '../../errors.ts';
import { compileExcludes, INSTALLED_PACKAGES } from '../../files/excludes.ts';
import type { GitHubClient } from '../github/client.ts';
import type { TreeEntry } from '../github/resources.ts';

export const LINK_MODE = '120000';
export const GITLINK_MODE = '160000';
/** More entries than any repository this action audits: past it the tree is refused. */
export const MAX_TREE_ENTRIES = 500_000;
/** Requests to GitHub for files or folders of the commit at once. */
export const CONCURRENT_READS = 8;

const installed = compileExcludes(INSTALLED_PACKAGES);

/** Why the path is in (or is) a folder of installed packages, or undefined. */
export function installedPackages(relativePath: string): string | undefined {
  return installed.prunes(relativePath);
}

/** Git's id of a file with these bytes. */
export function gitBlobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export interface HeadReader {
  client: GitHubClient;
  /** The head commit's id. */
  commit: string;
  /** When the run's time is up. */
  deadline: Deadline;
}

/**
 * Every entry of the commit's tree, paths from the repository's root, but, when `pruneInstalled`
 * (the search never looks there either), those in folders of installed packages. A commit GitHub
 * does not serve is a ConfigurationError naming it.
 */
export async function readHeadTree(
  reader: HeadReader,
  pruneInstalled: boolean,
): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  // Folders are walked side by side; only the requests wait their turn.
  const limit = pLimit(CONCURRENT_READS);
  // Identical folders are one tree object: each is asked for once, however often it appears.
  const asked = new Map<string, ReturnType<typeof readTree>>();
  const read = (sha: string, recursive: boolean) => {
    const key = `${sha}:${recursive}`;
    let answer = asked.get(key);
    if (answer === undefined)
      asked.set(key, (answer = limit(() => readTree(reader, sha, recursive))));
    return answer;
  };
  const add = (entry: TreeEntry, path: string) => {
    if (pruneInstalled && installedPackages(path) !== undefined) return false;
    if (entries.length === MAX_TREE_ENTRIES)
      throw new ConfigurationError(
        `The head commit ${reader.commit} has more than ${MAX_TREE_ENTRIES} files and folders, more than this action reads through GitHub's API; nothing was audited.`,
      );
    entries.push({ ...entry, path });
    return true;
  };
  const walk = async (sha: string, prefix: string): Promise<void> => {
    const whole = await read(sha, true);
    if (!whole.truncated) {
      for (const entry of whole.entries) add(entry, prefix + entry.path);
      return;
    }
    // GitHub caps a recursive answer: each folder is asked for on its own instead.
    const top = await read(sha, false);
    if (top.truncated)
      throw new ConfigurationError(
        `The folder ${prefix || './'} of the head commit ${reader.commit} holds more entries than GitHub lists in one answer, so the commit cannot be read whole; nothing was audited.`,
      );
    const folders = top.entries.filter(
      (entry) => add(entry, prefix + entry.path) && entry.type === 'tree',
    );
    await Promise.all(folders.map((entry) => walk(entry.sha, `${prefix}${entry.path}/`)));
  };
  await walk(reader.commit, '');
  return entries;
}

async function readTree(reader: HeadReader, sha: string, recursive: boolean) {
  try {
    return await reader.client.getTree(sha, recursive);
  } catch (error) {
    throw headError(reader, 'could not be read from GitHub', error);
  }
}

/**
 * The bytes of the commit's file at `entry.path`, or a ConfigurationError naming it and the
 * commit when GitHub does not serve them or serves other bytes than the commit holds.
 */
export async function readHeadFile(
  reader: HeadReader,
  entry: Pick<TreeEntry, 'path' | 'sha'>,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await reader.client.getBlob(entry.sha);
  } catch (error) {
    throw headError(reader, `could not be read: its file ${entry.path} was not served`, error);
  }
  if (gitBlobId(bytes) !== entry.sha)
    throw new ConfigurationError(
      `The file ${entry.path} of the head commit ${reader.commit} cannot be audited: the bytes GitHub served for it are not the file the commit holds (their git id is not ${entry.sha}). Nothing was audited; re-run the workflow.`,
    );
  return bytes;
}

function headError(reader: HeadReader, what: string, error: unknown): ConfigurationError {
  if (msLeft(reader.deadline) <= 0)
    return new DeadlineError(
      `The time limit (\`timeout-minutes\`) ran out while the head commit ${reader.commit} was read from GitHub: nothing was uploaded. Raise \`timeout-minutes\`, or re-run the workflow.`,
    );
  return new ConfigurationError(
    `The head commit ${reader.commit} ${what} (${errorMessage(error)}), so nothing was audited. ` +
      'GitHub no longer serves a commit that was force-pushed away or whose fork was deleted: push the pull request again, or re-run its workflow at its current head.',
  );
}
