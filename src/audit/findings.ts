/**
 * The normalized findings model: the one shape every module past the parser sees.
 * Raw service JSON never travels beyond src/api/parse*.
 */

/**
 * Most severe first; this order drives sorting, gating and annotation levels. `unknown` is a
 * severity word the parser could not place: it fails the gate at every `fail-on` but `none`, so
 * it ranks with the findings that fail a `high` gate and is never silently below one.
 */
export const SEVERITIES = ['critical', 'high', 'unknown', 'medium', 'low', 'info', 'gas'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Finding {
  /** The service's own id for the finding, when it gives one. */
  serviceId: string | undefined;
  severity: Severity;
  /** The severity word the service used, kept to show when it was not a known one. */
  severityLabel: string;
  title: string;
  /** The detector or rule id (e.g. `reentrancy-eth`); falls back to the SWC id. */
  ruleId: string | undefined;
  /** Normalized `SWC-<n>`. */
  swcId: string | undefined;
  /** Normalized `CWE-<n>`. */
  cweId: string | undefined;
  description: string;
  recommendation: string | undefined;
  /** POSIX path relative to the working directory, as uploaded. */
  file: string | undefined;
  startLine: number | undefined;
  endLine: number | undefined;
  /** Stable across runs and unrelated edits; see audit/fingerprint.ts. */
  fingerprint: string;
  /**
   * The fingerprint made from the name as uploaded, where it differs: how baselines written
   * before fingerprints named repository paths know the finding.
   */
  formerFingerprint?: string;
}

/** Where an audit is in its lifecycle, whatever words the service used. */
export type AuditState = 'pending' | 'running' | 'completed' | 'failed' | 'unknown';

export interface AuditSnapshot {
  auditId: string;
  state: AuditState;
  /** The service's status word as it sent it (the `status` output). */
  rawStatus: string;
  /** The service's message for a failed audit, or any message it sent. */
  message: string | undefined;
  reportUrl: string | undefined;
  /** Present once `state` is `completed`. */
  findings: Finding[] | undefined;
  /**
   * Set when a completed answer's own words or counts say its findings are not all there (an
   * error beside them, a count above what the list holds): the service's words, quoted.
   */
  incomplete: string | undefined;
  /**
   * Set with findings: the most memory they may hold, in bytes. The texts they keep are cut
   * from the answer's and may hold all of it, so it counts the whole answer as text (two bytes a
   * character) and each finding's own record.
   */
  heldBytes?: number;
}

export function severityRank(severity: Severity): number {
  return SEVERITIES.length - SEVERITIES.indexOf(severity);
}

/** The severities worth a row or column: `unknown` only when some finding has it. */
export function shownSeverities(counts: SeverityCounts): Severity[] {
  return SEVERITIES.filter((severity) => severity !== 'unknown' || counts.unknown > 0);
}

/** Most severe first, then by file and line, so every report lists findings the same way. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    severityRank(b.severity) - severityRank(a.severity) ||
    (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff') ||
    (a.startLine ?? 0) - (b.startLine ?? 0) ||
    a.title.localeCompare(b.title)
  );
}

export type SeverityCounts = Record<Severity, number>;

export function countBySeverity(findings: readonly Finding[]): SeverityCounts {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}
