/**
 * README's Inputs and Outputs tables against action.yml, both ways: every input and output is
 * documented, nothing is documented that does not exist, and the defaults say the same; and the
 * table of conventions in docs/layouts.md against the selection's own list.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NON_PRODUCTION, VENDORED } from '../../src/files/excludes.ts';
import { repositoryRoot } from '../support/run-action.ts';

interface ActionYml {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, unknown>;
}

const action = parse(readFileSync(`${repositoryRoot}/action.yml`, 'utf8')) as ActionYml;
const readme = readFileSync(`${repositoryRoot}/README.md`, 'utf8');
const layouts = readFileSync(`${repositoryRoot}/docs/layouts.md`, 'utf8');

/** The rows of the first table under `## heading`, as cells. */
function tableRows(heading: string): string[][] {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** `a`, `b` in a cell: the names written in code. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

describe('README tables', () => {
  const inputs = tableRows('Inputs');

  it('documents every input of action.yml, and only those', () => {
    const documented = inputs.map(([name = '']) => codeSpans(name)).flat();
    expect(documented).toEqual(Object.keys(action.inputs));
  });

  it('gives each input the default action.yml gives it', () => {
    for (const [name = '', shown = ''] of inputs) {
      const input = action.inputs[codeSpans(name)[0] ?? ''];
      const lines = (input?.default ?? '').split('\n').filter((line) => line.trim() !== '');
      if (lines.length === 0) {
        // No default in action.yml: a dash, or words for what the action computes (never a value).
        expect(shown.startsWith('`'), `${name}: ${shown}`).toBe(false);
      } else {
        expect(codeSpans(shown), name).toEqual(expect.arrayContaining(lines));
      }
      expect(shown.includes('(required)'), `${name} required`).toBe(input?.required === true);
    }
  });

  it('documents every output of action.yml, and only those', () => {
    const documented = tableRows('Outputs').flatMap(([names = '']) => codeSpans(names));
    expect(documented.sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it('names every convention the selection applies in its table of conventions', () => {
    const table = layouts.split('these conventions apply inside the source folders')[1] ?? '';
    const rows = table.split('\n\n')[1] ?? '';
    const named = new Set(codeSpans(rows));
    // As a person reads them: `mocks` for `mocks/`, `*Mock*` for `*Mock*.sol`, `Test*` for `Test[A-Z0-9_]*.sol`.
    const shown = (pattern: string) =>
      pattern.startsWith('*.')
        ? pattern
        : pattern
            .replace(/\/$/, '')
            .replace('[A-Z0-9_]', '')
            .replace(/\.(sol|vyi?)$/, '');
    for (const { pattern } of [...NON_PRODUCTION, VENDORED]) {
      expect(named, pattern).toContain(shown(pattern));
    }
  });
});
