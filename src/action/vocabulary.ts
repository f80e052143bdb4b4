/**
 * The Action's words for the engine's messages: inputs by action.yml's names, set in the step's
 * `with:`, the key a repository secret, audits resumed by re-running with `audit-id`.
 */
import { resumeInput } from '../audit/audit-ids.ts';
import type { Vocabulary } from '../vocabulary.ts';

export const ACTION_VOCABULARY: Vocabulary = {
  option: (name) => `\`${name}\``,
  optionNamed: (name) => `input \`${name}\``,
  setting: (name, value) => `\`${name}: ${value}\``,
  takes: () => true,
  keyName: '`api-key`',
  noKey:
    'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
    '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
  resume: (auditIds) => `\`${resumeInput(auditIds)}\``,
  fetchSubmodules:
    'check out with `submodules: recursive` in actions/checkout (or run ' +
    '`git submodule update --init --recursive` before this step)',
  resultsFile: 'the `results-file` of a run',
  projectList: 'the `projects` output',
  splitProjects:
    'give each project a job of its own (see "projects" and `detect-only` in the README)',
};
