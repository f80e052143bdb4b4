/**
 * What the check run shows: its conclusion, title and output, and one annotation per counted
 * finding, all within the Checks API's limits. Annotation text is plain text on GitHub, so it
 * is cleaned of invisible characters rather than escaped; the summary is Markdown the caller
 * has already escaped.
 */
import { compareFindings, countBySeverity, SEVERITIES, type Finding } from '../audit/findings.ts';
import type { Verdict } from '../audit/gate.ts';
import type { TriagedFinding } from '../audit/triage.ts';
import type { AnnotationLevel, CheckAnnotation, CheckConclusion } from '../github/api.ts';
import { annotationLevel, annotationTitle, workspacePath } from './annotations.ts';
import { oneLine, removeInvisibleCharacters, truncateText } from './escape.ts';
import { VERDICT_WORDS } from './labels.ts';

/** The Checks API's limits. */
export const ANNOTATIONS_PER_REQUEST = 50;
/**
 * Our own limit on annotation requests per check run: a GITHUB_TOKEN may make 1,000 requests an
 * hour, and 100,000 findings once took 2,002. 20 requests of 50 annotate the 1,000 most severe
 * findings; the rest are in the job summary and the results file.
 */
export const MAX_ANNOTATION_REQUESTS = 20;
export const MAX_CHECK_RUN_ANNOTATIONS = MAX_ANNOTATION_REQUESTS * ANNOTATIONS_PER_REQUEST;
export const OUTPUT_MAX_CHARS = 65_535;
const TITLE_MAX_CHARS = 255;
/** Code points; at 4 bytes each at most, this stays under the 64 KB message limit. */
const ANNOTATION_MESSAGE_MAX_CHARS = 16_000;
const RAW_DETAILS_MAX_CHARS = 1_000;

const CONCLUSIONS: Record<Verdict, CheckConclusion> = {
  pass: 'success',
  fail: 'failure',
  skipped: 'neutral',
  timeout: 'timed_out',
  // An audit that could not run must not look like a clean result.
  error: 'failure',
};

const LEVELS: Record<ReturnType<typeof annotationLevel>, AnnotationLevel> = {
  error: 'failure',
  warning: 'warning',
  notice: 'notice',
};

export function checkRunConclusion(verdict: Verdict): CheckConclusion {
  return CONCLUSIONS[verdict];
}

export interface CheckAnnotationPlan {
  /** One per active finding that has a file, most severe first. */
  annotations: CheckAnnotation[];
  /**
   * Active findings with no file: the API needs a path and a line, so they are not annotated
   * (the summary lists them). A finding with a file but no line goes on the file's first line.
   */
  unplaced: number;
}

/** Only active findings are annotated: the others do not count for the gate. */
export function checkRunAnnotations(
  findings: readonly TriagedFinding[],
  pathPrefix: string,
): CheckAnnotationPlan {
  const active = findings
    .filter((entry) => entry.status === 'active')
    .map((entry) => entry.finding)
    .sort(compareFindings);
  const annotations: CheckAnnotation[] = [];
  for (const finding of active) {
    if (finding.file !== undefined)
      annotations.push(toAnnotation(finding, finding.file, pathPrefix));
  }
  return { annotations, unplaced: active.length - annotations.length };
}

function toAnnotation(finding: Finding, file: string, pathPrefix: string): CheckAnnotation {
  const start = finding.startLine !== undefined && finding.startLine >= 1 ? finding.startLine : 1;
  const end =
    finding.startLine !== undefined && finding.endLine !== undefined && finding.endLine >= start
      ? finding.endLine
      : start;
  const parts = [finding.description.trim() || finding.title.trim() || 'No description given.'];
  if (finding.recommendation?.trim())
    parts.push(`Recommendation: ${finding.recommendation.trim()}`);
  if (finding.startLine === undefined) parts.push('(No line was given; shown on line 1.)');
  const message = removeInvisibleCharacters(parts.join('\n\n')).replace(/\r\n?/g, '\n');
  const details = [
    ['Rule', finding.ruleId],
    ['SWC', finding.swcId],
    ['CWE', finding.cweId],
    ['Fingerprint', finding.fingerprint],
  ]
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([label, value]) => `${label}: ${oneLine(value ?? '')}`)
    .join('\n');
  return {
    path: workspacePath(pathPrefix, file),
    start_line: start,
    end_line: end,
    annotation_level: LEVELS[annotationLevel(finding.severity)],
    title: annotationTitle(finding),
    message: truncateText(message, ANNOTATION_MESSAGE_MAX_CHARS),
    raw_details: truncateText(details, RAW_DETAILS_MAX_CHARS),
  };
}

export function batches<T>(items: readonly T[], size = ANNOTATIONS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Bad batch size: ${size}`);
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** "Failed: 3 findings (1 high, 2 medium), 4 not counted"; counts only with results. */
export function checkRunTitle(verdict: Verdict, findings: readonly TriagedFinding[]): string {
  const word = VERDICT_WORDS[verdict];
  if (verdict !== 'pass' && verdict !== 'fail') {
    return verdict === 'skipped' ? `${word}: no audit was run` : `${word}: no complete results`;
  }
  const active = findings.filter((e) => e.status === 'active').map((e) => e.finding);
  const counts = countBySeverity(active);
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const noun = active.length === 1 ? 'finding' : 'findings';
  const others = findings.length - active.length;
  return (
    `${word}: ${active.length === 0 ? 'no findings' : `${active.length} ${noun} (${parts.join(', ')})`}` +
    (others > 0 ? `, ${others} not counted` : '')
  );
}

/** The check run's output, each part cut to the API's 65,535 characters with a note. */
export function checkRunOutput(input: { title: string; summaryMarkdown: string; text?: string }): {
  title: string;
  summary: string;
  text?: string;
} {
  return {
    title: truncateText(oneLine(input.title), TITLE_MAX_CHARS),
    summary: fitOutput(input.summaryMarkdown),
    ...(input.text === undefined ? {} : { text: fitOutput(input.text) }),
  };
}

const CUT_NOTE =
  "\n\n> ✂️ Cut here to fit GitHub's limit of 65,535 characters for check run output. " +
  'The results file written by this step has every finding.\n';

/** Cut at a line break where there is one near the limit, so a table row is never split. */
function fitOutput(text: string): string {
  if (text.length <= OUTPUT_MAX_CHARS) return text;
  let end = OUTPUT_MAX_CHARS - CUT_NOTE.length;
  const lineEnd = text.lastIndexOf('\n', end);
  if (lineEnd > end - 2_000) end = lineEnd;
  // Never leave half a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end) + CUT_NOTE;
}
