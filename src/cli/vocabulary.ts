/**
 * The command's words for the engine's messages: options as flags, the key from its variable,
 * audits resumed by running again with `--audit-id`.
 */
import { OPTION_NAMES, type Vocabulary } from '../vocabulary.ts';
import { shellQuote } from './resume-command.ts';

/** The key's variable: the command takes no key option, which would land in the shell history. */
export const API_KEY_VARIABLE = 'CONTRACT_AUDIT_API_KEY';

export const CLI_VOCABULARY: Vocabulary = {
  option: (name) => `--${name}`,
  optionNamed: (name) => `--${name}`,
  setting: (name, value) => `--${name} ${shellQuote(value)}`,
  takes: (name) => (OPTION_NAMES as readonly string[]).includes(name),
  keyName: `\`${API_KEY_VARIABLE}\``,
  keyHolder: API_KEY_VARIABLE,
  tool: 'contract-audit',
  beforeAudit: 'before running contract-audit',
  failing: 'make the command exit 1',
  idsOf: (run) => `the --audit-id value printed by ${run}`,
  noKey:
    `${API_KEY_VARIABLE} is not set: export the service key in it (the command takes no key option, ` +
    'which would land in the shell history). To see what would be sent without a key, use --dry-run.',
  resume: (auditIds) => `--audit-id ${shellQuote(auditIds)}`,
  pendingCompletion: 'The command waits for its audits, so nothing else collects them.',
  fetchSubmodules: 'run `git submodule update --init --recursive`',
  resultsFile: "the file a run's --json writes",
  projectList: 'the projects --dry-run lists',
  splitProjects: 'run the command on each project folder in turn (--dry-run lists them)',
};
