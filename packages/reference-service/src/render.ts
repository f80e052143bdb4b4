/**
 * How the service words its answers. One set of audit data, several dialects: the documented
 * shape and the variants comparable services use (PRODUCT.md §2), so the client's tolerance is
 * tested over real HTTP. Pure functions of the data.
 */
import { jsonReply, type Reply } from './replies.ts';

export const DIALECTS = [
  'documented',
  'enveloped',
  'location',
  'slither',
  'mythx-like',
  'status-words',
] as const;
export type Dialect = (typeof DIALECTS)[number];

/** A finding in the documented shape; the other dialects are derived from it. */
export interface ServiceFinding {
  id: string;
  /** critical, high, medium, low, info, gas (or any word, to test unknown ones). */
  severity: string;
  title: string;
  /** The rule (detector) that produced the finding. */
  rule_id?: string;
  swc_id: string | undefined;
  description: string;
  recommendation: string | undefined;
  /** The path exactly as uploaded. */
  file: string;
  start_line: number;
  end_line: number;
}

export type AuditView = 'pending' | 'in_progress' | 'completed' | 'failed';

export interface AuditData {
  id: string;
  projectName: string;
  /** ISO 8601 times; undefined until the audit reaches that point. */
  createdAt: string;
  startedAt: string | undefined;
  completedAt: string | undefined;
  view: AuditView;
  findings: readonly ServiceFinding[];
  failure: string | undefined;
}

export const SUMMARY_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'gas'] as const;

const STATUS_WORDS: Record<Exclude<Dialect, 'location'>, Record<AuditView, string>> = {
  documented: {
    pending: 'pending',
    in_progress: 'in_progress',
    completed: 'completed',
    failed: 'failed',
  },
  enveloped: { pending: 'queued', in_progress: 'processing', completed: 'done', failed: 'failed' },
  slither: {
    pending: 'submitted',
    in_progress: 'running',
    completed: 'complete',
    failed: 'failed',
  },
  'mythx-like': {
    pending: 'Queued',
    in_progress: 'In Progress',
    completed: 'Finished',
    failed: 'Error',
  },
  'status-words': {
    pending: 'queued',
    in_progress: 'running',
    completed: 'succeeded',
    failed: 'error',
  },
};

export function statusWord(dialect: Dialect, view: AuditView): string {
  return STATUS_WORDS[dialect === 'location' ? 'documented' : dialect][view];
}

/** The answer to `POST /v1/audits`; `auditPath` is the audit's path on this server. */
export function renderStart(dialect: Dialect, audit: AuditData, auditPath: string): Reply {
  const status = statusWord(dialect, 'pending');
  switch (dialect) {
    case 'documented':
      return jsonReply(200, { audit_id: audit.id, status });
    case 'enveloped':
      return jsonReply(201, { data: { auditId: audit.id, state: status } });
    case 'location':
      return { status: 202, headers: { location: auditPath }, body: '' };
    case 'slither':
      return jsonReply(201, { scan_id: audit.id, status });
    case 'mythx-like':
      return jsonReply(200, { uuid: audit.id, status });
    case 'status-words':
      return jsonReply(201, { job_id: audit.id, status });
  }
}

/** The answer to `GET /v1/audits/{id}`. */
export function renderAudit(dialect: Dialect, audit: AuditData, reportUrl: string): Reply {
  const status = statusWord(dialect, audit.view);
  const done = audit.view === 'completed';
  switch (dialect) {
    case 'location':
      if (!done && audit.view !== 'failed')
        return { status: 202, headers: { 'retry-after': '1' }, body: '' };
      return renderAudit('documented', audit, reportUrl);
    case 'documented':
    case 'status-words':
      return jsonReply(200, {
        audit_id: audit.id,
        project_name: audit.projectName,
        status,
        created_at: audit.createdAt,
        started_at: audit.startedAt ?? null,
        completed_at: audit.completedAt ?? null,
        ...(audit.failure !== undefined && {
          error: { code: 'audit_failed', message: audit.failure },
        }),
        ...(done && {
          summary: summary(audit.findings),
          findings: audit.findings,
          report_url: reportUrl,
        }),
      });
    case 'enveloped':
      return jsonReply(200, {
        data: {
          auditId: audit.id,
          projectName: audit.projectName,
          state: status,
          ...(audit.failure !== undefined && { error: { message: audit.failure } }),
          ...(done && { issues: audit.findings.map(envelopedIssue), reportUrl }),
        },
      });
    case 'slither':
      return jsonReply(200, {
        id: audit.id,
        status,
        ...(audit.view === 'failed' && { success: false, error: audit.failure }),
        ...(done && {
          success: true,
          error: null,
          results: { detectors: audit.findings.map(slitherDetector) },
        }),
      });
    case 'mythx-like':
      return jsonReply(200, {
        uuid: audit.id,
        status,
        ...(audit.failure !== undefined && { error: audit.failure }),
        ...(done && { issues: audit.findings.map(mythxIssue) }),
      });
  }
}

export interface ProjectRow {
  project_name: string;
  audit_count: number;
  last_audit_id: string;
  last_audit_status: string;
}

export function renderProjects(dialect: Dialect, projects: readonly ProjectRow[]): Reply {
  return dialect === 'enveloped'
    ? jsonReply(200, { data: { projects } })
    : jsonReply(200, { projects });
}

/** Every documented severity, zero included; an unknown word gets a count of its own. */
export function summary(findings: readonly ServiceFinding[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(
    SUMMARY_SEVERITIES.map((severity) => [severity, 0]),
  );
  for (const finding of findings) counts[finding.severity] = (counts[finding.severity] ?? 0) + 1;
  return counts;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function envelopedIssue(finding: ServiceFinding): Record<string, unknown> {
  return {
    id: finding.id,
    risk: capitalized(finding.severity),
    name: finding.title,
    ruleId: finding.rule_id,
    swc_id: finding.swc_id?.replace(/^SWC-/, ''),
    message: finding.description,
    recommendation: finding.recommendation,
    path: finding.file,
    startLine: finding.start_line,
    endLine: finding.end_line,
  };
}

/** Slither has no critical impact: its worst is High. */
const SLITHER_IMPACT: Record<string, string> = {
  critical: 'High',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Informational',
  gas: 'Optimization',
};

function slitherDetector(finding: ServiceFinding): Record<string, unknown> {
  const lines = Array.from(
    { length: finding.end_line - finding.start_line + 1 },
    (_, i) => finding.start_line + i,
  );
  return {
    id: finding.id,
    check:
      finding.rule_id ??
      finding.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    impact: SLITHER_IMPACT[finding.severity] ?? capitalized(finding.severity),
    confidence: 'Medium',
    description: finding.description,
    elements: [
      {
        type: 'function',
        name: 'f',
        source_mapping: { filename_relative: finding.file, filename_short: finding.file, lines },
      },
    ],
  };
}

function mythxIssue(finding: ServiceFinding): Record<string, unknown> {
  return {
    swcID: finding.swc_id ?? '',
    swcTitle: finding.title,
    severity: capitalized(finding.severity),
    description: { head: finding.title, tail: finding.description },
    filename: finding.file,
    lineno: finding.start_line,
  };
}
