import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/audit/findings.ts';
import { normalizeSeverity } from '../../src/api/severity.ts';
import { fixtureJson } from '../support/fixtures.ts';

const words = fixtureJson<Record<Severity, string[]>>('answers', 'audit', 'severity-words.json');

describe('normalizeSeverity', () => {
  it('reads each word of severity-words.json as its severity, keeping the word as the label', () => {
    for (const [severity, list] of Object.entries(words)) {
      for (const word of list)
        expect(normalizeSeverity(word), word).toEqual({ severity, label: word });
    }
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'reads %s, a name every object has, as unknown',
    (word) => {
      expect(normalizeSeverity(word)).toEqual({ severity: 'unknown', label: word });
    },
  );

  it('trims the label', () => {
    expect(normalizeSeverity('  High ')).toEqual({ severity: 'high', label: 'High' });
  });

  it('reads numbers by the CVSS ranges, and a number outside 0–10 as unknown', () => {
    const read = (n: number) => normalizeSeverity(n).severity;
    expect([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 9.8, 10].map(read)).toEqual([
      'info',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
      'critical',
    ]);
    expect(normalizeSeverity(7.5)).toEqual({ severity: 'high', label: '7.5' });
    expect(normalizeSeverity(10.5)).toEqual({ severity: 'unknown', label: '10.5' });
    expect(normalizeSeverity(-0.5)).toEqual({ severity: 'unknown', label: '-0.5' });
  });

  it('reads an object by its level, the most severe when it has several', () => {
    expect(normalizeSeverity({ level: 'high' })).toEqual({ severity: 'high', label: 'high' });
    expect(normalizeSeverity({ name: 'High', id: 3 })).toEqual({ severity: 'high', label: 'High' });
    expect(normalizeSeverity({ value: 9.1 })).toEqual({ severity: 'critical', label: '9.1' });
    expect(normalizeSeverity({ severity: { level: 'Low Risk' } })).toEqual({
      severity: 'low',
      label: 'Low Risk',
    });
    expect(normalizeSeverity({ baseScore: 9.8, baseSeverity: 'CRITICAL' }).severity).toBe(
      'critical',
    );
    expect(normalizeSeverity({ label: 'low', score: 7.2 }).severity).toBe('high');
  });

  it('reads an object only to a bounded depth, and renders an unreadable one on a short line', () => {
    const nested = (depth: number): unknown =>
      depth === 0 ? 'critical' : { severity: nested(depth - 1) };
    expect(normalizeSeverity(nested(3)).severity).toBe('critical');
    expect(normalizeSeverity(nested(4))).toEqual({
      severity: 'unknown',
      label: '{"severity":{"severity":{"severity":{"severity":"critical"}}}}',
    });
    expect(normalizeSeverity({ level: 'Severe' })).toEqual({
      severity: 'unknown',
      label: '{"level":"Severe"}',
    });
    expect(normalizeSeverity(['high'])).toEqual({ severity: 'unknown', label: '["high"]' });
    const huge = normalizeSeverity({ level: 'x'.repeat(5000) });
    expect(huge.severity).toBe('unknown');
    expect(Array.from(huge.label).length).toBeLessThanOrEqual(100);
  });

  it('keeps an unreadable word as sent, on one bounded line without invisible characters', () => {
    expect(normalizeSeverity('Sev\u200bere\n\t<b>')).toEqual({
      severity: 'unknown',
      label: 'Severe <b>',
    });
    expect(normalizeSeverity('Hi\u202Egh\r\nRisk')).toEqual({
      severity: 'high',
      label: 'High Risk',
    });
    const long = normalizeSeverity('y'.repeat(1000));
    expect(long.severity).toBe('unknown');
    expect(Array.from(long.label).length).toBeLessThanOrEqual(100);
    expect(normalizeSeverity(true)).toEqual({ severity: 'unknown', label: 'true' });
  });

  it('reads a missing or blank severity as unknown, labelled unknown', () => {
    for (const raw of [undefined, null, '', '  ', '\u200b', Number.NaN]) {
      expect(normalizeSeverity(raw).severity, String(raw)).toBe('unknown');
    }
    for (const raw of [undefined, null, '', '  ', '\u200b']) {
      expect(normalizeSeverity(raw).label, String(raw)).toBe('unknown');
    }
  });
});
