/**
 * Which imported files are the team's own code. A file the selection left out by convention
 * (a `*Harness*.sol`, a `mocks/` folder, the project's `test/`) that production code imports
 * ships with it, whatever its name: it is audited and its findings count. Only dependency
 * folders, vendored code (`vendor/`), build output, the user's own `exclude` and what the user's `contracts` do not select
 * make an imported file a dependency; so does being no contract at all (a Vyper JSON ABI): it
 * describes an interface and holds no code to audit.
 */
import path from 'node:path';
import {
  compileExcludes,
  INSTALLED_PACKAGES,
  VENDORED,
  type ExcludePattern,
} from '../files/excludes.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import { compilePatterns, CONTRACT_EXTENSIONS, literalGlob } from '../files/patterns.ts';
import type { Project } from './detect.ts';
import type { Vocabulary } from '../vocabulary.ts';

export interface TeamCodeRules {
  /** The working directory, links resolved: patterns and rules are relative to it. */
  root: string;
  /** The user's `contracts`, or undefined for the default: the projects' whole folders. */
  patterns: readonly string[] | undefined;
  /** The user's `exclude`. */
  excludes: readonly string[];
  projects: readonly Project[];
  /** The door's words, in which a pattern that leads out of `root` is told. */
  vocabulary: Vocabulary;
}

const BUILD_OUTPUT = ['out', 'cache', 'artifacts'];

/** Whether a file (absolute, links resolved) is the team's code by these rules. */
export function teamCode(rules: TeamCodeRules): (file: string) => boolean {
  // A project's tests and scripts that production code imports ship with it too.
  const folders = rules.projects.map((project) =>
    project.path === '' ? '**' : `${literalGlob(project.path)}/**`,
  );
  const patterns = compilePatterns(
    rules.patterns ?? (folders.length > 0 ? folders : ['**']),
    rules.root,
    rules.vocabulary,
  );
  const notOurs = compileExcludes([
    ...dependencyFolders(rules.projects),
    ...rules.excludes.map((pattern) => ({ pattern, reason: 'exclude' })),
  ]);
  return (file) => {
    if (!isContract(file) || !isInside(rules.root, file)) return false;
    const relative = posixRelative(rules.root, file);
    return (
      notOurs.prunes(path.posix.dirname(relative)) === undefined &&
      notOurs.excludesFile(relative) === undefined &&
      patterns.selects(relative)
    );
  };
}

function isContract(file: string): boolean {
  return CONTRACT_EXTENSIONS.some((extension) => file.endsWith(`.${extension}`));
}

/** Where dependencies and build output live: each project's, or the plain folder's defaults. */
function dependencyFolders(projects: readonly Project[]): ExcludePattern[] {
  const anchored = (folder: string): ExcludePattern => ({ pattern: `/${folder}/`, reason: '' });
  const rules: ExcludePattern[] = [
    ...INSTALLED_PACKAGES,
    VENDORED,
    { pattern: '.git/', reason: '' },
  ];
  if (projects.length === 0) return [...rules, anchored('lib'), ...BUILD_OUTPUT.map(anchored)];
  for (const project of projects) {
    const prefix = project.path === '' ? '' : `${literalGlob(project.path)}/`;
    for (const folder of [...project.libs, ...BUILD_OUTPUT])
      rules.push(anchored(`${prefix}${folder}`));
  }
  return rules;
}
