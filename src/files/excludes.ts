/**
 * Exclude rules with gitignore-like semantics, so a pruned directory is decided from its
 * path alone and is never opened.
 */
import path from 'node:path';

/** Build output, dependencies, tests and scripts of Foundry, Hardhat and npm projects. */
export const DEFAULT_EXCLUDES: readonly string[] = [
  'node_modules/',
  'lib/',
  'test/',
  'tests/',
  'script/',
  '*.t.sol',
  '*.s.sol',
  'out/',
  'cache/',
  'artifacts/',
  '.git/',
];

interface ExcludeRule {
  /** `!rule`: a later rule re-includes what an earlier one excluded (last match wins). */
  negated: boolean;
  /** `name/`: only directories match. */
  directoryOnly: boolean;
  /** A rule with a '/' matches the path from the root; one without, the basename at any depth. */
  anchored: boolean;
  glob: string;
  /** `dir/**` matches everything below dir, so dir itself can be pruned. */
  contentsOf: string | undefined;
}

export interface ExcludeRules {
  /** `relativePath` is POSIX, relative to the root. */
  excludesDirectory(relativePath: string): boolean;
  excludesFile(relativePath: string): boolean;
}

export function compileExcludes(patterns: readonly string[]): ExcludeRules {
  const rules = patterns.map(parseRule).filter((rule) => rule !== undefined);

  const decide = (relativePath: string, isDirectory: boolean): boolean => {
    const basename = path.posix.basename(relativePath);
    let excluded = false;
    for (const rule of rules) {
      const subject = rule.anchored ? relativePath : basename;
      const matches = isDirectory
        ? named(subject, rule.glob) ||
          (rule.contentsOf !== undefined && path.posix.matchesGlob(relativePath, rule.contentsOf))
        : !rule.directoryOnly && named(subject, rule.glob);
      if (matches) excluded = !rule.negated;
    }
    return excluded;
  };

  return {
    excludesDirectory: (relativePath) => decide(relativePath, true),
    excludesFile: (relativePath) => decide(relativePath, false),
  };
}

/** A name taken literally too, as in `contracts`: a path copied from a message matches. */
function named(subject: string, glob: string): boolean {
  return subject === glob || path.posix.matchesGlob(subject, glob);
}

function parseRule(pattern: string): ExcludeRule | undefined {
  let glob = pattern.trim();
  const negated = glob.startsWith('!');
  if (negated) glob = glob.slice(1);
  const directoryOnly = glob.endsWith('/');
  glob = glob.replace(/\/+$/, '');
  // A leading '/' anchors the rule at the root, as in .gitignore; so does `./`, which says "here".
  const rooted = /^\.?\//.test(glob);
  glob = glob.replace(/^(\.?\/)+/, '');
  if (glob === '' || glob === '.') return undefined;
  return {
    negated,
    directoryOnly,
    anchored: rooted || glob.includes('/'),
    glob,
    contentsOf: glob.endsWith('/**') ? glob.slice(0, -'/**'.length) : undefined,
  };
}
