import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../src/analyzer/analyze.ts';
import { openZeppelinSources } from '../../src/analyzer/openzeppelin.ts';

describe('analyzeSources over OpenZeppelin Contracts', () => {
  it('parses every file and runs every detector without an error', () => {
    const sources = openZeppelinSources();
    // The package ships a couple of hundred sources; a much smaller number means the walk went wrong.
    expect(sources.length).toBeGreaterThan(200);
    const result = analyzeSources(sources);
    expect(result.failedFiles).toBe(0);
    expect(result.parsedFiles).toBe(sources.length);
    expect(result.detectorErrors).toEqual([]);
    expect(result.findings.filter((f) => f.detector === 'parse-error')).toEqual([]);
    // Its imports are relative, so under the package's own file names every one of them resolves.
    expect(result.findings.filter((f) => f.detector === 'unresolved-import')).toEqual([]);
    // Audited library code: none of the rules for outright exploitable bugs may fire on it.
    const severe = result.findings.filter(
      (f) => f.severity === 'critical' || f.severity === 'high',
    );
    expect(severe).toEqual([]);
    for (const finding of result.findings) {
      expect(finding.startLine).toBeGreaterThanOrEqual(1);
      expect(finding.endLine).toBeGreaterThanOrEqual(finding.startLine);
    }
  }, 60_000);
});
