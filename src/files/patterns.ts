/**
 * The `contracts` patterns: ordered globs, a leading '!' negates (the last matching pattern
 * decides, as in GitHub's glob convention). Plain globs, not gitignore rules: `*.sol` matches
 * only at the root, `**\/*.sol` at any depth.
 */
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { posixRelative } from './inside.ts';
import type { Vocabulary } from '../vocabulary.ts';

interface IncludePattern {
  /** As the user wrote it, for messages. */
  source: string;
  negated: boolean;
  glob: string;
  /**
   * A literal path or one ending in '/' names a directory: it selects the contracts below it
   * (.sol, .vy and .vyi), never its READMEs or configs, which have no business at the audit service.
   */
  descendants: string | undefined;
  /** Leading segments without glob syntax; only directories along them can hold a match. */
  literalPrefix: string[];
}

export interface PatternMatcher {
  /** Whether the file is selected; records which positive patterns matched something. */
  selects(relativePath: string): boolean;
  /** False when no positive pattern can match anything at or below this directory. */
  mayMatchBelow(relativeDirectory: string): boolean;
  /** Positive patterns that matched no file offered to `selects`, in the order given. */
  unmatched(): string[];
}

const GLOB_SYNTAX = /[*?[\]{}()!+@]/;

/** The files audited: Solidity, Vyper modules and Vyper interface files. */
export const CONTRACT_EXTENSIONS = ['sol', 'vy', 'vyi'] as const;

/** The globs that select every contract below `base` ('' or a folder glob ending in '/'). */
export function contractGlobs(base = ''): string[] {
  return CONTRACT_EXTENSIONS.map((extension) => `${base}**/*.${extension}`);
}

/** `words`: the door's, in which a pattern that leads out of `root` is told. */
export function compilePatterns(
  patterns: readonly string[],
  root: string,
  words: Vocabulary,
): PatternMatcher {
  const compiled = patterns
    .map((source) => parsePattern(source, root, words))
    .filter((pattern) => pattern !== undefined);
  const positives = compiled.filter((pattern) => !pattern.negated);
  const matched = new Set<IncludePattern>();
  // Without a literal prefix on every positive pattern, any directory may hold a match.
  const walkEverything = positives.some((pattern) => pattern.literalPrefix.length === 0);

  return {
    selects(relativePath) {
      let selected = false;
      for (const pattern of compiled) {
        // A name taken literally too: `Token[1].sol` is a file's name more often than a class.
        const matches =
          relativePath === pattern.glob ||
          matchesGlob(relativePath, pattern.glob) ||
          (pattern.descendants !== undefined && matchesGlob(relativePath, pattern.descendants));
        if (!matches) continue;
        selected = !pattern.negated;
        if (selected) matched.add(pattern);
      }
      return selected;
    },
    mayMatchBelow(relativeDirectory) {
      if (walkEverything) return true;
      const segments = relativeDirectory.split('/');
      return positives.some((pattern) => {
        const common = Math.min(segments.length, pattern.literalPrefix.length);
        for (let i = 0; i < common; i++) {
          if (segments[i] !== pattern.literalPrefix[i]) return false;
        }
        // Either the directory lies on the prefix, or below it where the glob part applies.
        return true;
      });
    },
    unmatched: () => positives.filter((p) => !matched.has(p)).map((p) => p.source),
  };
}

/**
 * `path.posix.matchesGlob`, with names that start with a dot matched like any other: Node's
 * globs never let `*` or `**` match one, so `src/**\/*.sol` missed `src/.internal/Vault.sol`,
 * which then went neither audited nor listed as left out. A NUL, which no path holds and no glob
 * treats specially, goes before each such dot, in the path and where a name starts in the glob
 * (after `/`, `{`, `,`, `(` or `|`): `*` then matches the dot as a character, `.git` still
 * names `.git`.
 */
export function matchesGlob(relativePath: string, glob: string): boolean {
  return path.posix.matchesGlob(
    relativePath.replace(/(^|\/)\./g, '$1\0.'),
    glob.replace(/(^|[/{,(|])\./g, '$1\0.'),
  );
}

function parsePattern(source: string, root: string, words: Vocabulary): IncludePattern | undefined {
  let glob = source.trim();
  const negated = glob.startsWith('!');
  if (negated) glob = glob.slice(1).trim();
  if (glob === '') return undefined;
  if (path.isAbsolute(glob)) glob = posixRelative(root, glob);
  glob = glob.replace(/^(\.\/)+/, '');
  if (glob === '..' || glob.startsWith('../') || glob.includes('/../')) {
    throw new ConfigurationError(
      `Pattern \`${source}\` in ${words.option('contracts')} points outside ${words.option('working-directory')} (${root}). ` +
        `Patterns are relative to ${words.option('working-directory')}: change it, or the pattern.`,
    );
  }
  const namesDirectory = glob.endsWith('/') || !GLOB_SYNTAX.test(glob);
  glob = glob.replace(/\/+$/, '');
  if (glob === '' || glob === '.') glob = '**';
  const segments = glob.split('/');
  const firstGlobSegment = segments.findIndex((segment) => GLOB_SYNTAX.test(segment));
  return {
    source,
    negated,
    glob,
    descendants: namesDirectory ? `${glob}/**/*.{${CONTRACT_EXTENSIONS.join(',')}}` : undefined,
    literalPrefix: firstGlobSegment === -1 ? segments : segments.slice(0, firstGlobSegment),
  };
}

/**
 * A folder's path as a glob that names it literally, for a project's folder in its patterns:
 * each glob character in a class of its own, or, where a class cannot hold it (`{`, `}`, `!`),
 * as any one character, which names at most a folder spelled the same but for it.
 */
export function literalGlob(folder: string): string {
  return folder.replace(/[*?[\]()+@{}!]/g, (c) => ('{}!'.includes(c) ? '?' : `[${c}]`));
}
