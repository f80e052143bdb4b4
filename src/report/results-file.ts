/**
 * The machine-readable results file: every finding, whatever the summary had room for, with
 * whether it counted for the gate. Absent values are written as null so every key is always
 * present. It doubles as a baseline file (see audit/baseline.ts).
 */
import type { TriagedFinding } from '../audit/triage.ts';
import { jsonChunks } from './json-chunks.ts';
import type { Report } from './model.ts';

/** What the results file reads of the report. */
export type ResultsFileInput = Pick<
  Report,
  | 'auditId'
  | 'projectName'
  | 'rawStatus'
  | 'verdict'
  | 'failOn'
  | 'scope'
  | 'findings'
  | 'counts'
  | 'several'
  | 'projects'
  | 'repeatedDependencyFindings'
  | 'reused'
  | 'headCommit'
>;

/** The file as it is written, a piece at a time: it can run to tens of megabytes. */
export function resultsFileChunks(input: ResultsFileInput): Generator<string> {
  const document = {
    schemaVersion: 1,
    auditId: input.auditId ?? null,
    projectName: input.projectName,
    status: input.rawStatus ?? null,
    verdict: input.verdict,
    failOn: input.failOn,
    scope: input.scope,
    counts: input.counts.bySeverity,
    // Findings the scope kept in: all but those outside the change.
    inScopeCount: input.counts.inScope,
    statusCounts: input.counts.byStatus,
    // With several projects: each one's audit; a finding's `project` names its own.
    projects: input.several
      ? input.projects.map((audit) => ({
          name: audit.name,
          path: audit.path,
          auditId: audit.auditId ?? null,
          verdict: audit.verdict,
          status: audit.rawStatus ?? null,
          reportUrl: audit.reportUrl ?? null,
          fileCount: audit.fileCount ?? null,
          counts: audit.counts.bySeverity,
          statusCounts: audit.counts.byStatus,
          reused: audit.reused ?? null,
        }))
      : null,
    // The earlier audit whose results these are, its upload being byte-identical.
    reused: input.reused ?? null,
    repeatedDependencyFindings: input.repeatedDependencyFindings,
    // On `workflow_run`: the commit whose files were judged, and every artifact file refused.
    headCommit:
      input.headCommit === undefined
        ? null
        : {
            sha: input.headCommit.sha,
            refused: input.headCommit.refused.map(({ path, reason }) => ({ path, reason })),
          },
    findings: [],
  };
  return jsonChunks(JSON.stringify(document, null, 2), 'findings', input.findings, toRecord, '\n');
}

/** The whole file as one text. */
export function renderResultsFile(input: ResultsFileInput): string {
  return [...resultsFileChunks(input)].join('');
}

function toRecord({ finding, status, note, project }: TriagedFinding) {
  return {
    fingerprint: finding.fingerprint,
    serviceId: finding.serviceId ?? null,
    severity: finding.severity,
    severityLabel: finding.severityLabel,
    title: finding.title,
    ruleId: finding.ruleId ?? null,
    swcId: finding.swcId ?? null,
    cweId: finding.cweId ?? null,
    description: finding.description,
    recommendation: finding.recommendation ?? null,
    file: finding.file ?? null,
    startLine: finding.startLine ?? null,
    endLine: finding.endLine ?? null,
    status,
    note: note ?? null,
    project: project ?? null,
  };
}
