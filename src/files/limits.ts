/**
 * Upload limits, checked before anything is sent, with a message that says what to change.
 */
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import type { Vocabulary } from '../vocabulary.ts';
import type { ContractFile } from './discover.ts';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

const SHOWN = 5;

/** A file to upload; `dependency` when it is sent only because an audited file imports it. */
export type LimitedFile = ContractFile & { dependency?: boolean };

/**
 * Throws one ConfigurationError naming every limit exceeded, its numbers and the main causes;
 * `words`: the door's, in which the limits are named.
 */
export function checkUploadLimits(
  files: readonly LimitedFile[],
  limits: UploadLimits,
  words: Vocabulary,
): void {
  const problems: string[] = [];
  const raise: string[] = [];
  const dependencies = files.filter((file) => file.dependency === true);
  const ofWhich =
    dependencies.length === 0
      ? ''
      : ` (${dependencies.length} of them, ${formatBytes(totalSize(dependencies))}, dependencies the audited files import)`;

  if (files.length > limits.maxFiles) {
    problems.push(
      `${files.length} contract files were found${ofWhich}; at most ${limits.maxFiles} may be uploaded ` +
        `(${words.optionNamed('max-files')}). Folders with the most files:\n${listFolders(files)}`,
    );
    raise.push(words.option('max-files'));
  }

  const tooLarge = files.filter((file) => file.size > limits.maxFileBytes);
  if (tooLarge.length > 0) {
    problems.push(
      `${tooLarge.length} file(s) are larger than ${formatBytes(limits.maxFileBytes)} ` +
        `(${words.optionNamed('max-file-size-kb')}):\n${listLargest(tooLarge)}`,
    );
    raise.push(words.option('max-file-size-kb'));
  }

  const total = totalSize(files);
  if (total > limits.maxTotalBytes) {
    problems.push(
      `The ${files.length} files${ofWhich} add up to ${formatBytes(total)}; at most ` +
        `${formatBytes(limits.maxTotalBytes)} may be uploaded (${words.optionNamed('max-total-size-mb')}). ` +
        `Largest files:\n${listLargest(files)}`,
    );
    raise.push(words.option('max-total-size-mb'));
  }

  if (problems.length === 0) return;
  throw new ConfigurationError(
    `Upload limits exceeded.\n${problems.join('\n')}\n` +
      `Narrow ${words.option('contracts')} or add ${words.option('exclude')} patterns so that only the contracts to audit are ` +
      `selected, ${dependencies.length > 0 ? `set ${words.setting('dependencies', 'exclude')} to send only those, ` : ''}or raise ${raise.join(', ')}.`,
  );
}

function totalSize(files: readonly ContractFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/** 1,024-based, as the `-kb` and `-mb` inputs are: `512 B`, `1.5 KB`, `12 MB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Number(value.toFixed(1)));
  return `${shown} ${units[unit]}`;
}

function listLargest(files: readonly ContractFile[]): string {
  const largest = [...files].sort((a, b) => b.size - a.size).slice(0, SHOWN);
  return bulletList(
    largest.map((file) => `${file.relativePath} (${formatBytes(file.size)})`),
    files.length,
  );
}

function listFolders(files: readonly ContractFile[]): string {
  const counts = new Map<string, number>();
  for (const file of files) {
    const folder = path.posix.dirname(file.relativePath);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const busiest = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SHOWN);
  return bulletList(
    busiest.map(([folder, count]) => `${folder === '.' ? './' : `${folder}/`} (${count} files)`),
    counts.size,
  );
}

function bulletList(lines: readonly string[], total: number): string {
  const more = total > lines.length ? [`  … and ${total - lines.length} more`] : [];
  return [...lines.map((line) => `  - ${line}`), ...more].join('\n');
}
