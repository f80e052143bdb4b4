import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../src/analyzer/analyze.ts';
import { DETECTORS } from '../../src/analyzer/registry.ts';
import type { AnalyzerSeverity } from '../../src/analyzer/types.ts';

const FIXTURES = new URL('../fixtures/analyzer/', import.meta.url);

interface Expectation {
  swcId: string | undefined;
  severity: AnalyzerSeverity;
  /** [startLine, endLine] of every finding expected in vulnerable.sol, in line order. */
  spans: [number, number][];
}

const EXPECTED: Record<string, Expectation> = {
  'unresolved-import': {
    swcId: undefined,
    severity: 'info',
    spans: [
      [4, 4],
      [5, 5],
    ],
  },
  reentrancy: { swcId: 'SWC-107', severity: 'high', spans: [[14, 16]] },
  'tx-origin': {
    swcId: 'SWC-115',
    severity: 'high',
    spans: [
      [12, 12],
      [18, 18],
    ],
  },
  'unchecked-call': {
    swcId: 'SWC-104',
    severity: 'medium',
    spans: [
      [6, 6],
      [10, 10],
      [14, 16],
    ],
  },
  'controlled-delegatecall': {
    swcId: 'SWC-112',
    severity: 'critical',
    spans: [
      [12, 12],
      [18, 18],
    ],
  },
  'unprotected-selfdestruct': { swcId: 'SWC-106', severity: 'critical', spans: [[12, 12]] },
  'floating-pragma': { swcId: 'SWC-103', severity: 'low', spans: [[2, 2]] },
  'outdated-compiler': { swcId: 'SWC-102', severity: 'low', spans: [[2, 2]] },
  'timestamp-dependence': {
    swcId: 'SWC-116',
    severity: 'low',
    spans: [
      [13, 13],
      [18, 18],
      [23, 23],
    ],
  },
  'weak-randomness': {
    swcId: 'SWC-120',
    severity: 'high',
    spans: [
      [12, 14],
      [19, 19],
      [23, 23],
    ],
  },
  'unprotected-ether-withdrawal': {
    swcId: 'SWC-105',
    severity: 'high',
    spans: [
      [14, 14],
      [18, 18],
    ],
  },
  'integer-overflow': {
    swcId: 'SWC-101',
    severity: 'high',
    spans: [
      [9, 9],
      [10, 10],
      [14, 14],
      [15, 15],
    ],
  },
  'unbounded-loop': { swcId: 'SWC-128', severity: 'medium', spans: [[13, 15]] },
  'state-variable-shadowing': { swcId: 'SWC-119', severity: 'medium', spans: [[10, 10]] },
  'missing-zero-check': {
    swcId: undefined,
    severity: 'low',
    spans: [
      [9, 9],
      [14, 14],
    ],
  },
  'gas-cache-array-length': { swcId: undefined, severity: 'gas', spans: [[12, 12]] },
  'gas-constant-or-immutable': {
    swcId: undefined,
    severity: 'gas',
    spans: [
      [5, 5],
      [6, 6],
    ],
  },
  'gas-public-to-external': { swcId: undefined, severity: 'gas', spans: [[7, 9]] },
  'gas-prefix-increment': { swcId: undefined, severity: 'gas', spans: [[6, 6]] },
};

function analyzeFixture(detector: string, variant: 'vulnerable' | 'fixed') {
  const path = `${detector}/${variant}.sol`;
  const result = analyzeSources([{ path, content: readFileSync(new URL(path, FIXTURES), 'utf8') }]);
  expect(result).toMatchObject({ parsedFiles: 1, failedFiles: 0, detectorErrors: [] });
  return { path, findings: result.findings.filter((finding) => finding.detector === detector) };
}

describe('detector registry', () => {
  it('lists every detector once, each with a fixture folder and an expectation here', () => {
    const ids = DETECTORS.map((detector) => detector.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.toSorted()).toEqual(Object.keys(EXPECTED).toSorted());
    const folders = readdirSync(FIXTURES);
    for (const id of ids) expect(folders).toContain(id);
  });

  it('includes at least two gas rules', () => {
    expect(
      DETECTORS.filter((detector) => detector.severity === 'gas').length,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe.each(Object.entries(EXPECTED))('%s', (detector, expected) => {
  it('reports the vulnerable contract with exact rule, severity, SWC and lines', () => {
    const { path, findings } = analyzeFixture(detector, 'vulnerable');
    expect(findings.map((f) => [f.startLine, f.endLine])).toEqual(expected.spans);
    for (const finding of findings) {
      expect(finding).toMatchObject({
        detector,
        severity: expected.severity,
        swcId: expected.swcId,
        file: path,
      });
      expect(finding.title).not.toBe('');
      expect(finding.description).not.toBe('');
      expect(finding.recommendation).not.toBe('');
    }
  });

  it('stays silent on the fixed contract', () => {
    expect(analyzeFixture(detector, 'fixed').findings).toEqual([]);
  });
});
