/**
 * Exclude rules with gitignore-like semantics, so a pruned directory is decided from its
 * path alone and is never opened.
 */
import path from 'node:path';
import { matchesGlob } from './patterns.ts';

/** An exclude glob and why it is there, for the log (`rule` when only the glob is known). */
export interface ExcludePattern {
  pattern: string;
  reason: string;
}

/** Where package managers install dependencies, at any depth: npm's, and Python's virtual environments. */
export const INSTALLED_PACKAGES: readonly ExcludePattern[] = [
  { pattern: 'node_modules/', reason: 'installed packages' },
  ...['.venv/', 'venv/'].map((pattern) => ({
    pattern,
    reason: 'installed Python packages (a virtual environment)',
  })),
];

/** Folder and file names that hold no production code, at any depth. */
export const NON_PRODUCTION: readonly ExcludePattern[] = [
  ...['test/', 'tests/', 'test-helpers/', 'testing/'].map((pattern) => ({
    pattern,
    reason: 'tests and test helpers, by convention',
  })),
  ...['script/', 'scripts/'].map((pattern) => ({ pattern, reason: 'scripts, by convention' })),
  ...['mocks/', 'mock/'].map((pattern) => ({ pattern, reason: 'mocks, by convention' })),
  ...['certora/', 'fv/', 'halmos/', 'harness/', 'harnesses/'].map((pattern) => ({
    pattern,
    reason: 'formal-verification harnesses, by convention',
  })),
  ...['echidna/', 'crytic/', 'medusa/'].map((pattern) => ({
    pattern,
    reason: 'fuzzing harnesses, by convention',
  })),
  { pattern: 'audits/', reason: 'audit reports and their harnesses, by convention' },
  ...['Test[A-Z0-9_]*', 'Dummy*']
    .flatMap((name) => ['sol', 'vy', 'vyi'].map((ext) => `${name}.${ext}`))
    .map((pattern) => ({
      pattern,
      reason: 'a test helper, by its name',
    })),
  { pattern: '*.t.sol', reason: 'a Foundry test' },
  { pattern: '*.s.sol', reason: 'a Foundry script' },
  ...['*Mock*.sol', '*Mock*.vy', '*Mock*.vyi'].map((pattern) => ({
    pattern,
    reason: 'a mock, by its name',
  })),
  ...['*Harness*.sol', '*Harness*.vy', '*Harness*.vyi'].map((pattern) => ({
    pattern,
    reason: 'a verification harness, by its name',
  })),
];

/**
 * Code copied from other projects into the sources (OpenZeppelin's `contracts/vendor/`): a
 * dependency, sent where imported and never audited as the team's own.
 */
export const VENDORED: ExcludePattern = {
  pattern: 'vendor/',
  reason:
    "vendored code, by convention: sent as a dependency where imported, never audited as the team's own",
};

/**
 * For a folder with no project config: dependencies and build output (a dependency folder only
 * at the root, as Foundry puts it: `src/lib/` is production code), and NON_PRODUCTION.
 */
export const DEFAULT_EXCLUDES: readonly ExcludePattern[] = [
  ...INSTALLED_PACKAGES,
  VENDORED,
  { pattern: '/lib/', reason: 'dependencies (lib/ at the root, by convention)' },
  ...['out/', 'cache/', 'artifacts/'].map((pattern) => ({ pattern, reason: 'build output' })),
  { pattern: '.git/', reason: 'git metadata' },
  ...NON_PRODUCTION,
];

interface ExcludeRule {
  reason: string;
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

/** Each answer is the reason of the rule that excludes the path, or undefined when none does. */
export interface ExcludeRules {
  /** `relativePath` is POSIX, relative to the root. */
  excludesDirectory(relativePath: string): string | undefined;
  excludesFile(relativePath: string): string | undefined;
  /** Why a walk that prunes excluded folders never enters this one: it or a folder above it. */
  prunes(relativePath: string): string | undefined;
}

export function compileExcludes(patterns: readonly (string | ExcludePattern)[]): ExcludeRules {
  const rules = patterns
    .map((entry) =>
      typeof entry === 'string'
        ? parseRule(entry, `rule ${entry}`)
        : parseRule(entry.pattern, entry.reason),
    )
    .filter((rule) => rule !== undefined);

  const matchesDirectory = (rule: ExcludeRule, relativePath: string): boolean =>
    named(rule.anchored ? relativePath : path.posix.basename(relativePath), rule.glob) ||
    (rule.contentsOf !== undefined && matchesGlob(relativePath, rule.contentsOf));

  const decide = (relativePath: string, isDirectory: boolean): string | undefined => {
    const basename = path.posix.basename(relativePath);
    // A folder rule covers the files below it, so `!mocks/` brings back every file there, those
    // a name rule (`*Mock*.sol`) left out too: the folder is what the user named.
    const folders = isDirectory ? [] : ancestors(relativePath);
    let excludedBy: ExcludeRule | undefined;
    for (const rule of rules) {
      const matches = isDirectory
        ? matchesDirectory(rule, relativePath)
        : rule.directoryOnly
          ? folders.some((folder) => matchesDirectory(rule, folder))
          : named(rule.anchored ? relativePath : basename, rule.glob);
      if (matches) excludedBy = rule.negated ? undefined : rule;
    }
    return excludedBy?.reason;
  };

  return {
    excludesDirectory: (relativePath) => decide(relativePath, true),
    excludesFile: (relativePath) => decide(relativePath, false),
    prunes(relativePath) {
      if (relativePath === '' || relativePath === '.') return undefined;
      for (const folder of [...ancestors(relativePath), relativePath]) {
        const reason = decide(folder, true);
        if (reason !== undefined) return reason;
      }
      return undefined;
    },
  };
}

/** `a/b/C.sol` → `a`, `a/b`. */
function ancestors(relativePath: string): string[] {
  const parts = relativePath.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** A name taken literally too, as in `contracts`: a path copied from a message matches. */
function named(subject: string, glob: string): boolean {
  return subject === glob || matchesGlob(subject, glob);
}

function parseRule(pattern: string, reason: string): ExcludeRule | undefined {
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
    reason,
    negated,
    directoryOnly,
    anchored: rooted || glob.includes('/'),
    glob,
    contentsOf: glob.endsWith('/**') ? glob.slice(0, -'/**'.length) : undefined,
  };
}
