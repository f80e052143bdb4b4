/**
 * GitLab's code quality report (`artifacts: reports: codequality`): a JSON array of the findings
 * that count, in the subset of the Code Climate format GitLab reads. GitLab tells new issues from
 * fixed ones by `fingerprint`, so each is unique within the report and stable across runs.
 */
import type { Severity } from '../audit/findings.ts';
import type { TriagedFinding } from '../audit/triage.ts';
import { sha256 } from '../digest.ts';
import type { Report } from './model.ts';

export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: CodeQualitySeverity;
  location: { path: string; lines: { begin: number } };
}

/**
 * Our five levels onto GitLab's five, in order; a severity the action could not read fails the
 * gate like a high one, and is shown as one. Gas findings are advice, like info.
 */
export const CODE_QUALITY_SEVERITY: Record<Severity, CodeQualitySeverity> = {
  critical: 'blocker',
  high: 'critical',
  unknown: 'critical',
  medium: 'major',
  low: 'minor',
  info: 'info',
  gas: 'info',
};

/**
 * The findings that count, with repository paths. GitLab needs a path: a finding without a file
 * is shown at the first file another finding names, and left out when none names one.
 */
export function codeQualityIssues(findings: readonly TriagedFinding[]): CodeQualityIssue[] {
  const counted = findings
    .filter((entry) => entry.status === 'active')
    .map((entry) => entry.finding);
  const anchor = counted.find((finding) => finding.file)?.file;
  const seen = new Map<string, number>();
  return counted.flatMap((finding) => {
    const path = finding.file ?? anchor;
    if (path === undefined) return [];
    // One finding reported twice shares its fingerprint: the repeat gets one of its own.
    const repeats = seen.get(finding.fingerprint) ?? 0;
    seen.set(finding.fingerprint, repeats + 1);
    const rule = finding.swcId ?? finding.ruleId;
    return [
      {
        description: `${finding.title}${rule ? ` [${rule}]` : ''}`,
        check_name: rule ?? finding.title,
        fingerprint:
          repeats === 0 ? finding.fingerprint : sha256(`${finding.fingerprint}\0${repeats}`, 'hex'),
        severity: CODE_QUALITY_SEVERITY[finding.severity],
        location: { path, lines: { begin: finding.startLine ?? 1 } },
      },
    ];
  });
}

export function renderCodeQuality({ findings }: Pick<Report, 'findings'>): string {
  return `${JSON.stringify(codeQualityIssues(findings), null, 2)}\n`;
}
