/**
 * Service text stays text: line breaks in names cannot end the HTML blocks of the job summary or
 * the check run, and file paths from the service never point outside the repository.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitHubApi, type GitHubApiStandIn } from '../support/github-api.ts';
import { answerEveryPoll, runOnPullRequest } from '../support/scenarios.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

const BREAKOUT =
  '\n\n[click me](https://evil.example/phish) ![x](https://evil.example/pixel.png) @octocat\n\n';

const serve = useAuditService();
let github: GitHubApiStandIn | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function runWithFindings(findings: object[]) {
  const service = await serve({ pollsUntilDone: 0 });
  answerEveryPoll(service, { audit_id: 'audit-1', status: 'completed', findings });
  github = await startGitHubApi({ owner: 'acme', repo: 'vaults' });
  return runOnPullRequest({
    number: 4,
    service,
    github,
    workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
  });
}

/** Markdown outside raw HTML blocks and table rows: where a live link or image would render. */
function markdownOutsideBlocks(markdown: string): string {
  return markdown.replace(/^<details>[\s\S]*?^<\/details>$/gm, '').replace(/^\|.*\|$/gm, '');
}

describe('service text stays text', () => {
  it('a line break in a file, rule or severity cannot end an HTML block', async () => {
    const run = await runWithFindings([
      {
        title: 'Reentrancy',
        severity: `high${BREAKOUT}`,
        check: `reentrancy-eth${BREAKOUT}`,
        file: `src/Vault.sol${BREAKOUT}`,
        line: 3,
      },
    ]);
    expect(run.outputs['verdict']).toBe('fail');
    const checkRunSummary = github!.checkRuns[0]!.output.summary ?? '';
    const comment = github!.comments(4)[0]!.body;
    for (const markdown of [run.summary, checkRunSummary, comment]) {
      expect(markdown).toContain('Reentrancy');
      expect(markdownOutsideBlocks(markdown)).not.toMatch(/evil\.example/);
      expect(markdown).not.toMatch(/@octocat/);
    }
  });

  it.each([
    ['a climb out of the repository', '../../etc/passwd'],
    ['an absolute path', '/etc/passwd'],
    ['a URL', 'https://evil.example/Vault.sol'],
    ['a Windows path', 'C:\\Windows\\system.ini'],
  ])('%s never becomes an annotation path or a SARIF uri', async (_, file) => {
    const run = await runWithFindings([
      { title: 'Hostile path', severity: 'high', file, line: 1 },
      { title: 'Real path', severity: 'high', file: 'src/Vault.sol', line: 2 },
    ]);
    expect(run.outputs['verdict']).toBe('fail');
    expect(run.outputs['findings-count']).toBe('2');
    const paths = github!.checkRuns[0]!.annotations.map((a) => a.path);
    expect(paths).toEqual(['src/Vault.sol']);
    const sarif = JSON.parse(await readFile(run.outputs['sarif-file']!, 'utf8')) as {
      runs: Array<{
        results: Array<{
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
        }>;
      }>;
    };
    const uris = sarif.runs[0]!.results.flatMap((r) =>
      r.locations.map((l) => l.physicalLocation.artifactLocation.uri),
    );
    for (const uri of uris) expect(uri).toBe('src/Vault.sol');
    for (const annotation of run.annotations) expect(annotation.properties['file']).not.toBe(file);
  });
});
