/**
 * The fixtures of Foundry's rules (test/fixtures/forge/), each copied to a workspace of its own and
 * compared with forge there.
 */
import { expect } from 'vitest';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractSearch } from './contract-search.ts';
import { compareWithForge } from './forge.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/forge/', import.meta.url));

/** A fresh copy of the fixture, as a workspace. */
export async function workspaceOf(fixture: string): Promise<string> {
  const workspace = await mkdtemp(path.join(tmpdir(), `forge-${fixture}-`));
  await cp(path.join(FIXTURES, fixture), workspace, { recursive: true, verbatimSymlinks: true });
  return workspace;
}

/** The one Foundry project's comparison, its remappings already held to forge's. */
export async function compared(
  workspace: string,
  pathPrefix = '',
  env: Record<string, string> = {},
) {
  const [only, ...rest] = await compareWithForge(contractSearch(workspace, { pathPrefix }), env);
  expect(rest).toEqual([]);
  if (only === undefined) throw new Error(`no Foundry project with an upload in ${workspace}`);
  expect(only.printed.ours).toEqual(only.printed.forge);
  expect(only.built.ours).toEqual(only.built.forge);
  return only;
}

/** Nothing sent that forge does not read, nothing it reads left out, nothing said. */
export const agrees = { extra: [], missing: [], build: { extra: [], missing: [] }, warnings: [] };
