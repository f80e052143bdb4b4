/**
 * Benchmark of the reference service's Solidity analyzer over every OpenZeppelin Contracts source.
 * Run: node scripts/bench-analyzer.ts
 */
import { analyzeSources, openZeppelinSources } from '@contract-audit/reference-service';

const sources = openZeppelinSources();
const started = performance.now();
const result = analyzeSources(sources);
const seconds = (performance.now() - started) / 1000;

const bySeverity = new Map<string, number>();
for (const finding of result.findings)
  bySeverity.set(finding.severity, (bySeverity.get(finding.severity) ?? 0) + 1);

console.log(
  `files:            ${sources.length} (${result.parsedFiles} parsed, ${result.failedFiles} failed)`,
);
console.log(
  `findings:         ${result.findings.length} (${[...bySeverity].map(([s, n]) => `${s} ${n}`).join(', ')})`,
);
console.log(`detector errors:  ${result.detectorErrors.length}`);
console.log(`time:             ${seconds.toFixed(2)} s`);
console.log(`files per second: ${(sources.length / seconds).toFixed(1)}`);
