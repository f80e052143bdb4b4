/** What a run of the Action without a key ends in: GitHub gives some runs no secrets. */
import { errorResult, skippedResult, type AuditFacts, type AuditResult } from '../audit/result.ts';
import { ConfigurationError } from '../errors.ts';
import { ACTION_VOCABULARY } from './vocabulary.ts';

/**
 * A run without a key: skipped on a fork's or Dependabot's pull request (GitHub gives such runs
 * no secrets), a configuration error anywhere else.
 */
export function noApiKeyResult(
  untrustedPullRequest: 'fork' | 'dependabot' | undefined,
  facts: AuditFacts,
): AuditResult {
  if (!untrustedPullRequest) {
    return errorResult(new ConfigurationError(ACTION_VOCABULARY.noKey), facts, {
      vocabulary: ACTION_VOCABULARY,
    });
  }
  const origin =
    untrustedPullRequest === 'fork'
      ? 'this pull request comes from a fork'
      : 'this run was triggered by Dependabot';
  return skippedResult(
    `No API key: ${origin}, and GitHub does not give repository secrets to such runs. ` +
      'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.',
    facts,
  );
}
