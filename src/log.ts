/**
 * The one way the action writes to the job log. Every line is redacted (the runner masks only
 * the key as it is, not the forms a hostile service can disguise it in) and quoted text cannot
 * run a workflow command. Modules below main.ts take the `Logger` they are given.
 */
import { EOL } from 'node:os';
import type { Redactor } from './redaction.ts';
import * as runner from './runner.ts';
import { neutralizeWorkflowCommands } from './text.ts';

export type AnnotationProperties = runner.AnnotationProperties;

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
  // Annotation messages and properties are escaped by runner.ts; only redaction is ours.
  const annotation =
    (write: (message: string, properties: AnnotationProperties) => void) =>
    (message: string, properties: AnnotationProperties = {}) =>
      write(redactor.redact(message), redactProperties(redactor, properties));
  return {
    debug: (message) => runner.debug(line(message)),
    info: (message) => runner.info(line(message)),
    notice: annotation(runner.notice),
    warning: annotation(runner.warning),
    error: annotation(runner.error),
    group(title, lines) {
      runner.startGroup(line(title));
      // One write: stdout is synchronous on a pipe, and a line at a time cost a system call each.
      if (lines.length > 0) runner.info(lines.map(line).join(EOL));
      runner.endGroup();
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
