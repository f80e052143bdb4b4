/**
 * A project's upload as the triage of its findings reads it, by the names the service gives
 * files back: from the files this run uploaded (their texts read for suppression comments when a
 * finding is in them), or from the manifest a pending run kept (so finishing it later reads
 * nothing of its own checkout). Without either (a resumed project this checkout no longer has),
 * names are the project's own and the texts are read from the checkout.
 */
import { pathReader } from '../api/parse-location.ts';
import { findSuppressions, type Suppression } from '../audit/suppressions.ts';
import type { UploadedFile } from '../audit/triage.ts';
import { uploadManifest, type UploadManifest } from '../audit/upload-manifest.ts';
import { createSourceReader } from '../files/source-reader.ts';
import type { UploadFile } from '../project/find-contracts.ts';

export interface UploadView {
  /** The upload by the names findings give its files; undefined when the run has none. */
  uploaded: ReadonlyMap<string, UploadedFile> | undefined;
  /** A file's suppression comments, by the name a finding gives it. */
  suppressions: (file: string) => readonly Suppression[];
  /** What a later run needs to triage as this one would: kept when the audit is left pending. */
  manifest: () => UploadManifest | undefined;
}

export interface UploadSource {
  /** This run's files of the project. */
  files: UploadFile[] | undefined;
  /** A pending run's manifest of the project's upload. */
  manifest?: UploadManifest | undefined;
}

export function uploadView(
  { files, manifest }: UploadSource,
  where: {
    workspace: string;
    /** The working directory: a name with no upload is read under it. */
    root: string;
  },
): UploadView {
  if (files === undefined && manifest !== undefined) {
    const byName = indexByName(manifest.files);
    return {
      uploaded: byName,
      suppressions: (file) => {
        const uploaded = byName.get(file);
        return (uploaded && manifest.suppressions.get(uploaded.relativePath)) ?? [];
      },
      manifest: () => manifest,
    };
  }
  const byName = files && indexByName(files);
  const read = createSourceReader({
    ...where,
    uploaded: byName && new Map([...byName].map(([name, file]) => [name, file.absolutePath])),
  });
  const found = new Map<string, readonly Suppression[]>();
  const suppressions = (file: string): readonly Suppression[] => {
    let each = found.get(file);
    if (each === undefined) {
      const source = read(file);
      found.set(file, (each = source === undefined ? [] : findSuppressions(source)));
    }
    return each;
  };
  return {
    uploaded: byName,
    suppressions,
    manifest: () => {
      if (files === undefined || byName === undefined) return undefined;
      const names = new Map([...byName].map(([name, file]) => [file.relativePath, name]));
      return uploadManifest(files, (relativePath) => {
        const name = names.get(relativePath);
        return name === undefined ? [] : suppressions(name);
      });
    },
  };
}

/** By the name the parser gives a finding's file (an upload name as written may hold `..`). */
function indexByName<T extends { relativePath: string }>(files: readonly T[]): Map<string, T> {
  const nameOf = pathReader(files.map((file) => file.relativePath));
  return new Map(files.map((file) => [nameOf(file.relativePath) ?? file.relativePath, file]));
}
