/**
 * One audit's work: the uploaded files through the Solidity analyzer, its findings in the
 * service's shape. The audit fails only when there were Solidity files and none of them parsed;
 * files that do not parse, Vyper files (which this service cannot analyse) and imports that name
 * no uploaded file are reported as info findings of an audit that otherwise completes.
 */
import { errorMessage } from './error-message.ts';
import { analyzeSources } from './analyzer/analyze.ts';
import { DETECTORS } from './analyzer/registry.ts';
import type { AnalysisResult, AnalyzerFinding } from './analyzer/types.ts';
import type { ServiceFinding } from './render.ts';
import type { StoredAudit } from './store.ts';

export type FindingsSource = readonly ServiceFinding[] | ((audit: StoredAudit) => ServiceFinding[]);

/** What tests may put in the analyzer's place: a failure, or findings of their choosing. */
export interface Overrides {
  failure: string | undefined;
  findings: FindingsSource | undefined;
}

/** The queued work of one audit: its outcome, and when it was taken up and finished. */
export function runAudit(audit: StoredAudit, overrides: Overrides, now: () => number): void {
  audit.pickedUpAt = now();
  const { failure, findings } = overrides;
  try {
    if (failure !== undefined) audit.failure = failure;
    else if (typeof findings === 'function') audit.findings = findings(audit);
    else if (findings) audit.findings = [...findings];
    else {
      const outcome = analyseUpload(audit.id, audit.files);
      audit.findings = outcome.findings;
      audit.failure = outcome.failure;
      audit.analysis = outcome.analysis;
    }
  } catch (error) {
    audit.failure = `The analysis crashed: ${errorMessage(error)}`;
  }
  audit.analysedAt = now();
}

export interface AuditOutcome {
  findings: ServiceFinding[];
  failure: string | undefined;
  /** The analyzer's own report (detector errors included), for tests and logs. */
  analysis: AnalysisResult;
}

const NAMED = 3;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Source text, or undefined for bytes no Solidity file can be (the parser would choke on them). */
function sourceText(content: Buffer): string | undefined {
  if (content.includes(0)) return undefined;
  try {
    return utf8.decode(content);
  } catch {
    return undefined;
  }
}

function notText(file: string): AnalyzerFinding {
  return {
    detector: 'parse-error',
    swcId: undefined,
    severity: 'info',
    title: 'File could not be parsed',
    description: `${file} is not UTF-8 text, so it cannot be Solidity source. No rule was run on it.`,
    recommendation: 'Upload only Solidity and Vyper source files.',
    file,
    startLine: 1,
    endLine: 1,
  };
}

export function analyseUpload(
  auditId: string,
  files: readonly { filename: string; content: Buffer }[],
): AuditOutcome {
  const sources: { path: string; content: string }[] = [];
  const binary = new Set<string>();
  for (const file of files) {
    const text = sourceText(file.content);
    if (text === undefined) binary.add(file.filename);
    else sources.push({ path: file.filename, content: text });
  }
  const analysis = analyzeSources(
    sources,
    DETECTORS,
    files.map((file) => file.filename),
  );

  const order = new Map(files.map((file, index) => [file.filename, index]));
  // Stable: the analyzer's order within each file is kept.
  const findings = [...analysis.findings, ...[...binary].map(notText)].sort(
    (a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0),
  );
  const unparsed = findings.filter((finding) => finding.detector === 'parse-error');
  const failure =
    analysis.parsedFiles === 0 && unparsed.length > 0 ? nothingParsed(unparsed, binary) : undefined;
  return {
    findings: failure === undefined ? findings.map((f, i) => serviceFinding(auditId, i, f)) : [],
    failure,
    analysis,
  };
}

function nothingParsed(unparsed: readonly AnalyzerFinding[], binary: ReadonlySet<string>): string {
  const named = unparsed
    .slice(0, NAMED)
    .map((finding) =>
      binary.has(finding.file)
        ? `${finding.file} is not UTF-8 text`
        : `${finding.file} stops at line ${finding.startLine}`,
    )
    .join('; ');
  const more = unparsed.length > NAMED ? `; and ${unparsed.length - NAMED} more` : '';
  return (
    `Nothing was analysed: no uploaded Solidity file could be parsed (${named}${more}). ` +
    'Fix the syntax or the pragma and audit again.'
  );
}

function serviceFinding(auditId: string, index: number, finding: AnalyzerFinding): ServiceFinding {
  return {
    id: `${auditId}-${index + 1}`,
    severity: finding.severity,
    title: finding.title,
    rule_id: finding.detector,
    swc_id: finding.swcId,
    description: finding.description,
    recommendation: finding.recommendation,
    file: finding.file,
    start_line: finding.startLine,
    end_line: finding.endLine,
  };
}
