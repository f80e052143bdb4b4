/** Builders of triaged findings and baselines for the renderers' and gate's tests. */
import { compareFindings, type Finding } from '../../src/audit/findings.ts';
import { inModelOrder } from './findings.ts';
import type { BaselineEntry } from '../../src/audit/baseline.ts';
import { countFindings, type Triage, type TriagedFinding } from '../../src/audit/triage.ts';

/** Every finding counted, as on a run where nothing is triaged. */
export function allActive(findings: readonly Finding[]): TriagedFinding[] {
  return inModelOrder(findings).map((finding) => ({ finding, status: 'active', note: undefined }));
}

/** A baseline file (version 1) accepting every finding given, all for the same reason. */
export function renderBaseline(findings: readonly Finding[], reason: string): string {
  const accepted = [...findings].sort(compareFindings).map((finding): BaselineEntry => ({
    fingerprint: finding.fingerprint,
    reason,
    rule: finding.ruleId ?? finding.swcId,
    file: finding.file,
    title: finding.title,
    severity: finding.severity,
  }));
  return `${JSON.stringify({ version: 1, accepted }, null, 2)}\n`;
}

/** A triage of these findings on a run with scope `all`, as triageFindings would return it. */
export function triageOf(findings: TriagedFinding[]): Triage {
  return {
    findings,
    counts: countFindings(findings),
    scope: 'all',
    scopeNote: undefined,
  };
}

/** Triaged findings in the order triageFindings gives them, for tests that build them by hand. */
export function inTriageOrder(triaged: readonly TriagedFinding[]): TriagedFinding[] {
  return [...triaged].sort((a, b) => compareFindings(a.finding, b.finding));
}
