/**
 * The service's memory: audits, the projects they belong to, and the Idempotency-Keys that
 * started them, all kept per account. A project is created by the first audit that names it.
 */
import type { AnalysisResult } from './analyzer/types.ts';
import type { Progress } from './lifecycle.ts';
import type { ServiceFinding } from './render.ts';

export interface UploadedFile {
  /** The part's filename, percent-decoded: the path as uploaded. */
  filename: string;
  contentType: string | undefined;
  size: number;
  content: Buffer;
}

export interface StoredAudit extends Progress {
  id: string;
  account: string;
  projectName: string;
  files: UploadedFile[];
  /** Known once analysed; shown once the audit is reported completed. */
  findings: ServiceFinding[];
  failure: string | undefined;
  /** The analyzer's report, when the analyzer ran (not with findings given by a test). */
  analysis: AnalysisResult | undefined;
}

export interface ProjectRecord {
  name: string;
  /** Oldest first. */
  audits: StoredAudit[];
}

export interface NewAudit {
  account: string;
  projectName: string;
  files: UploadedFile[];
  idempotencyKey: string | undefined;
  createdAt: number;
}

export interface Store {
  /** Every account's audits by id. */
  audits: Map<string, StoredAudit>;
  /** A new audit, or the one this account already started with the same Idempotency-Key. */
  start(request: NewAudit): { audit: StoredAudit; created: boolean };
  /** The audit if it exists and belongs to the account: another account's audit is not found. */
  find(account: string, id: string): StoredAudit | undefined;
  /** The account's projects, in the order they were created. */
  projects(account: string): ProjectRecord[];
}

export function createStore(nextId: (n: number) => string): Store {
  const audits = new Map<string, StoredAudit>();
  const byIdempotencyKey = new Map<string, StoredAudit>();
  const projectsByAccount = new Map<string, Map<string, ProjectRecord>>();

  function projectsOf(account: string): Map<string, ProjectRecord> {
    let projects = projectsByAccount.get(account);
    if (!projects) {
      projects = new Map();
      projectsByAccount.set(account, projects);
    }
    return projects;
  }

  return {
    audits,
    start({ account, projectName, files, idempotencyKey, createdAt }) {
      const scopedKey = idempotencyKey === undefined ? undefined : `${account}\n${idempotencyKey}`;
      const earlier = scopedKey === undefined ? undefined : byIdempotencyKey.get(scopedKey);
      if (earlier) return { audit: earlier, created: false };

      const audit: StoredAudit = {
        id: nextId(audits.size + 1),
        account,
        projectName,
        files,
        createdAt,
        polls: 0,
        pollsStartedAt: undefined,
        pollsDoneAt: undefined,
        pickedUpAt: undefined,
        analysedAt: undefined,
        findings: [],
        failure: undefined,
        analysis: undefined,
      };
      audits.set(audit.id, audit);
      if (scopedKey !== undefined) byIdempotencyKey.set(scopedKey, audit);
      const projects = projectsOf(account);
      const project = projects.get(projectName) ?? { name: projectName, audits: [] };
      project.audits.push(audit);
      projects.set(projectName, project);
      return { audit, created: true };
    },
    find(account, id) {
      const audit = audits.get(id);
      return audit?.account === account ? audit : undefined;
    },
    projects(account) {
      return [...projectsOf(account).values()];
    },
  };
}
