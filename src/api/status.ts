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

/**
 * Words naming the audit as a whole (`audit_completed`, `static_analysis_done`). Only after one
 * does a done word mean the audit is done: `upload_completed` or `compilation_done` is one stage.
 */
const SUBJECTS = new Set(['scan', 'job', 'audit', 'analysis', 'task', 'review', 'check', 'run']);
/** Words that undo or narrow the state after them: `not_completed`, `partial_scan_done`. */
const DOUBTS = new Set(['not', 'no', 'non', 'never', 'un', 'partial', 'partially', 'pre', 'sub']);

/**
 * Case-, space-, hyphen- and underscore-insensitive. A state word may end longer words: any
 * words may come before a failed, pending or running one (`compilation_failed`), a subject before
 * a done one; none that doubts it. Anything unrecognized is 'unknown', which the poller treats as
 * "keep waiting until the deadline".
 */
export function classifyStatus(raw: string): AuditState {
  const words = raw
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const whole = lookUp(words.join(''));
  if (whole) return whole;
  // The state in the last word or two (`scan_in_progress`), the longer first.
  for (const size of [2, 1]) {
    const head = words.slice(0, -size);
    const state = head.length > 0 ? lookUp(words.slice(-size).join('')) : undefined;
    if (state === undefined) continue;
    if (head.some((word) => DOUBTS.has(word))) return 'unknown';
    // `failed_to_complete`: a failure before the end is still one.
    if (head.some((word) => lookUp(word) === 'failed')) return 'failed';
    if (head.some((word) => lookUp(word) !== undefined)) return 'unknown';
    if (state !== 'completed' || SUBJECTS.has(head.at(-1) ?? '')) return state;
    return 'unknown';
  }
  return 'unknown';
}

/** Own keys only: every object has a `constructor`, which is no status. */
function lookUp(word: string): Exclude<AuditState, 'unknown'> | undefined {
  return Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
}
