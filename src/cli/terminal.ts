/**
 * What the command writes to: a stream, whether it is a terminal that takes escape codes, and
 * colour only on one and never with NO_COLOR (no-color.org: set and not empty).
 */
import type { Paint, Style } from '../report/terminal-report.ts';

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const CODES: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

/** A terminal that takes escape codes: not a pipe or a file, and not TERM=dumb (Emacs' shell, say). */
export function isTerminal(stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && env['TERM'] !== 'dumb';
}

export function usesColour(stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  return isTerminal(stream, env) && !env['NO_COLOR'];
}

export function painter(colour: boolean): Paint {
  if (!colour) return (_style, text) => text;
  return (style, text) => `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m`;
}
