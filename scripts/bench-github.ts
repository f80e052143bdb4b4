/**
 * Benchmark: the GitHub API requests a run makes for 1,200 findings on a pull request, counted
 * by the stand-in GitHub API (test/support/github-api.ts) while the action's run() reports to it
 * (see bench-findings.ts): the check run, its annotation batches and the sticky comment, on a
 * first run and on the next one, which updates both. Run: node scripts/bench-github.ts
 */
import type { RecordedRequest } from '../test/support/github-api.ts';
import { startActionBench } from './bench-findings.ts';

const FINDINGS = 1_200;

/** `PATCH /check-runs/{id}`: ids and queries out, so requests group by what they do. */
function route(request: RecordedRequest): string {
  const path = request.path
    .replace(/^\/repos\/[^/]+\/[^/]+/, '')
    .replace(/\?.*$/, '')
    .replace(/\/\d+(?=\/|$)/g, '/{id}');
  return `${request.method} ${path}`;
}

function annotationsIn(request: RecordedRequest): number {
  const body = request.body as { output?: { annotations?: unknown[] } } | undefined;
  return body?.output?.annotations?.length ?? 0;
}

const bench = await startActionBench();
try {
  for (const run of ['first run', 'next run']) {
    const { requests } = await bench.run(FINDINGS);
    const routes = new Map<string, { count: number; annotations: number }>();
    for (const request of requests) {
      const entry = routes.get(route(request)) ?? { count: 0, annotations: 0 };
      entry.count += 1;
      entry.annotations += annotationsIn(request);
      routes.set(route(request), entry);
    }
    console.log(
      `${FINDINGS.toLocaleString('en-US')} findings, ${run}: ${requests.length} requests`,
    );
    for (const [name, { count, annotations }] of routes) {
      const carried = annotations > 0 ? `  (${annotations} annotations)` : '';
      console.log(`  ${String(count).padStart(4)}  ${name}${carried}`);
    }
  }
} finally {
  await bench.close();
}
