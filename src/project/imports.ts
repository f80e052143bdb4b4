/**
 * The import paths of a Solidity source, read with a small lexer rather than a parser: it must
 * also read files that do not compile (a dependency for a newer compiler), and it only has to
 * tell code from comments and strings.
 */
import { Lexer } from './lexer.ts';

export interface ImportStatement {
  /** The path as written between the quotes, escapes not decoded (real import paths have none). */
  path: string;
  /** 1-based line of the `import` keyword. */
  line: number;
}

/** Every form: `import "x";`, `import "x" as X;`, `import * as X from "x";`, `import {A} from "x";`. */
export function readImports(source: string): ImportStatement[] {
  const imports: ImportStatement[] = [];
  const lexer = new Lexer(source);
  let previous: string | undefined;
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
    if (token.kind === 'word' && token.text === 'import' && previous !== '.') {
      const statement = readImportPath(lexer);
      if (statement !== undefined) imports.push({ path: statement, line: token.line });
    }
    previous = token.text;
  }
  return imports;
}

/** The first string before the `;` that ends the import directive. */
function readImportPath(lexer: Lexer): string | undefined {
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
    if (token.kind === 'string') return token.text;
    if (token.text === ';') return undefined;
  }
  return undefined;
}
