/**
 * run() in process on `workflow_run`: the triggering run's artifact `contract-audit-upload` is
 * listed and downloaded through the GitHub stand-in's REST API (the zip answering 302 to an
 * Azurite blob, as GitHub does) by `@actions/artifact`, and the head commit the stand-in serves
 * from a real git repository is audited with no checkout. The reports go where GitHub's facts
 * say; every hostile artifact is refused with a message naming why.
 */
import * as actionsGitHub from '@actions/github';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { slowClock } from '../support/clock.ts';
import { recorded } from '../support/core.ts';
import { useInProcessRun, withEvent } from '../support/in-process-run.ts';
import { useResultsService } from '../support/runner-services.ts';
import { workflowRunEvent } from '../support/scenarios.ts';
import { CONTRACT } from '../support/workspace.ts';
import { buildZip, type ZipEntrySpec } from '../support/zip.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const TRIGGERING_RUN = 77;

const { github, HEAD_SHA } = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { workflowRunEvent } = await import('../support/scenarios.ts');
  const { commitFiles } = await import('../support/git-commit.ts');
  const { CONTRACT: vault } = await import('../support/workspace.ts');
  // The pull request's head, as the artifact below holds it.
  const head = await commitFiles({
    'src/Vault.sol': vault,
    'src/Wallet.sol': vault.replace('Vault', 'Wallet'),
  });
  const api = await prepareRunContext(
    'workflow_run',
    workflowRunEvent({ id: 77, headSha: head.sha }),
  );
  api.serveCommits([head]);
  return { github: api, HEAD_SHA: head.sha };
});
const setUp = useInProcessRun(github);
const results = useResultsService(42);

let runnerTemp: string;
beforeEach(async () => {
  // No checkout on workflow_run: an empty workspace.
  vi.stubEnv('GITHUB_WORKSPACE', await mkdtemp(path.join(tmpdir(), 'empty-workspace-')));
  runnerTemp = await mkdtemp(path.join(tmpdir(), 'runner-'));
  vi.stubEnv('RUNNER_TEMP', path.join(runnerTemp, 'temp'));
  github.serveArtifacts(() =>
    results()
      .artifacts.filter((artifact) => artifact.finalized)
      .map((artifact) => ({ ...artifact, url: () => results().artifactUrl(artifact) })),
  );
  vi.spyOn(process.stdout, 'write').mockReturnValue(true);
});
afterEach(async () => {
  vi.restoreAllMocks();
});

const MANIFEST = {
  format: 'contract-audit-upload/1',
  projects: [
    {
      path: '.',
      folder: '1',
      files: [
        { name: 'src/Vault.sol', repositoryPath: 'src/Vault.sol', dependency: false },
        { name: 'src/Wallet.sol', repositoryPath: 'src/Wallet.sol', dependency: false },
      ],
    },
  ],
};

const BUNDLE: ZipEntrySpec[] = [
  { name: '1/src/Vault.sol', data: CONTRACT },
  { name: '1/src/Wallet.sol', data: CONTRACT.replace('Vault', 'Wallet') },
  { name: 'contract-audit-manifest.json', data: JSON.stringify(MANIFEST) },
];

let nextPull = 100;
/** The fork's open pull request from stranger:feature (the event's head), at `headSha`. */
function forkPullRequest(headSha = HEAD_SHA): number {
  const number = (nextPull += 1);
  github.seedPulls([{ number, state: 'open', headSha, headRef: 'feature', headOwner: 'stranger' }]);
  return number;
}

describe('run() on workflow_run', () => {
  it('audits the artifact with no checkout, and reports on the head commit and the fork pull request GitHub lists by head', async () => {
    const pull = forkPullRequest();
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    const service = await setUp();
    await run();
    expect(service.uploads).toHaveLength(1);
    expect(service.uploads[0]?.files.map((file) => file.filename)).toEqual([
      'src/Vault.sol',
      'src/Wallet.sol',
    ]);
    expect(service.uploads[0]?.projectName).toBe('vaults');
    expect(recorded.outputs['verdict']).toBe('fail');
    const check = github.checkRuns.at(-1);
    expect(check?.head_sha).toBe(HEAD_SHA);
    expect(check?.conclusion).toBe('failure');
    expect(github.comments(pull)).toHaveLength(1);
    expect(github.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining([
        `GET /repos/acme/vaults/pulls?state=open&head=stranger%3Afeature&per_page=100`,
        `GET /repos/acme/vaults/actions/runs/${TRIGGERING_RUN}/artifacts?name=contract-audit-upload&per_page=100`,
        expect.stringMatching(/^GET \/repos\/acme\/vaults\/actions\/artifacts\/\d+\/zip$/),
      ]),
    );
    // Nothing is written outside the fresh folders under RUNNER_TEMP.
    expect(await readdir(runnerTemp)).toEqual(['temp']);
  });
});

describe('run() on workflow_run, reporting from GitHub facts only', () => {
  it('writes no comment when no open pull request of the head is at the run commit; the check run still completes', async () => {
    const moved = forkPullRequest('a'.repeat(40));
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    await setUp();
    const checkRuns = github.checkRuns.length;
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(github.comments(moved)).toEqual([]);
    expect(github.checkRuns.slice(checkRuns)).toEqual([
      expect.objectContaining({ head_sha: HEAD_SHA, status: 'completed', conclusion: 'failure' }),
    ]);
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: `No open pull request of stranger:feature is at commit ${HEAD_SHA.slice(0, 12)} (it moved on since that run), so there is no pull-request comment; the check run is on commit ${HEAD_SHA.slice(0, 12)}.`,
      }),
    );
  });

  it.each([
    [
      'no open pull request has the head',
      undefined,
      'No open pull request has the head stranger:lonely',
    ],
    [
      'the open pull requests cannot be listed',
      403,
      'The pull requests of stranger:lonely could not be listed (',
    ],
  ])(
    'writes no comment when %s, saying why; the check run still completes',
    async (_name, status, why) => {
      await withEvent(
        workflowRunEvent({ id: TRIGGERING_RUN, headSha: HEAD_SHA, headBranch: 'lonely' }),
      );
      if (status !== undefined)
        github.failNext({
          method: 'GET',
          path: /\/pulls(\?|$)/,
          status,
          message: 'Forbidden',
        });
      await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
      await setUp();
      const checkRuns = github.checkRuns.length;
      await run();
      expect(recorded.outputs['verdict']).toBe('fail');
      expect(github.checkRuns.slice(checkRuns)).toEqual([
        expect.objectContaining({ head_sha: HEAD_SHA, status: 'completed' }),
      ]);
      expect(recorded.annotations).toContainEqual(
        expect.objectContaining({ level: 'notice', message: expect.stringContaining(why) }),
      );
    },
  );

  it('takes no pull request from the artifact: a manifest naming one is ignored', async () => {
    const pull = forkPullRequest();
    const manifest = { ...MANIFEST, pullRequest: 1, headSha: 'b'.repeat(40) };
    await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      buildZip([
        ...BUNDLE.slice(0, 2),
        { name: 'contract-audit-manifest.json', data: JSON.stringify(manifest) },
      ]),
    );
    await setUp();
    await run();
    expect(github.comments(1)).toEqual([]);
    expect(github.comments(pull)).toHaveLength(1);
    expect(github.checkRuns.at(-1)?.head_sha).toBe(HEAD_SHA);
  });
});

describe('run() on workflow_run, telling the pull request apart', () => {
  it("takes no pull request GitHub lists with the run from another repository: its number is another repository's", async () => {
    const pull = forkPullRequest();
    // A fork's own pull request from the same branch, #1 in the fork: #1 here is someone else's.
    await withEvent(
      workflowRunEvent({
        id: TRIGGERING_RUN,
        headSha: HEAD_SHA,
        pullRequests: [{ number: 1, headSha: HEAD_SHA, baseRepositoryId: 999 }],
      }),
    );
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    await setUp();
    await run();
    expect(github.comments(1)).toEqual([]);
    expect(github.comments(pull)).toHaveLength(1);
  });

  it('writes no comment when two open pull requests of the head are at the run commit: which one ran cannot be told', async () => {
    const [first, second] = [(nextPull += 1), (nextPull += 1)];
    github.seedPulls(
      [first, second].map((number) => ({
        number,
        state: 'open',
        headSha: HEAD_SHA,
        headRef: 'feature',
        headOwner: 'stranger',
      })),
    );
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(github.comments(first)).toEqual([]);
    expect(github.comments(second)).toEqual([]);
    expect(github.checkRuns.at(-1)).toMatchObject({ head_sha: HEAD_SHA, status: 'completed' });
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: `2 open pull requests of stranger:feature (#${first}, #${second}) are at commit ${HEAD_SHA.slice(0, 12)}, and which one this run was for cannot be told, so there is no pull-request comment; the check run is on commit ${HEAD_SHA.slice(0, 12)}.`,
      }),
    );
  });
});

describe('run() on workflow_run without an artifact', () => {
  it('skips a run of this repository with a notice, uploads nothing and exits 0', async () => {
    // Its head is this repository's: its own run audited it with the key.
    await withEvent(workflowRunEvent({ id: TRIGGERING_RUN, headSha: HEAD_SHA, headOwner: 'acme' }));
    const service = await setUp();
    await run();
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(recorded.failed).toEqual([]);
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: expect.stringMatching(
          /^The triggering run 77 \(pull_request\) has no artifact `contract-audit-upload`, so there is nothing to audit\./,
        ),
      }),
    );
  });
});

describe('run() on workflow_run with only an expired artifact', () => {
  it("skips with a notice saying so, the run's event unknown when GitHub names none", async () => {
    const event = workflowRunEvent({ id: TRIGGERING_RUN, headSha: HEAD_SHA, headOwner: 'acme' });
    withEvent({ ...event, workflow_run: { ...event.workflow_run, event: '' } });
    forkPullRequest();
    const expired = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      buildZip(BUNDLE),
    );
    expired.expired = true;
    const service = await setUp();
    await run();
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('skipped');
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: expect.stringContaining(
          'The triggering run 77 (unknown event) has only an expired artifact `contract-audit-upload`, so there is nothing to audit. It is made by this action with `fork-pull-requests: collect` on a pull request from a fork or Dependabot.',
        ),
      }),
    );
  });
});

describe('run() on workflow_run triggered by Dependabot', () => {
  it('is an error naming `api-key` when the key is empty: GitHub gives workflow_run its secrets, so this is no skip', async () => {
    const before = actionsGitHub.context.actor;
    actionsGitHub.context.actor = 'dependabot[bot]';
    onTestFinished(() => {
      actionsGitHub.context.actor = before;
    });
    forkPullRequest();
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    await setUp({ 'api-key': '' });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain('Input `api-key` is empty.');
  });
});

describe('run() on workflow_run with several artifacts of the name', () => {
  it("audits the newest one that has not expired, an earlier attempt's expired one listed first", async () => {
    const pull = forkPullRequest();
    const expired = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      Buffer.from('gone'),
    );
    expired.expired = true;
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(service.uploads).toHaveLength(1);
    expect(github.comments(pull)).toHaveLength(1);
  });
});

describe('run() on workflow_run with artifacts of several attempts', () => {
  it.each([
    ["an earlier attempt's kept one", false],
    ['a later expired one', true],
  ])('audits the newest that has not expired, passing over %s', async (_, laterExpired) => {
    const pull = forkPullRequest();
    const bundle = buildZip(BUNDLE);
    const earlier = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      laterExpired ? bundle : Buffer.from('not a zip'),
    );
    const later = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      laterExpired ? Buffer.from('not a zip') : bundle,
    );
    expect(later.id).toBeGreaterThan(earlier.id);
    later.expired = laterExpired;
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(service.uploads).toHaveLength(1);
    expect(github.comments(pull)).toHaveLength(1);
  });
});

describe('run() on workflow_run with a hostile artifact', () => {
  const manifestWith = (files: object[]) =>
    JSON.stringify({ ...MANIFEST, projects: [{ path: '.', folder: '1', files }] });
  const file = (name: string) => ({ name, repositoryPath: name, dependency: false });

  it.each<[string, ZipEntrySpec[], string]>([
    [
      'an entry named with `..`',
      [...BUNDLE, { name: '1/../../escape.sol', data: CONTRACT }],
      'its entry "1/../../escape.sol" has a `..` segment',
    ],
    [
      'a symbolic link entry',
      [...BUNDLE, { name: '1/src/Link.sol', data: '/etc/passwd', mode: 0o120777 }],
      'its entry "1/src/Link.sol" is a symbolic link',
    ],
    [
      'an absolute entry name',
      [...BUNDLE, { name: '/tmp/evil.sol', data: CONTRACT }],
      'its entry "/tmp/evil.sol" has an absolute path',
    ],
    [
      'a zip bomb',
      [...BUNDLE, { name: '1/src/Bomb.sol', data: Buffer.alloc(8 << 20), declaredSize: 100 }],
      'its entry "1/src/Bomb.sol" inflates to more than it declares',
    ],
    [
      'a file over max-file-size-kb',
      [...BUNDLE, { name: '1/src/Big.sol', data: 'x'.repeat(3 * 1024) }],
      'its entry "1/src/Big.sol" is 3 KB, larger than 2 KB (input `max-file-size-kb`)',
    ],
    [
      'a file its manifest does not list',
      [...BUNDLE, { name: '1/src/Extra.sol', data: CONTRACT }],
      'it holds "1/src/Extra.sol", which its manifest does not list',
    ],
    [
      'a manifest listing a file it does not hold',
      [
        ...BUNDLE.slice(0, 2),
        {
          name: 'contract-audit-manifest.json',
          data: manifestWith([file('src/Vault.sol'), file('src/Wallet.sol'), file('src/Gone.sol')]),
        },
      ],
      'its manifest lists "src/Gone.sol", which it does not hold',
    ],
    [
      'a manifest naming a file with `..`',
      [
        ...BUNDLE.slice(0, 2),
        {
          name: 'contract-audit-manifest.json',
          data: manifestWith([
            file('src/Vault.sol'),
            { ...file('src/Wallet.sol'), repositoryPath: '../x.sol' },
          ]),
        },
      ],
      'project 1 of its contract-audit-manifest.json names "src/Wallet.sol", which has a `..` segment',
    ],
    [
      'a manifest that is not JSON',
      [...BUNDLE.slice(0, 2), { name: 'contract-audit-manifest.json', data: '{"format": ' }],
      'its contract-audit-manifest.json is not JSON',
    ],
    ['no manifest', BUNDLE.slice(0, 2), 'it has no contract-audit-manifest.json'],
  ])(
    'refuses %s: verdict error naming it, nothing audited, nothing outside its folder',
    async (_, entries, problem) => {
      forkPullRequest();
      await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(entries));
      const service = await setUp({ 'max-file-size-kb': '2' });
      await run();
      expect(service.requests).toEqual([]);
      expect(recorded.outputs['verdict']).toBe('error');
      const message = recorded.failed[0] ?? '';
      expect(message).toContain('The artifact `contract-audit-upload` of run 77 was refused: ');
      expect(message).toContain(problem);
      // The check run on the head commit says so.
      const check = github.checkRuns.at(-1);
      expect(check?.head_sha).toBe(HEAD_SHA);
      expect(check?.conclusion).toBe('failure');
      expect(check?.output.summary).toContain('was refused');
      expect(await readdir(runnerTemp)).toEqual(['temp']);
    },
  );

  it('refuses an artifact GitHub lists as larger than max-total-size-mb before downloading it', async () => {
    forkPullRequest();
    const artifact = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      buildZip(BUNDLE),
    );
    artifact.size = 3 * 1024 * 1024;
    await setUp({ 'max-total-size-mb': '2' });
    const before = github.requests.length;
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'was refused before it was downloaded: GitHub lists it at 3 MB, more than 2 MB (input `max-total-size-mb`)',
    );
    const paths = github.requests.slice(before).map((request) => request.path);
    expect(paths).toContainEqual(expect.stringMatching(/\/actions\/runs\/77\/artifacts\?/));
    expect(paths.some((requested) => requested.endsWith('/zip'))).toBe(false);
  });

  it('downloads an artifact GitHub lists at max-total-size-mb exactly, into the RUNNER_TEMP a runner has made', async () => {
    forkPullRequest();
    const artifact = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      buildZip(BUNDLE),
    );
    artifact.size = 1024 * 1024;
    await setUp({ 'max-total-size-mb': '1' });
    await mkdir(path.join(runnerTemp, 'temp'));
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
  });

  /** A bundle padded with an archive comment to `bytes`, listed by GitHub as 1,000 bytes. */
  async function seedZipOf(bytes: number) {
    const bare = buildZip(BUNDLE);
    const zip = buildZip(BUNDLE, { comment: Buffer.alloc(bytes - bare.length, ' ') });
    expect(zip.length).toBe(bytes);
    const artifact = await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', zip);
    artifact.size = 1_000;
  }

  it('bounds the zip it downloaded itself, whatever GitHub lists: one byte over is refused', async () => {
    forkPullRequest();
    await seedZipOf(64 * 1024 + 1);
    await setUp({ 'max-total-size-mb': '0.0625' });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toBe(
      'Verdict: error. The artifact `contract-audit-upload` of run 77 was refused: its zip is 64 KB, more than 64 KB (input `max-total-size-mb`).',
    );
  });

  it('bounds the zip it downloaded itself: one at the bound exactly is audited', async () => {
    forkPullRequest();
    await seedZipOf(64 * 1024);
    const service = await setUp({ 'max-total-size-mb': '0.0625' });
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(service.uploads).toHaveLength(1);
  });

  it('is an error, not a timeout, when the download fails before the time limit', async () => {
    forkPullRequest();
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    github.failNext({
      method: 'GET',
      path: /\/actions\/artifacts\/\d+\/zip$/,
      status: 404,
      message: 'Not Found',
    });
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'The artifact `contract-audit-upload` of run 77 could not be downloaded: ',
    );
  });

  it('refuses an artifact of more files than max-files', async () => {
    forkPullRequest();
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    const service = await setUp({ 'max-files': '1' });
    await run();
    expect(service.requests).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      'The artifact `contract-audit-upload` of run 77 was refused: it holds more than 1 file(s) (input `max-files`)',
    );
  });

  it('refuses a zip that does not match the digest GitHub lists', async () => {
    forkPullRequest();
    const artifact = await results().seedArtifact(
      TRIGGERING_RUN,
      'contract-audit-upload',
      buildZip(BUNDLE),
    );
    artifact.digest = `sha256:${'0'.repeat(64)}`;
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain('its zip does not match the digest GitHub lists for it');
  });
});

describe('run() on workflow_run without `actions: read`', () => {
  it('is an error naming the permission, never a skip', async () => {
    forkPullRequest();
    github.failNext({
      method: 'GET',
      path: /^\/repos\/acme\/vaults\/actions\/runs\/77\/artifacts$/,
      status: 403,
      message: 'Resource not accessible by integration',
    });
    const service = await setUp();
    await run();
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toMatch(
      /^Verdict: error. The artifact `contract-audit-upload` of run 77 could not be found: GitHub refused to list the triggering run's artifacts \(403: .*\)\. The token needs `actions: read`/,
    );
  });
});

describe('run() on workflow_run with a download that never ends', () => {
  it('stops waiting at timeout-minutes: verdict timeout naming the download, nothing uploaded', async () => {
    forkPullRequest();
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    github.failNext({ method: 'GET', path: /\/actions\/artifacts\/\d+\/zip$/, status: 'hang' });
    const service = await setUp({ 'timeout-minutes': '0.1' });
    const started = Date.now();
    await run();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('timeout');
    expect(recorded.failed[0]).toContain(
      'The time limit (`timeout-minutes`) ran out while the artifact `contract-audit-upload` of run 77 was downloaded: nothing was uploaded.',
    );
  });

  it('is a timeout because the wait ran out, though the clock reads short of the time limit as it does', async () => {
    forkPullRequest();
    await results().seedArtifact(TRIGGERING_RUN, 'contract-audit-upload', buildZip(BUNDLE));
    github.failNext({ method: 'GET', path: /\/actions\/artifacts\/\d+\/zip$/, status: 'hang' });
    await setUp({ 'timeout-minutes': '0.05' });
    slowClock();
    await run();
    expect(recorded.outputs['verdict']).toBe('timeout');
    expect(recorded.failed[0]).toContain(
      'The time limit (`timeout-minutes`) ran out while the artifact `contract-audit-upload` of run 77 was downloaded',
    );
  });
});
