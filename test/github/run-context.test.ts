import { describe, expect, it } from 'vitest';
import { classifyPullRequest } from '../../src/github/run-context.ts';

const pullRequest = (head: string | null) => ({
  pull_request: { number: 1, head: { repo: head === null ? null : { full_name: head } } },
  repository: { full_name: 'acme/vaults', name: 'vaults', owner: { login: 'acme' } },
});

describe('classifyPullRequest', () => {
  it('recognises a pull request from a fork, even a deleted one', () => {
    expect(classifyPullRequest('pull_request', pullRequest('stranger/vaults'), 'stranger')).toBe(
      'fork',
    );
    expect(classifyPullRequest('pull_request', pullRequest(null), 'stranger')).toBe('fork');
  });

  it('recognises Dependabot, on pull requests and on the pushes of its branches', () => {
    expect(classifyPullRequest('pull_request', pullRequest('acme/vaults'), 'dependabot[bot]')).toBe(
      'dependabot',
    );
    expect(classifyPullRequest('push', {}, 'dependabot[bot]')).toBe('dependabot');
  });

  it('trusts a branch of the same repository, pull_request_target and other events', () => {
    expect(
      classifyPullRequest('pull_request', pullRequest('acme/vaults'), 'octocat'),
    ).toBeUndefined();
    expect(
      classifyPullRequest('pull_request_target', pullRequest('stranger/vaults'), 'stranger'),
    ).toBeUndefined();
    expect(classifyPullRequest('push', {}, 'octocat')).toBeUndefined();
  });
});
