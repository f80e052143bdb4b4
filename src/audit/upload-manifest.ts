/**
 * What the triage of an audit's findings reads of its upload: each file as it was sent (its
 * name, where it is in the repository, whether it was sent only as a dependency) and the
 * suppression comments of the audited ones. Taken when an audit is left pending, it is all a
 * later run needs to triage the results exactly as the run that uploaded would have, with no
 * checkout of its own: the files it has may be another commit's.
 */
import type { Suppression } from './suppressions.ts';

export interface ManifestFile {
  /** The name it was uploaded under (POSIX, relative to the upload's root). */
  relativePath: string;
  /** POSIX, relative to the workspace: where reports point. */
  repositoryPath: string;
  /** Sent only because an audited file imports it: its findings never count. */
  dependency: boolean;
}

export interface UploadManifest {
  files: ManifestFile[];
  /** By upload name: the suppression comments of the audited files that have any. */
  suppressions: ReadonlyMap<string, readonly Suppression[]>;
}

/** The manifest of an upload, with every audited file's suppression comments. */
export function uploadManifest(
  files: readonly ManifestFile[],
  suppressionsOf: (relativePath: string) => readonly Suppression[],
): UploadManifest {
  const suppressions = new Map<string, readonly Suppression[]>();
  for (const file of files) {
    if (file.dependency) continue;
    const found = suppressionsOf(file.relativePath);
    if (found.length > 0) suppressions.set(file.relativePath, found);
  }
  return {
    files: files.map(({ relativePath, repositoryPath, dependency }) => ({
      relativePath,
      repositoryPath,
      dependency,
    })),
    suppressions,
  };
}
