import type { AuditClient } from './client.ts';
import { msLeft, type Deadline } from '../deadline.ts';
import { ResponseFormatError, ServiceError, errorMessage } from '../errors.ts';
import type { AuditSnapshot } from '../audit/findings.ts';
import type { Log } from '../log.ts';

export interface PollPolicy {
  /** When waiting stops (the client's deadline too: its retries end there). */
  deadline: Deadline;
  /** A wait before the first poll: the start answer's `Retry-After`, when it sent one. */
  initialWaitMs?: number | undefined;
  initialIntervalMs: number;
  maxIntervalMs: number;
  /** Right after a start, the service may not list the audit yet: 404 is tolerated this long. */
  notFoundGraceMs: number;
}

export interface PollDependencies {
  client: Pick<AuditClient, 'getAudit'>;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  log: Log;
  knownFiles?: readonly string[];
}

export type PollOutcome =
  | { kind: 'finished'; snapshot: AuditSnapshot }
  | ({ kind: 'timeout' } & LastPoll)
  /** One poll (`pollOnce`) found the audit going on. */
  | ({ kind: 'unfinished' } & LastPoll);

interface LastPoll {
  last: AuditSnapshot | undefined;
  /** The last error waited out, when no answer came after it (e.g. the grace's 404s). */
  lastProblem: string | undefined;
}

const GROWTH = 1.5;
const MAX_POLL_INTERVAL_MS = 60_000;
/** A new audit may not show at the service at once: a 404 this soon after starting is waited out. */
const NOT_FOUND_GRACE_MS = 60_000;

/**
 * The policy of a run: `pollIntervalMs` (input `poll-interval-seconds`) first, growing to a
 * minute; a 404 is waited out only for an audit this run started, not one it resumes.
 */
export function pollPolicy(run: {
  deadline: Deadline;
  pollIntervalMs: number;
  resumed: boolean;
  initialWaitMs: number | undefined;
}): PollPolicy {
  return {
    deadline: run.deadline,
    initialIntervalMs: run.pollIntervalMs,
    maxIntervalMs: Math.max(MAX_POLL_INTERVAL_MS, run.pollIntervalMs),
    notFoundGraceMs: run.resumed ? 0 : NOT_FOUND_GRACE_MS,
    initialWaitMs: run.initialWaitMs,
  };
}

/** Backoff with jitter (±20%), capped; a longer `Retry-After` from the service wins. */
export function nextDelay(
  attempt: number,
  policy: Pick<PollPolicy, 'initialIntervalMs' | 'maxIntervalMs'>,
  random: () => number,
  retryAfterMs: number | undefined,
): number {
  const base = Math.min(policy.maxIntervalMs, policy.initialIntervalMs * GROWTH ** attempt);
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  return Math.max(Math.min(jittered, policy.maxIntervalMs), retryAfterMs ?? 0);
}

/**
 * Polls until the audit completes or fails, or the deadline passes. Transient trouble that outlasts
 * the client's own retries does not end the wait: only the deadline, a final answer, or an error
 * the user must fix does. Nothing is polled at or after the deadline: the client sends nothing then.
 */
export async function waitForAudit(
  auditId: string,
  policy: PollPolicy,
  deps: PollDependencies,
): Promise<PollOutcome> {
  const { deadline } = policy;
  const startedAt = deadline.now();
  let last: AuditSnapshot | undefined;
  let lastState: string | undefined;
  let lastProblem: string | undefined;
  if (policy.initialWaitMs) {
    await deps.sleep(Math.max(0, Math.min(policy.initialWaitMs, msLeft(deadline))));
  }
  for (let attempt = 0; msLeft(deadline) > 0; attempt += 1) {
    let retryAfterMs: number | undefined;
    try {
      const answer = await deps.client.getAudit(auditId, deps.knownFiles, {
        retryUntil: deadline.at,
      });
      last = answer.snapshot;
      lastProblem = undefined;
      retryAfterMs = answer.retryAfterMs;
      if (last.state === 'completed' || last.state === 'failed')
        return { kind: 'finished', snapshot: last };
      if (last.rawStatus !== lastState) {
        deps.log.info(`Audit ${auditId}: ${last.rawStatus}`);
        lastState = last.rawStatus;
      }
    } catch (error) {
      if (!isWorthWaitingOut(error, deadline.now() - startedAt, policy.notFoundGraceMs))
        throw error;
      const waiting = msLeft(deadline) > 0 ? 'still waiting' : 'no time left to wait';
      // The client's message names the operation and the audit ("could not read audit …").
      const message = errorMessage(error);
      lastProblem = message;
      deps.log.warning(`${message.charAt(0).toUpperCase()}${message.slice(1)}; ${waiting}.`);
    }
    const remaining = msLeft(deadline);
    if (remaining <= 0) break;
    const delay = Math.min(nextDelay(attempt, policy, deps.random, retryAfterMs), remaining);
    deps.log.debug(`Next poll of audit ${auditId} in ${Math.round(delay / 100) / 10} s`);
    await deps.sleep(delay);
  }
  return { kind: 'timeout', last, lastProblem };
}

/**
 * One poll of an audit a run does not wait for: finished, or `unfinished` with what the poll read.
 * One request, never retried: a run that does not wait must not wait out a `Retry-After` or
 * transient trouble either. What a wait would go on through (a new audit's 404, transient
 * trouble) leaves it unfinished, since it goes on at the service all the same; an error the user
 * must fix is thrown.
 */
export async function pollOnce(
  auditId: string,
  policy: Pick<PollPolicy, 'deadline' | 'notFoundGraceMs'>,
  deps: Pick<PollDependencies, 'client' | 'knownFiles'>,
): Promise<PollOutcome> {
  try {
    const { snapshot } = await deps.client.getAudit(auditId, deps.knownFiles, {
      retryUntil: policy.deadline.at,
      once: true,
    });
    if (snapshot.state === 'completed' || snapshot.state === 'failed')
      return { kind: 'finished', snapshot };
    return { kind: 'unfinished', last: snapshot, lastProblem: undefined };
  } catch (error) {
    if (!isWorthWaitingOut(error, 0, policy.notFoundGraceMs)) throw error;
    return { kind: 'unfinished', last: undefined, lastProblem: errorMessage(error) };
  }
}

function isWorthWaitingOut(error: unknown, elapsedMs: number, notFoundGraceMs: number): boolean {
  if (!(error instanceof ServiceError) || error instanceof ResponseFormatError) return false;
  const { status } = error;
  if (status === 404) return elapsedMs < notFoundGraceMs;
  return status === undefined || status === 408 || status === 429 || status >= 500;
}
