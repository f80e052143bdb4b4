/**
 * Which files of a project are its production sources: the config's source folders, minus its
 * test, script and dependency folders and the conventional homes of tests, mocks and
 * verification or fuzzing harnesses (LAYOUTS.md). Each rule carries the reason the log gives.
 */
import {
  INSTALLED_PACKAGES,
  NON_PRODUCTION,
  VENDORED,
  type ExcludePattern,
} from '../files/excludes.ts';
import { contractGlobs, literalGlob } from '../files/patterns.ts';
import type { Project } from './detect.ts';

export interface ProjectSelection {
  /** Globs relative to the search root. */
  patterns: string[];
  excludes: ExcludePattern[];
}

/** The project's rules, for a search rooted `project.path` above the project's root. */
export function productionSources(project: Project): ProjectSelection {
  // Folder names are not globs: `lib[1]` is a folder, not `lib1`.
  const prefix = project.path === '' ? '' : `${literalGlob(project.path)}/`;
  const config = project.frameworks.join('/');
  const anchored = (folder: string, reason: string): ExcludePattern => ({
    pattern: `/${prefix}${folder}/`,
    reason,
  });
  return {
    patterns: project.sources.flatMap((folder) => {
      const base = folder === '.' || folder === '' ? prefix : `${prefix}${folder}/`;
      return contractGlobs(base);
    }),
    excludes: [
      ...INSTALLED_PACKAGES,
      VENDORED,
      ...['out', 'cache', 'artifacts'].map((folder) => anchored(folder, 'build output')),
      ...project.libs
        .filter((lib) => lib !== 'node_modules')
        .map((lib) => anchored(lib, `the project's dependency folder (${config} libs)`)),
      ...project.tests.map((folder) => anchored(folder, `the project's test folder (${config})`)),
      ...project.scripts.map((folder) =>
        anchored(folder, `the project's script folder (${config})`),
      ),
      ...NON_PRODUCTION,
    ],
  };
}
