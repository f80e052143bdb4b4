/**
 * SARIF rules (`reportingDescriptor`s): one per rule id, with the properties GitHub code scanning
 * reads to rank and filter alerts (`security-severity`, `tags`, `precision`, `problem.severity`).
 * Text from the service is untrusted: plain text is cleaned, Markdown is escaped.
 */
import { severityRank, type Finding, type Severity } from '../audit/findings.ts';
import { normalizeTitle } from '../audit/fingerprint.ts';
import { annotationLevel, type AnnotationLevel } from './annotations.ts';
import { escapeMarkdown } from './escape.ts';
import { oneLine, removeInvisibleCharacters, truncateText } from '../text.ts';

export type SarifLevel = 'error' | 'warning' | 'note';

export interface ReportingDescriptor {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifLevel };
  properties: {
    'security-severity': string;
    tags: string[];
    precision: 'medium';
    'problem.severity': 'error' | 'warning' | 'recommendation';
  };
}

/** Characters kept of each rule text; GitHub shows at most 1,024 of a description. */
export interface RuleTextCaps {
  description: number;
  help: number;
}

/** GitHub reads these as critical (> 9.0), high (7.0–8.9), medium (4.0–6.9), low (< 4); 0.0 is none. */
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '0.0',
  gas: '0.0',
  // It fails the gate like a high finding, so code scanning ranks it with them.
  unknown: '7.0',
};

const RULE_ID_MAX_CHARS = 200;
const TITLE_SLUG_MAX_CHARS = 80;
/** GitHub's limit for a rule name. */
const RULE_NAME_MAX_CHARS = 255;
/** GitHub keeps 10 tags of a rule (and refuses more than 20). */
const MAX_TAGS = 10;
const BASE_TAGS = ['security', 'smart-contract'];

/** The same levels as the log annotations, under SARIF's names. */
const SARIF_LEVELS: Record<AnnotationLevel, SarifLevel> = {
  error: 'error',
  warning: 'warning',
  notice: 'note',
};

export function sarifLevel(severity: Severity): SarifLevel {
  return SARIF_LEVELS[annotationLevel(severity)];
}

function problemSeverity(
  severity: Severity,
): ReportingDescriptor['properties']['problem.severity'] {
  const level = sarifLevel(severity);
  return level === 'note' ? 'recommendation' : level;
}

/**
 * The rule a finding belongs to: the service's rule id, else its SWC id, else a slug of its
 * title with line references dropped, so the id stays the same from run to run.
 */
export function ruleIdOf(finding: Finding): string {
  const id =
    oneLine(finding.ruleId ?? '') ||
    oneLine(finding.swcId ?? '') ||
    titleSlug(finding.title) ||
    'finding';
  return truncateText(id, RULE_ID_MAX_CHARS);
}

function titleSlug(title: string): string {
  const slug = normalizeTitle(removeInvisibleCharacters(title))
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(slug).slice(0, TITLE_SLUG_MAX_CHARS).join('').replace(/-+$/, '');
}

/** `reentrancy-eth` → `ReentrancyEth`, for GitHub's rule filter. */
export function ruleName(id: string): string {
  const name = id
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part !== '')
    .map((part) => {
      const [first = '', ...rest] = Array.from(part);
      return first.toUpperCase() + rest.join('');
    })
    .join('');
  return truncateText(name || 'Rule', RULE_NAME_MAX_CHARS);
}

interface RuleDraft {
  id: string;
  severity: Severity;
  title: string;
  description: string;
  recommendation: string;
  swcIds: Set<string>;
  cweIds: Set<string>;
}

/**
 * The rules for the findings, in order of first appearance, and the index of each rule id.
 * The first non-empty title, description and recommendation seen describe the rule; its
 * severity is the highest among its findings.
 */
export function buildRules(
  findings: readonly Finding[],
  caps: RuleTextCaps,
): { rules: ReportingDescriptor[]; indexOf: Map<string, number> } {
  const drafts = new Map<string, RuleDraft>();
  for (const finding of findings) {
    const id = ruleIdOf(finding);
    const draft = drafts.get(id) ?? newDraft(id, finding.severity);
    drafts.set(id, draft);
    if (severityRank(finding.severity) > severityRank(draft.severity))
      draft.severity = finding.severity;
    draft.title ||= oneLine(finding.title);
    draft.description ||= plainText(finding.description);
    draft.recommendation ||= plainText(finding.recommendation ?? '');
    if (finding.swcId !== undefined && /^SWC-\d+$/.test(finding.swcId))
      draft.swcIds.add(finding.swcId);
    if (finding.cweId !== undefined && /^CWE-\d+$/.test(finding.cweId))
      draft.cweIds.add(finding.cweId);
  }
  const rules = [...drafts.values()].map((draft) => toDescriptor(draft, caps));
  return { rules, indexOf: new Map(rules.map((rule, index) => [rule.id, index])) };
}

function newDraft(id: string, severity: Severity): RuleDraft {
  return {
    id,
    severity,
    title: '',
    description: '',
    recommendation: '',
    swcIds: new Set(),
    cweIds: new Set(),
  };
}

function toDescriptor(draft: RuleDraft, caps: RuleTextCaps): ReportingDescriptor {
  // GitHub refuses empty strings where it needs text.
  const title = truncateText(draft.title || draft.id, caps.description);
  const references = [
    ...[...draft.swcIds].map((id) => ({ id, url: `https://swcregistry.io/docs/${id}` })),
    ...[...draft.cweIds].map((id) => ({
      id,
      url: `https://cwe.mitre.org/data/definitions/${id.slice('CWE-'.length)}.html`,
    })),
  ];
  const recommendation = truncateText(draft.recommendation, caps.help);
  const helpText = [
    recommendation ? `Recommendation: ${recommendation}` : 'No recommendation given.',
    ...(references.length > 0
      ? ['References:', ...references.map((ref) => `${ref.id}: ${ref.url}`)]
      : []),
  ].join('\n');
  const helpMarkdown = [
    recommendation
      ? `**Recommendation:** ${escapeMarkdown(recommendation)}`
      : '_No recommendation given._',
    ...(references.length > 0
      ? ['', '**References**', ...references.map((ref) => `- [${ref.id}](${ref.url})`)]
      : []),
  ].join('\n');
  const tags = [
    ...BASE_TAGS,
    ...[...draft.swcIds].map((id) => `external/swc/${id}`),
    ...[...draft.cweIds].map((id) => `external/cwe/${id.toLowerCase()}`),
  ].slice(0, MAX_TAGS);
  return {
    id: draft.id,
    name: ruleName(draft.id),
    shortDescription: { text: title },
    fullDescription: { text: truncateText(draft.description || title, caps.description) },
    help: { text: helpText, markdown: helpMarkdown },
    defaultConfiguration: { level: sarifLevel(draft.severity) },
    properties: {
      'security-severity': SECURITY_SEVERITY[draft.severity],
      tags,
      precision: 'medium',
      'problem.severity': problemSeverity(draft.severity),
    },
  };
}

/** Untrusted text without invisible characters (bidirectional overrides and the like). */
export function plainText(text: string): string {
  return removeInvisibleCharacters(text).replace(/\r\n?/g, '\n').trim();
}
