/**
 * The Node.js both doors run on: action.yml says `runs.using: node24`, and the command line's
 * bundle is built for the same. On an older Node the HTTP stack dies at load with a TypeError
 * that names nothing the user can act on, so each door checks first and says so in its words.
 * Imports nothing, so it can run first.
 */
export const REQUIRED_NODE_MAJOR = 24;

/** Whether this Node version can run the code. */
export function runsOnNode(version: string): boolean {
  return Number.parseInt(version.replace(/^v/, ''), 10) >= REQUIRED_NODE_MAJOR;
}
