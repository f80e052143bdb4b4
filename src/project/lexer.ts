/**
 * Words, strings and punctuation of C-like source (Solidity, JavaScript, TypeScript), with
 * comments skipped and lines counted: enough to find import paths and literal settings without
 * running or fully parsing anything.
 */

export interface Token {
  kind: 'word' | 'string' | 'punctuation';
  /** A word, a string's contents, or one punctuation character. */
  text: string;
  line: number;
}

const WORD = /[A-Za-z0-9_$]/;

export class Lexer {
  private readonly source: string;
  private index = 0;
  private line = 1;

  constructor(source: string) {
    this.source = source;
  }

  next(): Token | undefined {
    this.skipSpaceAndComments();
    const { source } = this;
    if (this.index >= source.length) return undefined;
    const line = this.line;
    const char = source[this.index] ?? '';
    if (char === '"' || char === "'" || char === '`')
      return { kind: 'string', text: this.readString(char), line };
    if (WORD.test(char)) {
      const start = this.index;
      while (this.index < source.length && WORD.test(source[this.index] ?? '')) this.index++;
      return { kind: 'word', text: source.slice(start, this.index), line };
    }
    this.index++;
    return { kind: 'punctuation', text: char, line };
  }

  private skipSpaceAndComments(): void {
    const { source } = this;
    while (this.index < source.length) {
      const char = source[this.index];
      if (char === '\n') {
        this.line++;
        this.index++;
      } else if (char === ' ' || char === '\t' || char === '\r' || char === '\f') {
        this.index++;
      } else if (source.startsWith('//', this.index)) {
        const end = source.indexOf('\n', this.index);
        this.index = end === -1 ? source.length : end;
      } else if (source.startsWith('/*', this.index)) {
        const end = source.indexOf('*/', this.index + 2);
        const stop = end === -1 ? source.length : end + 2;
        this.countLines(this.index, stop);
        this.index = stop;
      } else {
        return;
      }
    }
  }

  /** The contents up to the closing quote; a string cut by the end of the line ends there. */
  private readString(quote: string): string {
    const { source } = this;
    const start = ++this.index;
    while (this.index < source.length) {
      const char = source[this.index];
      if (char === '\\') {
        if (source[this.index + 1] === '\n') this.line++;
        this.index += 2;
      } else if (char === quote) break;
      else if (char === '\n') break;
      else this.index++;
    }
    const text = source.slice(start, Math.min(this.index, source.length));
    if (source[this.index] === quote) this.index++;
    return text;
  }

  private countLines(from: number, to: number): void {
    for (let i = from; i < to; i++) if (this.source[i] === '\n') this.line++;
  }
}
