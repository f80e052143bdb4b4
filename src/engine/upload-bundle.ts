/**
 * An upload bundle: what a run would send, as files. A run that may not audit (a fork's pull
 * request has no key) writes each project's files under their upload names into a folder of
 * their own (`1/`, `2/`, …) with a small manifest; a privileged run later reads it back as the
 * same uploads, with no checkout. The bundle is untrusted when read: the zip it travels in is
 * checked by extractZip, and the manifest is bounded, read as unknown JSON and must list exactly
 * the files there are. It says what to audit, never where to report or under which name.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { checkUploadLimits, type UploadLimits } from '../files/limits.ts';
import { uploadNameProblem } from '../files/upload-name.ts';
import { extractZip } from '../files/zip-extract.ts';
import { isRecord } from '../json.ts';
import { MAX_PROJECTS, type ProjectUpload } from '../project/find-contracts.ts';
import type { ProjectSummary } from '../project/project-summary.ts';
import type { Vocabulary } from '../vocabulary.ts';

export const MANIFEST_NAME = 'contract-audit-manifest.json';
const FORMAT = 'contract-audit-upload/1';
/** A manifest lists names and two flags per file: this holds thousands of them. */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

interface ManifestFile {
  name: string;
  /** Where reports point: the file's path in the repository. */
  repositoryPath: string;
  dependency: boolean;
}

interface ManifestProject {
  /** The project's folder relative to the workspace, `.` for the workspace. */
  path: string;
  /** The bundle's folder holding its files. */
  folder: string;
  files: ManifestFile[];
}

/** What was written: every file's path, for the artifact; the root its names are relative to. */
export interface WrittenBundle {
  root: string;
  files: string[];
}

/**
 * Copies each upload's files under `root` (a fresh folder), refusing the lot when a name could
 * not be read back as it is: every name the bundle could not carry is listed.
 */
export async function writeBundle(
  uploads: readonly ProjectUpload[],
  root: string,
  limits: UploadLimits,
  words: Vocabulary,
): Promise<WrittenBundle> {
  const problems = uploads.flatMap((upload) =>
    upload.files.flatMap((file) => {
      const problem =
        uploadNameProblem(file.relativePath) ?? uploadNameProblem(file.repositoryPath);
      const sentAs =
        file.relativePath === file.repositoryPath ? '' : ` (sent as ${file.relativePath})`;
      return problem === undefined ? [] : [`  - ${file.repositoryPath}${sentAs}: ${problem}`];
    }),
  );
  if (problems.length > 0) {
    throw new ConfigurationError(
      `${problems.length} file(s) to audit cannot be collected under their upload names, so nothing was collected:\n${problems.join('\n')}\n` +
        `Rename them, or leave them out with ${words.option('exclude')}.`,
    );
  }
  checkWhole(uploads, limits, words);
  const files: string[] = [];
  const projects: ManifestProject[] = [];
  for (const [index, upload] of uploads.entries()) {
    const folder = String(index + 1);
    for (const file of upload.files) {
      const target = path.join(root, folder, ...file.relativePath.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(file.absolutePath, target);
      files.push(target);
    }
    projects.push({
      path: upload.path,
      folder,
      files: upload.files.map((file) => ({
        name: file.relativePath,
        repositoryPath: file.repositoryPath,
        dependency: file.dependency,
      })),
    });
  }
  const manifest = path.join(root, MANIFEST_NAME);
  await writeFile(manifest, `${JSON.stringify({ format: FORMAT, projects }, null, 1)}\n`);
  files.push(manifest);
  return { root, files };
}

/**
 * The reader applies the limits to the bundle as a whole, so several projects' files that are
 * within them each but not together are refused here, before anything is uploaded.
 */
function checkWhole(
  uploads: readonly ProjectUpload[],
  limits: UploadLimits,
  words: Vocabulary,
): void {
  if (uploads.length < 2) return;
  try {
    checkUploadLimits(
      uploads.flatMap((upload) => upload.files),
      limits,
      words,
    );
  } catch (error) {
    throw new ConfigurationError(
      `The ${uploads.length} projects' files together are more than one artifact may hold: the \`workflow_run\` audit checks the limits on the artifact as a whole. ${(error as Error).message}`,
    );
  }
}

export interface OpenedBundle {
  uploads: ProjectUpload[];
  /** As the `projects` output lists them. */
  summaries: ProjectSummary[];
}

/**
 * The uploads a bundle's zip holds, extracted into `destination` (a fresh folder), or a
 * ConfigurationError naming what was wrong with it. Each upload is named after `projectName`,
 * the reading run's own, and checked against the same limits as a checkout's upload.
 */
export async function openBundle(
  zipFile: string,
  destination: string,
  options: { limits: UploadLimits; projectName: string; what: string; vocabulary: Vocabulary },
): Promise<OpenedBundle> {
  const { limits, what } = options;
  const refuse = (problem: string) =>
    new ConfigurationError(`${what} was refused: ${problem}. Nothing of it was used.`);
  const extracted = await extractZip(
    zipFile,
    destination,
    {
      // The limits hold for the bundle's files as a whole: it is one download. The manifest is
      // bounded on its own.
      maxFiles: limits.maxFiles,
      uncounted: MANIFEST_NAME,
      maxFileBytes: (name) => (name === MANIFEST_NAME ? MAX_MANIFEST_BYTES : limits.maxFileBytes),
      maxTotalBytes: limits.maxTotalBytes,
    },
    what,
    options.vocabulary,
  );
  const byName = new Map(extracted.map((file) => [file.name, file]));
  const manifestFile = byName.get(MANIFEST_NAME);
  if (!manifestFile) throw refuse(`it has no ${MANIFEST_NAME}`);
  byName.delete(MANIFEST_NAME);
  const projects = readManifest(await readFile(manifestFile.absolutePath, 'utf8'), refuse);
  const several = projects.length > 1;
  const uploads = projects.map((project): ProjectUpload => {
    const files = project.files.map((file) => {
      const entry = byName.get(`${project.folder}/${file.name}`);
      if (!entry)
        throw refuse(`its manifest lists ${JSON.stringify(file.name)}, which it does not hold`);
      byName.delete(`${project.folder}/${file.name}`);
      return {
        ...file,
        relativePath: file.name,
        absolutePath: entry.absolutePath,
        size: entry.size,
      };
    });
    return {
      name:
        several && project.path !== '.'
          ? `${options.projectName}/${project.path}`
          : options.projectName,
      path: project.path,
      files: files.map(({ name: _, ...file }) => file),
    };
  });
  const [unlisted] = byName.keys();
  if (unlisted !== undefined)
    throw refuse(`it holds ${JSON.stringify(unlisted)}, which its manifest does not list`);
  for (const upload of uploads) {
    try {
      checkUploadLimits(upload.files, limits, options.vocabulary);
    } catch (error) {
      throw refuse((error as Error).message.replace(/\.$/, ''));
    }
  }
  return {
    uploads,
    summaries: uploads.map((upload) => ({ name: upload.name, path: upload.path, frameworks: [] })),
  };
}

/** The manifest's projects, every field checked; anything else in it is ignored. */
function readManifest(text: string, refuse: (problem: string) => Error): ManifestProject[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(`its ${MANIFEST_NAME} is not JSON`);
  }
  if (!isRecord(json) || json['format'] !== FORMAT)
    throw refuse(`its ${MANIFEST_NAME} is not of the format ${FORMAT}`);
  const projects = json['projects'];
  if (!Array.isArray(projects) || projects.length === 0 || projects.length > MAX_PROJECTS)
    throw refuse(`its ${MANIFEST_NAME} must list 1 to ${MAX_PROJECTS} projects`);
  const paths = new Set<string>();
  return projects.map((project, index): ManifestProject => {
    const where = `project ${index + 1} of its ${MANIFEST_NAME}`;
    if (!isRecord(project)) throw refuse(`${where} is not an object`);
    const { path: folderPath, folder, files } = project;
    if (typeof folderPath !== 'string' || (folderPath !== '.' && uploadNameProblem(folderPath)))
      throw refuse(`${where} has no valid \`path\` (a relative folder, or \`.\`)`);
    if (folder !== String(index + 1)) throw refuse(`${where} is not in folder ${index + 1}`);
    if (paths.has(folderPath))
      throw refuse(`${where} repeats the path ${JSON.stringify(folderPath)}`);
    paths.add(folderPath);
    if (!Array.isArray(files) || files.length === 0) throw refuse(`${where} lists no files`);
    const names = new Set<string>();
    return {
      path: folderPath,
      folder,
      files: files.map((file): ManifestFile => {
        if (!isRecord(file)) throw refuse(`${where} has a file that is not an object`);
        const { name, repositoryPath, dependency } = file;
        if (
          typeof name !== 'string' ||
          typeof repositoryPath !== 'string' ||
          typeof dependency !== 'boolean'
        )
          throw refuse(
            `${where} has a file without \`name\`, \`repositoryPath\` and \`dependency\``,
          );
        const problem = uploadNameProblem(name) ?? uploadNameProblem(repositoryPath);
        if (problem !== undefined)
          throw refuse(`${where} names ${JSON.stringify(name)}, which has ${problem}`);
        if (names.has(name)) throw refuse(`${where} lists ${JSON.stringify(name)} twice`);
        names.add(name);
        return { name, repositoryPath, dependency };
      }),
    };
  });
}
