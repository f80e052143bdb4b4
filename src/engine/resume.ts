/**
 * The audits of `audit-id`, collected instead of uploading, each with what this checkout would
 * upload for its project, so that findings are read as the uploading run read them: names mapped
 * back, dependencies told apart. Every project of the checkout must have its id: one without
 * was never audited and must not pass unseen.
 */
import type { AuditIds } from '../audit/audit-ids.ts';
import { ConfigurationError, DeadlineError, errorMessage } from '../errors.ts';
import type { Deadline } from '../deadline.ts';
import type { Logger } from '../log.ts';
import type { Project } from '../project/detect.ts';
import { findUploads, projectSummaries, type UploadFile } from '../project/find-contracts.ts';
import type { AuditJob } from './project-audits.ts';
import type { Settings } from './settings.ts';
import { sentenceStart } from '../vocabulary.ts';

/** A project of this checkout: its upload name, folder and, when they could be listed, files. */
interface CheckoutProject {
  name: string;
  path: string;
  files: UploadFile[] | undefined;
}

export async function resumeJobs(
  settings: Settings,
  ids: AuditIds,
  projects: readonly Project[],
  log: Logger,
  deadline: Deadline,
): Promise<AuditJob[]> {
  const { checkout, unlisted } = await projectsOfThisCheckout(settings, projects, log, deadline);
  const { vocabulary } = settings;
  const auditIds = sentenceStart(vocabulary.optionNamed('audit-id'));
  if (typeof ids === 'string') {
    if (checkout.length > 1) {
      throw new ConfigurationError(
        `${auditIds} is one id, but this checkout has ${checkout.length} projects to audit (${checkout.map((project) => project.path).join(', ')}), each with its own audit. ` +
          `Pass ${vocabulary.idsOf('the run that started them')} as it is (a JSON object of ids by project folder), or set ${vocabulary.option('working-directory')} to the project of this audit.`,
      );
    }
    const [only] = checkout;
    return [
      {
        name: only?.name ?? settings.projectName,
        path: only?.path ?? (settings.pathPrefix.replace(/\/$/, '') || '.'),
        files: only?.files,
        resumeId: ids,
      },
    ];
  }
  const resumed = [...ids].map(([folder, auditId]): AuditJob => {
    const project = checkout.find((candidate) => candidate.path === folder);
    if (checkout.length > 0 && !project) {
      throw new ConfigurationError(
        `${auditIds} names the project folder "${folder}", but this checkout has no project with files to audit there ` +
          `(it has ${checkout.map((candidate) => candidate.path).join(', ')}). Pass ${vocabulary.idsOf('a run on this commit')} and ${vocabulary.option('working-directory')}.`,
      );
    }
    const name = project?.name ?? `${settings.projectName}/${folder}`;
    return { name, path: folder, files: project?.files, resumeId: auditId };
  });
  const notResumed = checkout
    .filter((project) => !ids.has(project.path))
    .map((project): AuditJob => ({
      ...project,
      resumeId: undefined,
      notStarted:
        unlisted === undefined
          ? `${auditIds} has no audit id for ${project.path}, so it has no results: its audit was never started ` +
            `(or it is new since). Run without ${vocabulary.option('audit-id')} to audit it.`
          : `${auditIds} has no audit id for ${project.path}, and this checkout's files could not be listed (${unlisted}) ` +
            `to tell whether it has any to audit: it may never have been audited. Fix the listing, or run without ${vocabulary.option('audit-id')}.`,
    }));
  return [...resumed, ...notResumed];
}

/**
 * The projects with files to audit, with their files, listed as an upload would list them but
 * without the upload limits: nothing is uploaded, and a limit that refused a file (a larger
 * `max-file-size-kb` since, say) must not hide a project from the checks. When they cannot be
 * listed at all (a file that cannot be read), every project found stands in: only the mapping of
 * names back to files is lost, and that is said.
 */
async function projectsOfThisCheckout(
  settings: Settings,
  projects: readonly Project[],
  log: Logger,
  deadline: Deadline,
): Promise<{ checkout: CheckoutProject[]; unlisted?: string }> {
  const unlimited = { maxFiles: Infinity, maxFileBytes: Infinity, maxTotalBytes: Infinity };
  try {
    const search = { ...settings, limits: unlimited, deadline };
    return { checkout: await findUploads(search, log, projects) };
  } catch (error) {
    // Out of time is the run's end, not a listing to do without.
    if (!(error instanceof ConfigurationError) || error instanceof DeadlineError) throw error;
    const unlisted = errorMessage(error);
    log.warning(
      `The files of this checkout could not be listed (${unlisted}), so the findings keep the names the service gives them.`,
    );
    const checkout = projectSummaries(projects, settings, settings.projectName).map((project) => ({
      ...project,
      files: undefined,
    }));
    return { checkout, unlisted };
  }
}
