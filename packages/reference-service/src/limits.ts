/**
 * What one upload may hold. Over a limit the service answers 413 with the limit in the message,
 * so the caller knows what to change.
 */

export interface UploadLimits {
  /** `contracts` parts per audit. */
  maxFiles: number;
  /** Bytes of one contract file. */
  maxFileBytes: number;
  /** Bytes of the whole request body. */
  maxUploadBytes: number;
}

const MIB = 1024 * 1024;

/** Far above the action's own defaults (1,000 files, 1 MiB each, 50 MiB in all). */
export const DEFAULT_LIMITS: UploadLimits = {
  maxFiles: 1_000,
  maxFileBytes: 32 * MIB,
  maxUploadBytes: 64 * MIB,
};

const NAMED = 3;

export function uploadTooLarge(bytes: number, limits: UploadLimits): string {
  return `upload of ${bytes} bytes exceeds the limit of ${limits.maxUploadBytes} bytes`;
}

/** Why these files may not be audited together, or undefined when they may. */
export function filesOverLimits(
  files: readonly { filename: string; size: number }[],
  limits: UploadLimits,
): string | undefined {
  if (files.length > limits.maxFiles)
    return `${files.length} contract files uploaded; the limit is ${limits.maxFiles} files per audit`;
  const large = files.filter((file) => file.size > limits.maxFileBytes);
  if (large.length === 0) return undefined;
  const named = large
    .slice(0, NAMED)
    .map((file) => `${file.filename} (${file.size} bytes)`)
    .join(', ');
  const more = large.length > NAMED ? ` and ${large.length - NAMED} more` : '';
  const verb = large.length === 1 ? 'exceeds' : 'exceed';
  return `${named}${more} ${verb} the limit of ${limits.maxFileBytes} bytes per file`;
}
