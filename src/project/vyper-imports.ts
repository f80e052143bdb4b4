/**
 * The modules a Vyper source imports, read with a small scanner of Python's lexical rules rather
 * than a parser: it must also read files that do not compile, and it only has to tell code from
 * comments and strings (docstrings included) and join the lines of one statement.
 */
import type { ImportStatement } from './imports.ts';

/**
 * Each imported module as one dotted name, with one leading dot per level of a relative import:
 * `import a.b as c` is `a.b`, `from a.b import c, d` are `a.b.c` and `a.b.d` (the compiler
 * looks `c` up as a module of `a.b`), `from . import x` is `.x`, `from ..a import y` is `..a.y`.
 */
export function readVyperImports(source: string): ImportStatement[] {
  const imports: ImportStatement[] = [];
  for (const statement of statements(source)) {
    const [first] = statement.tokens;
    if (first === 'import') imports.push(...plainImport(statement));
    else if (first === 'from') imports.push(...fromImport(statement));
  }
  return imports;
}

interface Statement {
  /** Names, dots and punctuation; a string is one `"` token. */
  tokens: string[];
  /** 1-based line of its first token. */
  line: number;
}

const NAME_START = /[A-Za-z_]/;
const NAME = /[A-Za-z0-9_]/;

/**
 * The logical lines of the source, split at `;`: a statement goes on past a line's end inside
 * brackets or after a `\`. One pass, whatever the input: a string that never ends runs to the end
 * of the source, as Python's own tokenizer would refuse it.
 */
function statements(source: string): Statement[] {
  const found: Statement[] = [];
  let tokens: string[] = [];
  let start = 1;
  let line = 1;
  let depth = 0;
  const end = () => {
    if (tokens.length > 0) found.push({ tokens, line: start });
    tokens = [];
  };
  const push = (token: string) => {
    if (tokens.length === 0) start = line;
    tokens.push(token);
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    if (char === '\n') {
      line++;
      i++;
      if (depth === 0) end();
    } else if (char === '#') {
      const next = source.indexOf('\n', i);
      i = next === -1 ? source.length : next;
    } else if (char === '\\' && source[i + 1] === '\n') {
      line++;
      i += 2;
    } else if (char === '"' || char === "'") {
      push('"');
      const after = skipString(source, i);
      for (let k = i; k < after; k++) if (source[k] === '\n') line++;
      i = after;
    } else if (NAME_START.test(char)) {
      let k = i + 1;
      while (k < source.length && NAME.test(source[k] ?? '')) k++;
      push(source.slice(i, k));
      i = k;
    } else if (char === ';' && depth === 0) {
      end();
      i++;
    } else {
      if (char === '(' || char === '[' || char === '{') depth++;
      else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
      if (char !== ' ' && char !== '\t' && char !== '\r' && char !== '\f') push(char);
      i++;
    }
  }
  end();
  return found;
}

/** The index after the string that starts at `from`: `'…'`, `"…"`, or tripled over lines. */
function skipString(source: string, from: number): number {
  const quote = source[from] ?? '"';
  const triple = source.startsWith(quote.repeat(3), from);
  const closing = triple ? quote.repeat(3) : quote;
  let i = from + closing.length;
  while (i < source.length) {
    const char = source[i];
    if (char === '\\') i += 2;
    else if (source.startsWith(closing, i)) return i + closing.length;
    else if (char === '\n' && !triple)
      return i; // an unclosed one-line string ends there
    else i++;
  }
  return source.length;
}

/** `import a.b as c, d as e`. */
function plainImport({ tokens, line }: Statement): ImportStatement[] {
  return names(tokens, 1).map((name) => ({ path: name, line }));
}

/** `from ..a.b import (c, d as e)`; `import *` names no module. */
function fromImport({ tokens, line }: Statement): ImportStatement[] {
  let i = 1;
  let dots = '';
  while (tokens[i] === '.') {
    dots += '.';
    i++;
  }
  const module: string[] = [];
  while (tokens[i] !== undefined && tokens[i] !== 'import') module.push(tokens[i++] ?? '');
  if (tokens[i] !== 'import' || module.some((token) => !isName(token) && token !== '.')) return [];
  const prefix = `${dots}${module.join('')}`;
  if (prefix === '') return [];
  const base = prefix.endsWith('.') ? prefix : `${prefix}.`;
  return names(tokens, i + 1).map((name) => ({ path: `${base}${name}`, line }));
}

/** The dotted names of an import list from `start`: aliases and brackets dropped. */
function names(tokens: readonly string[], start: number): string[] {
  const listed: string[] = [];
  let current = '';
  let alias = false;
  const close = () => {
    if (current !== '' && !current.endsWith('.')) listed.push(current);
    current = '';
    alias = false;
  };
  for (let i = start; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (token === ',') close();
    else if (token === 'as') alias = true;
    else if (alias || token === '(' || token === ')') continue;
    else if (isName(token) || token === '.') current += token;
    else return listed; // not an import list: `*`, a string, a stray character
  }
  close();
  return listed;
}

function isName(token: string): boolean {
  return NAME_START.test(token.charAt(0));
}
