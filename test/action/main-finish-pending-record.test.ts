/**
 * run() in process: what the pending record keeps makes a finishing run report as the waiting
 * run would, whatever the finishing workflow's own inputs and checkout: the service however its
 * `base-url` is written, file names with format characters, the project name of several projects
 * under a `working-directory`, upload names that climb out of the project, a baseline that is a
 * results file, `pr-comment`; a record left for another service is left for its finishing run.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { pendingRecordText, pendingService } from '../../src/engine/pending-record.ts';
import { waitingAndFinishing as compare } from '../support/compare-runs.ts';
import { recorded, resetCore } from '../support/core.ts';
import { useInProcessRun, usePullRequest } from '../support/in-process-run.ts';
import { pendingRecord, RUN_REPOSITORY } from '../support/pending-record.ts';
import { useResultsService } from '../support/runner-services.ts';
import { serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const HEAD = 'e'.repeat(40);
const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { pullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', pullRequestEvent(5, 'e'.repeat(40)));
});
const setUp = useInProcessRun(github);
useResultsService();

usePullRequest(github);

const FOUNDRY = "[profile.default]\nsrc = 'src'\n";
const VAULT = [
  'pragma solidity ^0.8.0;',
  'contract Vault {',
  '  function deposit() public {}',
  '  function withdraw() public {}',
  '  function sweep() public {}',
  '}',
  '',
].join('\n');
const finding = (id: string, severity: 'high' | 'medium' | 'low', line: number, file?: string) =>
  serviceFinding({
    id,
    severity,
    title: `Finding ${id}`,
    start_line: line,
    end_line: line,
    ...(file && { file }),
  });

/** A waiting and a finishing run of `inputs` over `files`, on pull request 5. */
async function compared(
  inputs: Record<string, string>,
  files: Record<string, string>,
  findings: ReturnType<typeof serviceFinding>[],
  finishingInputs?: (inputs: Record<string, string>) => Record<string, string>,
) {
  const result = await compare({
    setUp,
    github,
    inputs,
    findings,
    checkout: await workspaceWith(files),
    pr: 5,
    ...(finishingInputs && { finishingInputs }),
  });
  expect(result.pending.outputs['verdict']).toBe('pending');
  expect(result.finishingFailed).toEqual([]);
  return result;
}

describe('a finishing run, by what the pending record keeps', () => {
  it('reads a record left for its service however `base-url` ends', async () => {
    const { waiting, finishing } = await compared(
      { 'fail-on': 'medium' },
      { 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT },
      [finding('f4', 'medium', 4)],
      (inputs) => ({ 'base-url': `${inputs['base-url']}//` }),
    );
    expect(waiting.conclusion).toBe('failure');
    expect(finishing).toEqual(waiting);
  });

  it.each([
    ['the same key', (inputs: Record<string, string>) => ({ 'api-key': inputs['api-key']! })],
    ['its own key', () => ({ 'api-key': 'another-services-key-0123456789' })],
  ])(
    'leaves a record of another service, sealed with %s, in progress for that service’s finishing run',
    async (_, key) => {
      const { finishing } = await compared(
        { 'fail-on': 'medium' },
        { 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT },
        [finding('f4', 'medium', 4)],
        (inputs) => ({ 'base-url': 'http://127.0.0.1:9/elsewhere', ...key(inputs) }),
      );
      expect(finishing).toMatchObject({ status: 'in_progress', conclusion: null });
      expect(recorded.summary).toContain('Left for the finishing run of its own \\`base\\-url\\`');
    },
  );

  it('times out a record of another service past its time limit, polling nothing: a `base-url` changed since', async () => {
    const service = await setUp({ wait: 'false', 'fail-on': 'medium' }, { pollsUntilDone: 1_000 });
    vi.stubEnv(
      'GITHUB_WORKSPACE',
      await workspaceWith({ 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT }),
    );
    await run();
    const [checkRun] = github.checkRuns;
    checkRun!.external_id = pendingRecordText(
      pendingRecord({
        startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
        service: pendingService(new URL(service.url)),
      }),
      {
        apiKey: service.apiKey,
        repository: RUN_REPOSITORY,
        headSha: HEAD,
        checkName: 'Smart contract audit',
      },
    );
    const polls = service.requests.length;
    resetCore({ ...recorded.inputs, 'finish-pending': 'true', 'base-url': `${service.url}/v2` });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(service.requests).toHaveLength(polls);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'timed_out' });
    expect(checkRun?.output.summary).toContain('so it was not polled');
    expect(checkRun?.output.summary).toContain('audit\\-id: audit\\-1');
  });

  it('times out a record past its time limit whose pull request this token cannot read', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 1_000 });
    vi.stubEnv(
      'GITHUB_WORKSPACE',
      await workspaceWith({ 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT }),
    );
    await run();
    const [checkRun] = github.checkRuns;
    checkRun!.external_id = pendingRecordText(
      pendingRecord({
        startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
        service: pendingService(new URL(service.url)),
      }),
      {
        apiKey: service.apiKey,
        repository: RUN_REPOSITORY,
        headSha: HEAD,
        checkName: 'Smart contract audit',
      },
    );
    github.failNext({ method: 'GET', path: /\/pulls\/5$/, status: 403 });
    resetCore({ ...recorded.inputs, 'finish-pending': 'true' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'timed_out' });
    expect(recorded.annotations.map((each) => each.message)).toContainEqual(
      expect.stringMatching(
        /could not read its pull request .*403.*finished without it, its time limit past/,
      ),
    );
  });

  it('keeps a file name holding a zero-width joiner', async () => {
    const { waiting, finishing } = await compared(
      { 'fail-on': 'high' },
      { 'foundry.toml': FOUNDRY, 'src/Va\u200dult.sol': VAULT },
      [finding('f4', 'medium', 4, 'src/Va\u200dult.sol')],
    );
    expect(finishing).toEqual(waiting);
  });

  it('keeps the project name of several projects under a working-directory, so one sticky comment is updated', async () => {
    const { waiting, finishing } = await compared(
      { 'fail-on': 'medium', 'working-directory': 'packages' },
      {
        'packages/a/foundry.toml': FOUNDRY,
        'packages/a/src/Vault.sol': VAULT,
        'packages/b/foundry.toml': FOUNDRY,
        'packages/b/src/Vault.sol': VAULT,
      },
      [finding('f4', 'medium', 4)],
    );
    expect(finishing).toEqual(waiting);
    expect(github.comments(5)).toHaveLength(1);
  });

  it('maps upload names that climb out of the project, and their suppression comments', async () => {
    const { waiting, finishing } = await compared(
      { 'fail-on': 'low', 'working-directory': 'packages/core' },
      {
        'packages/core/foundry.toml': FOUNDRY,
        'packages/core/remappings.txt': 'shared/=../shared/\n',
        'packages/core/src/Vault.sol':
          'pragma solidity ^0.8.0;\nimport {Lib} from "shared/Lib.sol";\ncontract Vault { // audit-ignore-line *\n  function f() public {}\n}\n',
        'packages/shared/Lib.sol':
          'pragma solidity ^0.8.0;\nlibrary Lib { // audit-ignore-line *\n}\n',
      },
      [
        finding('f1', 'high', 2, '../shared/Lib.sol'),
        finding('f2', 'high', 3, 'src/Vault.sol'),
        finding('f3', 'high', 4, 'src/Vault.sol'),
      ],
    );
    expect(finishing).toEqual(waiting);
  });

  it('judges by a baseline that is a results file, a finding more severe since not accepted', async () => {
    await setUp(
      { 'fail-on': 'medium' },
      { findings: [finding('f4', 'medium', 4), finding('f5', 'low', 5)], pollsUntilDone: 0 },
    );
    vi.stubEnv(
      'GITHUB_WORKSPACE',
      await workspaceWith({ 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT }),
    );
    await run();
    const results = await readFile(recorded.outputs['results-file']!, 'utf8');
    github.checkRuns.length = 0;
    const { waiting, finishing } = await compared(
      { 'fail-on': 'medium', baseline: 'base.json' },
      { 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT, 'base.json': results },
      [finding('f4', 'medium', 4), finding('f5', 'high', 5)],
    );
    expect(waiting.summary).toContain('now high');
    expect(finishing).toEqual(waiting);
  });

  it('comments as the pending run was asked, whatever the finishing workflow says of `pr-comment`', async () => {
    const { waiting, finishing } = await compared(
      { 'fail-on': 'medium' },
      { 'foundry.toml': FOUNDRY, 'src/Vault.sol': VAULT },
      [finding('f4', 'medium', 4)],
      () => ({ 'pr-comment': 'false' }),
    );
    expect(finishing.comment).toEqual(waiting.comment);
    expect(finishing.comment).toMatch(/Failed/);
  });
});

describe('resumed with `audit-id` and wait: false', () => {
  it('is finished as a waiting resume of the same id reports it', async () => {
    const findings = [finding('f4', 'medium', 4), finding('f5', 'high', 5)];
    const checkout = await workspaceWith({
      'foundry.toml': FOUNDRY,
      'src/Vault.sol': VAULT.replace(
        'sweep() public {}',
        'sweep() public {} // audit-ignore-line *',
      ),
    });
    await setUp({ 'fail-on': 'medium' }, { findings, pollsUntilDone: 2 });
    const inputs = { ...recorded.inputs };
    vi.stubEnv('GITHUB_WORKSPACE', checkout);
    resetCore({ ...inputs, wait: 'false', reuse: 'false' });
    await run();
    const id = recorded.outputs['audit-id']!;
    github.checkRuns.length = 0;
    resetCore({ ...inputs, 'audit-id': id, wait: 'false' });
    await run();
    vi.stubEnv(
      'GITHUB_WORKSPACE',
      await workspaceWith({
        'foundry.toml': FOUNDRY,
        'src/Vault.sol': VAULT.split('\n')
          .map((line) => `${line} // audit-ignore-line *`)
          .join('\n'),
      }),
    );
    resetCore({ ...inputs, 'finish-pending': 'true' });
    await run();
    const finishing = github.checkRuns.at(-1)?.output;
    github.checkRuns.length = 0;
    vi.stubEnv('GITHUB_WORKSPACE', checkout);
    resetCore({ ...inputs, 'audit-id': id, wait: 'true' });
    await run();
    const waiting = github.checkRuns.at(-1)?.output;
    expect(finishing?.title).toBe(waiting?.title);
    expect(waiting?.title).toMatch(/^Failed: 1 finding/);
  });
});
