/**
 * The engine's narration on the terminal. In a pipe (a CI log, a file) every line is written as
 * it comes, without an escape code. On a terminal, informational lines replace one live status
 * line with the time since the start, warnings and titled blocks stay above it, and colour is
 * used unless NO_COLOR. Every line is redacted and escaped for the terminal: the engine's
 * messages quote the checkout's names and the service's words.
 */
import type { AnnotationProperties, Logger } from '../log.ts';
import type { Redactor } from '../redaction.ts';
import { escapeTerminal } from '../report/escape.ts';
import type { Paint } from '../report/terminal-report.ts';
import type { OutputStream } from './terminal.ts';

export interface TerminalLoggerOptions {
  stream: OutputStream;
  redactor: Redactor;
  paint: Paint;
  /** One live status line (a terminal) rather than a line per message. */
  live: boolean;
  /** Debug lines too. */
  verbose: boolean;
  /** Each titled block's lines, not only its title. */
  fullGroups: boolean;
  now: () => number;
}

export interface TerminalLogger extends Logger {
  /** Takes the status line away and stops its clock; what was written stays. */
  close(): void;
}

const CLEAR_LINE = '\r\u001b[2K';

export function createTerminalLogger(options: TerminalLoggerOptions): TerminalLogger {
  const { stream, redactor, paint, live, now } = options;
  const startedAt = now();
  let status: string | undefined;
  // The status line shows the time since the start, so it is redrawn as the time passes.
  const ticker = live ? setInterval(() => drawStatus(), 1000) : undefined;
  ticker?.unref();

  // Redacted before escaping (a key split by control characters is still found) and after (an
  // escape must not spell it again).
  const clean = (text: string) => redactor.redact(escapeTerminal(redactor.redact(text)));
  const lines = (message: string) => message.split(/\r?\n/).map(clean);

  function drawStatus(): void {
    if (status === undefined) return;
    const seconds = Math.floor((now() - startedAt) / 1000);
    const elapsed = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    // As wide as the terminal, it would wrap (some terminals wrap on the last column), and the
    // next redraw would not clear it. Cut by code point: never half of a character.
    const prefix = `[${elapsed}] `;
    const room = Math.max((stream.columns || 80) - 1 - prefix.length, 1);
    const characters = [...status];
    const text = characters.length > room ? `${characters.slice(0, room - 1).join('')}…` : status;
    stream.write(`${CLEAR_LINE}${paint('dim', prefix.trimEnd())} ${text}`);
  }

  function permanent(text: readonly string[]): void {
    if (text.length === 0) return;
    stream.write(`${live && status !== undefined ? CLEAR_LINE : ''}${text.join('\n')}\n`);
    if (live) drawStatus();
  }

  const annotated =
    (label: string, style: 'yellow' | 'red' | 'bold') =>
    (message: string, properties: AnnotationProperties = {}) => {
      const where = properties.file
        ? `${properties.file}${properties.startLine ? `:${properties.startLine}` : ''}: `
        : '';
      const [first = '', ...rest] = lines(`${where}${message}`);
      permanent([`${label ? paint(style, label) : ''}${first}`, ...rest]);
    };

  return {
    debug(message) {
      if (options.verbose) permanent(lines(message).map((line) => paint('dim', line)));
    },
    info(message) {
      if (!live) return permanent(lines(message));
      status = lines(message).join(' ');
      drawStatus();
    },
    notice: annotated('', 'bold'),
    warning: annotated('warning: ', 'yellow'),
    error: annotated('error: ', 'red'),
    group(title, groupLines) {
      const heading = paint('bold', clean(title));
      permanent(
        options.fullGroups ? [heading, ...groupLines.map((line) => `  ${clean(line)}`)] : [heading],
      );
    },
    close() {
      if (ticker) clearInterval(ticker);
      if (live && status !== undefined) stream.write(CLEAR_LINE);
      status = undefined;
    },
  };
}
