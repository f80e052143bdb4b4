/**
 * The one way the Action writes to the job log, through `@actions/core`. Every line, title and
 * annotation is redacted first (the runner masks only the key as it is, not the forms a hostile
 * service can disguise it in), and quoted text in a plain line cannot run a workflow command
 * (core escapes an annotation's message and properties, but writes `info` lines as they are).
 */
import * as core from '@actions/core';
import { EOL } from 'node:os';
import type { AnnotationProperties, Logger } from '../log.ts';
import type { Redactor } from '../redaction.ts';
import { neutralizeWorkflowCommands } from '../text.ts';

export function createActionLogger(redactor: Redactor): Logger {
  const line = (message: string) => neutralizeWorkflowCommands(redactor.redact(message));
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
      // One write: stdout is synchronous on a pipe, and a line at a time cost a system call each.
      if (lines.length > 0) core.info(lines.map(line).join(EOL));
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
