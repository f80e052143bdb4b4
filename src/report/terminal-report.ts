/**
 * The audit's report as a person reads it on a terminal or in a CI log: the verdict and why, the
 * counts, and every finding on a line of its own, most severe first. Service text is escaped for
 * the terminal before any colour is added, so the only escape sequences are the painter's.
 */
import { SEVERITIES, type Severity } from '../audit/findings.ts';
import type { Verdict } from '../audit/gate.ts';
import {
  describeNotCounted,
  STATUS_WORDS,
  type FindingCounts,
  type TriagedFinding,
} from '../audit/triage.ts';
import { escapeTerminal } from './escape.ts';
import type { Report } from './model.ts';

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';
/** Wraps text in a style: colour codes on a colour terminal, the text itself elsewhere. */
export type Paint = (style: Style, text: string) => string;

export const plain: Paint = (_style, text) => text;

/** What the terminal report reads of the report. */
export type TerminalReportInput = Pick<
  Report,
  | 'verdict'
  | 'reason'
  | 'auditId'
  | 'rawStatus'
  | 'reportUrl'
  | 'findings'
  | 'resultsObtained'
  | 'counts'
  | 'fileCount'
  | 'several'
  | 'projects'
>;

const VERDICT_STYLE: Record<Verdict, Style> = {
  pass: 'green',
  skipped: 'green',
  fail: 'red',
  error: 'red',
  timeout: 'yellow',
  pending: 'yellow',
};

const SEVERITY_STYLE: Record<Severity, Style> = {
  critical: 'red',
  high: 'red',
  unknown: 'red',
  medium: 'yellow',
  low: 'cyan',
  info: 'dim',
  gas: 'dim',
};

/** The report's lines, without line ends. */
export function renderTerminalReport(input: TerminalReportInput, paint: Paint = plain): string[] {
  const lines = [
    `${paint('bold', paint(VERDICT_STYLE[input.verdict], `Verdict: ${input.verdict}`))}. ${escapeTerminal(input.reason)}`,
  ];
  const audit = describeAudit(input);
  if (audit) lines.push(audit);
  for (const each of input.several ? input.projects : []) {
    const found = each.counts.total === 1 ? '1 finding' : `${each.counts.total} findings`;
    lines.push(
      `  ${escapeTerminal(each.name)} (${escapeTerminal(each.path)}): ` +
        `${paint(VERDICT_STYLE[each.verdict], each.verdict)}, ${found}`,
    );
  }
  if (!input.resultsObtained) return lines;
  lines.push(describeCounts(input.counts));
  if (input.findings.length > 0) lines.push('');
  for (const entry of input.findings) lines.push(findingLine(entry, paint));
  return lines;
}

/** `SEVERITY path:line  title [rule]`, and why it does not count when it does not. */
export function findingLine({ finding, status }: TriagedFinding, paint: Paint = plain): string {
  const where = finding.file
    ? `${escapeTerminal(finding.file)}${finding.startLine ? `:${finding.startLine}` : ''}`
    : '(no location)';
  const rule = finding.swcId ?? finding.ruleId;
  const mark = status === 'active' ? '' : paint('dim', `  (${STATUS_WORDS[status]}: not counted)`);
  const severity = paint(
    SEVERITY_STYLE[finding.severity],
    finding.severity.toUpperCase().padEnd(8),
  );
  return `${severity} ${where}  ${escapeTerminal(finding.title)}${rule ? ` [${escapeTerminal(rule)}]` : ''}${mark}`;
}

function describeAudit(input: TerminalReportInput): string | undefined {
  const parts: string[] = [];
  if (input.auditId !== undefined && !input.several) {
    parts.push(`Audit ${escapeTerminal(input.auditId)}`);
    if (input.rawStatus) parts.push(`(${escapeTerminal(input.rawStatus)})`);
  }
  if (input.fileCount !== undefined) parts.push(`${input.fileCount} file(s) sent`);
  if (input.reportUrl) parts.push(`report: ${escapeTerminal(input.reportUrl)}`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** "Findings: 21 (1 critical, 8 high …); not counted: 1 in a dependency" */
function describeCounts(counts: FindingCounts): string {
  if (counts.total === 0) return 'Findings: none';
  const bySeverity = SEVERITIES.filter((severity) => counts.bySeverity[severity] > 0)
    .map((severity) => `${counts.bySeverity[severity]} ${severity}`)
    .join(', ');
  const notCounted = describeNotCounted(counts.byStatus, STATUS_WORDS);
  return (
    `Findings: ${counts.total} (${bySeverity})` +
    (notCounted.length > 0 ? `; not counted: ${notCounted.join(', ')}` : '')
  );
}
