/**
 * Finding the contracts to upload: discovery with the user's patterns and excludes, each skipped
 * link and pruned folder said in the log, the upload limits checked, and `if-no-files-found`.
 */
import { ConfigurationError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { discoverContracts, type ContractFile } from './discover.ts';
import { DEFAULT_EXCLUDES } from './excludes.ts';
import { checkUploadLimits, type UploadLimits } from './limits.ts';

export interface ContractSearch {
  workspace: string;
  workingDirectory: string;
  /** `working-directory` relative to the workspace, '' or ending in '/'. */
  pathPrefix: string;
  contractPatterns: string[];
  /** True when `contracts` was not given. */
  defaultContractPatterns: boolean;
  excludePatterns: string[];
  useDefaultExcludes: boolean;
  ifNoFilesFound: 'error' | 'warn' | 'ignore';
  limits: UploadLimits;
}

export async function findContracts(search: ContractSearch, log: Logger): Promise<ContractFile[]> {
  const discovery = await discoverContracts({
    workspace: search.workspace,
    root: search.workingDirectory,
    patterns: search.contractPatterns,
    excludes: search.excludePatterns,
    useDefaultExcludes: search.useDefaultExcludes,
  });
  for (const link of discovery.skippedLinks) {
    const why =
      link.reason === 'broken' ? 'its target does not exist' : 'it points outside the workspace';
    log.warning(
      `Skipped the symbolic link ${link.path} (to ${link.target}): ${why}. It was not read.`,
    );
  }
  // File and directory names come from the checkout: the logger keeps them from running commands.
  const listed = discovery.files.map((file) => `${file.relativePath} (${file.size} bytes)`);
  if (discovery.prunedDirectories.length > 0) {
    const rules = search.useDefaultExcludes
      ? `${DEFAULT_EXCLUDES.join(' ')} and \`exclude\``
      : '`exclude`';
    listed.push(`Not searched (excluded by ${rules}): ${discovery.prunedDirectories.join(', ')}`);
  }
  log.group(`Contract files (${discovery.files.length})`, listed);
  // The defaults look for Solidity and Vyper: a project of one language is not a mistake.
  const misspelled = !search.defaultContractPatterns && discovery.unmatchedPatterns.length > 0;
  if (misspelled && discovery.files.length > 0) {
    const message = `No file matched these \`contracts\` patterns: ${discovery.unmatchedPatterns.join(', ')}`;
    if (search.ifNoFilesFound === 'ignore') log.info(message);
    else log.warning(message);
  }
  checkUploadLimits(discovery.files, search.limits);
  if (discovery.files.length === 0) {
    const patterns = discovery.unmatchedPatterns.join(', ') || search.contractPatterns.join(', ');
    const message =
      `No contract files found under ${search.pathPrefix || './'} for ${patterns}` +
      (search.useDefaultExcludes ? ` (built-in excludes: ${DEFAULT_EXCLUDES.join(' ')})` : '') +
      '. Check `contracts`, `exclude` and `working-directory`.';
    if (search.ifNoFilesFound === 'error') {
      throw new ConfigurationError(
        `${message} (Set \`if-no-files-found\` to warn or ignore to allow this.)`,
      );
    }
    if (search.ifNoFilesFound === 'warn') log.warning(message);
    else log.info(message);
  }
  return discovery.files;
}
