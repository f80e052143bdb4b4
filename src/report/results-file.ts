/**
 * The machine-readable results file: every finding, whatever the summary had room for.
 * Absent values are written as null so every key is always present.
 */
import { compareFindings, countBySeverity, type Finding } from '../audit/findings.ts';
import type { FailOn, Verdict } from '../audit/gate.ts';

export interface ResultsFileInput {
  auditId: string | undefined;
  projectName: string;
  status: string | undefined;
  verdict: Verdict;
  failOn: FailOn;
  findings: readonly Finding[];
}

export function renderResultsFile(input: ResultsFileInput): string {
  const document = {
    schemaVersion: 1,
    auditId: input.auditId ?? null,
    projectName: input.projectName,
    status: input.status ?? null,
    verdict: input.verdict,
    failOn: input.failOn,
    counts: countBySeverity(input.findings),
    findings: [...input.findings].sort(compareFindings).map(toRecord),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function toRecord(finding: Finding) {
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
  };
}
