/**
 * The service's status words mapped to our lifecycle. Only `pending`, `in_progress` and
 * `completed` are documented; the rest are what comparable services say (PRODUCT §2).
 */

import type { AuditState } from '../audit/findings.ts';

const WORDS: Record<string, Exclude<AuditState, 'unknown'>> = {
  pending: 'pending',
  queued: 'pending',
  submitted: 'pending',
  notstarted: 'pending',
  inprogress: 'running',
  running: 'running',
  processing: 'running',
  scanning: 'running',
  analyzing: 'running',
  completed: 'completed',
  complete: 'completed',
  finished: 'completed',
  succeeded: 'completed',
  success: 'completed',
  done: 'completed',
  failed: 'failed',
  error: 'failed',
  cancelled: 'failed',
  canceled: 'failed',
  expired: 'failed',
};

// A subject word some services put before the state (`scan_done`, `job_failed`).
const SUBJECTS = new Set(['scan', 'job', 'audit', 'analysis', 'task']);

/**
 * Case-, space-, hyphen- and underscore-insensitive. Anything unrecognized is 'unknown', which
 * the poller treats as "keep waiting until the deadline".
 */
export function classifyStatus(raw: string): AuditState {
  const words = raw
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const whole = lookUp(words.join(''));
  if (whole) return whole;
  if (words.length > 1 && SUBJECTS.has(words[0] ?? ''))
    return lookUp(words.slice(1).join('')) ?? 'unknown';
  return 'unknown';
}

/** Own keys only: every object has a `constructor`, which is no status. */
function lookUp(word: string): Exclude<AuditState, 'unknown'> | undefined {
  return Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
}
