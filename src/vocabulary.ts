/**
 * The words that differ between the doors: how an option is named and set, where the key comes
 * from, how to resume an audit, how to fetch submodules, where the projects are listed. Each door
 * supplies one (src/action/vocabulary.ts, src/cli/vocabulary.ts) with the settings; the engine
 * words its advice with it and names no input, flag or workflow itself.
 */

/** The options both doors take, by action.yml's names (the command's flags are the same). */
export const OPTION_NAMES = [
  'base-url',
  'project-name',
  'working-directory',
  'contracts',
  'exclude',
  'default-excludes',
  'dependencies',
  'fail-on',
  'timeout-minutes',
  'poll-interval-seconds',
  'audit-id',
  'max-files',
  'max-file-size-kb',
  'max-total-size-mb',
  'baseline',
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

/** The Action's other inputs: the command has no option for them and gives them no value. */
export const ACTION_OPTION_NAMES = [
  'api-key',
  'wait',
  'finish-pending',
  'detect-only',
  'if-no-files-found',
  'reuse',
  'reuse-max-age-days',
  'scope',
  'sarif-file',
  'check-run',
  'check-name',
  'pr-comment',
  'fork-pull-requests',
  'github-token',
] as const;
export type ActionOptionName = (typeof ACTION_OPTION_NAMES)[number];

/** Every setting by its action.yml name. */
export type SettingName = OptionName | ActionOptionName;

export interface Vocabulary {
  /** An option by its name: `max-files` (the Action), --max-files (the command). */
  option(name: SettingName): string;
  /** An option said to be one, as a sentence names it: input `max-files`, --max-files. */
  optionNamed(name: SettingName): string;
  /** An option given a value: `dependencies: exclude`, --dependencies exclude. */
  setting(name: SettingName, value: string): string;
  /** Whether the door takes the option: advice to set one it lacks is left unsaid. */
  takes(name: SettingName): boolean;
  /** Where the key comes from: `api-key`, or the command's variable. */
  keyName: string;
  /** What holds the key, to check when it is wrong: the secret, the command's variable. */
  keyHolder: string;
  /** The tool, as a sentence names it: this action, contract-audit. */
  tool: string;
  /** When the files must be in place: before this step, before running the command. */
  beforeAudit: string;
  /** What findings at the gate do: fail the job, make the command exit 1. */
  failing: string;
  /** Where a run gives its audit ids, for `run` (e.g. "the run that started them"). */
  idsOf(run: string): string;
  /** What to tell a run given no key: what is missing and how to give it. */
  noKey: string;
  /** How to collect audits already started from their ids (one, or a JSON object of them). */
  resume(auditIds: string): string;
  /** What becomes of a run's report when its audits were not waited for: a sentence. */
  pendingCompletion: string;
  /** How to fetch a checkout's git submodules: a clause that follows "If so, " or starts a sentence. */
  fetchSubmodules: string;
  /** The results file of a run, a baseline's source: the `results-file` output, --json's file. */
  resultsFile: string;
  /** Where the door lists the projects it found: the `projects` output, the dry run's plan. */
  projectList: string;
  /** How to audit a checkout's projects a few at a time: a clause that follows "or ". */
  splitProjects: string;
}

/** `text` with its first letter upper-case, to start a sentence with a door's word. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
