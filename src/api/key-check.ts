import { errorMessage, ServiceError } from '../errors.ts';
import type { Log } from '../log.ts';
import type { AuditClient } from './client.ts';

/**
 * Checks the key against the service (listing its projects) before anything is uploaded, and
 * tells whether each project is new.
 */
export async function checkKey(
  client: AuditClient,
  projectNames: readonly string[],
  log: Log,
): Promise<void> {
  try {
    const projects = await client.listProjects();
    for (const projectName of projectNames) {
      const project = projects.find((candidate) => candidate.name === projectName);
      if (!project) {
        log.info(`Project "${projectName}" is new: the service creates it with this audit.`);
        continue;
      }
      const last = project.lastAuditId
        ? `; last audit ${project.lastAuditId}${project.lastAuditStatus ? ` (${project.lastAuditStatus})` : ''}`
        : '';
      const count =
        project.auditCount === undefined ? '' : `: ${project.auditCount} earlier audit(s)`;
      log.info(`Project "${projectName}"${count}${last}.`);
    }
  } catch (error) {
    // A rejected key ends the run here, before an upload; anything else only costs the project line.
    if (error instanceof ServiceError && (error.status === 401 || error.status === 403))
      throw error;
    log.warning(`Could not list projects (${errorMessage(error)}); continuing with the audit.`);
  }
}
