import { describe, expect, it } from 'vitest';
import type { TriagedFinding } from '../../src/audit/triage.ts';
import { groupFindings } from '../../src/report/finding-groups.ts';
import { makeFinding } from '../support/findings.ts';

function entry(title: string, project?: string, dependency = false): TriagedFinding {
  return {
    finding: makeFinding({ title }),
    status: dependency ? 'dependency' : 'active',
    note: undefined,
    ...(project === undefined ? {} : { project }),
  };
}

describe('groupFindings', () => {
  it("lists each project's findings in the projects' order, then those in dependencies, keeping the order within", () => {
    const ordered = [
      entry('b1', 'acme/b'),
      entry('dep', 'acme/a', true),
      entry('a1', 'acme/a'),
      entry('b2', 'acme/b'),
    ];
    const groups = groupFindings(ordered, ['acme/a', 'acme/b']);
    expect(
      groups.map((group) => [
        group.project,
        group.dependencies,
        group.entries.map((e) => e.finding.title),
      ]),
    ).toEqual([
      ['acme/a', false, ['a1']],
      ['acme/b', false, ['b1', 'b2']],
      [undefined, true, ['dep']],
    ]);
  });

  it('keeps a finding of a project it was not told of, rather than drop it', () => {
    const groups = groupFindings([entry('x', 'acme/x'), entry('one')], []);
    expect(groups.map((group) => group.entries.map((e) => e.finding.title))).toEqual([
      ['one'],
      ['x'],
    ]);
  });
});
