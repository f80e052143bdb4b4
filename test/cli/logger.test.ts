import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTerminalLogger } from '../../src/cli/logger.ts';
import { painter } from '../../src/cli/terminal.ts';
import { Redactor } from '../../src/redaction.ts';

/** The lines a terminal shows: each `\r` and `\n` starts one; escape sequences take no column. */
function drawnLines(written: string): string[] {
  return stripVTControlCharacters(written).split(/\r|\n/);
}

describe('the live status line', () => {
  it.each([20, 12, 80])(
    'never fills a terminal of %i columns, where it would wrap and the next redraw not clear it',
    (columns) => {
      const written: string[] = [];
      const stream = { isTTY: true, columns, write: (text: string) => written.push(text) };
      let now = 0;
      const log = createTerminalLogger({
        stream,
        redactor: new Redactor(),
        paint: painter(true),
        live: true,
        verbose: false,
        fullGroups: false,
        now: () => now,
      });
      log.info('Audit audit-1234567890: in_progress, queued behind 12 other audits '.repeat(3));
      now = 754_000;
      log.info(
        'Uploading 😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀 files',
      );
      log.close();
      const lines = drawnLines(written.join(''));
      expect(lines.some((line) => line.includes('[12:34]'))).toBe(true);
      for (const line of lines) {
        expect([...line].length).toBeLessThan(columns);
        // A cut never leaves half of a character.
        expect(line).not.toMatch(
          /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
        );
      }
    },
  );
});
