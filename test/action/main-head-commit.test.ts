/**
 * run() in process on `workflow_run` against a fork whose artifact lies: the head commit is read
 * from the GitHub stand-in (test/support/head-commit-run.ts). Whatever the fork's workflow A
 * collected, B audits the head commit's production contracts with the commit's own bytes; the
 * artifact only supplies what git does not hold, as dependencies.
 */
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import type { Report } from '../../src/report/model.ts';
import { recorded } from '../support/core.ts';
import type { CommittedFile } from '../support/git-commit.ts';
import { FORK, HARMLESS, RUN, TOKEN, VAULT, useHeadCommitRun } from '../support/head-commit-run.ts';
import { withEvent } from '../support/in-process-run.ts';
import { workflowRunEvent } from '../support/scenarios.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));
// The outcome each run published, as the reports are made from it.
const published = vi.hoisted(() => [] as Report[]);
vi.mock('../../src/action/publish.ts', async (original) => {
  const real = await original<typeof import('../../src/action/publish.ts')>();
  return {
    ...real,
    publish: (
      outcome: Report,
      ...rest: Parameters<typeof real.publish> extends [unknown, ...infer R] ? R : never
    ) => {
      published.push(outcome);
      return real.publish(outcome, ...rest);
    },
  };
});

const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  return prepareRunContext('workflow_run', {});
});
const { setUp, seedArtifact, headCommit, requestsTo, uploaded, outcome, reentrancy } =
  useHeadCommitRun(github, published);

describe('run() on workflow_run, against an artifact that lies about the head commit', () => {
  it('audits a production file the fork left out of the artifact, with the bytes GitHub serves', async () => {
    const head = await headCommit(FORK);
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(uploaded(service)).toEqual(
      new Map([
        ['src/Token.sol', TOKEN],
        ['src/Vault.sol', VAULT],
      ]),
    );
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual(['src/Vault.sol']);
    expect(outcome()?.headCommit).toEqual({ sha: head.sha, refused: [] });
    // The config and the one file the artifact did not supply; the artifact's Token.sol is used.
    expect(requestsTo('/git/blobs/').sort()).toEqual(
      [head.blobId('foundry.toml'), head.blobId('src/Vault.sol')]
        .map((id) => `/repos/acme/vaults/git/blobs/${id}`)
        .sort(),
    );
  });

  it("refuses an artifact file whose bytes are not the head commit's, and audits the commit's", async () => {
    const head = await headCommit(FORK);
    await seedArtifact([
      { path: 'src/Token.sol', data: TOKEN },
      { path: 'src/Vault.sol', data: HARMLESS('Vault') },
      { path: 'src/Extra.sol', data: HARMLESS('Extra') },
    ]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(uploaded(service).get('src/Vault.sol')).toBe(VAULT);
    expect(uploaded(service).has('src/Extra.sol')).toBe(false);
    expect(reentrancy()).toHaveLength(1);
    expect(outcome()?.headCommit).toEqual({
      sha: head.sha,
      refused: [
        { path: 'src/Vault.sol', reason: "its bytes are not the head commit's" },
        {
          path: 'src/Extra.sol',
          reason: "not in the head commit, and not a submodule's or an installed package's file",
        },
      ],
    });
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(
          /^2 file\(s\) of the artifact were refused and not sent: [^]*"src\/Vault.sol": its bytes are not the head commit's/,
        ),
      }),
    );
  });

  it('audits a production file the manifest calls a dependency as production', async () => {
    const head = await headCommit(FORK);
    await seedArtifact([
      { path: 'src/Token.sol', data: TOKEN },
      { path: 'src/Vault.sol', data: VAULT, dependency: true },
    ]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(reentrancy()?.map((entry) => entry.status)).toEqual(['active']);
    expect(outcome()?.headCommit).toEqual({ sha: head.sha, refused: [] });
    // Its bytes are the commit's: only the config is read from GitHub.
    expect(requestsTo('/git/blobs/')).toEqual([
      `/repos/acme/vaults/git/blobs/${head.blobId('foundry.toml')}`,
    ]);
    expect(service.uploads).toHaveLength(1);
  });
});

describe('run() on workflow_run, the requests a head commit costs', () => {
  it('reads identical configs once, and a tree of identical folders once per distinct folder', async () => {
    const files: Record<string, CommittedFile> = { ...FORK };
    for (let i = 0; i < 60; i += 1) {
      files[`pkgs/p${i}/package.json`] = '{}\n';
      files[`docs/d${i}/README.md`] = 'same\n';
    }
    const head = await headCommit(files, { truncateAbove: 70 });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    // foundry.toml, one package.json for all sixty, and the Vault the artifact left out.
    expect(requestsTo('/git/blobs/')).toHaveLength(3);
    // The commit's, walked (recursive, then its top), then each distinct folder below it.
    expect(requestsTo('/git/trees/').length).toBeLessThanOrEqual(12);
    expect(head.sha).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('run() on workflow_run, with installed packages searched', () => {
  it("audits a committed file of node_modules with the commit's bytes when default-excludes is off", async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/node_modules/Vault.sol': VAULT,
    });
    await seedArtifact([
      { path: 'src/Token.sol', data: TOKEN },
      { path: 'src/node_modules/Vault.sol', data: HARMLESS('Vault') },
    ]);
    const service = await setUp({ 'default-excludes': 'false' });
    await run();
    expect(uploaded(service).get('src/node_modules/Vault.sol')).toBe(VAULT);
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(outcome()?.headCommit?.refused).toEqual([
      { path: 'src/node_modules/Vault.sol', reason: "its bytes are not the head commit's" },
    ]);
  });
});

describe('run() on workflow_run of a fork that left no artifact', () => {
  it('audits the head commit as GitHub holds it, with a warning, never a neutral skip', async () => {
    const head = await headCommit(FORK);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(uploaded(service)).toEqual(
      new Map([
        ['src/Token.sol', TOKEN],
        ['src/Vault.sol', VAULT],
      ]),
    );
    expect(reentrancy()).toHaveLength(1);
    expect(outcome()?.headCommit).toEqual({ sha: head.sha, refused: [] });
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(
          /^The triggering run 88 \(pull_request\) has no artifact `contract-audit-upload`, and its head is in stranger\/vaults: the head commit is audited as GitHub holds it,/,
        ),
      }),
    );
  });
});

describe('run() on workflow_run, reading the head commit', () => {
  it('walks a tree GitHub truncates, a folder at a time', async () => {
    const head = await headCommit(
      {
        'foundry.toml': FORK['foundry.toml']!,
        'src/Vault.sol': VAULT,
        'src/Token.sol': TOKEN,
        'src/math/Math.sol': HARMLESS('Math'),
      },
      { truncateAbove: 3 },
    );
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect([...uploaded(service).keys()].sort()).toEqual([
      'src/Token.sol',
      'src/Vault.sol',
      'src/math/Math.sol',
    ]);
    expect(requestsTo('/git/trees/')).toEqual(
      expect.arrayContaining([
        `/repos/acme/vaults/git/trees/${head.sha}?recursive=1`,
        `/repos/acme/vaults/git/trees/${head.sha}`,
      ]),
    );
  });

  it('is an error naming the file when GitHub serves bytes that are not its blob', async () => {
    const head = await headCommit(FORK);
    head.serveOtherBytes('src/Vault.sol', HARMLESS('Vault'));
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      `The file src/Vault.sol of the head commit ${head.sha} cannot be audited: the bytes GitHub served for it are not the file the commit holds`,
    );
    expect(outcome()?.headCommit).toEqual({ sha: head.sha, refused: [] });
  });

  it('is an error, not a pass, when GitHub no longer serves the head commit', async () => {
    await headCommit(FORK);
    const gone = 'dead'.repeat(10);
    await withEvent(workflowRunEvent({ id: RUN, headSha: gone }));
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      `The head commit ${gone} could not be read from GitHub (Could not read a tree of the head commit on GitHub (HTTP 404)`,
    );
    expect(recorded.failed[0]).toContain('GitHub no longer serves a commit');
    expect(outcome()?.headCommit).toEqual({ sha: gone, refused: [] });
    expect(github.checkRuns.at(-1)).toMatchObject({ head_sha: gone, conclusion: 'failure' });
  });

  it("takes a library submodule's files from the artifact, as dependencies only", async () => {
    const token = `pragma solidity 0.8.20;\nimport "../lib/vendored/Lib.sol";\ncontract Token {}\n`;
    const head = await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\nlibs = ["lib"]\n',
      '.gitmodules':
        '[submodule "vendored"]\n\tpath = lib/vendored\n\turl = https://github.com/x/vendored\n',
      'src/Token.sol': token,
      'lib/vendored': { gitlink: 'a'.repeat(40) },
    });
    // The submodule's file holds the reentrancy: as a dependency its findings do not count.
    const lib = VAULT.replace('contract Vault', 'contract Lib');
    await seedArtifact([
      { path: 'src/Token.sol', data: token },
      { path: 'lib/vendored/Lib.sol', data: lib, dependency: true },
    ]);
    const service = await setUp();
    await run();
    expect(uploaded(service).get('lib/vendored/Lib.sol')).toBe(lib);
    expect(reentrancy()?.map((entry) => entry.status)).toEqual(['dependency']);
    expect(recorded.outputs['verdict']).toBe('pass');
    expect(outcome()?.headCommit).toEqual({ sha: head.sha, refused: [] });
  });

  it('is an error, not a pass, when files to audit lie in a submodule, whose contents GitHub does not hold', async () => {
    const token = `pragma solidity 0.8.20;\nimport "./vendored/Lib.sol";\ncontract Token {}\n`;
    await headCommit({
      '.gitmodules':
        '[submodule "vendored"]\n\tpath = src/vendored\n\turl = https://github.com/x/vendored\n',
      'src/Token.sol': token,
      'src/vendored': { gitlink: 'a'.repeat(40) },
    });
    await seedArtifact([
      { path: 'src/Token.sol', data: token },
      { path: 'src/vendored/Lib.sol', data: VAULT.replace('contract Vault', 'contract Lib') },
    ]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(service.uploads).toEqual([]);
    expect(outcome()?.reason).toMatch(
      /1 file\(s\) to audit lie in a submodule of the head commit [0-9a-f]{40}, whose contents GitHub does not hold, so they cannot be judged: src\/vendored\/Lib\.sol\./,
    );
  });

  it('writes a link of the tree as a checkout does: one leading outside is never followed, and an artifact file at its path is refused', async () => {
    await headCommit({ ...FORK, 'src/Evil.sol': { link: '../../../../etc/passwd' } });
    await seedArtifact([
      { path: 'src/Token.sol', data: TOKEN },
      { path: 'src/Evil.sol', data: HARMLESS('Evil') },
    ]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect([...uploaded(service).keys()].sort()).toEqual(['src/Token.sol', 'src/Vault.sol']);
    expect(recorded.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(/^Skipped the symbolic link src\/Evil\.sol/),
      }),
    );
    expect(outcome()?.headCommit?.refused).toEqual([
      { path: 'src/Evil.sol', reason: 'the head commit holds a symbolic link there' },
    ]);
  });

  it('audits a contract the head commit holds as a link, with the bytes of the file it leads to', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/Vault.sol': { link: '../docs/Vault.txt' },
      'docs/Vault.txt': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    // Sent once, under the name of the file the link leads to.
    expect(uploaded(service).get('docs/Vault.txt')).toBe(VAULT);
    expect(reentrancy()).toHaveLength(1);
  });

  it('audits a source folder the head commit holds as a link', async () => {
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'src/core': { link: '../impl' },
      'impl/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect([...uploaded(service).values()]).toContain(VAULT);
    expect(reentrancy()).toHaveLength(1);
  });

  it('reads a config the head commit holds as a link, as a checkout does', async () => {
    // Through the link, lib/ is the source folder; without it, lib/ is left out by convention.
    await headCommit({
      'foundry.toml': { link: '.config/foundry.toml' },
      '.config/foundry.toml': '[profile.default]\nsrc = "lib"\nlibs = ["deps"]\n',
      'src/Token.sol': TOKEN,
      'lib/Vault.sol': VAULT,
    });
    await seedArtifact([{ path: 'src/Token.sol', data: TOKEN }]);
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(uploaded(service).has('src/Token.sol')).toBe(false);
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual(['lib/Vault.sol']);
  });

  it('audits a folder whose config is a link by its conventions, as a checkout does with a config it cannot use', async () => {
    // A fork cannot hide a package from B by making its config a link.
    await headCommit({
      'foundry.toml': '[profile.default]\nsrc = "src"\n',
      'src/Token.sol': TOKEN,
      'packages/vault/foundry.toml': { link: '../../foundry.toml' },
      'packages/vault/src/Vault.sol': VAULT,
    });
    const service = await setUp();
    await run();
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(service.uploads).toHaveLength(2);
    expect(reentrancy()?.map((entry) => entry.finding.file)).toEqual([
      'packages/vault/src/Vault.sol',
    ]);
  });

  it("takes an installed package's file from the artifact, as a dependency only", async () => {
    const token = 'pragma solidity 0.8.20;\nimport "@oz/Lib.sol";\ncontract Token {}\n';
    const head = await headCommit({
      'hardhat.config.js': 'module.exports = { solidity: "0.8.20" };\n',
      'contracts/Token.sol': token,
    });
    const lib = VAULT.replace('contract Vault', 'contract Lib');
    await seedArtifact([
      { path: 'contracts/Token.sol', data: token },
      { path: 'node_modules/@oz/Lib.sol', data: lib, dependency: true },
    ]);
    const service = await setUp();
    await run();
    expect(uploaded(service).get('@oz/Lib.sol')).toBe(lib);
    expect(reentrancy()?.map((entry) => entry.status)).toEqual(['dependency']);
    expect(recorded.outputs['verdict']).toBe('pass');
    expect(outcome()?.headCommit).toEqual({ sha: head.sha, refused: [] });
  });

  it('is an error naming `max-files` when the files to read from GitHub are more than it allows', async () => {
    // Two projects of one file each: each within the limit, the reads together not.
    const head = await headCommit({
      'a/foundry.toml': FORK['foundry.toml']!,
      'a/src/Vault.sol': VAULT,
      'b/foundry.toml': FORK['foundry.toml']!,
      'b/src/Token.sol': TOKEN,
    });
    await seedArtifact([{ path: 'b/src/Token.sol', data: HARMLESS('Other') }]);
    const service = await setUp({ 'max-files': '1' });
    await run();
    expect(service.uploads).toEqual([]);
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed[0]).toContain(
      `The files of the head commit ${head.sha} to audit that the artifact did not supply came to more than 1 file(s) (input \`max-files\`)`,
    );
    expect(outcome()?.headCommit?.refused).toEqual([
      { path: 'b/src/Token.sol', reason: "its bytes are not the head commit's" },
    ]);
  });
});
