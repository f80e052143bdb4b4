/**
 * Settings of configs that are code (hardhat.config.*, truffle-config.js), read statically: only
 * a literal value of the exported configuration is taken, and the file is never run.
 * `paths: { sources: './src' }` is read; `sources: path.join(__dirname, 'src')` is not a
 * literal, and the caller says so. An object the file does not export (a decoy placed before
 * `module.exports`) decides nothing.
 */
import { Lexer, type Token } from './lexer.ts';

export type LiteralSetting =
  | { kind: 'literal'; values: string[] }
  /** `candidates`: every literal value written for the key anywhere in the file. */
  | { kind: 'not-literal'; candidates: string[] }
  | { kind: 'absent' };

/** Wrappers that return the configuration they are given (Hardhat 3's `defineConfig`). */
const IDENTITY_CALLS = new Set(['defineConfig']);
/** Identifiers followed through `const config = …`; more is not a config anyone writes. */
const MAX_INDIRECTIONS = 4;

/**
 * The folders of `key` as written in the exported configuration: a string, a list of strings,
 * or (Hardhat 3) an object whose `solidity` entry is either; `key` is a property of the object
 * under `parent` (`paths.sources`), or of the configuration itself when `parent` is undefined
 * (`contracts_directory`).
 */
export function readLiteralSetting(
  source: string,
  key: string,
  parent: string | undefined,
): LiteralSetting {
  const tokens = allTokens(source);
  const unreadable = (): LiteralSetting => ({
    kind: 'not-literal',
    candidates: literalCandidates(tokens, key, parent),
  });
  const config = exportedObject(tokens);
  if (config === undefined) return unreadable();
  const outer = parent === undefined ? config : property(tokens, config, parent);
  if (outer === 'absent') return { kind: 'absent' };
  if (outer === undefined || tokens[outer.start]?.text !== '{') return unreadable();
  const value = property(tokens, outer, key);
  if (value === 'absent') return { kind: 'absent' };
  const values = value === undefined ? undefined : literalFolders(tokens, value.start);
  return values === undefined ? unreadable() : { kind: 'literal', values };
}

/** Where a value starts: the index of its first token. */
interface Value {
  start: number;
}

/**
 * The object the file exports: the last `module.exports =` or `export default`, through
 * `defineConfig(…)` and `const config = …`. Undefined when that is not a literal object, or when
 * a member of the object may be assigned after it is written (`config.paths = …`,
 * `module.exports.paths = …`).
 */
function exportedObject(tokens: readonly Token[]): Value | undefined {
  let start: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const text = tokens[i]?.text;
    if (text === 'module' && isSequence(tokens, i, ['module', '.', 'exports', '='])) start = i + 4;
    else if (text === 'export' && tokens[i + 1]?.text === 'default') start = i + 2;
    else if (text === 'exports' && tokens[i + 1]?.text === '.' && tokens[i + 3]?.text === '=')
      return undefined;
  }
  return start === undefined ? undefined : objectAt(tokens, start, MAX_INDIRECTIONS);
}

/** The object literal an expression stands for, following names and identity wrappers. */
function objectAt(tokens: readonly Token[], index: number, hops: number): Value | undefined {
  const token = tokens[index];
  if (token?.text === '{') return { start: index };
  if (token?.kind !== 'word' || hops === 0) return undefined;
  if (tokens[index + 1]?.text === '(') {
    return IDENTITY_CALLS.has(token.text) ? objectAt(tokens, index + 2, hops - 1) : undefined;
  }
  if (changedLater(tokens, token.text)) return undefined;
  const name = token.text;
  const declaration = declarationOf(tokens, name);
  return declaration === undefined ? undefined : objectAt(tokens, declaration, hops - 1);
}

/**
 * Whether the variable may be changed after it is written: a member set (`config.paths = …`),
 * the name assigned again, or handed to `Object.assign`.
 */
function changedLater(tokens: readonly Token[], name: string): boolean {
  return tokens.some((token, i) => {
    if (token.text !== name || tokens[i - 1]?.text === '.') return false;
    const next = tokens[i + 1]?.text;
    const declared = ['const', 'let', 'var'].includes(tokens[i - 1]?.text ?? '');
    return (
      next === '.' ||
      next === '[' ||
      (next === '=' && tokens[i + 2]?.text !== '=' && !declared) ||
      (tokens[i - 1]?.text === '(' && tokens[i - 2]?.text === 'assign')
    );
  });
}

/** The first token of `const|let|var name [: Type] = …`'s initializer, when there is one such. */
function declarationOf(tokens: readonly Token[], name: string): number | undefined {
  const found: number[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const keyword = tokens[i]?.text;
    if (
      (keyword !== 'const' && keyword !== 'let' && keyword !== 'var') ||
      tokens[i + 1]?.text !== name
    )
      continue;
    // Past a type annotation (`: HardhatUserConfig`) to the `=`, on the same statement.
    for (let j = i + 2; j < tokens.length && tokens[j]?.text !== ';'; j++) {
      if (tokens[j]?.text === '{' || tokens[j]?.text === '(') break;
      if (tokens[j]?.text === '=') {
        found.push(j + 1);
        break;
      }
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The value of `name` among the object's own properties (`name: value`, or the shorthand `name`
 * standing for a variable), the last one written; `absent` when no property and no spread could
 * give it; undefined when a spread after it could replace it or the value is not an object.
 */
function property(
  tokens: readonly Token[],
  object: Value,
  name: string,
): Value | 'absent' | undefined {
  let found: Value | 'absent' | undefined = 'absent';
  for (let i = object.start + 1; i < tokens.length; i = skipValue(tokens, i) + 1) {
    const token = tokens[i];
    if (token === undefined || token.text === '}') break;
    if (token.text === '.' && tokens[i + 1]?.text === '.' && tokens[i + 2]?.text === '.') {
      found = undefined; // a spread may hold the property, or replace the one before
      i += 3;
    } else if (isKey(tokens, i, name)) {
      const value = tokens[i + 2];
      found =
        value?.text === '{' || value?.kind === 'string' || value?.text === '['
          ? { start: i + 2 }
          : objectAt(tokens, i + 2, MAX_INDIRECTIONS);
      i += 2;
    } else if (
      token.text === name &&
      token.kind === 'word' &&
      /^[,}]$/.test(tokens[i + 1]?.text ?? '')
    ) {
      found = objectAt(tokens, i, MAX_INDIRECTIONS);
    } else if (token.text === '[' || tokens.slice(i, i + 2).some((t) => t.text === name)) {
      found = undefined; // a computed key, a method or a getter may be it: code, never run
    } else if (tokens[i + 1]?.text === ':' || tokens[i + 1]?.text === '(') {
      i += 1; // another property, or a method: its value is skipped below
    }
  }
  return found;
}

/** The index of the `,` or `}` that ends the value starting at `index`, nesting respected. */
function skipValue(tokens: readonly Token[], index: number): number {
  let depth = 0;
  for (let i = index; i < tokens.length; i++) {
    const text = tokens[i]?.text;
    if (text === '{' || text === '[' || text === '(') depth++;
    else if (text === '}' || text === ']' || text === ')') {
      if (depth === 0) return i - 1;
      depth--;
    } else if (text === ',' && depth === 0) return i;
  }
  return tokens.length;
}

/** Every literal value written for `key` (under `parent`) anywhere in the file, in order. */
function literalCandidates(
  tokens: readonly Token[],
  key: string,
  parent: string | undefined,
): string[] {
  const candidates = new Set<string>();
  const parents: number[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const text = tokens[i]?.text;
    if (text === '{') depth++;
    else if (text === '}') {
      depth--;
      while ((parents.at(-1) ?? -1) > depth) parents.pop();
    } else if (parent !== undefined && isKey(tokens, i, parent) && tokens[i + 2]?.text === '{') {
      parents.push(depth + 1);
    } else if (isKey(tokens, i, key) && (parent === undefined || parents.at(-1) === depth)) {
      for (const value of literalFolders(tokens, i + 2) ?? []) candidates.add(value);
    }
  }
  return [...candidates];
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

function isSequence(tokens: readonly Token[], index: number, texts: readonly string[]): boolean {
  return texts.every((text, offset) => tokens[index + offset]?.text === text);
}

function allTokens(source: string): Token[] {
  const lexer = new Lexer(source);
  const tokens: Token[] = [];
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) tokens.push(token);
  return tokens;
}
