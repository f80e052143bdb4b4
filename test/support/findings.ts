/**
 * Builds normalized Finding objects for tests: sensible defaults, override what matters.
 */
import { compareFindings, type Finding, type Severity } from '../../src/audit/findings.ts';

let sequence = 0;

export function makeFinding(overrides: Partial<Finding> = {}): Finding {
  sequence += 1;
  const severity = overrides.severity ?? 'medium';
  return {
    serviceId: undefined,
    severity,
    severityLabel: severity,
    title: `Finding ${sequence}`,
    ruleId: undefined,
    swcId: undefined,
    cweId: undefined,
    description: `Description of finding ${sequence}.`,
    recommendation: undefined,
    file: 'contracts/Token.sol',
    startLine: 10,
    endLine: 12,
    fingerprint: `fp-${sequence}`,
    ...overrides,
  };
}

/** One finding per severity given, in that order. */
export function findingsOf(...severities: Severity[]): Finding[] {
  return severities.map((severity) => makeFinding({ severity }));
}

/** The order triage gives findings (most severe first), which every renderer expects. */
export function inModelOrder(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}
