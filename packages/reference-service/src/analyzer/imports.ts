/**
 * Solidity's own import resolution with no remappings (solc docs, "Import Path Resolution"): the
 * path an import's string literal holds, and the source unit name that path reaches from the
 * importing unit. Each uploaded file's source unit name is its name as uploaded.
 */

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };
const ESCAPE = /\\(?:(\r\n|\r|\n)|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([\s\S]))/g;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The import path solc reads from the literal as written: the parser keeps escapes verbatim, solc
 * decodes them (`"f\x2fg.sol"` imports `f/g.sol`) and drops an escaped line break. `\x` is a raw
 * byte, so the value is assembled as UTF-8 bytes.
 */
export function importPath(written: string): string {
  if (!written.includes('\\')) return written;
  const bytes: number[] = [];
  const text = (value: string) => bytes.push(...encoder.encode(value));
  let from = 0;
  for (const match of written.matchAll(ESCAPE)) {
    text(written.slice(from, match.index));
    from = match.index + match[0].length;
    const [, , unicode, hex, char] = match;
    if (unicode) text(String.fromCodePoint(Number.parseInt(unicode, 16)));
    else if (hex) bytes.push(Number.parseInt(hex, 16));
    else if (char !== undefined) text(SIMPLE_ESCAPES[char] ?? char);
  }
  text(written.slice(from));
  return decoder.decode(new Uint8Array(bytes));
}

/** Only `./` and `../` make an import relative: `util.sol` names the unit `util.sol` directly. */
export function isRelativeImport(path: string): boolean {
  return path.startsWith('./') || path.startsWith('../');
}

/** Everything past the last slash, then the trailing slashes: `a/b//c.sol` becomes `a/b`. */
function withoutLastSegment(name: string): string {
  return name.slice(0, name.lastIndexOf('/') + 1).replace(/\/+$/, '');
}

/**
 * The source unit name `path` reaches from the unit `importer`. A direct path is the name as it
 * is, never normalised (`src/./A.sol` is not `src/A.sol`). A relative one starts from the
 * importer's name without its last segment, otherwise kept as written, and takes the path's
 * segments left to right: `.` and empty ones are skipped, `..` removes the last segment (above
 * the root there is nothing left to remove, so the extra `..` are ignored, as solc does), any
 * other is appended after one slash.
 *
 * This is the documented rule. solc 0.8.37 itself differs only for an importer whose name starts
 * with `/` when `..` reaches that root: it keeps the `/` for one step (`/p/A.sol` importing
 * `../B.sol` reaches `/B.sol` there, `B.sol` here).
 */
export function sourceUnitName(path: string, importer: string): string {
  if (!isRelativeImport(path)) return path;
  let name = withoutLastSegment(importer);
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') name = withoutLastSegment(name);
    else name = name === '' ? segment : `${name}/${segment}`;
  }
  return name;
}
