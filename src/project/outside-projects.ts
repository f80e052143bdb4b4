/**
 * Contracts that lie outside every project's folder. Once any project is found, only projects'
 * folders are searched, so a folder of contracts with no config of its own (nor a package
 * manifest) would be neither audited nor named: this finds them, so the log can name them.
 */
import { DeadlineError, errorMessage } from '../errors.ts';
import type { Deadline } from '../files/deadline.ts';
import { discoverContracts } from '../files/discover.ts';
import { DEFAULT_EXCLUDES } from '../files/excludes.ts';
import { contractGlobs, literalGlob } from '../files/patterns.ts';
import type { Project } from './detect.ts';

export interface OutsideSearch {
  workspace: string;
  workingDirectory: string;
  excludePatterns: string[];
  deadline?: Deadline;
}

/**
 * Paths relative to the working directory of the contracts no project holds, left out as a
 * folder with no config would leave them (tests, mocks, `lib/`, the user's `exclude`); or why
 * they could not be listed.
 */
export async function contractsOutsideProjects(
  search: OutsideSearch,
  projects: readonly Project[],
): Promise<string[] | { problem: string }> {
  if (projects.length === 0 || projects.some((project) => project.path === '')) return [];
  try {
    const { files } = await discoverContracts({
      workspace: search.workspace,
      root: search.workingDirectory,
      patterns: contractGlobs(),
      excludes: search.excludePatterns,
      useDefaultExcludes: true,
      deadline: search.deadline,
      defaultExcludes: [
        ...DEFAULT_EXCLUDES,
        ...projects.map((project) => ({
          pattern: `/${literalGlob(project.path)}/`,
          reason: 'a project',
        })),
      ],
    });
    return files.map((file) => file.relativePath);
  } catch (error) {
    if (error instanceof DeadlineError) throw error;
    return { problem: errorMessage(error) };
  }
}
