/**
 * What the search for projects says and where it stops: how deep it looks for configs, the order
 * of the projects, the note of a Foundry project with no libraries, and a library outside the
 * workspace named on its own.
 */
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectProjects } from '../../src/project/detect.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

async function detect(files: Record<string, string>) {
  const root = await realpath(await workspaceWith(files));
  return detectProjects({
    vocabulary: ACTION_VOCABULARY,
    workspace: root,
    root,
    foundryProfile: 'default',
  });
}

describe('detectProjects', () => {
  it('looks for configs eight folders deep, no deeper', async () => {
    const { projects } = await detect({
      'a/b/c/d/e/f/g/h/foundry.toml': '',
      'a/b/c/d/e/f/g/h/i/foundry.toml': '',
    });
    expect(projects.map((project) => project.path)).toEqual(['a/b/c/d/e/f/g/h']);
  });

  it('lists the projects by path, not in the order they are found (shallower first)', async () => {
    const { projects } = await detect({
      'b/foundry.toml': '',
      'a/x/hardhat.config.js': '',
      'a/foundry.toml': '',
    });
    expect(projects.map((project) => project.path)).toEqual(['a', 'a/x', 'b']);
  });

  it('says a Foundry project with no libraries has none', async () => {
    const { projects } = await detect({ 'foundry.toml': '[profile.default]\nlibs = []\n' });
    expect(projects[0]?.notes[0]).toBe(
      'foundry.toml (profile default): src = src, test = test, script = script, libs = none',
    );
  });

  it('names the one library outside the workspace in the singular', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-lib-'));
    const { projects, warnings } = await detect({
      'foundry.toml': `[profile.default]\nlibs = ["lib", ${JSON.stringify(outside)}]\n`,
    });
    expect(projects[0]?.foundryLibs).toEqual([
      'lib',
      path.relative(projects[0]?.root ?? '', outside),
    ]);
    expect(warnings).toEqual([
      `foundry.toml: libs "${outside}" lies outside the workspace, which this action never reads: ` +
        'imports forge would resolve there are not sent, and the warning about unresolved imports names each. ' +
        'Keep the libraries inside the repository (a git submodule, or an install before this step).',
    ]);
  });
});
