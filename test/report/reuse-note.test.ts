import { describe, expect, it } from 'vitest';
import type { ReusedAudit } from '../../src/audit/result.ts';
import type { ProjectReport } from '../../src/report/model.ts';
import { renderReuseNotes } from '../../src/report/reuse-note.ts';
import { projectReport } from '../support/report.ts';

const reused = {
  auditId: 'audit-7',
  auditedAt: '2026-11-25T08:30:00.000Z',
  runUrl: 'https://github.com/acme/vaults/actions/runs/42',
};

function audit(name: string, withReuse: boolean): ProjectReport {
  return projectReport(name, 'pass', 0, { reused: withReuse ? reused : undefined });
}

/** A report of one project, whose results are those of `audit` when given. */
const one = (audit: ReusedAudit | undefined) => ({ reused: audit, several: false, projects: [] });

describe('renderReuseNotes', () => {
  it('says which audit, when, and links the run that started it', () => {
    expect(renderReuseNotes(one(reused))).toEqual([
      '> ♻️ Reused audit audit\\-7: the upload is byte-identical to the one audited on 2026-11-25 08:30 UTC by [the run that started it](https://github.com/acme/vaults/actions/runs/42); nothing was uploaded, and the results were read from the service again.',
    ]);
  });

  it('links nothing that is not an http(s) URL, and escapes the id', () => {
    const [note] = renderReuseNotes(
      one({ ...reused, auditId: '<b>x</b>', runUrl: 'javascript:alert(1)' }),
    );
    expect(note).not.toContain('](');
    expect(note).not.toContain('<b>');
    expect(renderReuseNotes(one({ ...reused, runUrl: undefined }))[0]).not.toContain('by [');
  });

  it('with several projects, one line per reused project, none for the others or without reuse', () => {
    const lines = renderReuseNotes({
      reused: undefined,
      several: true,
      projects: [audit('core', false), audit('tokens', true)],
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^- tokens: Reused audit audit\\-7/);
    expect(renderReuseNotes(one(undefined))).toEqual([]);
  });
});
