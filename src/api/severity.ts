/**
 * Severity words of comparable scanners (Slither impacts, MythX/Mythril, SolidityScan,
 * SARIF/Semgrep levels) mapped onto our scale.
 */

import type { Severity } from '../audit/findings.ts';

const WORDS: Record<string, Severity> = {
  critical: 'critical',
  blocker: 'critical',
  high: 'high',
  h: 'high',
  error: 'high',
  medium: 'medium',
  m: 'medium',
  warning: 'medium',
  low: 'low',
  l: 'low',
  informational: 'info',
  info: 'info',
  note: 'info',
  none: 'info',
  gas: 'gas',
  optimization: 'gas',
  optimizations: 'gas',
};

/**
 * `label` is the word as the service sent it. Numbers and unknown words become 'medium', so a
 * finding is never dropped or hidden below the gate for want of a word we know.
 */
export function normalizeSeverity(raw: unknown): { severity: Severity; label: string } {
  if (typeof raw === 'number' && Number.isFinite(raw))
    return { severity: 'medium', label: String(raw) };
  if (typeof raw !== 'string' || raw.trim() === '') return { severity: 'medium', label: 'unknown' };
  const label = raw.trim();
  return { severity: WORDS[label.toLowerCase()] ?? 'medium', label };
}
