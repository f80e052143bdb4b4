/**
 * What the engine logs through. Each door gives it one: the Action's writes to the job log
 * through `@actions/core` (src/action/logger.ts); the command line's to the terminal. Modules of
 * the engine take the one they are given and never write to a console themselves.
 */

/** Where a message points: a file of the repository and its lines. */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  endLine?: number;
  startColumn?: number;
  endColumn?: number;
}

export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export interface Logger extends Log {
  notice(message: string, properties?: AnnotationProperties): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  /** A titled block of lines (a collapsible group in the job log). */
  group(title: string, lines: readonly string[]): void;
}
