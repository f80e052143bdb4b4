/**
 * Plans the log annotations for the findings: which level each gets, what it says, and which
 * ones GitHub would drop (it shows only 10 per level per step), so the summary can say so.
 * runner.ts percent-escapes line breaks (and `:` `,` in properties) when it writes them.
 */
import type { Finding, Severity } from '../audit/findings.ts';
import { oneLine, removeInvisibleCharacters, truncateText } from '../text.ts';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface PlannedAnnotation {
  level: AnnotationLevel;
  title: string;
  message: string;
  /** Relative to the workspace (GitHub's root for annotation paths). */
  file: string | undefined;
  startLine: number | undefined;
  endLine: number | undefined;
}

export interface AnnotationPlan {
  /** Most severe first. */
  annotations: PlannedAnnotation[];
  /** Findings left out beyond the per-level limit. */
  notAnnotated: Record<AnnotationLevel, number>;
}

/** GitHub's cap on annotations of one level from one step. */
const PER_LEVEL_LIMIT = 10;
const TITLE_MAX_CHARS = 255;
const MESSAGE_MAX_CHARS = 4_000;

export function annotationLevel(severity: Severity): AnnotationLevel {
  switch (severity) {
    case 'critical':
    case 'high':
    case 'unknown':
      return 'error';
    case 'medium':
      return 'warning';
    default:
      return 'notice';
  }
}

/** `findings` come in the model's order (most severe first), so the most severe are kept. */
export function planAnnotations(
  findings: readonly Finding[],
  options: {
    /** Annotations of each level already spent by the step (e.g. one error kept for the verdict). */
    reserved?: Partial<Record<AnnotationLevel, number>>;
  } = {},
): AnnotationPlan {
  const reserved = options.reserved ?? {};
  const annotated: Record<AnnotationLevel, number> = {
    error: reserved.error ?? 0,
    warning: reserved.warning ?? 0,
    notice: reserved.notice ?? 0,
  };
  const notAnnotated: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const annotations: PlannedAnnotation[] = [];
  for (const finding of findings) {
    const level = annotationLevel(finding.severity);
    if (annotated[level] >= PER_LEVEL_LIMIT) {
      notAnnotated[level] += 1;
      continue;
    }
    annotated[level] += 1;
    annotations.push(toAnnotation(finding, level));
  }
  return { annotations, notAnnotated };
}

function toAnnotation(finding: Finding, level: AnnotationLevel): PlannedAnnotation {
  const { file } = finding;
  // A line means nothing without a file, and GitHub rejects an end before the start.
  const startLine = file === undefined ? undefined : finding.startLine;
  const endLine =
    startLine !== undefined && finding.endLine !== undefined && finding.endLine >= startLine
      ? finding.endLine
      : undefined;
  return {
    level,
    title: annotationTitle(finding),
    message: annotationMessage(finding),
    file,
    startLine,
    endLine,
  };
}

/** "[HIGH] Reentrancy (SWC-107)", on one line: the title of a log or check run annotation. */
export function annotationTitle(finding: Finding): string {
  const rule = finding.swcId ?? finding.ruleId;
  const title = oneLine(finding.title) || 'Untitled finding';
  const suffix = rule !== undefined && !title.includes(rule) ? ` (${oneLine(rule)})` : '';
  return truncateText(`[${finding.severity.toUpperCase()}] ${title}${suffix}`, TITLE_MAX_CHARS);
}

function annotationMessage(finding: Finding): string {
  const parts = [finding.description.trim() || finding.title.trim()];
  if (finding.recommendation?.trim())
    parts.push(`Recommendation: ${finding.recommendation.trim()}`);
  const text = removeInvisibleCharacters(parts.join('\n\n')).replace(/\r\n?/g, '\n');
  return truncateText(text, MESSAGE_MAX_CHARS);
}
