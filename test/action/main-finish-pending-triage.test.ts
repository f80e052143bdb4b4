/**
 * A finishing run judges a pending audit as the run that uploaded would have: by the suppression
 * comments of the files uploaded, the dependencies among them and the baseline that run read,
 * never by its own checkout (on a schedule, the default branch's, or any other commit's).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { recorded, resetCore } from '../support/core.ts';
import { useInProcessRun, usePullRequest } from '../support/in-process-run.ts';
import { useResultsService } from '../support/runner-services.ts';
import { serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { pullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', pullRequestEvent(5, 'e'.repeat(40)));
});
const setUp = useInProcessRun(github);
useResultsService();

usePullRequest(github);

/** The pull request's Vault: line 3 suppresses its reentrancy finding; it imports solmate. */
const VAULT = [
  'pragma solidity ^0.8.0;',
  'import {ERC20} from "solmate/ERC20.sol";',
  'contract Vault { // audit-ignore-line reentrancy-eth -- guarded',
  '  function deposit() public {}',
  '  function withdraw() public {}',
  '}',
  '',
].join('\n');

/**
 * Four findings: suppressed in the code (line 3), accepted in the baseline (line 5), in the
 * dependency (critical), and one that counts (line 4, medium).
 */
const FINDINGS = [
  serviceFinding({
    id: 'f1',
    severity: 'high',
    rule_id: 'reentrancy-eth',
    start_line: 3,
    end_line: 3,
  }),
  serviceFinding({
    id: 'f2',
    severity: 'high',
    title: 'Unchecked call',
    start_line: 5,
    end_line: 5,
  }),
  serviceFinding({
    id: 'f3',
    severity: 'critical',
    title: 'Arbitrary transfer',
    file: 'solmate/ERC20.sol',
    start_line: 1,
    end_line: 1,
  }),
  serviceFinding({
    id: 'f4',
    severity: 'medium',
    title: 'Missing event',
    start_line: 4,
    end_line: 4,
  }),
];

/** The pull request's checkout, with the baseline `accepted` (fingerprints) in it. */
const pullRequestCheckout = (accepted: string[]) =>
  workspaceWith({
    'foundry.toml': "[profile.default]\nsrc = 'src'\nlibs = ['lib']\n",
    'remappings.txt': 'solmate/=lib/solmate/src/\n',
    'src/Vault.sol': VAULT,
    'lib/solmate/src/ERC20.sol': 'contract ERC20 {}\n',
    '.audit-baseline.json': JSON.stringify({
      version: 1,
      accepted: accepted.map((fingerprint) => ({ fingerprint, reason: 'known' })),
    }),
  });

/** What a completed run shows: its check run's conclusion and title, and its comment's counts. */
function shown() {
  const checkRun = github.checkRuns.at(-1);
  const comment = github.comments(5).at(-1)?.body ?? '';
  return {
    status: checkRun?.status,
    conclusion: checkRun?.conclusion,
    title: checkRun?.output.title,
    annotations: checkRun?.annotations.length,
    files: /\*\*Files uploaded:\*\* \d+/.exec(checkRun?.output.summary ?? '')?.[0],
    notCounted: [
      ...comment.matchAll(/\d+ (?:suppressed|accepted|in (?:a )?dependenc(?:y|ies))/g),
    ].map((match) => match[0]),
  };
}

describe("a finishing run's triage", () => {
  it('is the uploading run’s, whatever the finishing run’s own checkout suppresses or accepts', async () => {
    const service = await setUp(
      { 'fail-on': 'medium', baseline: '.audit-baseline.json' },
      { findings: FINDINGS, pollsUntilDone: 1 },
    );
    // The findings' fingerprints, from a first run's results file; the baseline accepts line 5's.
    const first = await pullRequestCheckout([]);
    vi.stubEnv('GITHUB_WORKSPACE', first);
    await run();
    const results = JSON.parse(await readFile(recorded.outputs['results-file']!, 'utf8')) as {
      findings: { fingerprint: string; startLine: number; file: string }[];
    };
    const fingerprint = (line: number) =>
      results.findings.find((each) => each.file === 'src/Vault.sol' && each.startLine === line)!
        .fingerprint;
    const checkout = await pullRequestCheckout([fingerprint(5)]);
    const inputs = { ...recorded.inputs };

    // What a waiting run shows on the pull request's checkout.
    vi.stubEnv('GITHUB_WORKSPACE', checkout);
    resetCore({ ...inputs, wait: 'true', reuse: 'false' });
    await run();
    const waiting = shown();
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', 'findings-count': '4' });
    expect(waiting.conclusion).toBe('failure');
    expect(waiting.notCounted).toEqual(
      expect.arrayContaining(['1 suppressed', '1 accepted', '1 in a dependency']),
    );
    expect(waiting.title).toMatch(/^Failed: 1 finding/);

    // The same upload left pending, then finished from a checkout that would suppress and
    // accept everything and has no dependencies at all.
    github.checkRuns.length = 0;
    service.setFindings(FINDINGS);
    resetCore({ ...inputs, wait: 'false', reuse: 'false' });
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    const elsewhere = await workspaceWith({
      'foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'src/Vault.sol': VAULT.split('\n')
        .map((line) => `${line} // audit-ignore-line *`)
        .join('\n'),
      '.audit-baseline.json': JSON.stringify({
        version: 1,
        accepted: results.findings.map(({ fingerprint: each }) => ({
          fingerprint: each,
          reason: 'all accepted here',
        })),
      }),
    });
    vi.stubEnv('GITHUB_WORKSPACE', elsewhere);
    resetCore({ ...inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(shown()).toEqual(waiting);
    expect(github.checkRuns.at(-1)?.output.summary).not.toContain('all accepted here');
  });
});
