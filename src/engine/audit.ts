/**
 * The engine's entry: a checkout's projects found, their files uploaded (or audits resumed),
 * waited for within one deadline, their findings triaged, and the run's result returned. It knows
 * nothing of the door that drives it: settings, the deadline (with its clock), a logger and two
 * callbacks are all it is given, and it never throws (an error is a result with verdict `error`).
 */
import { AuditClient } from '../api/client.ts';
import { checkKey } from '../api/key-check.ts';
import { formatAuditIds } from '../audit/audit-ids.ts';
import { readBaselineFile, unusedBaselineEntries, type BaselineEntry } from '../audit/baseline.ts';
import {
  errorResult,
  skippedResult,
  stoppedRun,
  type ProjectResult,
  type RunResult,
} from '../audit/result.ts';
import { buildChangeSet, type ChangedFile, type ChangeSet, type Scope } from '../audit/scope.ts';
import { triageFindings } from '../audit/triage.ts';
import type { Deadline } from '../deadline.ts';
import type { Logger } from '../log.ts';
import type { Project } from '../project/detect.ts';
import {
  findProjects,
  findUploads,
  outermostProjects,
  projectSummaries,
  type ProjectUpload,
} from '../project/find-contracts.ts';
import type { ProjectSummary } from '../project/project-summary.ts';
import { discovering } from './discovery-deadline.ts';
import type { PendingAudit } from './pending-record.ts';
import { auditProjects, type AuditJob, type ProjectAuditDependencies } from './project-audits.ts';
import { resumeJobs } from './resume.ts';
import { uploadView, type UploadView } from './upload-view.ts';
import { readRecord, recordText, uploadDigest, type ReuseStore } from './reuse.ts';
import type { Settings } from './settings.ts';
import type { Vocabulary } from '../vocabulary.ts';

export interface EngineDependencies {
  log: Logger;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  userAgent: string;
  /** The pull request's changed files for `scope`; undefined when there are none to be had. */
  changedFiles: () => Promise<ChangedFile[] | undefined>;
  /** As each audit gets its id, before it is waited for. */
  auditStarted: (started: AuditStarted) => void;
  /** Poll each audit once and leave one not finished then pending, to be collected later. */
  pollOnce?: boolean;
  /** Where completed audits are recorded, so a byte-identical upload is not paid for twice. */
  reuse?: {
    store: ReuseStore;
    /** This run's page, recorded with its audits. */
    runUrl: string | undefined;
    /** A recorded run link is shown only when it starts with this (this repository's runs). */
    runUrlPrefix: string | undefined;
  };
}

export interface AuditStarted {
  /** The audit that started. */
  auditId: string;
  /** The `audit-id` value so far: one id, or with several projects a JSON object of them. */
  auditIds: string;
  /** What to log. */
  message: string;
  /** The run's first audit to get an id. */
  first: boolean;
}

/** The projects of a checkout: parsed, never run, so safe on any checkout. */
export interface CheckoutProjects {
  projects: Project[];
  /** As the `projects` output lists them: the outermost, whose runs audit those nested in them. */
  summaries: ProjectSummary[];
}

/** Past `deadline` (the run's, as for the audit), a DeadlineError: the run's verdict is `timeout`. */
export async function findCheckoutProjects(
  settings: Settings,
  log: Logger,
  deadline: Deadline,
): Promise<CheckoutProjects> {
  const projects = await discovering(settings.vocabulary, () =>
    findProjects({ ...settings, deadline }, log),
  );
  return {
    projects,
    summaries: projectSummaries(outermostProjects(projects), settings, settings.projectName),
  };
}

/**
 * Where the files of an audit come from when not from the checkout: an upload bundle's, under
 * `root` (their sources are read there for suppressions).
 */
export interface GivenUploads {
  uploads: readonly ProjectUpload[];
  root: string;
}

/**
 * Audits started by an earlier run, collected by id with no checkout to read them against (a
 * pending run's, finished later): findings keep the names the service gives, under each folder.
 */
export interface GivenAudits {
  /** Each with its upload's digest when the earlier run had one: recorded for reuse once complete. */
  audits: readonly PendingAudit[];
  /** The earlier run was of several projects: its ids are one object. */
  several: boolean;
  /** When the earlier run started them (ISO 8601). */
  startedAt: string;
  /** The baseline that run read: a baseline of this checkout's would judge another commit. */
  baseline: ReadonlyMap<string, BaselineEntry> | undefined;
}

/** `given`: the uploads to send instead of the checkout's (an upload bundle's), or audits to collect. */
export async function audit(
  settings: Settings,
  detection: CheckoutProjects,
  deadline: Deadline,
  deps: EngineDependencies,
  given?: GivenUploads | GivenAudits,
): Promise<RunResult> {
  const { log } = deps;
  const client = new AuditClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    vocabulary: settings.vocabulary,
    userAgent: deps.userAgent,
    sleep: deps.sleep,
    deadline,
    log,
  });
  let fileCount: number | undefined;
  try {
    const { auditId } = settings;
    const collected = given !== undefined && 'audits' in given ? given : undefined;
    // Read before anything is uploaded, so a broken baseline costs no audit.
    const baseline = collected
      ? collected.baseline
      : settings.baselineFile
        ? await readBaselineFile(settings.baselineFile, settings.workspace, settings.vocabulary)
        : undefined;
    const uploads = given !== undefined && 'uploads' in given ? given : undefined;
    const uploading = auditId === undefined && collected === undefined;
    const jobs: AuditJob[] = collected
      ? collected.audits.map(({ name, path, auditId: id, digest, manifest }) => ({
          name,
          path,
          files: undefined,
          resumeId: id,
          manifest,
          ...(digest !== undefined && { digest, auditedAt: collected.startedAt }),
        }))
      : auditId !== undefined
        ? await discovering(settings.vocabulary, () =>
            resumeJobs(settings, auditId, detection.projects, log, deadline),
          )
        : (uploads?.uploads ?? (await checkoutUploads(settings, detection, deadline, log))).map(
            (upload) => ({ ...upload, resumeId: undefined }),
          );
    if (uploading) fileCount = jobs.reduce((sum, job) => sum + (job.files?.length ?? 0), 0);
    // A pending run's upload, as its manifests tell it: what the run that uploaded would show.
    else if (collected && jobs.every((job) => job.manifest !== undefined))
      fileCount = jobs.reduce((sum, job) => sum + (job.manifest?.files.length ?? 0), 0);
    if (jobs.length === 0) {
      return stoppedRun(
        skippedResult(
          `No contract files matched (${settings.vocabulary.setting('if-no-files-found', settings.ifNoFilesFound)}); nothing was audited.`,
          { fileCount },
        ),
        { detectedProjects: detection.summaries },
      );
    }
    if (uploading) {
      await checkKey(
        client,
        jobs.map((job) => job.name),
        log,
      );
      log.info(
        `Sending ${fileCount} file(s) to ${settings.baseUrl.origin}` +
          (jobs.length > 1 ? ` in ${jobs.length} audits, one per project.` : '.'),
      );
    }
    // A collected audit is recorded once complete, as an upload's is; only an upload looks one up.
    const reuse = (uploading || collected) && settings.reuse ? deps.reuse : undefined;
    const audited =
      reuse && uploading ? await findReusable(jobs, settings, reuse, log, deadline.now) : jobs;
    // With several projects, the id output is their object, even when one is collected.
    const several = collected?.several ?? (jobs.length > 1 || typeof settings.auditId === 'object');
    const projects = await auditProjects(
      audited,
      {
        client,
        settings,
        deadline,
        log,
        sleep: deps.sleep,
        random: deps.random,
        ...createTriage(settings, deps, baseline, several, uploads?.root),
        started: announcer(audited, several, settings.vocabulary, deps),
        pollOnce: deps.pollOnce,
        ...(reuse && {
          record: (record) =>
            reuse.store.save(
              record.digest,
              recordText(
                { ...record, runUrl: reuse.runUrl },
                { apiKey: settings.apiKey, runUrlPrefix: reuse.runUrlPrefix },
              ),
            ),
        }),
      },
      several,
    );
    if (baseline) logUnusedBaseline(baseline, projects, log);
    return {
      projects,
      several,
      detectedProjects: detection.summaries,
      ...(baseline !== undefined && { baseline }),
    };
  } catch (error) {
    return stoppedRun(errorResult(error, { fileCount }, { vocabulary: settings.vocabulary, log }), {
      detectedProjects: detection.summaries,
    });
  } finally {
    await client.close();
  }
}

/**
 * What the checkout's projects would upload, one upload per project with files to audit:
 * what is audited, or collected into an upload bundle.
 */
export function checkoutUploads(
  settings: Settings,
  detection: CheckoutProjects,
  deadline: Deadline,
  log: Logger,
): Promise<ProjectUpload[]> {
  return discovering(settings.vocabulary, () =>
    findUploads({ ...settings, deadline }, log, detection.projects),
  );
}

/**
 * Each upload's digest, and the recorded audit of a byte-identical one when there is a usable
 * record; a record that cannot be used is one line in the log, and the project is uploaded.
 */
async function findReusable(
  jobs: readonly AuditJob[],
  settings: Settings,
  reuse: NonNullable<EngineDependencies['reuse']>,
  log: Logger,
  /** The deadline's clock: a record's age is told by it. */
  now: () => number,
): Promise<AuditJob[]> {
  return Promise.all(
    jobs.map(async (job) => {
      const digest = await uploadDigest(job.name, settings.baseUrl.origin, job.files ?? []);
      const text = await reuse.store.find(digest);
      if (text === undefined) return { ...job, digest };
      const record = readRecord(text, {
        digest,
        apiKey: settings.apiKey,
        now: now(),
        maxAgeMs: settings.reuseMaxAgeDays * 24 * 60 * 60 * 1000,
        vocabulary: settings.vocabulary,
        runUrlPrefix: reuse.runUrlPrefix,
      });
      if (typeof record === 'string') {
        log.info(
          `${job.name}: a record of this upload was found but not used (${record}); uploading.`,
        );
        return { ...job, digest };
      }
      return { ...job, digest, reusable: record };
    }),
  );
}

/**
 * Tells the door each id as its audit starts, with the `audit-id` value so far: in the jobs'
 * order, however the uploads finished, the same value a resume hint gives.
 */
function announcer(
  jobs: readonly AuditJob[],
  several: boolean,
  vocabulary: Vocabulary,
  deps: EngineDependencies,
): ProjectAuditDependencies['started'] {
  const startedIds = new Map<AuditJob, string>();
  return (job, auditId, reused) => {
    startedIds.set(job, auditId);
    const auditIds = formatAuditIds(
      jobs.flatMap((each) => {
        const id = startedIds.get(each);
        return id === undefined ? [] : [{ name: each.name, path: each.path, auditId: id }];
      }),
      several,
    );
    const which = several ? ` (${job.name})` : '';
    deps.auditStarted({
      auditId,
      auditIds,
      first: startedIds.size === 1,
      message:
        reused !== undefined
          ? `Reused audit ${auditId}${which}: the upload is byte-identical to the one audited on ${reused.auditedAt}${reused.runUrl === undefined ? '' : ` by ${reused.runUrl}`}; nothing is uploaded.`
          : job.resumeId === undefined
            ? `Audit started: ${auditId}${which}`
            : `Resuming audit ${auditId}${which} (${vocabulary.optionNamed('audit-id')}); nothing is uploaded.`,
    });
  };
}

/**
 * Each job's upload as its triage reads it (upload-view.ts), made once per job, and the triage
 * of its findings: the pull request's changes are asked for once, by the first to need them.
 */
function createTriage(
  settings: Settings,
  { changedFiles }: EngineDependencies,
  baseline: ReadonlyMap<string, BaselineEntry> | undefined,
  several: boolean,
  /** Where the uploaded files are, when not in the workspace (an upload bundle's folder). */
  uploadRoot: string | undefined,
): Pick<ProjectAuditDependencies, 'triage' | 'manifest'> {
  let changes: Promise<{ scope: Scope; changes: ChangeSet | undefined }> | undefined;
  const scoped = async () => {
    const files = settings.scope === 'all' ? undefined : await changedFiles();
    if (!files) return { scope: 'all' as const, changes: undefined };
    return { scope: settings.scope, changes: buildChangeSet(files) };
  };
  const views = new WeakMap<AuditJob, UploadView>();
  const viewOf = (job: AuditJob): UploadView => {
    let view = views.get(job);
    if (view === undefined) {
      view = uploadView(job, {
        workspace: uploadRoot ?? settings.workspace,
        root: settings.workingDirectory,
      });
      views.set(job, view);
    }
    return view;
  };
  return {
    manifest: (job) => viewOf(job).manifest(),
    triage: async (findings, job) => {
      const { scope, changes: changeSet } = await (changes ??= scoped());
      const { uploaded, suppressions } = viewOf(job);
      return triageFindings(findings, {
        scope,
        changes: changeSet,
        // Without the upload (a resume of a project this checkout no longer has), names are
        // taken as the project's own, under its folder.
        pathPrefix: job.path === '.' ? '' : `${job.path}/`,
        uploaded,
        baseline,
        several,
        suppressions,
      });
    },
  };
}

/** Over every project's findings: an entry may be used by any of them. */
function logUnusedBaseline(
  baseline: ReadonlyMap<string, BaselineEntry>,
  projects: readonly ProjectResult[],
  log: Logger,
): void {
  if (projects.every((project) => project.findings === undefined)) return;
  const unused = unusedBaselineEntries(
    baseline,
    projects.flatMap((project) => (project.findings ?? []).map((entry) => entry.finding)),
  ).length;
  if (unused > 0) {
    log.info(
      `${unused} baseline entr${unused === 1 ? 'y matches' : 'ies match'} no finding any more and can be removed.`,
    );
  }
}
