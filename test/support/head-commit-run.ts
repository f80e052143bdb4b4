/**
 * run() in process on `workflow_run` against a fork's head commit: the GitHub stand-in serves the
 * commit from a real git repository (trees, truncated past a threshold; blobs, raw), and the
 * fork's artifact comes through the results service and Azurite. The test file keeps its own
 * mocks of `@actions/core` and of publish (which records each outcome in `published`).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, vi } from 'vitest';
import type { Report } from '../../src/report/model.ts';
import { commitFiles, type CommittedFile, type ServedCommit } from './git-commit.ts';
import type { GitHubApiStandIn } from './github-api.ts';
import { useInProcessRun, withEvent } from './in-process-run.ts';
import { useResultsService } from './runner-services.ts';
import { workflowRunEvent } from './scenarios.ts';
import { buildZip } from './zip.ts';

/** The triggering run's id. */
export const RUN = 88;

/** A reentrancy: ether sent before the balance is cleared. */
export const VAULT = `pragma solidity 0.8.20;
contract Vault {
    mapping(address => uint256) public balances;
    function withdraw() external {
        uint256 amount = balances[msg.sender];
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
        balances[msg.sender] = 0;
    }
}
`;
export const HARMLESS = (name: string) =>
  `pragma solidity 0.8.20;\ncontract ${name} {\n    uint256 public constant SUPPLY = 1;\n}\n`;
export const TOKEN = HARMLESS('Token');

/** The fork's head: a Foundry project with a vulnerable vault. */
export const FORK: Record<string, CommittedFile> = {
  'foundry.toml': '[profile.default]\nsrc = "src"\n',
  'src/Vault.sol': VAULT,
  'src/Token.sol': TOKEN,
  'test/Vault.t.sol': HARMLESS('VaultTest'),
};

export interface BundleFile {
  path: string;
  data: string;
  dependency?: boolean;
}

/** Hooks and helpers for a file of such runs; `published` is the file's record of outcomes. */
export function useHeadCommitRun(github: GitHubApiStandIn, published: Report[]) {
  const setUp = useInProcessRun(github);
  const results = useResultsService(42);
  let firstRequest = 0;
  beforeEach(async () => {
    vi.stubEnv('GITHUB_WORKSPACE', await mkdtemp(path.join(tmpdir(), 'empty-workspace-')));
    github.serveArtifacts(() =>
      results()
        .artifacts.filter((artifact) => artifact.finalized)
        .map((artifact) => ({ ...artifact, url: () => results().artifactUrl(artifact) })),
    );
    published.length = 0;
    firstRequest = github.requests.length;
    vi.spyOn(process.stdout, 'write').mockReturnValue(true);
  });
  const outcome = () => published.at(-1);
  return {
    setUp,
    /** The artifact workflow A would leave, holding `files` as one project's. */
    async seedArtifact(files: BundleFile[]): Promise<void> {
      const manifest = {
        format: 'contract-audit-upload/1',
        projects: [
          {
            path: '.',
            folder: '1',
            files: files.map((file) => ({
              name: file.path,
              repositoryPath: file.path,
              dependency: file.dependency ?? false,
            })),
          },
        ],
      };
      await results().seedArtifact(
        RUN,
        'contract-audit-upload',
        buildZip([
          ...files.map((file) => ({ name: `1/${file.path}`, data: file.data })),
          { name: 'contract-audit-manifest.json', data: JSON.stringify(manifest) },
        ]),
      );
    },
    /** The head commit GitHub serves for the run's `head_sha`. */
    async headCommit(
      files: Record<string, CommittedFile>,
      options: Parameters<typeof commitFiles>[1] = {},
    ): Promise<ServedCommit> {
      const head = await commitFiles(files, options);
      github.serveCommits([head]);
      await withEvent(workflowRunEvent({ id: RUN, headSha: head.sha }));
      return head;
    },
    /** This test's requests to GitHub whose path holds `route`. */
    requestsTo: (route: string) =>
      github.requests
        .slice(firstRequest)
        .filter((request) => request.path.includes(route))
        .map((request) => request.path),
    /** The first upload's files by name. */
    uploaded: (service: Awaited<ReturnType<typeof setUp>>) =>
      new Map(service.uploads[0]?.files.map((file) => [file.filename, file.content.toString()])),
    outcome,
    reentrancy: () =>
      outcome()?.findings?.filter((entry) =>
        entry.finding.title.toLowerCase().includes('reentrancy'),
      ),
  };
}
