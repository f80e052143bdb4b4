/** Builders of the report model for the renderers' tests. */
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import type { Verdict } from '../../src/audit/gate.ts';
import { countFindings } from '../../src/audit/triage.ts';
import type { ProjectReport, Report } from '../../src/report/model.ts';

/**
 * A report of one project's completed audit with no findings, with what is given instead; its
 * counts are those of its findings unless given.
 */
export function reportOf(overrides: Partial<Report> = {}): Report {
  const findings = overrides.findings ?? [];
  return {
    projectName: 'vault',
    failOn: 'high',
    verdict: 'pass',
    reason: 'No findings at or above high.',
    auditId: 'audit-1',
    rawStatus: 'completed',
    reportUrl: undefined,
    findings,
    resultsObtained: true,
    counts: countFindings(findings),
    scope: 'all',
    scopeNote: undefined,
    fileCount: undefined,
    resumeHint: undefined,
    several: false,
    projects: [],
    repeatedDependencyFindings: 0,
    reused: undefined,
    allReused: false,
    headCommit: undefined,
    detectedProjects: undefined,
    links: undefined,
    runUrl: undefined,
    vocabulary: ACTION_VOCABULARY,
    ...overrides,
  };
}

/** One project's line of a report of several: `active` findings that count. */
export function projectReport(
  name: string,
  verdict: Verdict,
  active: number,
  overrides: Partial<ProjectReport> = {},
): ProjectReport {
  const counts = countFindings([]);
  return {
    name,
    path: name.replace(/^[^/]*\//, ''),
    auditId: `${name}-id`,
    verdict,
    reason: '',
    counts: { ...counts, byStatus: { ...counts.byStatus, active } },
    fileCount: 1,
    rawStatus: undefined,
    reportUrl: undefined,
    reused: undefined,
    ...overrides,
  };
}
