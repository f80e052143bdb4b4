/** What the search says in the log, for the cases the layouts rarely reach. */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import type { DiscoveryResult } from '../../src/files/discover.ts';
import type { Project } from '../../src/project/detect.ts';
import { emptyProject } from '../../src/project/detect.ts';
import { logProjects, logUnselected, noFiles } from '../../src/project/search-log.ts';
import { recordingLogger } from '../support/logger.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const search = {
  pathPrefix: 'packages/',
  contractPatterns: ['**/*.sol'],
  defaultContractPatterns: true,
  ifNoFilesFound: 'warn' as const,
  dependencies: 'include' as const,
  vocabulary: ACTION_VOCABULARY,
};
const nothingFound: DiscoveryResult = {
  files: [],
  unmatchedPatterns: ['**/*.sol'],
  skippedLinks: [],
  prunedDirectories: [],
  excluded: [{ path: 'test/', reason: 'tests' }],
};

describe('logUnselected', () => {
  const nothing = {
    outsideProjects: [],
    outsideSources: [],
    emptySubmodules: [],
    emptyDependencies: [],
  };

  it('says so when the folders outside the source folders could not be looked through', () => {
    const { log, lines } = recordingLogger();
    logUnselected({ ...nothing, problem: 'the folder is unreadable' }, search, log);
    expect(lines).toEqual([
      "warning: Could not look for contracts outside the projects' source folders, which are not audited: the folder is unreadable",
    ]);
  });

  it('says nothing when every contract is accounted for', () => {
    const { log, lines } = recordingLogger();
    logUnselected(nothing, search, log);
    expect(lines).toEqual([]);
  });
});

describe('noFiles', () => {
  const project = { path: 'vault/', frameworks: ['Foundry'] } as unknown as Project;

  it("names the projects' source folders it looked in, and what was left out", () => {
    const { log, lines } = recordingLogger();
    noFiles(nothingFound, [project], search, log);
    expect(lines).toEqual([
      'warning: No contract files found in the source folders of packages/vault (1 left out: see "Not audited"). Check `contracts`, `exclude` and `working-directory`.',
    ]);
  });

  it('is an error by default, an info line with ignore', () => {
    const { log, lines } = recordingLogger();
    expect(() => noFiles(nothingFound, [], { ...search, ifNoFilesFound: 'error' }, log)).toThrow(
      ConfigurationError,
    );
    noFiles({ ...nothingFound, excluded: [] }, [], { ...search, ifNoFilesFound: 'ignore' }, log);
    expect(lines).toEqual([
      'info: No contract files found under packages/ for **/*.sol. Check `contracts`, `exclude` and `working-directory`.',
    ]);
  });
});

describe('logProjects', () => {
  it('names the nearest project holding each nested one', () => {
    const { log, lines } = recordingLogger();
    const at = (folder: string) => ({
      ...emptyProject(`/ws/${folder}`, folder),
      frameworks: ['Foundry' as const],
    });
    logProjects([at('a'), at('a/b'), at('a/b/c')], { ...search, pathPrefix: '' }, log);
    expect(lines).toContain(
      "info: a/b lies inside the project at a; a/b/c lies inside the project at a/b: each file is audited once, in the deepest project holding it, and a run at the outer project's folder audits the nested one too, so the `projects` output lists only the outermost projects.",
    );
  });
});
