import { describe, expect, it } from 'vitest';
import { PermissionError } from '../../../src/action/github/errors.ts';
import { fetchChangedFiles } from '../../../src/action/github/pr-files.ts';
import type { StoredFile } from '../../support/github-api.ts';
import { useGitHubApi } from '../../support/github-client.ts';

const setUp = useGitHubApi();

function files(count: number): StoredFile[] {
  return Array.from({ length: count }, (_, i) => ({
    filename: `contracts/F${i}.sol`,
    status: 'modified',
    additions: 1,
    deletions: 0,
    patch: `@@ -1,0 +1,1 @@\n+// ${i}`,
  }));
}

describe('fetchChangedFiles', () => {
  it('reads every page and maps what scope needs', async () => {
    const { api, client } = await setUp();
    api.seedPullRequestFiles(3, [
      ...files(248),
      {
        filename: 'contracts/New.sol',
        status: 'renamed',
        additions: 0,
        deletions: 0,
        previous_filename: 'contracts/Old.sol',
      },
      { filename: 'contracts/Big.sol', status: 'modified', additions: 9000, deletions: 0 },
    ]);
    const result = await fetchChangedFiles(client, 3, 250);
    expect(result.truncated).toBe(false);
    expect(result.files).toHaveLength(250);
    expect(result.files[0]).toEqual({
      path: 'contracts/F0.sol',
      status: 'modified',
      patch: '@@ -1,0 +1,1 @@\n+// 0',
      additions: 1,
    });
    expect(result.files.slice(-2)).toEqual([
      {
        path: 'contracts/New.sol',
        status: 'renamed',
        patch: undefined,
        additions: 0,
        previousPath: 'contracts/Old.sol',
      },
      { path: 'contracts/Big.sol', status: 'modified', patch: undefined, additions: 9000 },
    ]);
    expect(api.requests.map((r) => r.path.replace(/^.*\/pulls/, ''))).toEqual([
      '/3/files?per_page=100',
      '/3/files?per_page=100&page=2',
      '/3/files?per_page=100&page=3',
    ]);
  });

  it('stops at the 3,000 files GitHub lists and says the list is cut', async () => {
    const { api, client } = await setUp();
    api.seedPullRequestFiles(4, files(3_500));
    const result = await fetchChangedFiles(client, 4);
    expect(result.files).toHaveLength(3_000);
    expect(result.truncated).toBe(true);
    expect(api.requests).toHaveLength(30);
  });

  it('trusts a list of exactly 3,000 files when the event says that is all', async () => {
    const { api, client } = await setUp();
    api.seedPullRequestFiles(4, files(3_000));
    expect((await fetchChangedFiles(client, 4, 3_000)).truncated).toBe(false);
    expect((await fetchChangedFiles(client, 4)).truncated).toBe(true);
  });

  it('fetches nothing when the event already counts more than 3,000 files', async () => {
    const { api, client } = await setUp();
    api.seedPullRequestFiles(4, files(10));
    expect(await fetchChangedFiles(client, 4, 3_001)).toEqual({ files: [], truncated: true });
    expect(api.requests).toHaveLength(0);
  });

  it('throws PermissionError when the token may not read the pull request', async () => {
    const { client } = await setUp({ forbid: ['pull-files'] });
    const error = await fetchChangedFiles(client, 4).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ permission: 'pull-requests: read', status: 403 });
  });
});
