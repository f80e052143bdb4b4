/**
 * What the docs state of the code stays true of it: the command line's options as
 * src/cli/options.ts has them, the check's name as action.yml's default, and the two fork
 * workflows wired to each other as GitHub requires.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMAND_OPTIONS, INPUT_OPTIONS } from '../../src/cli/options.ts';
import { repositoryRoot } from '../support/run-action.ts';

interface ActionYml {
  inputs: Record<string, { default?: string }>;
}

const action = parse(readFileSync(`${repositoryRoot}/action.yml`, 'utf8')) as ActionYml;
const page = (name: string) => readFileSync(`${repositoryRoot}/${name}`, 'utf8');

/** The paragraph of `text` that starts with `opening`. */
function paragraph(text: string, opening: string): string {
  const start = text.indexOf(opening);
  expect(start, opening).toBeGreaterThanOrEqual(0);
  return text.slice(start).split('\n\n')[0] ?? '';
}

/** The ```yaml blocks of a page whose text holds `marker`, parsed. */
function workflow(text: string, marker: string): Record<string, unknown> {
  const block = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((body) => body.includes(marker));
  expect(block, marker).toBeDefined();
  return parse(block ?? '') as Record<string, unknown>;
}

describe('docs/command-line.md', () => {
  const options = () =>
    paragraph(page('docs/command-line.md'), "Of the action's inputs, the command");

  it("names each input the command takes, and each input it does not as the Action's alone", () => {
    const named = new Set([...options().matchAll(/`(?:--)?([a-z-]+)`/g)].map((match) => match[1]));
    for (const { name } of INPUT_OPTIONS) expect(named, `--${name}`).toContain(name);
    const taken = new Set(INPUT_OPTIONS.map(({ name }) => name));
    const actionOnly = Object.keys(action.inputs).filter(
      (name) => !taken.has(name) && name !== 'api-key',
    );
    for (const name of actionOnly) expect(named, name).toContain(name);
  });

  it('names every option only the command has', () => {
    const text = options();
    const only = text.slice(text.indexOf('Only the command has'));
    for (const { name } of COMMAND_OPTIONS) expect(only, `--${name}`).toContain(`\`--${name}\``);
  });
});

describe('the check to require', () => {
  it("is named as action.yml's check-name default, in README and docs/results.md", () => {
    const name = action.inputs['check-name']?.default ?? '';
    expect(name).not.toBe('');
    expect(page('README.md')).toContain(`named **\`${name}\`** (the \`check-name\` input)`);
    expect(page('docs/results.md')).toContain(`**\`${name}\`** unless you set another`);
  });
});

describe("docs/forks.md's workflows", () => {
  const text = page('docs/forks.md');
  const a = workflow(text, 'fork-pull-requests: collect') as {
    name: string;
    jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>;
  };
  const b = workflow(text, 'workflow_run:') as {
    on: { workflow_run: { workflows: string[] } };
  };

  it("trigger B by A's name", () => {
    expect(b.on.workflow_run.workflows).toEqual([a.name]);
  });

  it("check out A's submodules, which only its artifact can bring to B", () => {
    const steps = Object.values(a.jobs).flatMap((job) => job.steps);
    const checkout = steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['submodules']).toBe('recursive');
  });
});
