/** What the Action says on a Node.js it cannot run on. Imports nothing heavy: it runs first. */
import { REQUIRED_NODE_MAJOR, runsOnNode } from '../node-version.ts';

/** What is wrong with this Node version, or undefined when the action can run on it. */
export function nodeVersionProblem(version: string): string | undefined {
  if (runsOnNode(version)) return undefined;
  return (
    `This action needs Node.js ${REQUIRED_NODE_MAJOR} or newer (action.yml: runs.using: node${REQUIRED_NODE_MAJOR}), ` +
    `but it is running on Node.js ${version}. On GitHub-hosted runners this cannot happen; ` +
    `update a self-hosted runner to a version that provides node${REQUIRED_NODE_MAJOR}, or run it locally with Node.js ${REQUIRED_NODE_MAJOR}.`
  );
}
