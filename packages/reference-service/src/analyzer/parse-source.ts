/** Turns one uploaded Solidity source into an AST, or the parser's first complaint about it. */
import parser from '@solidity-parser/parser';
import { errorMessage } from '../error-message.ts';
import { firstSyntaxError } from './syntax-errors.ts';
import { solidityFile, type SolidityFile } from './project.ts';

export type ParseOutcome =
  { ok: true; file: SolidityFile } | { ok: false; line: number; message: string };

export function parseSource(path: string, content: string): ParseOutcome {
  try {
    // `range` gives character offsets, used to order statements inside a function.
    const ast = parser.parse(content, { loc: true, range: true });
    return { ok: true, file: solidityFile(path, ast) };
  } catch (error) {
    if (error instanceof parser.ParserError) {
      const first = error.errors[0];
      return { ok: false, line: first?.line ?? 1, message: first?.message ?? error.message };
    }
    // The parser crashed while building the AST of a file with syntax errors: ask it for them directly.
    const syntax = firstSyntaxError(content);
    return syntax
      ? { ok: false, line: syntax.line, message: syntax.message }
      : { ok: false, line: 1, message: `the parser failed: ${errorMessage(error)}` };
  }
}
