/**
 * The Action's words for the engine's messages: inputs by action.yml's names, set in the step's
 * `with:`, the key a repository secret, audits resumed by re-running with `audit-id`.
 */
import type { Vocabulary } from '../vocabulary.ts';

export const ACTION_VOCABULARY: Vocabulary = {
  option: (name) => `\`${name}\``,
  optionNamed: (name) => `input \`${name}\``,
  setting: (name, value) => `\`${name}: ${value}\``,
  takes: () => true,
  keyName: '`api-key`',
  keyHolder: 'the secret',
  tool: 'this action',
  beforeAudit: 'before this step',
  failing: 'fail the job',
  idsOf: (run) => `the \`audit-id\` output of ${run}`,
  noKey:
    'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
    '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
  resume: (auditIds) => `\`${resumeInput(auditIds)}\``,
  pendingCompletion:
    'The check run stays in progress on the head commit until a run with `finish-pending: true` collects the audit and completes it.',
  fetchSubmodules:
    'check out with `submodules: recursive` in actions/checkout (or run ' +
    '`git submodule update --init --recursive` before this step)',
  resultsFile: 'the `results-file` of a run',
  projectList: 'the `projects` output',
  splitProjects:
    'give each project a job of its own, a matrix over the `projects` output (see `detect-only`)',
};

/**
 * A finishing run's words: its audits come from the check runs' records, so it has no `audit-id`
 * to check.
 */
export const FINISHING_VOCABULARY: Vocabulary = {
  ...ACTION_VOCABULARY,
  takes: (name) => name !== 'audit-id',
};

/** The YAML for resuming: a JSON object must be quoted, or YAML reads it as a mapping. */
export function resumeInput(value: string): string {
  return value.startsWith('{')
    ? `audit-id: '${value.replaceAll("'", "''")}'`
    : `audit-id: ${value}`;
}
