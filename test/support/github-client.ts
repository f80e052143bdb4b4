/**
 * Per-test setup for the GitHub code: a stand-in API and a client pointed at it, never waiting
 * in real time. Call at the top of a test file; the stand-in is closed after each test.
 */
import { afterEach } from 'vitest';
import {
  createGitHubClient,
  type GitHubClient,
  type GitHubClientOptions,
} from '../../src/action/github/client.ts';
import { startGitHubApi, type GitHubApiOptions, type GitHubApiStandIn } from './github-api.ts';

export type GitHubSetUp = (
  options?: GitHubApiOptions,
  clientOptions?: GitHubClientOptions,
) => Promise<{ api: GitHubApiStandIn; client: GitHubClient }>;

export function useGitHubApi(): GitHubSetUp {
  let api: GitHubApiStandIn | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  return async (options = {}, clientOptions = {}) => {
    api = await startGitHubApi(options);
    const client = createGitHubClient(api.target, { sleep: async () => {}, ...clientOptions });
    return { api, client };
  };
}
