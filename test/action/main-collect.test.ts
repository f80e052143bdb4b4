/**
 * run() in process on a fork's pull request with `fork-pull-requests: collect`: the files it
 * would send are uploaded with `@actions/artifact` (speaking Twirp to the results-service
 * stand-in, the bytes to Azurite) as the artifact `contract-audit-upload`; nothing reaches the
 * audit service or the GitHub API.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { extractZip } from '../../src/files/zip-extract.ts';
import { slowClock } from '../support/clock.ts';
import { recorded } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { useResultsService } from '../support/runner-services.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { forkPullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', forkPullRequestEvent(9));
});
const setUp = useInProcessRun(github);
const results = useResultsService(42);

beforeEach(async () => {
  // The toolkit writes its own lines with the real @actions/core.
  vi.spyOn(process.stdout, 'write').mockReturnValue(true);
});
afterEach(async () => {
  vi.restoreAllMocks();
});

/**
 * The artifact read back as a later step of the same job would, with the toolkit's own client
 * (ListArtifacts, then GetSignedArtifactURL and the blob), and extracted into a fresh folder.
 */
async function artifactFiles(): Promise<Map<string, string>> {
  const client = new DefaultArtifactClient();
  const { artifact } = await client.getArtifact('contract-audit-upload');
  expect(artifact).toMatchObject({
    id: results().artifacts[0]?.id,
    size: results().artifacts[0]?.size,
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'artifact-'));
  const { digestMismatch } = await client.downloadArtifact(artifact.id, {
    path: path.join(folder, 'zip'),
    skipDecompress: true,
    expectedHash: results().artifacts[0]?.digest,
  });
  expect(digestMismatch).toBe(false);
  const [zip] = await readdir(path.join(folder, 'zip'));
  const files = await extractZip(
    path.join(folder, 'zip', zip!),
    path.join(folder, 'out'),
    { maxFiles: 100, maxFileBytes: () => 1 << 20, maxTotalBytes: 1 << 24 },
    'The artifact',
    ACTION_VOCABULARY,
  );
  return new Map(
    await Promise.all(
      files.map(async (file) => [file.name, await readFile(file.absolutePath, 'utf8')] as const),
    ),
  );
}

describe('fork-pull-requests: collect', () => {
  it('uploads the files it would send, under their upload names, with a manifest; verdict skipped, nothing sent', async () => {
    const service = await setUp({ 'api-key': '', 'fork-pull-requests': 'collect' });
    await run();
    expect(service.requests).toEqual([]);
    expect(github.requests).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(recorded.failed).toEqual([]);
    // An earlier attempt's artifact of the name is looked for first: there is none.
    expect(results().calls).toEqual(['ListArtifacts', 'CreateArtifact', 'FinalizeArtifact']);
    expect(results().artifacts[0]?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(results().artifacts).toEqual([
      expect.objectContaining({ name: 'contract-audit-upload', runId: 42, finalized: true }),
    ]);
    const files = await artifactFiles();
    // The demo's sources, and the library file they import under the name its remapping gives.
    expect([...files.keys()].sort()).toEqual([
      '1/solmate/utils/SafeTransferLib.sol',
      '1/src/LegacyToken.sol',
      '1/src/Lottery.sol',
      '1/src/Vault.sol',
      '1/src/Wallet.sol',
      'contract-audit-manifest.json',
    ]);
    const demo = path.join(process.env['GITHUB_WORKSPACE']!, 'src/Vault.sol');
    expect(files.get('1/src/Vault.sol')).toBe(await readFile(demo, 'utf8'));
    const manifest = JSON.parse(files.get('contract-audit-manifest.json')!) as {
      format: string;
      projects: Array<{ path: string; folder: string; files: object[] }>;
    };
    expect(manifest).toMatchObject({
      format: 'contract-audit-upload/1',
      projects: [{ path: '.', folder: '1' }],
    });
    expect(manifest.projects[0]?.files).toHaveLength(5);
    expect(manifest.projects[0]?.files).toContainEqual({
      name: 'solmate/utils/SafeTransferLib.sol',
      repositoryPath: 'lib/solmate/src/utils/SafeTransferLib.sol',
      dependency: true,
    });
    expect(manifest.projects[0]?.files).toContainEqual({
      name: 'src/Vault.sol',
      repositoryPath: 'src/Vault.sol',
      dependency: false,
    });
    const notice = recorded.annotations.find((each) => each.level === 'notice')?.message;
    expect(notice).toMatch(/^No API key: this pull request comes from a fork/);
    expect(notice).toContain('collected as the artifact `contract-audit-upload` (id ');
    expect(notice).toContain('The `workflow_run` workflow of the default branch');
  });

  it("replaces the artifact of the run's earlier attempt: a re-run is the same run, and a name is taken once per run", async () => {
    const earlier = await results().seedArtifact(42, 'contract-audit-upload', Buffer.from('old'));
    await setUp({ 'api-key': '', 'fork-pull-requests': 'collect' });
    await run();
    expect(recorded.failed).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(results().artifacts).toEqual([
      expect.objectContaining({ name: 'contract-audit-upload', runId: 42, finalized: true }),
    ]);
    expect(results().artifacts[0]?.id).not.toBe(earlier.id);
    expect((await artifactFiles()).has('contract-audit-manifest.json')).toBe(true);
  });

  it('stops waiting for an upload that never ends at timeout-minutes: verdict timeout naming it', async () => {
    await setUp({ 'api-key': '', 'fork-pull-requests': 'collect', 'timeout-minutes': '0.03' });
    results().fault = { kind: 'hang' };
    const started = Date.now();
    await run();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(recorded.outputs['verdict']).toBe('timeout');
    expect(recorded.failed[0]).toContain(
      'The time limit (`timeout-minutes`) ran out while the files to audit were uploaded as the artifact `contract-audit-upload`',
    );
  }, 30_000);

  it('is a timeout because the wait for the upload ran out, though the clock reads short of the time limit as it does', async () => {
    await setUp({ 'api-key': '', 'fork-pull-requests': 'collect', 'timeout-minutes': '0.03' });
    results().fault = { kind: 'hang' };
    slowClock();
    await run();
    expect(recorded.outputs['verdict']).toBe('timeout');
    expect(recorded.failed[0]).toContain(
      'The time limit (`timeout-minutes`) ran out while the files to audit were uploaded as the artifact `contract-audit-upload`',
    );
  }, 30_000);

  it('skips as before with the default, `skip`: no artifact', async () => {
    await setUp({ 'api-key': '' });
    await run();
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(results().calls).toEqual([]);
  });

  it('is an error naming the cause when the artifact cannot be uploaded, never a quiet skip', async () => {
    const service = await setUp({ 'api-key': '', 'fork-pull-requests': 'collect' });
    results().fault = { kind: 'status', status: 403 };
    await run();
    expect(service.requests).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'could not be uploaded as the artifact `contract-audit-upload`',
    );
  });
});
