import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/audit/findings.ts';
import { normalizeSeverity } from '../../src/api/severity.ts';

const words = JSON.parse(
  readFileSync(new URL('../fixtures/answers/audit/severity-words.json', import.meta.url), 'utf8'),
) as Record<Severity, string[]>;

describe('normalizeSeverity', () => {
  for (const [severity, list] of Object.entries(words)) {
    it(`reads ${list.join(', ')} as ${severity}, keeping the word as the label`, () => {
      for (const word of list)
        expect(normalizeSeverity(word), word).toEqual({ severity, label: word });
    });
  }

  it('trims the label', () => {
    expect(normalizeSeverity('  High ')).toEqual({ severity: 'high', label: 'High' });
  });

  it('reads numbers and unknown words as medium, never dropping them', () => {
    expect(normalizeSeverity(7.5)).toEqual({ severity: 'medium', label: '7.5' });
    expect(normalizeSeverity('3')).toEqual({ severity: 'medium', label: '3' });
    expect(normalizeSeverity('Severe')).toEqual({ severity: 'medium', label: 'Severe' });
  });

  it('reads a missing or unreadable severity as medium labelled unknown', () => {
    for (const raw of [undefined, null, '', '  ', { level: 'high' }, ['high'], true, Number.NaN]) {
      expect(normalizeSeverity(raw)).toEqual({ severity: 'medium', label: 'unknown' });
    }
  });
});
