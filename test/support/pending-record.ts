/** A pending record as a finishing run reads it off a check run of the GitHub stand-in. */
import { recordOfCheckRun } from '../../src/action/pending-check.ts';
import {
  pendingService,
  readPendingRecord,
  type PendingRecord,
  type PendingRecordKey,
} from '../../src/engine/pending-record.ts';

/** The repository in-process runs report on (in-process-run.ts). */
export const RUN_REPOSITORY = 'acme/vaults';

/** What a check run of the stand-in holds of a record. */
interface HeldRecord {
  external_id?: string | null;
  output?: { text?: string | null };
}

/**
 * The record `checkRun` holds, read with `key` (the repository in-process runs report on, and
 * the service at `serviceUrl` as `base-url` gives it, unless said); or why it does not read.
 */
export function pendingRecordOn(
  checkRun: HeldRecord | undefined,
  key: Pick<PendingRecordKey, 'apiKey' | 'headSha' | 'checkName'> & {
    serviceUrl: string;
    repository?: string;
  },
  now = Date.now(),
): PendingRecord | string {
  const text = recordOfCheckRun({
    externalId: checkRun?.external_id ?? null,
    text: checkRun?.output?.text ?? null,
  });
  return readPendingRecord(text ?? '', {
    apiKey: key.apiKey,
    repository: key.repository ?? RUN_REPOSITORY,
    headSha: key.headSha,
    checkName: key.checkName,
    service: pendingService(new URL(key.serviceUrl)),
    now,
  });
}

/** A pending record of one project's audit `audit-1`, started now on pull request 5, with `changes`. */
export function pendingRecord(changes: Partial<PendingRecord> = {}): PendingRecord {
  return {
    projectName: 'vaults',
    audits: [{ name: 'vaults', path: '.', auditId: 'audit-1' }],
    several: false,
    failOn: 'low',
    scope: 'all',
    timeoutMinutes: 30,
    startedAt: new Date().toISOString(),
    pullRequest: 5,
    comment: true,
    baseline: undefined,
    headCommit: undefined,
    service: 'https://audits.example',
    ...changes,
  };
}
