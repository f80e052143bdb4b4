/**
 * Recovers the parser's own syntax errors when `parse()` crashes instead of reporting them.
 *
 * @solidity-parser/parser builds the AST before it throws its ParserError, and on some
 * error-recovered trees the AST builder fails with a TypeError (upstream issue
 * solidity-parser/parser#116), losing the line and message. This compiles a second copy of the
 * parser bundle with one extra export that runs only the lexing/parsing half of `parse()` (taken
 * from the bundle's own text, so it stays the same code) and returns the errors it collected.
 * Loaded lazily: only uploads with such syntax errors pay for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';

export interface ParserSyntaxError {
  line: number;
  message: string;
}

type ErrorCollector = (input: string) => ParserSyntaxError[];

/** The statements of `parse()` that set up the lexer, parser and error listener, up to the parse itself. */
const PARSE_SETUP =
  /function parse\(input, options = \{\}\) \{\n([\s\S]*?)\n\s*const sourceUnit = parser\.sourceUnit\(\);/;

let collector: ErrorCollector | null | undefined;

function loadCollector(): ErrorCollector | null {
  const require = createRequire(import.meta.url);
  const bundlePath = require.resolve('@solidity-parser/parser');
  const bundle = readFileSync(bundlePath, 'utf8');
  const setup = PARSE_SETUP.exec(bundle)?.[1];
  if (!setup) return null;
  const source = `${bundle}\nmodule.exports.collectSyntaxErrors = function (input) {\n${setup}\nparser.sourceUnit();\nreturn listener.getErrors();\n};`;
  const module = { exports: {} as { collectSyntaxErrors?: ErrorCollector } };
  compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: bundlePath,
  })(module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  return module.exports.collectSyntaxErrors ?? null;
}

/** The first syntax error the parser reports for `content`, or undefined if it cannot tell; never throws. */
export function firstSyntaxError(content: string): ParserSyntaxError | undefined {
  try {
    if (collector === undefined) collector = loadCollector();
    return collector?.(content)[0];
  } catch {
    // A parser bundle laid out differently, or a second crash: the caller falls back to its own message.
    collector ??= null;
    return undefined;
  }
}
