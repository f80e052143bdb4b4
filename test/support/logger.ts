/** A Logger that records each line as `level: message`, for tests of the modules given one. */
import type { Logger } from '../../src/log.ts';

export function recordingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string) => {
    lines.push(`${level}: ${message}`);
  };
  return {
    lines,
    log: {
      debug: write('debug'),
      info: write('info'),
      notice: write('notice'),
      warning: write('warning'),
      error: write('error'),
      group(title, groupLines) {
        lines.push(`group: ${title}`, ...groupLines.map((line) => `  ${line}`));
      },
    },
  };
}
