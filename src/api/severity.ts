/**
 * Severity as comparable scanners send it (Slither impacts, MythX/Mythril, SolidityScan,
 * SARIF/Semgrep levels, CVSS scores, phrases such as `High Risk`) mapped onto our scale.
 * What cannot be placed is `unknown`, which fails the gate: guessing a level could let a
 * critical finding pass under a word we do not know.
 */

import { severityRank, type Severity } from '../audit/findings.ts';
import { isRecord } from '../json.ts';
import { cleanName } from './json-fields.ts';

type KnownSeverity = Exclude<Severity, 'unknown'>;

/** Single words, after a phrase is split into words (`HIGH_RISK`, `highRisk` -> high, risk). */
const WORDS: Record<string, KnownSeverity> = {
  critical: 'critical',
  crit: 'critical',
  blocker: 'critical',
  high: 'high',
  h: 'high',
  error: 'high',
  medium: 'medium',
  med: 'medium',
  m: 'medium',
  moderate: 'medium',
  warning: 'medium',
  low: 'low',
  l: 'low',
  informational: 'info',
  information: 'info',
  info: 'info',
  note: 'info',
  none: 'info',
  // Code4rena's "Non-Critical": read as one word, never as "critical".
  noncritical: 'info',
  gas: 'gas',
  optimization: 'gas',
  optimizations: 'gas',
  optimisation: 'gas',
  optimisations: 'gas',
};

/** Keys under which an object carries its level (`{"level": "high"}`, CVSS `baseScore`). */
const LEVEL_KEYS = [
  'severity',
  'level',
  'value',
  'name',
  'label',
  'baseSeverity',
  'baseScore',
  'score',
];
const MAX_DEPTH = 3;
const MAX_LABEL = 100;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export interface SeverityReading {
  severity: Severity;
  /** The word as the service sent it, on one line; `unknown` when it sent none. */
  label: string;
}

/**
 * Words case-insensitively, phrases by the most severe word they name (`Low to High` is high,
 * so a phrase never lands below the gate by accident), CVSS scores as numbers or numeric
 * strings, and objects by their level keys. Anything else, a missing severity included, is
 * `unknown`.
 */
export function normalizeSeverity(raw: unknown): SeverityReading {
  return read(raw, 0) ?? { severity: 'unknown', label: rendering(raw) };
}

function read(raw: unknown, depth: number): SeverityReading | undefined {
  if (typeof raw === 'number') {
    const severity = cvss(raw);
    return severity === undefined ? undefined : { severity, label: String(raw) };
  }
  if (typeof raw === 'string') {
    const label = cleanName(raw, MAX_LABEL);
    if (label === undefined) return undefined;
    const severity = NUMBER.test(label) ? cvss(Number(label)) : phrase(label);
    return severity === undefined ? undefined : { severity, label };
  }
  if (!isRecord(raw) || depth >= MAX_DEPTH) return undefined;
  const readings = LEVEL_KEYS.flatMap((key) =>
    Object.hasOwn(raw, key) ? (read(raw[key], depth + 1) ?? []) : [],
  );
  return mostSevere(readings);
}

/** CVSS v3 ranges: 0 none, 0.1–3.9 low, 4.0–6.9 medium, 7.0–8.9 high, 9.0–10.0 critical. */
function cvss(score: number): KnownSeverity | undefined {
  if (!(score >= 0 && score <= 10)) return undefined;
  if (score === 0) return 'info';
  if (score < 4) return 'low';
  if (score < 7) return 'medium';
  return score < 9 ? 'high' : 'critical';
}

function phrase(label: string): KnownSeverity | undefined {
  const words = label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const named = words.flatMap((word, index) => {
    if (words[index - 1] === 'non') return []; // read with the "non" before it
    const key = word === 'non' ? `non${words[index + 1] ?? ''}` : word;
    // Own keys only: `constructor` or `toString` must not read as a severity.
    const severity = Object.hasOwn(WORDS, key) ? WORDS[key] : undefined;
    return severity === undefined ? [] : [{ severity }];
  });
  return mostSevere(named)?.severity;
}

function mostSevere<T extends { severity: Severity }>(items: readonly T[]): T | undefined {
  return items.reduce<T | undefined>(
    (best, item) =>
      best === undefined || severityRank(item.severity) > severityRank(best.severity) ? item : best,
    undefined,
  );
}

/** The unreadable value as one short line: the word as sent, or an object as compact JSON. */
function rendering(raw: unknown): string {
  const text =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'number' || typeof raw === 'boolean'
        ? String(raw)
        : raw === undefined || raw === null
          ? ''
          : JSON.stringify(raw);
  return cleanName(text, MAX_LABEL) ?? 'unknown';
}
