/**
 * A typed stand-in for `@actions/core`, for in-process tests of `run()` and `publish()` (the
 * typescript-action template's pattern): it records what the action asked the runner to do.
 * Typed against the real module, so a function the action starts using must be added here.
 *
 *   vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));
 */
import type * as actionsCore from '@actions/core';

type UsedCore = Pick<
  typeof actionsCore,
  | 'getInput'
  | 'getBooleanInput'
  | 'getMultilineInput'
  | 'setSecret'
  | 'setOutput'
  | 'setFailed'
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'startGroup'
  | 'endGroup'
  | 'summary'
>;

export interface RecordedAnnotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  properties: actionsCore.AnnotationProperties;
}

export interface RecordedRun {
  inputs: Record<string, string>;
  outputs: Record<string, string>;
  secrets: string[];
  /** `setFailed` messages; the runner marks the step failed after the first. */
  failed: string[];
  /** info and group lines, as the log shows them. */
  log: string[];
  debug: string[];
  annotations: RecordedAnnotation[];
  summary: string;
}

function emptyRun(inputs: Record<string, string> = {}): RecordedRun {
  return {
    inputs,
    outputs: {},
    secrets: [],
    failed: [],
    log: [],
    debug: [],
    annotations: [],
    summary: '',
  };
}

/** What the code under test did since the last `resetCore`. */
export let recorded: RecordedRun = emptyRun();

/** Starts a new recording; `inputs` by their action.yml names, as the runner would pass them. */
export function resetCore(inputs: Record<string, string> = {}): RecordedRun {
  recorded = emptyRun(inputs);
  return recorded;
}

const message = (value: string | Error) => (value instanceof Error ? value.message : value);
const annotate =
  (level: RecordedAnnotation['level']) =>
  (text: string | Error, properties: actionsCore.AnnotationProperties = {}) => {
    recorded.annotations.push({ level, message: message(text), properties });
  };

/** What `core.summary` offers that the action uses: raw text, appended on write. */
const summary = {
  pending: '',
  addRaw(text: string, addEOL = false) {
    this.pending += addEOL ? `${text}\n` : text;
    return this;
  },
  async write() {
    recorded.summary += this.pending;
    this.pending = '';
    return this;
  },
};

export const coreStandIn: UsedCore = {
  // Like the runner: an input is trimmed unless asked not to be, and missing means empty.
  getInput(name, options) {
    const value = recorded.inputs[name] ?? '';
    if (options?.required && !value) throw new Error(`Input required and not supplied: ${name}`);
    return options?.trimWhitespace === false ? value : value.trim();
  },
  // Like the runner: one entry per non-empty line, each trimmed unless asked not to be.
  getMultilineInput(name, options) {
    return (recorded.inputs[name] ?? '')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (options?.trimWhitespace === false ? line : line.trim()));
  },
  getBooleanInput(name) {
    const value = coreStandIn.getInput(name);
    if (['true', 'True', 'TRUE'].includes(value)) return true;
    if (['false', 'False', 'FALSE'].includes(value)) return false;
    throw new TypeError(
      `Input does not meet YAML 1.2 "Core Schema" specification: ${name}\n` +
        'Support boolean input list: `true | True | TRUE | false | False | FALSE`',
    );
  },
  setSecret(secret) {
    recorded.secrets.push(secret);
  },
  setOutput(name, value) {
    recorded.outputs[name] = String(value);
  },
  setFailed(text) {
    recorded.failed.push(message(text));
    annotate('error')(text);
  },
  debug(text) {
    recorded.debug.push(text);
  },
  info(text) {
    recorded.log.push(text);
  },
  notice: annotate('notice'),
  warning: annotate('warning'),
  error: annotate('error'),
  startGroup(title) {
    recorded.log.push(`▸ ${title}`);
  },
  endGroup() {},
  summary: summary as unknown as typeof actionsCore.summary,
};
