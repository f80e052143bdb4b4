/**
 * Inline suppressions in contract source:
 *
 *     // audit-ignore-next-line reentrancy-eth, SWC-104 -- guarded by the mutex
 *     msg.sender.call{value: amount}("");
 *     x = y; // audit-ignore-line unchecked-lowlevel
 *
 * - `audit-ignore-next-line` applies to the next line that is not blank (stacked directives
 *   all apply to the line below them); `audit-ignore-line` to its own line.
 * - The comment may be `//`, a one-line `/* … *\/`, or `#` (Vyper); the directive comes first.
 * - Rule ids are required, separated by commas or spaces: a finding's rule id or SWC id
 *   (`SWC-107`, `swc-107` or `107`), case-insensitive. `*` means every rule. A directive
 *   naming no rule suppresses nothing, so a bare comment cannot hide findings by accident.
 * - Text after ` -- ` is the reason, shown with the suppressed finding.
 */
import type { Finding } from './findings.ts';

export interface Suppression {
  /** 1-based line the directive applies to. */
  line: number;
  /** Normalized ids (see normalizeRuleId), or every rule. Empty when none was named. */
  rules: string[] | 'all';
  /** The directive as written, for showing why a finding is suppressed. */
  text: string;
}

const DIRECTIVE =
  /(?:\/\/+|\/\*+|#)[^\S\r\n]*(audit-ignore-(next-line|line)(?=\s|\*\/|$).*?)[^\S\r\n]*(?:\*\/.*)?$/;

export function findSuppressions(source: string): Suppression[] {
  const suppressions: Suppression[] = [];
  let pending: Omit<Suppression, 'line'>[] = [];
  source.split(/\r?\n/).forEach((text, index) => {
    const line = index + 1;
    const match = DIRECTIVE.exec(text);
    const directive = match?.[1];
    const nextLine = match?.[2] === 'next-line';
    const standalone = match !== null && text.slice(0, match.index).trim() === '';
    // Blank lines and stacked next-line directives pass pending directives on to the line below.
    if (text.trim() !== '' && !(nextLine && standalone)) {
      suppressions.push(...pending.map((p) => ({ ...p, line })));
      pending = [];
    }
    if (directive === undefined) return;
    const parsed = { rules: parseRules(directive), text: directive };
    if (nextLine) pending.push(parsed);
    else suppressions.push({ ...parsed, line });
  });
  return suppressions;
}

/**
 * The suppression a directive as findSuppressions keeps it (`text`) makes of `line`, or
 * undefined when it is no directive: how a suppression written down elsewhere is read back.
 */
export function suppressionAt(line: number, text: string): Suppression | undefined {
  if (!/^audit-ignore-(?:next-line|line)(?=\s|$)/.test(text)) return undefined;
  return { line, rules: parseRules(text), text };
}

/** The ids between the directive word and ` -- reason`. */
function parseRules(directive: string): string[] | 'all' {
  const list = directive.replace(/^audit-ignore-(next-line|line)/, '').split(/\s--(?:\s|$)/)[0];
  const ids = (list ?? '').split(/[\s,]+/).filter((id) => id !== '');
  return ids.includes('*') ? 'all' : ids.map(normalizeRuleId);
}

/** Case folded, and every spelling of an SWC id (`SWC-107`, `swc107`, `107`) as `swc-107`. */
export function normalizeRuleId(id: string): string {
  const folded = id.trim().toLowerCase();
  const swc = /^(?:swc[-_]?)?(\d+)$/.exec(folded);
  return swc === null ? folded : `swc-${Number(swc[1])}`;
}

/** The suppression on the finding's first line that names its rule, if any. */
export function isSuppressed(
  finding: Finding,
  suppressions: readonly Suppression[],
): Suppression | undefined {
  const onLine = suppressions.filter((s) => s.line === finding.startLine);
  // Most findings have none on their line: their ids need not be read.
  if (onLine.length === 0) return undefined;
  const ids = [finding.ruleId, finding.swcId]
    .filter((id): id is string => id !== undefined)
    .map(normalizeRuleId);
  return onLine.find((s) => s.rules === 'all' || s.rules.some((rule) => ids.includes(rule)));
}
