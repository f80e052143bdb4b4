/**
 * A typed stand-in of `@actions/core` for in-process tests of `run()` and `publish()` (the
 * typescript-action template's pattern): it records what the action asked the runner to do.
 * Typed against the real package, so a function the action starts to use must be added here.
 *
 *   vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));
 */
import type * as core from '@actions/core';

export interface RecordedAnnotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  properties: core.AnnotationProperties;
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
  (message: string | Error, properties: core.AnnotationProperties = {}) => {
    recorded.annotations.push({ level, message: String(message), properties });
  };

/** The summary's buffer, as core's: text added, then written (appended) at once. */
let buffer = '';
const summary = {
  addRaw(text: string, addEOL = false) {
    buffer += text + (addEOL ? '\n' : '');
    return summary;
  },
  async write() {
    recorded.summary += buffer;
    buffer = '';
    return summary;
  },
};

type UsedCore = Pick<
  typeof core,
  | 'getInput'
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
> & { summary: Pick<typeof core.summary, 'addRaw' | 'write'> };

export const coreStandIn: UsedCore = {
  // As core: trimmed, missing means empty.
  getInput: (name) => (recorded.inputs[name] ?? '').trim(),
  setSecret(secret) {
    recorded.secrets.push(secret);
  },
  setOutput(name, value) {
    recorded.outputs[name] = String(value);
  },
  setFailed(message) {
    recorded.failed.push(String(message));
    annotate('error')(message);
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
  summary: summary as unknown as UsedCore['summary'],
};
