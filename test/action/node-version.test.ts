import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../src/action/node-version.ts';
import { REQUIRED_NODE_MAJOR, runsOnNode } from '../../src/node-version.ts';

describe('nodeVersionProblem', () => {
  it('accepts Node 24 and newer', () => {
    expect(REQUIRED_NODE_MAJOR).toBe(24);
    for (const version of ['24.0.0', '24.21.0', 'v24.1.0', '25.2.1', '30.0.0-nightly'])
      expect([runsOnNode(version), nodeVersionProblem(version)]).toEqual([true, undefined]);
  });

  it('names the version it needs, the one it got, and what to do', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      'This action needs Node.js 24 or newer (action.yml: runs.using: node24), but it is running on ' +
        'Node.js 20.20.2. On GitHub-hosted runners this cannot happen; update a self-hosted runner to ' +
        'a version that provides node24, or run it locally with Node.js 24.',
    );
    for (const version of ['22.11.0', 'v18.0.0', 'not a version']) {
      expect(runsOnNode(version)).toBe(false);
      expect(nodeVersionProblem(version)).toMatch(/^This action needs Node\.js 24 or newer/);
    }
  });
});
