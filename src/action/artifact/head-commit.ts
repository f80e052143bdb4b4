/**
 * On `workflow_run`, what is audited is the triggering run's head commit as GitHub holds it, not
 * what its artifact shows: the engine's own search runs over a folder standing for the commit,
 * with this run's settings. Each pass uploads what it finds; a file still a placeholder is read
 * from GitHub and the search runs again (its imports may reach further), until every file to
 * upload has its bytes. The artifact supplies only what git does not hold, as dependencies.
 */
import { realpathSync } from 'node:fs';
import { mkdir, mkdtemp, realpath } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { RefusedFile } from '../../audit/result.ts';
import {
  checkoutUploads,
  findCheckoutProjects,
  type CheckoutProjects,
} from '../../engine/audit.ts';
import { discovering } from '../../engine/discovery-deadline.ts';
import type { Settings } from '../../engine/settings.ts';
import type { OpenedBundle } from '../../engine/upload-bundle.ts';
import type { Deadline } from '../../deadline.ts';
import { ConfigurationError } from '../../errors.ts';
import { formatBytes } from '../../files/limits.ts';
import { firstFew } from '../../text.ts';
import type { Logger } from '../../log.ts';
import type { ProjectUpload } from '../../project/find-contracts.ts';
import type { GitHubClient } from '../github/client.ts';
import {
  fillPlaceholder,
  takeArtifactFiles,
  writeHeadFolder,
  writeLinks,
  type HeadFolder,
} from './head-folder.ts';
import { CONCURRENT_READS, readHeadTree, type HeadReader } from './head-tree.ts';

export interface HeadUploads {
  detection: CheckoutProjects;
  uploads: ProjectUpload[];
  /** The folder standing for the commit: where the uploads' files are. */
  root: string;
  /** Files read from GitHub: configs, and contract files the artifact did not supply. */
  filesRead: number;
  /** Times the search ran: once, and again after each round of files read. */
  passes: number;
}

/**
 * The uploads of the head commit `commit`. Each file of the artifact that was refused is added
 * to `refused` as soon as it is known, so a later error still reports it.
 */
export async function headCommitUploads(
  settings: Settings,
  bundle: OpenedBundle,
  options: {
    client: GitHubClient;
    commit: string;
    deadline: Deadline;
    log: Logger;
    refused: RefusedFile[];
  },
): Promise<HeadUploads> {
  const { log } = options;
  const reader: HeadReader = options;
  await mkdir(settings.outputDirectory, { recursive: true });
  const root = await realpath(
    await mkdtemp(path.join(settings.outputDirectory, 'contract-audit-head-')),
  );
  // Where the search may take installed packages' files (no default excludes, or a `!` pattern
  // of `exclude`), the commit's own are listed, so the artifact cannot stand in for them.
  const pruneInstalled =
    settings.useDefaultExcludes &&
    !settings.excludePatterns.some((pattern) => pattern.startsWith('!'));
  const entries = await readHeadTree(reader, pruneInstalled);
  // Its deadline is the search's, said as the search's is.
  const head = await discovering(settings.vocabulary, () =>
    writeHeadFolder(entries, root, reader, log),
  );
  options.refused.push(...(await takeArtifactFiles(head, bundle.uploads, log, options.commit)));
  await writeLinks(head, reader, log, pruneInstalled);
  const search: Settings = {
    ...settings,
    workspace: root,
    workingDirectory: path.join(root, ...settings.pathPrefix.split('/')),
  };
  const fetched = { files: 0, bytes: 0 };
  for (let passes = 1; ; passes += 1) {
    // Only the last pass is told: the earlier ones saw placeholders for some files.
    const pass = bufferedLogger();
    let detection: CheckoutProjects;
    let uploads: ProjectUpload[];
    try {
      detection = await findCheckoutProjects(search, pass, options.deadline);
      uploads = await checkoutUploads(search, detection, options.deadline, pass);
    } catch (error) {
      pass.replay(log);
      throw error;
    }
    const waiting = [
      ...new Set(
        uploads.flatMap((upload) => upload.files.map((file) => relative(root, file.absolutePath))),
      ),
    ].flatMap((file) => {
      const entry = head.placeholders.get(file);
      return entry === undefined ? [] : [entry];
    });
    if (waiting.length === 0) {
      pass.replay(log);
      checkProduction(uploads, head, options.commit);
      return {
        detection,
        uploads: uploads.map((upload) => markDependencies(upload, head)),
        root,
        filesRead: head.configsRead + fetched.files,
        passes,
      };
    }
    fetched.files += waiting.length;
    fetched.bytes += waiting.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
    checkReads(fetched, settings, options.commit);
    const limit = pLimit(CONCURRENT_READS);
    await Promise.all(waiting.map((entry) => limit(() => fillPlaceholder(head, entry, reader))));
  }
}

/**
 * A file to audit must be the commit's: one only the artifact supplies (inside a submodule, whose
 * contents git does not hold) cannot be judged, and sent as a dependency it would not count.
 */
function checkProduction(
  uploads: readonly ProjectUpload[],
  head: HeadFolder,
  commit: string,
): void {
  const unverifiable = uploads.flatMap((upload) =>
    upload.files.flatMap((file) => {
      const name = relative(head.root, file.absolutePath);
      return !file.dependency && head.artifactOnly.has(name) ? [name] : [];
    }),
  );
  if (unverifiable.length > 0)
    throw new ConfigurationError(
      `${unverifiable.length} file(s) to audit lie in a submodule of the head commit ${commit}, whose contents GitHub does not hold, so they cannot be judged: ${firstFew([...new Set(unverifiable)], 10).join(', ')}. Audit the submodule's own repository, or leave its folder out with \`exclude\`.`,
    );
}

/** A file the commit does not hold is sent only as a dependency, whatever the search says. */
function markDependencies(upload: ProjectUpload, head: HeadFolder): ProjectUpload {
  return {
    ...upload,
    files: upload.files.map((file) =>
      head.artifactOnly.has(relative(head.root, file.absolutePath))
        ? { ...file, dependency: true }
        : file,
    ),
  };
}

/** The files read from GitHub over every pass stay within the upload limits. */
function checkReads(
  fetched: { files: number; bytes: number },
  { limits }: Settings,
  commit: string,
): void {
  const over =
    fetched.files > limits.maxFiles
      ? `more than ${limits.maxFiles} file(s) (input \`max-files\`)`
      : fetched.bytes > limits.maxTotalBytes
        ? `more than ${formatBytes(limits.maxTotalBytes)} (input \`max-total-size-mb\`)`
        : undefined;
  if (over !== undefined)
    throw new ConfigurationError(
      `The files of the head commit ${commit} to audit that the artifact did not supply came to ${over}; nothing was audited. Raise the limit, or narrow \`contracts\` or \`exclude\`.`,
    );
}

/** The commit's path of the file an upload names: through its links, as the bytes are read. */
function relative(root: string, file: string): string {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // A link to nothing: the file's own path, which holds no bytes to fill.
  }
  return path.relative(root, real).split(path.sep).join('/');
}

/** A logger that keeps every call, to be replayed on another. */
function bufferedLogger(): Logger & { replay(log: Logger): void } {
  const calls: Array<(log: Logger) => void> = [];
  return {
    debug: (message) => calls.push((log) => log.debug(message)),
    info: (message) => calls.push((log) => log.info(message)),
    notice: (message, properties) => calls.push((log) => log.notice(message, properties)),
    warning: (message, properties) => calls.push((log) => log.warning(message, properties)),
    error: (message, properties) => calls.push((log) => log.error(message, properties)),
    group: (title, lines) => calls.push((log) => log.group(title, lines)),
    replay: (log) => {
      for (const call of calls) call(log);
    },
  };
}
