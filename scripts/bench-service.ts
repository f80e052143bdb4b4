/**
 * Benchmark of the reference audit service. Run: node scripts/bench-service.ts
 *   (1) the Solidity analyzer over every OpenZeppelin Contracts source (scripts/bench-analyzer.ts);
 *   (2) how long GET /v1/audits/{id} takes for a completed audit with 1,000 findings, over
 *       loopback, measured by a client in the same process (so it includes the client's reading).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  analyseUpload,
  startAuditService,
  type ServiceFinding,
} from '@contract-audit/reference-service';

const FINDINGS = 1_000;
const WARM_UP = 20;
const REQUESTS = 200;

console.log('(1) The analyzer over node_modules/@openzeppelin/contracts');
await import('./bench-analyzer.ts');

console.log(`\n(2) GET /v1/audits/{id} with ${FINDINGS} findings, over loopback`);
const sourceDir = path.join(import.meta.dirname, '../examples/foundry-demo/src');
const sources = readdirSync(sourceDir)
  .filter((name) => name.endsWith('.sol'))
  .map((name) => ({ filename: `src/${name}`, content: readFileSync(path.join(sourceDir, name)) }));
// Real findings (real titles and texts), repeated over as many packages as it takes.
const sample = analyseUpload('bench', sources).findings;
const findings: ServiceFinding[] = Array.from({ length: FINDINGS }, (_, i) => {
  const finding = sample[i % sample.length]!;
  const copy = Math.floor(i / sample.length);
  return { ...finding, id: `bench-${i + 1}`, file: `packages/p${copy}/${finding.file}` };
});

const service = await startAuditService({ pollsUntilDone: 0, findings });
try {
  const headers = { authorization: `Bearer ${service.apiKey}` };
  const form = new FormData();
  form.append('project_name', 'bench');
  form.append('contracts', new Blob([sources[0]!.content]), sources[0]!.filename);
  const started = await fetch(`${service.url}/v1/audits`, { method: 'POST', headers, body: form });
  const { audit_id: auditId } = (await started.json()) as { audit_id: string };
  const auditUrl = `${service.url}/v1/audits/${encodeURIComponent(auditId)}`;

  const times: number[] = [];
  let body = '';
  for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
    const begun = performance.now();
    const response = await fetch(auditUrl, { headers });
    body = await response.text();
    if (i >= WARM_UP) times.push(performance.now() - begun);
  }
  const answer = JSON.parse(body) as { status: string; findings?: unknown[] };
  if (answer.status !== 'completed' || answer.findings?.length !== FINDINGS)
    throw new Error(`unexpected answer: ${answer.status}, ${answer.findings?.length} findings`);

  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!;
  console.log(`requests:         ${REQUESTS} (after ${WARM_UP} to warm up), one at a time`);
  console.log(
    `body:             ${Buffer.byteLength(body)} bytes (${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB)`,
  );
  console.log(`median:           ${at(0.5).toFixed(2)} ms`);
  console.log(`p95:              ${at(0.95).toFixed(2)} ms`);
  console.log(`max:              ${times.at(-1)!.toFixed(2)} ms`);
} finally {
  await service.close();
}
