/**
 * `npm run demo`: the action end to end on this machine. Starts the reference audit service (a
 * real Solidity analyzer behind the service interface) on a free loopback port, runs
 * dist/index.js as the GitHub runner would against the sample Foundry project in
 * examples/foundry-demo, and shows what a GitHub user would see.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startAuditService } from '@contract-audit/reference-service';
import { startGitHubApi } from '../test/support/github-api.ts';
import { BUNDLE_ENTRY, repositoryRoot, runAction } from '../test/support/run-action.ts';
import { paint, renderLogLine, renderMarkdown } from './terminal.ts';

const colour = process.stdout.isTTY && !process.env['NO_COLOR'];
const rule = (title: string) =>
  console.log(
    `\n${paint(`━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}`, 'bold', colour)}`,
  );

if (!existsSync(BUNDLE_ENTRY)) {
  console.error('dist/index.js is missing: run `npm run build` first.');
  process.exit(1);
}

const workspace = path.join(repositoryRoot, 'examples/foundry-demo');
// Each audit takes at least 1.5 s, so the log shows it pending, then in progress.
const service = await startAuditService({ minDurationMs: 1_500, pollsUntilDone: 0 });
// A stand-in GitHub API, so the check run the action creates can be shown too.
const github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
try {
  console.log(`Reference audit service (real Solidity analyzer) on ${service.url}`);
  console.log(`Stand-in GitHub API on ${github.url}`);
  console.log(
    `Project: ${path.relative(repositoryRoot, workspace)} (a Foundry layout with src/, lib/, test/ and script/)`,
  );
  const inputs = {
    'api-key': service.apiKey,
    'base-url': service.url,
    'fail-on': 'high',
    'poll-interval-seconds': '0.5',
    'github-token': github.token,
  };
  console.log(
    `Inputs: ${Object.entries({ ...inputs, 'api-key': '***' })
      .filter(([name]) => name !== 'github-token')
      .map(([k, v]) => `${k}=${v}`)
      .join('  ')}`,
  );

  rule('Step log (as in the Actions UI)');
  let pending = '';
  const run = await runAction({
    entry: BUNDLE_ENTRY,
    workspace,
    inputs,
    env: { GITHUB_API_URL: github.url },
    onOutput: (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const shown = renderLogLine(line, colour);
        if (shown !== undefined) console.log(shown);
      }
    },
  });

  rule('Job summary');
  console.log(renderMarkdown(run.summary, colour));

  const checkRun = github.checkRuns[0];
  if (checkRun) {
    rule("Check run (the pull request's Checks tab)");
    console.log(
      `${checkRun.name}: ${checkRun.status}, conclusion ${checkRun.conclusion ?? 'none'}`,
    );
    console.log(`${checkRun.output.title ?? ''}`);
    for (const annotation of checkRun.annotations) {
      const lines =
        annotation.start_line === annotation.end_line
          ? `${annotation.start_line}`
          : `${annotation.start_line}-${annotation.end_line}`;
      console.log(
        `  ${annotation.annotation_level.padEnd(8)} ${annotation.path}:${lines}  ${annotation.title ?? ''}`,
      );
    }
  }

  rule('Outputs');
  for (const [name, value] of Object.entries(run.outputs))
    console.log(`${name.padEnd(16)} ${value}`);

  rule('Verdict');
  const verdict = run.outputs['verdict'];
  if (!verdict) {
    console.error(
      `The action ended without a verdict (exit code ${run.exitCode}); see the log above.`,
    );
    process.exitCode = 1;
  } else {
    const jobResult = run.exitCode === 0 ? 'PASS' : 'FAIL';
    const reason = run.annotations.at(-1)?.message ?? run.logLines.at(-1) ?? '';
    console.log(
      paint(
        `On GitHub this job would ${jobResult} (verdict: ${verdict}, exit code ${run.exitCode}).`,
        jobResult === 'PASS' ? 'blue' : 'red',
        colour,
      ),
    );
    console.log(reason.replace(/^Verdict: \w+\. /, 'Why: '));
    console.log(
      `Uploaded: ${service.uploads[0]?.files.map((file) => file.filename).join(', ') ?? 'nothing'} (test/ and script/ are not audited; of lib/, only what src/ imports is sent).`,
    );
    console.log(
      'This demo exits 0 because it ran; the exit code above is the one the action gives the job.',
    );
  }
} finally {
  await service.close();
  await github.close();
}
