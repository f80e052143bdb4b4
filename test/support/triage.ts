/** Builders of triaged findings and baselines for the renderers' and gate's tests. */
import { compareFindings, type Finding } from '../../src/audit/findings.ts';
import type { BaselineEntry } from '../../src/audit/baseline.ts';
import type { TriagedFinding } from '../../src/audit/triage.ts';

/** Every finding counted, as on a run where nothing is triaged. */
export function allActive(findings: readonly Finding[]): TriagedFinding[] {
  return [...findings]
    .sort(compareFindings)
    .map((finding) => ({ finding, status: 'active', note: undefined }));
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
