/**
 * The one way the action writes to the job log. Every line is redacted (the runner masks only
 * the key as it is, not the forms a hostile service can disguise it in) and quoted text cannot
 * run a workflow command. Modules below main.ts take the `Logger` they are given.
 */
import * as core from '@actions/core';
import type { Redactor } from './redaction.ts';
import { neutralizeWorkflowCommands } from './text.ts';

export type AnnotationProperties = core.AnnotationProperties;

/** What a module below main.ts logs through: it is given one, never imports the runner's. */
export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export interface Logger extends Log {
  notice(message: string, properties?: AnnotationProperties): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  group(title: string, lines: readonly string[]): void;
}

export function createLogger(redactor: Redactor): Logger {
  const line = (message: string) => neutralizeWorkflowCommands(redactor.redact(message));
  // Annotation messages and properties are escaped by @actions/core; only redaction is ours.
  const annotation =
    (write: (message: string, properties: AnnotationProperties) => void) =>
    (message: string, properties: AnnotationProperties = {}) =>
      write(redactor.redact(message), redactProperties(redactor, properties));
  return {
    debug: (message) => core.debug(line(message)),
    info: (message) => core.info(line(message)),
    notice: annotation(core.notice),
    warning: annotation(core.warning),
    error: annotation(core.error),
    group(title, lines) {
      core.startGroup(line(title));
      for (const text of lines) core.info(line(text));
      core.endGroup();
    },
  };
}

function redactProperties(
  redactor: Redactor,
  properties: AnnotationProperties,
): AnnotationProperties {
  const { title, file } = properties;
  return {
    ...properties,
    ...(title === undefined ? {} : { title: redactor.redact(title) }),
    ...(file === undefined ? {} : { file: redactor.redact(file) }),
  };
}
