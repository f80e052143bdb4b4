/**
 * A head commit served as GitHub's git database API serves it, from a real git repository built
 * here (`git init`, files committed) or given, read back with `git ls-tree` and `git cat-file`:
 * trees, recursive or not, `truncated` past GitHub's limits (100,000 entries, 7 MB) or a threshold
 * small enough for a test repository to cross; blobs in base64 JSON or raw
 * (`application/vnd.github.raw+json`); 404 for what git does not hold.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A file's content; a symbolic link (mode 120000) to `link`; a submodule (160000) at `gitlink`. */
export type CommittedFile = string | Buffer | { link: string } | { gitlink: string };

export interface ServedCommit {
  /** The repository's folder. */
  dir: string;
  /** The commit's id. */
  sha: string;
  /** The id git gives the file at `file` in the commit. */
  blobId(file: string): string;
  /** What GitHub would answer for `GET /git/trees/{sha}` or `/git/blobs/{sha}`. */
  answer(
    kind: 'trees' | 'blobs',
    sha: string,
    options: { recursive: boolean; raw: boolean },
  ): { status: number; body: unknown; raw?: Buffer };
  /** From now on the blob of `file` is served with these bytes instead (GitHub gone wrong). */
  serveOtherBytes(file: string, bytes: string): void;
}

export interface CommitOptions {
  /** Past this many entries a tree answer is truncated: GitHub's 100,000 unless given. */
  truncateAbove?: number;
}

/** GitHub's limits on one tree answer: 100,000 entries, 7 MB. */
const TREE_MAX_ENTRIES = 100_000;
const TREE_MAX_BYTES = 7 * 1000 * 1000;

function git(dir: string, args: string[], input?: string): string {
  return execFileSync('git', args, {
    cwd: dir,
    input,
    encoding: 'utf8',
    // A large repository's recursive listing runs to megabytes.
    maxBuffer: 1 << 30,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'stranger',
      GIT_AUTHOR_EMAIL: 'stranger@example.com',
      GIT_COMMITTER_NAME: 'stranger',
      GIT_COMMITTER_EMAIL: 'stranger@example.com',
    },
  });
}

/** Makes `dir` the top of a git work tree of its own, with nothing committed. */
export function initRepository(dir: string): void {
  git(dir, ['init', '--quiet']);
}

/** Commits `files` (path → content) in a new repository. */
export async function commitFiles(
  files: Record<string, CommittedFile>,
  options: CommitOptions = {},
): Promise<ServedCommit> {
  const dir = await mkdtemp(path.join(tmpdir(), 'head-commit-'));
  git(dir, ['init', '--quiet', '--initial-branch=feature']);
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(dir, name);
    if (typeof content === 'object' && 'gitlink' in content) {
      git(dir, ['update-index', '--add', '--cacheinfo', `160000,${content.gitlink},${name}`]);
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    if (typeof content === 'object' && 'link' in content) await symlink(content.link, target);
    else await writeFile(target, content);
    git(dir, ['add', '--', name]);
  }
  git(dir, ['commit', '--quiet', '-m', 'head']);
  return serveRepository(dir, git(dir, ['rev-parse', 'HEAD']).trim(), options);
}

/** Serves the commit `sha` of the git repository at `dir` (a work tree's or a bare one). */
export function serveRepository(
  dir: string,
  sha: string,
  options: CommitOptions = {},
): ServedCommit {
  const otherBytes = new Map<string, Buffer>();
  const limit = options.truncateAbove ?? TREE_MAX_ENTRIES;
  const objectType = (id: string) => {
    if (!/^[0-9a-f]{40}$/.test(id)) return undefined;
    try {
      return git(dir, ['cat-file', '-t', id]).trim();
    } catch {
      return undefined;
    }
  };
  const blobId = (file: string) => git(dir, ['rev-parse', `${sha}:${file}`]).trim();
  return {
    dir,
    sha,
    blobId,
    serveOtherBytes(file, bytes) {
      otherBytes.set(blobId(file), Buffer.from(bytes));
    },
    answer(kind, id, { recursive, raw }) {
      const type = objectType(id);
      const notFound = { status: 404, body: { message: 'Not Found', status: '404' } };
      if (kind === 'trees') {
        if (type !== 'tree' && type !== 'commit') return notFound;
        const lines = git(dir, ['ls-tree', '-z', '-l', ...(recursive ? ['-r', '-t'] : []), id])
          .split('\0')
          .filter((line) => line !== '');
        const tree = lines.map((line) => {
          const [meta = '', entryPath = ''] = line.split('\t');
          const [mode = '', entryType = '', entrySha = '', size = '-'] = meta.split(/\s+/);
          return {
            path: entryPath,
            mode,
            type: entryType,
            sha: entrySha,
            ...(entryType === 'blob' ? { size: Number(size) } : {}),
            url: `https://api.github.com/repos/acme/vaults/git/${entryType}s/${entrySha}`,
          };
        });
        let kept = Math.min(limit, tree.length);
        for (let bytes = 0, index = 0; index < kept; index += 1) {
          bytes += JSON.stringify(tree[index]).length + 1;
          if (bytes > TREE_MAX_BYTES) kept = index;
        }
        return {
          status: 200,
          body: {
            sha: id,
            url: `https://api.github.com/repos/acme/vaults/git/trees/${id}`,
            tree: tree.slice(0, kept),
            truncated: kept < tree.length,
          },
        };
      }
      if (type !== 'blob') return notFound;
      const bytes =
        otherBytes.get(id) ??
        execFileSync('git', ['cat-file', 'blob', id], { cwd: dir, maxBuffer: 1 << 30 });
      if (raw) return { status: 200, body: undefined, raw: bytes };
      return {
        status: 200,
        body: {
          sha: id,
          node_id: `B_${id}`,
          size: bytes.length,
          url: `https://api.github.com/repos/acme/vaults/git/blobs/${id}`,
          // GitHub wraps base64 at 60 characters.
          content: (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n'),
          encoding: 'base64',
        },
      };
    },
  };
}

/** Commits the files of `folder` (a checkout of the pull request's head) as they are. */
export async function commitFolder(
  folder: string,
  options: CommitOptions = {},
): Promise<ServedCommit> {
  const files: Record<string, CommittedFile> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file).split(path.sep).join('/')] = await readFile(file);
  }
  return commitFiles(files, options);
}
