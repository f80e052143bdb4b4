/**
 * Settings of configs that are code (hardhat.config.*, truffle-config.js), read statically: only
 * a literal value is taken, and the file is never run. `paths: { sources: './src' }` is read;
 * `sources: path.join(__dirname, 'src')` is not a literal, and the caller says so.
 */
import { Lexer, type Token } from './lexer.ts';

export type LiteralSetting =
  { kind: 'literal'; values: string[] } | { kind: 'not-literal' } | { kind: 'absent' };

/**
 * The folders of `key` as written: a string, a list of strings, or (Hardhat 3) an object whose
 * `solidity` entry is either; `key` is looked for in the object under `parent` (`paths.sources`),
 * or anywhere when `parent` is undefined (`contracts_directory`).
 */
export function readLiteralSetting(
  source: string,
  key: string,
  parent: string | undefined,
): LiteralSetting {
  const tokens = allTokens(source);
  let depthOfParent: number | undefined = parent === undefined ? 0 : undefined;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) break;
    if (token.text === '{') depth++;
    else if (token.text === '}') {
      depth--;
      if (parent !== undefined && depthOfParent !== undefined && depth < depthOfParent)
        depthOfParent = undefined;
    } else if (isKey(tokens, i, parent) && parent !== undefined && tokens[i + 2]?.text === '{') {
      depthOfParent = depth + 1;
    } else if (
      isKey(tokens, i, key) &&
      depthOfParent !== undefined &&
      (parent === undefined || depth === depthOfParent)
    ) {
      const values = literalFolders(tokens, i + 2);
      return values === undefined ? { kind: 'not-literal' } : { kind: 'literal', values };
    }
  }
  return { kind: 'absent' };
}

/** The strings of `"a"`, `["a", "b"]` or `{ solidity: … }` starting at `start`, if literal. */
function literalFolders(tokens: readonly Token[], start: number): string[] | undefined {
  const ends = (index: number) => {
    const text = tokens[index]?.text;
    return text === undefined || text === ',' || text === '}' || text === ';';
  };
  const literal = (token: Token | undefined) =>
    token?.kind === 'string' && !token.text.includes('${') ? token.text : undefined;
  const first = tokens[start];
  if (first?.kind === 'string') {
    const value = literal(first);
    return value !== undefined && ends(start + 1) ? [value] : undefined;
  }
  if (first?.text === '[') {
    const values: string[] = [];
    for (let i = start + 1; ; i += 2) {
      const value = literal(tokens[i]);
      if (value === undefined) return undefined;
      values.push(value);
      const next = tokens[i + 1]?.text;
      if (next === ']') return ends(i + 2) && values.length > 0 ? values : undefined;
      if (next !== ',') return undefined;
      if (tokens[i + 2]?.text === ']') return ends(i + 3) ? values : undefined;
    }
  }
  if (first?.text === '{' && isKey(tokens, start + 1, 'solidity'))
    return literalFolders(tokens, start + 3);
  return undefined;
}

/** `key:` or `"key":`, as an object property (a `?:` in a type is not one). */
function isKey(tokens: readonly Token[], index: number, key: string | undefined): boolean {
  const token = tokens[index];
  return (
    token !== undefined &&
    (token.kind === 'word' || token.kind === 'string') &&
    token.text === key &&
    tokens[index + 1]?.text === ':' &&
    tokens[index - 1]?.text !== '.'
  );
}

function allTokens(source: string): Token[] {
  const lexer = new Lexer(source);
  const tokens: Token[] = [];
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) tokens.push(token);
  return tokens;
}
