/**
 * One audit per project: uploads started a few at a time, every audit waited for within the
 * run's one deadline, each project's findings triaged against its own upload into its own
 * result. A project's failure is its own result: the others still report.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import type { AuditClient, StartedAudit } from '../api/client.ts';
import { pollOnce, pollPolicy, waitForAudit } from '../api/poll.ts';
import type { AuditSnapshot, Finding } from '../audit/findings.ts';
import {
  completedResult,
  errorResult,
  pendingResult,
  serviceFailureResult,
  timeoutResult,
  type AuditFacts,
  type AuditResult,
  type ProjectResult,
} from '../audit/result.ts';
import type { Triage } from '../audit/triage.ts';
import type { UploadManifest } from '../audit/upload-manifest.ts';
import type { Deadline } from '../deadline.ts';
import { ConfigurationError, ServiceError, errorMessage } from '../errors.ts';
import { formatBytes } from '../files/limits.ts';
import type { ReuseRecord } from './reuse.ts';
import type { Settings } from './settings.ts';
import type { Log } from '../log.ts';
import type { UploadFile } from '../project/find-contracts.ts';

/** Uploads at once: enough to overlap the service's work, few enough to spare its rate limit. */
export const MAX_CONCURRENT_UPLOADS = 3;
/**
 * Answers read at once, from the first byte to their findings: a finished audit's answer is held
 * as bytes, as text and as parsed JSON while it is read, so audits finishing together must not
 * all be read together. Polls of audits not finished wait their turn too; each is short.
 */
export const MAX_CONCURRENT_READS = 2;

/** What the findings of a run may hold across all its projects. */
export interface FindingsBudget {
  /** Findings, once groups and instances are expanded. */
  count: number;
  /** Memory, as the answers' `heldBytes` count it. */
  bytes: number;
}

/**
 * Twice the findings one answer may hold, and enough memory for the largest answer the client
 * reads (64 MiB of text and 100,000 findings) on its own. Each answer is bounded on its own;
 * without a bound on their sum, many projects' answers held to the end could exhaust a runner's
 * memory and leave no verdict at all.
 */
export const RUN_FINDINGS_BUDGET: FindingsBudget = { count: 200_000, bytes: 256 * 1024 * 1024 };

export interface AuditJob {
  /** The project's upload name. */
  name: string;
  /** Its folder relative to the workspace, `.` for the workspace. */
  path: string;
  /** This checkout's files for it: what is uploaded, or, resuming, how findings map back. */
  files: UploadFile[] | undefined;
  /** An audit to collect instead of uploading. */
  resumeId: string | undefined;
  /** Set when resuming gave this project no audit: why, as its error. */
  notStarted?: string;
  /** The upload's digest, when audits are reused: recorded once its audit completes. */
  digest?: string;
  /** A completed audit of a byte-identical upload, collected instead of uploading. */
  reusable?: ReuseRecord;
  /** When an earlier run started this audit (a pending run's): it is recorded once complete. */
  auditedAt?: string;
  /** A pending run's audit: its upload as that run kept it, for the triage. */
  manifest?: UploadManifest;
}

export interface ProjectAuditDependencies {
  client: AuditClient;
  settings: Pick<Settings, 'pollIntervalMs' | 'failOn' | 'timeoutMs' | 'vocabulary'>;
  deadline: Deadline;
  log: Log;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  triage: (findings: readonly Finding[], job: AuditJob) => Promise<Triage>;
  /** What a later run needs to triage the job's findings as this one would (upload-view.ts). */
  manifest: (job: AuditJob) => UploadManifest | undefined;
  /** As soon as an audit has its id, before it is waited for; `reused` for a reused audit. */
  started: (job: AuditJob, auditId: string, reused?: ReuseRecord) => void;
  /** Keeps the record of an uploaded audit that completed (pass or fail). */
  record?: (record: ReuseRecord) => Promise<void>;
  /** What the run's findings may hold across its projects; default RUN_FINDINGS_BUDGET. */
  findingsBudget?: FindingsBudget;
  /** Poll each audit once: one not finished then is pending, never waited for. */
  pollOnce?: boolean;
}

/** Each job's project's result, in the jobs' order. `several`: lines in the log name the project. */
export async function auditProjects(
  jobs: readonly AuditJob[],
  deps: ProjectAuditDependencies,
  several = jobs.length > 1,
): Promise<ProjectResult[]> {
  const limitUploads = pLimit(MAX_CONCURRENT_UPLOADS);
  const limitReads = pLimit(MAX_CONCURRENT_READS);
  const reader: AnswerReader = {
    getAudit: (...args) => limitReads(() => deps.client.getAudit(...args)),
  };
  const left = { ...(deps.findingsBudget ?? RUN_FINDINGS_BUDGET) };
  // Answers come one at a time: each takes its share from what is left, or is refused whole.
  const spend = (count: number, bytes: number): FindingsBudget | undefined => {
    if (count > left.count || bytes > left.bytes) return { ...left };
    left.count -= count;
    left.bytes -= bytes;
    return undefined;
  };
  return Promise.all(
    jobs.map(async (job) => {
      const log = several ? prefixed(deps.log, `${job.name}: `) : deps.log;
      const result = await auditProject(job, { ...deps, log, spend, reader }, limitUploads);
      return { name: job.name, path: job.path, ...result };
    }),
  );
}

type AnswerReader = Pick<AuditClient, 'getAudit'>;

/** What each project's audit shares with the others: the run's reads and its findings budget. */
type SharedDependencies = ProjectAuditDependencies & {
  reader: AnswerReader;
  /** Takes an answer's share of the budget; what was left, when the share would pass it. */
  spend: (count: number, bytes: number) => FindingsBudget | undefined;
};

async function auditProject(
  job: AuditJob,
  deps: SharedDependencies,
  limitUploads: LimitFunction,
): Promise<AuditResult> {
  const resumed = job.resumeId !== undefined;
  const { log } = deps;
  if (job.notStarted !== undefined)
    return errorResult(new ConfigurationError(job.notStarted), { resumed }, deps.settings);
  if (job.reusable !== undefined) {
    const reused = await collectReused(job, job.reusable, deps);
    if (reused !== undefined) return reused;
  }
  let started: StartedAudit | undefined;
  // Files are counted once the service took them: a refused upload sent nothing that counts.
  const factsSoFar = () => ({
    auditId: started?.auditId ?? job.resumeId,
    resumed,
    fileCount: started ? job.files?.length : job.manifest?.files.length,
  });
  try {
    const startedAt = new Date(deps.deadline.now()).toISOString();
    const auditId = job.resumeId ?? (started = await upload(job, deps, limitUploads)).auditId;
    const facts = { ...factsSoFar(), auditId };
    deps.started(job, auditId);

    const policy = pollPolicy({
      deadline: deps.deadline,
      pollIntervalMs: deps.settings.pollIntervalMs,
      resumed,
      initialWaitMs: started?.retryAfterMs,
    });
    const polling = {
      ...deps,
      client: deps.reader,
      knownFiles: knownFiles(job),
    };
    const waited = deps.pollOnce
      ? await pollOnce(auditId, policy, polling)
      : await waitForAudit(auditId, policy, polling);
    if (waited.kind === 'unfinished') {
      const manifest = deps.manifest(job);
      return {
        ...pendingResult(facts, waited.last, waited.lastProblem),
        ...(job.digest !== undefined && { digest: job.digest }),
        ...(manifest !== undefined && { manifest }),
      };
    }
    if (waited.kind === 'timeout') {
      const { last, lastProblem } = waited;
      return timeoutResult(facts, deps.settings.timeoutMs, last, lastProblem);
    }
    const { snapshot } = waited;
    if (snapshot.state === 'failed' || !snapshot.findings)
      return serviceFailureResult(facts, snapshot);
    const result = await resultsOf(job, snapshot, snapshot.findings, facts, deps);
    // Only a complete result is worth paying for once: not an error, a timeout or an incomplete answer.
    const complete = result.verdict === 'pass' || result.verdict === 'fail';
    const auditedAt = started ? startedAt : job.auditedAt;
    if (auditedAt !== undefined && complete && job.digest !== undefined && deps.record) {
      await deps.record({ digest: job.digest, auditId, auditedAt, runUrl: undefined });
    }
    return result;
  } catch (error) {
    return errorResult(error, factsSoFar(), { vocabulary: deps.settings.vocabulary, log });
  }
}

/**
 * The results of a recorded audit of the same upload, fresh from the service, or undefined
 * (said in the log) when they cannot be had complete: then the project is uploaded as usual.
 */
async function collectReused(
  job: AuditJob,
  record: ReuseRecord,
  deps: SharedDependencies,
): Promise<AuditResult | undefined> {
  const { auditId } = record;
  try {
    // A run that polls once reads the record's audit once too: no retry, no Retry-After waited out.
    const { snapshot } = await deps.reader.getAudit(
      auditId,
      knownFiles(job),
      deps.pollOnce ? { once: true } : undefined,
    );
    if (snapshot.state !== 'completed' || !snapshot.findings || snapshot.incomplete !== undefined) {
      deps.log.info(
        `The recorded audit ${auditId} of this upload now reads as ${snapshot.rawStatus}${snapshot.incomplete === undefined ? '' : ', incomplete'}; uploading again.`,
      );
      return undefined;
    }
    deps.started(job, auditId, record);
    const facts = { auditId, resumed: true, fileCount: undefined };
    const result = await resultsOf(job, snapshot, snapshot.findings, facts, deps);
    return { ...result, reused: { auditId, auditedAt: record.auditedAt, runUrl: record.runUrl } };
  } catch (error) {
    deps.log.info(
      `The recorded audit ${auditId} of this upload cannot be read (${errorMessage(error)}); uploading again.`,
    );
    return undefined;
  }
}

/** The names the job's files were uploaded under, as the answer's parser maps names back to them. */
function knownFiles(job: AuditJob): string[] | undefined {
  return (job.files ?? job.manifest?.files)?.map((file) => file.relativePath);
}

/** A finished audit's findings, taken from the run's budget and triaged into the project's result. */
async function resultsOf(
  job: AuditJob,
  snapshot: AuditSnapshot,
  findings: readonly Finding[],
  facts: AuditFacts,
  deps: SharedDependencies,
): Promise<AuditResult> {
  const bytes = snapshot.heldBytes ?? 0;
  const left = deps.spend(findings.length, bytes);
  if (left !== undefined)
    return errorResult(overBudget(findings.length, bytes, left, deps), facts, deps.settings);
  return completedResult(facts, snapshot, await deps.triage(findings, job), deps.settings);
}

function overBudget(
  count: number,
  bytes: number,
  left: FindingsBudget,
  { findingsBudget = RUN_FINDINGS_BUDGET, settings }: ProjectAuditDependencies,
): ServiceError {
  const what =
    count > left.count
      ? `its answer holds ${count.toLocaleString('en-US')} findings, more than are left of the ` +
        `${findingsBudget.count.toLocaleString('en-US')} one run reads across all its projects`
      : `its findings would hold ${formatBytes(bytes)} of memory, more than is left ` +
        `(${formatBytes(left.bytes)}) of the ${formatBytes(findingsBudget.bytes)} the findings of ` +
        'one run may hold across all its projects';
  return new ServiceError(
    `${what}, so none of them is reported. Audit fewer projects at once: ` +
      `${settings.vocabulary.splitProjects}. No setting raises the budget: past it, a runner could ` +
      'run out of memory before any verdict.',
  );
}

/** Sends the job's files, a few projects at a time. */
function upload(
  job: AuditJob,
  { client, log }: ProjectAuditDependencies,
  limitUploads: LimitFunction,
): Promise<StartedAudit> {
  const files = job.files ?? [];
  const dependencies = files.filter((file) => file.dependency).length;
  return limitUploads(() => {
    log.info(
      `Uploading ${files.length} file(s)${dependencies > 0 ? ` (${dependencies} of them dependencies)` : ''} as project "${job.name}"…`,
    );
    return client.startAudit(job.name, files);
  });
}

/** Lines about one of several projects say which. */
function prefixed(log: Log, prefix: string): Log {
  return {
    debug: (message) => log.debug(prefix + message),
    info: (message) => log.info(prefix + message),
    warning: (message) => log.warning(prefix + message),
  };
}
