/** How the reports name severities and verdicts, so every report says the same. */
import type { Severity } from '../audit/findings.ts';
import type { Verdict } from '../audit/gate.ts';

export const SEVERITY_LABELS: Record<Severity, string> = {
  critical: '🔴 Critical',
  high: '🟠 High',
  medium: '🟡 Medium',
  low: '🔵 Low',
  info: '⚪ Info',
  gas: '⛽ Gas',
  unknown: '❔ Unknown',
};

export const VERDICT_WORDS: Record<Verdict, string> = {
  pass: 'Passed',
  fail: 'Failed',
  timeout: 'Timed out',
  error: 'Error',
  skipped: 'Skipped',
  pending: 'Pending',
};

/** Shown before the verdict's word where Markdown is rendered. */
export const VERDICT_ICONS: Record<Verdict, string> = {
  pass: '✅',
  fail: '❌',
  timeout: '⏱️',
  error: '⚠️',
  skipped: '⏭️',
  pending: '⏳',
};
