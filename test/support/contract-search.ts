/** The settings findContracts gets from an action run with its defaults, over a workspace. */
import path from 'node:path';
import type { ContractSearch } from '../../src/project/find-contracts.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

/** `pathPrefix` in `overrides` also moves the working directory there. */
export function contractSearch(
  workspace: string,
  overrides: Partial<ContractSearch> = {},
): ContractSearch {
  return {
    vocabulary: ACTION_VOCABULARY,
    workspace,
    workingDirectory: path.join(workspace, overrides.pathPrefix ?? ''),
    pathPrefix: '',
    contractPatterns: ['**/*.sol', '**/*.vy', '**/*.vyi'],
    defaultContractPatterns: true,
    excludePatterns: [],
    useDefaultExcludes: true,
    ifNoFilesFound: 'error',
    limits: { maxFiles: 1000, maxFileBytes: 1024 * 1024, maxTotalBytes: 50 * 1024 * 1024 },
    dependencies: 'include',
    foundryProfile: 'default',
    projectName: 'acme',
    ...overrides,
  };
}
