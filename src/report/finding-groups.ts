/**
 * Findings as reports list them apart: each project's own (in the order the projects were
 * audited), then, last and never counted, those in dependencies. A stable partition of the
 * report order, so each group stays most severe first.
 */
import type { TriagedFinding } from '../audit/triage.ts';

export interface FindingGroup {
  /** The project's name with several projects; undefined for the one project of a run. */
  project: string | undefined;
  /** True for the findings in files uploaded only because audited files import them. */
  dependencies: boolean;
  entries: TriagedFinding[];
}

const DEPENDENCIES = '\0dependencies';

/** Which group a finding is listed in. */
export function groupKey(entry: TriagedFinding): string {
  return entry.status === 'dependency' ? DEPENDENCIES : (entry.project ?? '');
}

/** `projects`: the audited projects' names, in order; empty groups are left out. */
export function groupFindings(
  ordered: readonly TriagedFinding[],
  projects: readonly string[],
): FindingGroup[] {
  const group = (key: string): FindingGroup => ({
    project: key === '' || key === DEPENDENCIES ? undefined : key,
    dependencies: key === DEPENDENCIES,
    entries: [],
  });
  const groups = new Map([...projects, ''].map((key) => [key, group(key)]));
  const dependencies = group(DEPENDENCIES);
  for (const entry of ordered) {
    const key = groupKey(entry);
    if (key === DEPENDENCIES) {
      dependencies.entries.push(entry);
      continue;
    }
    let found = groups.get(key);
    if (found === undefined) groups.set(key, (found = group(key)));
    found.entries.push(entry);
  }
  return [...groups.values(), dependencies].filter((entries) => entries.entries.length > 0);
}
