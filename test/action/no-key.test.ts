import { describe, expect, it } from 'vitest';
import { noApiKeyResult } from '../../src/action/no-key.ts';

describe('noApiKeyResult', () => {
  const none = { auditId: undefined, resumed: false, fileCount: undefined };

  it('skips a fork or Dependabot pull request, saying why nothing was sent', () => {
    expect(noApiKeyResult('fork', none)).toMatchObject({
      verdict: 'skipped',
      reason: expect.stringMatching(
        /^No API key: this pull request comes from a fork, and GitHub does not give repository secrets/,
      ),
    });
    expect(noApiKeyResult('dependabot', none).reason).toMatch(
      /^No API key: this run was triggered by Dependabot,/,
    );
  });

  it('is a configuration error anywhere else, saying how to pass the key', () => {
    const outcome = noApiKeyResult(undefined, none);
    expect(outcome.verdict).toBe('error');
    expect(outcome.reason).toContain('api-key: ${{ secrets.AUDIT_API_KEY }}');
  });
});
