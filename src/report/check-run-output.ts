/**
 * What the check run shows: its conclusion, title and output, and one annotation per counted
 * finding, all within the Checks API's limits. Annotation text is plain text on GitHub, so it
 * is cleaned of invisible characters rather than escaped; the summary is Markdown the caller
 * has already escaped.
 */
import { SEVERITIES, type Finding } from '../audit/findings.ts';
import { hasResults, type SettledVerdict, type Verdict } from '../audit/gate.ts';
import type { JudgedCommit } from '../audit/result.ts';
import type { FindingCounts } from '../audit/triage.ts';
import { escapeMarkdown } from './escape.ts';
import { annotationLevel, annotationTitle } from './annotations.ts';
import { httpUrl, shortCommit } from './links.ts';
import { oneLine, removeInvisibleCharacters, truncateText } from '../text.ts';
import { VERDICT_WORDS } from './labels.ts';
import type { Report } from './model.ts';

/** The Checks API's words, as the GitHub channels send them. */
export type CheckAnnotationLevel = 'notice' | 'warning' | 'failure';
export type CheckConclusion = 'success' | 'failure' | 'neutral' | 'timed_out';

export interface CheckAnnotation {
  /** Relative to the repository root. */
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: CheckAnnotationLevel;
  message: string;
  title?: string;
  raw_details?: string;
}

export interface CheckRunText {
  title: string;
  summary: string;
  text?: string;
}

/** What the check run is created with, as soon as the audit id is known. */
export interface CheckRunStart {
  externalId: string;
  detailsUrl?: string;
  output: CheckRunText;
}

/**
 * Our own limit on annotations per check run: GitHub takes 50 per request, and a GITHUB_TOKEN
 * may make 1,000 requests an hour, which annotating every one of a large audit's findings would
 * spend. 20 requests of 50 annotate the 1,000 most severe findings; the rest are in the job
 * summary and the results file.
 */
export const MAX_CHECK_RUN_ANNOTATIONS = 1_000;
export const OUTPUT_MAX_CHARS = 65_535;
const TITLE_MAX_CHARS = 255;
/** Code points; at 4 bytes each at most, this stays under the 64 KB message limit. */
const ANNOTATION_MESSAGE_MAX_CHARS = 16_000;
const RAW_DETAILS_MAX_CHARS = 1_000;

/** A pending run has none: its check run stays in progress until the audit is collected. */
const CONCLUSIONS: Record<SettledVerdict, CheckConclusion> = {
  pass: 'success',
  fail: 'failure',
  skipped: 'neutral',
  timeout: 'timed_out',
  // An audit that could not run must not look like a clean result.
  error: 'failure',
};

const LEVELS: Record<ReturnType<typeof annotationLevel>, CheckAnnotationLevel> = {
  error: 'failure',
  warning: 'warning',
  notice: 'notice',
};

export function checkRunConclusion(verdict: SettledVerdict): CheckConclusion {
  return CONCLUSIONS[verdict];
}

export function renderCheckRunStart(auditId: string, detailsUrl?: string): CheckRunStart {
  const externalId = truncateText(auditId, 200);
  const safeDetailsUrl = detailsUrl === undefined ? undefined : httpUrl(detailsUrl);
  return {
    externalId,
    ...(safeDetailsUrl === undefined ? {} : { detailsUrl: safeDetailsUrl }),
    output: {
      title: 'Audit in progress',
      summary: 'The contracts were uploaded; waiting for the audit service to finish.',
      text: `Audit ID: ${escapeMarkdown(externalId)}`,
    },
  };
}

export interface CheckAnnotationPlan {
  /** One per active finding that has a file, most severe first, at most MAX_CHECK_RUN_ANNOTATIONS. */
  annotations: CheckAnnotation[];
  /** Annotations past MAX_CHECK_RUN_ANNOTATIONS: the least severe, left out. */
  overCap: number;
  /**
   * Active findings with no file: the API needs a path and a line, so they are not annotated
   * (the summary lists them). A finding with a file but no line goes on the file's first line.
   */
  unplaced: number;
}

/** `active`: the findings that count, in the model's order (most severe first). */
export function checkRunAnnotations(active: readonly Finding[]): CheckAnnotationPlan {
  const placed = active.filter((finding) => finding.file !== undefined);
  return {
    annotations: placed
      .slice(0, MAX_CHECK_RUN_ANNOTATIONS)
      .map((finding) => toAnnotation(finding, finding.file ?? '')),
    overCap: Math.max(0, placed.length - MAX_CHECK_RUN_ANNOTATIONS),
    unplaced: active.length - placed.length,
  };
}

function toAnnotation(finding: Finding, path: string): CheckAnnotation {
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
    path,
    start_line: start,
    end_line: end,
    annotation_level: LEVELS[annotationLevel(finding.severity)],
    title: annotationTitle(finding),
    message: truncateText(message, ANNOTATION_MESSAGE_MAX_CHARS),
    raw_details: truncateText(details, RAW_DETAILS_MAX_CHARS),
  };
}

/**
 * "Failed: 3 findings (1 high, 2 medium), 4 not counted"; counts only with results. On
 * `workflow_run`, the commit judged and how many artifact files were refused follow, since the
 * pull request's list of checks shows the title alone.
 */
export function checkRunTitle({
  verdict,
  counts,
  headCommit,
}: Pick<Report, 'verdict' | 'counts' | 'headCommit'>): string {
  return verdictTitle(verdict, counts) + (headCommit === undefined ? '' : judgedTitle(headCommit));
}

function verdictTitle(verdict: Verdict, counts: FindingCounts): string {
  const word = VERDICT_WORDS[verdict];
  if (!hasResults(verdict)) {
    if (verdict === 'skipped') return `${word}: no audit was run`;
    return verdict === 'pending'
      ? `${word}: the audit is still running`
      : `${word}: no complete results`;
  }
  const active = counts.byStatus.active;
  const parts = SEVERITIES.filter((s) => counts.counted[s] > 0).map(
    (s) => `${counts.counted[s]} ${s}`,
  );
  const noun = active === 1 ? 'finding' : 'findings';
  const others = counts.total - active;
  return (
    `${word}: ${active === 0 ? 'no findings' : `${active} ${noun} (${parts.join(', ')})`}` +
    (others > 0 ? `, ${others} not counted` : '')
  );
}

/** " at commit 0123abc; 2 artifact files refused". */
function judgedTitle({ sha, refused }: JudgedCommit): string {
  const short = shortCommit(sha);
  const commit = short === undefined ? '' : ` at commit ${short}`;
  const count = refused.length;
  if (count === 0) return commit;
  return `${commit}; ${count} artifact ${count === 1 ? 'file' : 'files'} refused`;
}

/**
 * The completed check run's output. `overCap` annotations were left out by the plan;
 * `posted`, when given, is how many were posted before GitHub stopped taking them.
 */
export function renderCheckRunCompletion(input: {
  title: string;
  summaryMarkdown: string;
  /** Annotations planned, over the cap included. */
  total: number;
  overCap: number;
  posted?: number;
}): CheckRunText {
  const { total, overCap, posted } = input;
  const note =
    posted !== undefined
      ? `> ⚠️ Only ${posted} of ${total} annotations could be posted; ` +
        'the rest are in the job summary and the results file.\n\n'
      : overCap > 0
        ? `> ℹ️ ${overCap} of ${total} findings are not annotated here: at most ` +
          `${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')} annotations are posted, the ` +
          "most severe, to spare the token's hourly request limit. Every finding is in the job " +
          'summary and the results file.\n\n'
        : '';
  return checkRunOutput({ title: input.title, summaryMarkdown: note + input.summaryMarkdown });
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
