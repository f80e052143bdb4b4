/** Builders of the report model for the renderers' tests. */
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import type { Verdict } from '../../src/audit/gate.ts';
import { countFindings } from '../../src/audit/triage.ts';
import type { ProjectReport, Report } from '../../src/report/model.ts';

/**
 * A report of one project's completed audit with no findings, with what is given instead, as
 * buildReport makes one: its counts are its findings' and its one project line says the same
 * unless given, and every audit is reused when its one is.
 */
export function reportOf(overrides: Partial<Report> = {}): Report {
  const findings = overrides.findings ?? [];
  const base: Report = {
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
    baseline: undefined,
    detectedProjects: undefined,
    links: undefined,
    runUrl: undefined,
    vocabulary: ACTION_VOCABULARY,
    ...overrides,
  };
  const one: ProjectReport = {
    name: base.projectName,
    path: '.',
    auditId: base.auditId,
    verdict: base.verdict,
    reason: base.reason,
    counts: base.counts,
    fileCount: base.fileCount,
    rawStatus: base.rawStatus,
    reportUrl: base.reportUrl,
    reused: base.reused,
    digest: undefined,
  };
  return {
    ...base,
    projects: overrides.projects ?? [one],
    allReused: overrides.allReused ?? base.reused !== undefined,
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
    digest: undefined,
    ...overrides,
  };
}
