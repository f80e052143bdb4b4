/**
 * A typed stand-in for src/runner.ts, for in-process tests of `run()` and `publish()` (the
 * typescript-action template's pattern): it records what the action asked the runner to do.
 * Typed against the real module, so a function added there must be added here.
 *
 *   vi.mock('../src/runner.ts', () => import('./support/core.ts').then((m) => m.runnerStandIn));
 */
import type * as runner from '../../src/runner.ts';

export interface RecordedAnnotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  properties: runner.AnnotationProperties;
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

const annotate =
  (level: RecordedAnnotation['level']) =>
  (message: string, properties: runner.AnnotationProperties = {}) => {
    recorded.annotations.push({ level, message, properties });
  };

const unexpanded = new Set<string>();

export const runnerStandIn: typeof runner = {
  // Like the runner: an input is trimmed, missing means empty, and so does an unexpanded `${{ }}`.
  getInput(name) {
    const value = (recorded.inputs[name] ?? '').trim();
    if (!/\$\{\{[\s\S]*\}\}/.test(value)) return value;
    unexpanded.add(name);
    return '';
  },
  takeUnexpandedInputs() {
    const names = [...unexpanded];
    unexpanded.clear();
    return names;
  },
  // Like the runner: one entry per non-empty line, each trimmed.
  getMultilineInput(name) {
    return (recorded.inputs[name] ?? '')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.trim());
  },
  getBooleanInput(name) {
    const value = runnerStandIn.getInput(name);
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
    recorded.outputs[name] = value;
  },
  setFailed(text) {
    recorded.failed.push(text);
    annotate('error')(text);
  },
  debug(text) {
    recorded.debug.push(text);
  },
  info(text) {
    // The job log is lines: one write may carry several.
    recorded.log.push(...text.split('\n'));
  },
  notice: annotate('notice'),
  warning: annotate('warning'),
  error: annotate('error'),
  startGroup(title) {
    recorded.log.push(`▸ ${title}`);
  },
  endGroup() {},
  async appendSummary(text) {
    recorded.summary += `${text}\n`;
  },
};
