/**
 * The head commit's uploads, where test/action/main-head-commit.test.ts does not reach: a
 * deadline that passes while the commit's folder is written.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headCommitUploads } from '../../../src/action/artifact/head-commit.ts';
import { ACTION_VOCABULARY } from '../../../src/action/vocabulary.ts';
import { readSettings } from '../../../src/engine/settings.ts';
import { DeadlineError } from '../../../src/errors.ts';
import { commitFiles } from '../../support/git-commit.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { recordingLogger } from '../../support/logger.ts';

const setUp = useGitHubApi();

describe('headCommitUploads', () => {
  it("says the deadline met while the head commit's files are written in the Action's words", async () => {
    const head = await commitFiles({ 'src/A.sol': 'pragma solidity 0.8.20;\ncontract A {}\n' });
    // GitHub still answers: the run's deadline has passed once the tree is read.
    const { api, client } = await setUp({ owner: 'acme', repo: 'vaults' });
    api.serveCommits([head]);
    const values: Record<string, string> = { 'base-url': 'http://127.0.0.1:9' };
    const env = {
      GITHUB_WORKSPACE: await mkdtemp(path.join(tmpdir(), 'head-commit-')),
      RUNNER_TEMP: await mkdtemp(path.join(tmpdir(), 'head-commit-temp-')),
    };
    const settings = await readSettings(
      { get: (name) => values[name] ?? '', vocabulary: ACTION_VOCABULARY },
      env,
      { warning: () => undefined },
    );
    const uploads = headCommitUploads(
      settings,
      { uploads: [], summaries: [] },
      {
        client,
        commit: head.sha,
        deadline: { at: 0, now: () => 1 },
        log: recordingLogger().log,
        refused: [],
      },
    );
    await expect(uploads).rejects.toThrow(
      new DeadlineError(
        "The time limit (`timeout-minutes`) ran out during discovery, while writing the head commit's files: nothing was uploaded. " +
          'Raise `timeout-minutes`, or narrow the search (`working-directory`, `contracts`, `exclude`, or the project config).',
      ),
    );
  });
});
