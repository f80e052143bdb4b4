/**
 * The self-test of .github/workflows/self-test.yml, runnable here: the bundled action run as the
 * runner runs it against the reference audit service, on the sample Foundry project.
 *
 *   node scripts/self-test.ts          the whole workflow: start the service, run dist/index.js
 *                                      as the `uses: ./` step would, check its outputs, then a
 *                                      fork's pull request without a key (CI runs this)
 *   node scripts/self-test.ts check    in the workflow, after `uses: ./`: checks the outputs it
 *                                      gets as VERDICT, FINDINGS, CRITICAL, SARIF_FILE, RESULTS_FILE
 *   node scripts/self-test.ts fork URL in the workflow: the fork-like run against the service at URL
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startAuditService } from '@contract-audit/reference-service';
import { BUNDLE_ENTRY, repositoryRoot, runAction } from '../test/support/run-action.ts';
import { forkPullRequestEvent } from '../test/support/scenarios.ts';

/** The reference service's built-in key: a test key, not a secret. */
const API_KEY = 'test-api-key-5f1c9a7e';
const SAMPLE = 'examples/foundry-demo';

interface AuditedOutputs {
  verdict?: string;
  findings?: string;
  critical?: string;
  sarifFile?: string;
  resultsFile?: string;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`self-test: ${what}`);
  console.log(`ok: ${what}`);
}

/** What the sample project's audit must give at `fail-on: high`. */
async function checkAudited(outputs: AuditedOutputs): Promise<void> {
  check(outputs.verdict === 'fail', `verdict is fail (got ${outputs.verdict})`);
  check(Number(outputs.findings) > 0, `findings were reported (${outputs.findings})`);
  check(outputs.critical === '1', `one critical finding (got ${outputs.critical})`);
  const sarif = JSON.parse(await readFile(outputs.sarifFile ?? '', 'utf8')) as {
    version?: string;
    runs?: { results?: unknown[] }[];
  };
  check(sarif.version === '2.1.0', `SARIF 2.1.0 written to ${outputs.sarifFile}`);
  check((sarif.runs?.[0]?.results?.length ?? 0) > 0, 'SARIF holds the results');
  const results = JSON.parse(await readFile(outputs.resultsFile ?? '', 'utf8')) as {
    verdict?: string;
  };
  check(results.verdict === 'fail', 'the results file agrees on the verdict');
}

/** A fork's pull request has no secrets: skipped, exit 0, nothing sent. */
async function forkRun(baseUrl: string): Promise<void> {
  const run = await runAction({
    entry: BUNDLE_ENTRY,
    workspace: repositoryRoot,
    eventName: 'pull_request',
    event: forkPullRequestEvent(7),
    inputs: { 'api-key': '', 'base-url': baseUrl, 'working-directory': SAMPLE },
  });
  check(run.exitCode === 0, `the fork-like run exits 0 (got ${run.exitCode})`);
  check(
    run.outputs['verdict'] === 'skipped',
    `its verdict is skipped (got ${run.outputs['verdict']})`,
  );
}

async function wholeWorkflow(): Promise<void> {
  const service = await startAuditService({ minDurationMs: 200 });
  try {
    const run = await runAction({
      entry: BUNDLE_ENTRY,
      workspace: repositoryRoot,
      inputs: {
        'api-key': API_KEY,
        'base-url': service.url,
        'working-directory': SAMPLE,
        'fail-on': 'high',
        'poll-interval-seconds': '0.2',
      },
    });
    check(run.exitCode === 1, 'the audit step fails the job on the sample findings');
    await checkAudited({
      verdict: run.outputs['verdict'],
      findings: run.outputs['findings-count'],
      critical: run.outputs['critical-count'],
      sarifFile: run.outputs['sarif-file'],
      resultsFile: run.outputs['results-file'],
    });
    const uploads = service.uploads.length;
    await forkRun(service.url);
    check(service.uploads.length === uploads, 'the fork-like run sent nothing');
  } finally {
    await service.close();
  }
}

const [command, argument] = process.argv.slice(2);
if (command === 'check') {
  await checkAudited({
    verdict: process.env['VERDICT'],
    findings: process.env['FINDINGS'],
    critical: process.env['CRITICAL'],
    sarifFile: process.env['SARIF_FILE'],
    resultsFile: process.env['RESULTS_FILE'],
  });
} else if (command === 'fork' && argument) {
  await forkRun(argument);
} else if (command === undefined) {
  await wholeWorkflow();
  console.log(`self-test passed (${path.relative(repositoryRoot, BUNDLE_ENTRY)} on ${SAMPLE})`);
} else {
  console.error('usage: node scripts/self-test.ts [check | fork <base-url>]');
  process.exit(2);
}
