/**
 * The Action's inputs, read with `@actions/core`: the engine's settings and what only the Action
 * has (the GitHub token and channels). Secrets are masked before anything else is read, since an
 * error message could echo an input.
 *
 * The runner expands `${{ }}` expressions, in defaults too; one still there was set by a tool that
 * does not (local-action passes action.yml's `${{ github.token }}` as it is), and is taken as not
 * given, with one notice: sent on, it would be a credential that is a template.
 */
import * as core from '@actions/core';
import { CONTROL, MAX_PROJECT_FIELD_LENGTH } from '../engine/pending-record.ts';
import { inputReader, readSettings, type Settings } from '../engine/settings.ts';
import { ConfigurationError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Redactor } from '../redaction.ts';
import { sentenceStart } from '../vocabulary.ts';
import { ACTION_VOCABULARY } from './vocabulary.ts';

export interface ActionSettings extends Settings {
  githubToken: string;
  checkRun: { enabled: boolean; name: string };
  pullRequestComment: boolean;
  /** On a fork's or Dependabot's pull request (no key): skip, or collect the upload as an artifact. */
  forkPullRequests: ForkPullRequests;
  /** False: each audit is polled once, and one still running leaves the run pending. */
  wait: boolean;
  /** Finish the runs left pending instead of auditing: nothing is uploaded. */
  finishPending: boolean;
}

export const FORK_PULL_REQUESTS = ['skip', 'collect'] as const;
export type ForkPullRequests = (typeof FORK_PULL_REQUESTS)[number];

const UNEXPANDED = /\$\{\{[\s\S]*\}\}/;

/**
 * `redactor` learns each secret as soon as it is read, with the runner's mask: an error about a
 * later input may quote what a workflow passed it, a secret by mistake.
 */
export function getInputs(
  log: Logger,
  redactor: Redactor,
  env: NodeJS.ProcessEnv = process.env,
): ActionSettings {
  const unexpanded = new Set<string>();
  const input = (name: string): string => {
    const value = core.getInput(name);
    if (!UNEXPANDED.test(value)) return value;
    unexpanded.add(name);
    return '';
  };
  for (const secret of ['api-key', 'github-token']) {
    const value = input(secret);
    if (value) core.setSecret(value);
    redactor.add(value);
  }
  const source = { get: input, vocabulary: ACTION_VOCABULARY };
  const read = inputReader(source);
  const action: ActionSettings = {
    ...readSettings(source, env, log),
    githubToken: read.text('github-token'),
    checkRun: {
      enabled: read.boolean('check-run', true),
      name: read.text('check-name') || 'Smart contract audit',
    },
    pullRequestComment: read.boolean('pr-comment', true),
    forkPullRequests: read.choice('fork-pull-requests', FORK_PULL_REQUESTS, 'skip'),
    wait: read.boolean('wait', true),
    finishPending: read.boolean('finish-pending', false),
  };
  if (!action.wait && !action.finishPending) checkPendingProjectName(action.projectName);
  if (unexpanded.size > 0) {
    const names = [...unexpanded];
    log.notice(
      `${names.map((name) => `\`${name}\``).join(', ')} held an unexpanded \`\${{ … }}\` expression, so ${names.length === 1 ? 'it was' : 'they were'} taken as not given. ` +
        'The runner expands expressions; a tool that runs the action locally (such as @github/local-action) does not: set the value itself in its .env.',
    );
  }
  return action;
}

/**
 * A run with `wait: false` keeps `project-name` in its pending record, whose reader refuses what
 * this refuses: found out after uploading, the run could only fail with its audit started. A
 * waiting run keeps no record, and takes any name.
 */
function checkPendingProjectName(projectName: string): void {
  const input = sentenceStart(ACTION_VOCABULARY.optionNamed('project-name'));
  const kept =
    'with `wait: false` it is kept in the pending record on the check run, which a finishing run would not read';
  const invisible = CONTROL.exec(projectName)?.[0];
  let problem: string | undefined;
  if (projectName.length > MAX_PROJECT_FIELD_LENGTH) {
    problem =
      `${input} is ${projectName.length} characters long: ${kept} with a name over ${MAX_PROJECT_FIELD_LENGTH} characters. ` +
      `Shorten \`project-name\` to at most ${MAX_PROJECT_FIELD_LENGTH} characters`;
  } else if (invisible !== undefined) {
    problem =
      `${input} holds the invisible character ${codePoint(invisible)}: ${kept} with a zero-width, format or control character in it. ` +
      'Remove it from `project-name`';
  }
  if (problem === undefined) return;
  throw new ConfigurationError(`${problem}, or run with \`wait: true\`. Nothing was uploaded.`);
}

/** "U+200D". */
function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
