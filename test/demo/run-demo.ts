/**
 * `npm run demo`: the action end to end on this machine. Starts the stand-in audit service on a
 * free loopback port, runs dist/index.js as the GitHub runner would against the sample Foundry
 * project in examples/foundry-demo, and shows what a GitHub user would see.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startAuditService } from '../support/audit-service.ts';
import { repositoryRoot, runAction } from '../support/run-action.ts';
import { paint, renderLogLine, renderMarkdown } from './terminal.ts';

const colour = process.stdout.isTTY && !process.env['NO_COLOR'];
const rule = (title: string) =>
  console.log(
    `\n${paint(`━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}`, 'bold', colour)}`,
  );

const entry = path.join(repositoryRoot, 'dist/index.js');
if (!existsSync(entry)) {
  console.error('dist/index.js is missing: run `npm run build` first.');
  process.exit(1);
}

const workspace = path.join(repositoryRoot, 'examples/foundry-demo');
const service = await startAuditService({ pollsUntilDone: 2 });
try {
  console.log(`Stand-in audit service on ${service.url}`);
  console.log(
    `Project: ${path.relative(repositoryRoot, workspace)} (a Foundry layout with src/, lib/, test/ and script/)`,
  );
  const inputs = {
    'api-key': service.apiKey,
    'base-url': service.url,
    'fail-on': 'high',
    'poll-interval-seconds': '0.5',
  };
  console.log(
    `Inputs: ${Object.entries({ ...inputs, 'api-key': '***' })
      .map(([k, v]) => `${k}=${v}`)
      .join('  ')}`,
  );

  rule('Step log (as in the Actions UI)');
  let pending = '';
  const run = await runAction({
    workspace,
    inputs,
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
      `Uploaded: ${service.uploads[0]?.files.map((file) => file.filename).join(', ') ?? 'nothing'} (lib/, test/ and script/ were excluded).`,
    );
  }
} finally {
  await service.close();
}
