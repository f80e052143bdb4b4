/**
 * The Node.js the action runs on. action.yml says `runs.using: node24`; an older runner (or a
 * local run on an older Node) would otherwise die at load inside the HTTP stack with a
 * TypeError that names nothing the user can act on. Imports nothing, so it can run first.
 */
export const REQUIRED_NODE_MAJOR = 24;

/** What is wrong with this Node version, or undefined when the action can run on it. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return (
    `This action needs Node.js ${REQUIRED_NODE_MAJOR} or newer (action.yml: runs.using: node${REQUIRED_NODE_MAJOR}), ` +
    `but it is running on Node.js ${version}. On GitHub-hosted runners this cannot happen; ` +
    `update a self-hosted runner to a version that provides node${REQUIRED_NODE_MAJOR}, or run it locally with Node.js ${REQUIRED_NODE_MAJOR}.`
  );
}
