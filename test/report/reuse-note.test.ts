import { describe, expect, it } from 'vitest';
import type { ProjectAudit } from '../../src/audit/outcome.ts';
import { countFindings } from '../../src/audit/triage.ts';
import { renderReuseNotes } from '../../src/report/reuse-note.ts';

const reused = {
  auditId: 'audit-7',
  auditedAt: '2026-11-25T08:30:00.000Z',
  runUrl: 'https://github.com/acme/vaults/actions/runs/42',
};

function audit(name: string, withReuse: boolean): ProjectAudit {
  return {
    name,
    path: name,
    auditId: 'a',
    verdict: 'pass',
    reason: '',
    counts: countFindings([]),
    fileCount: undefined,
    rawStatus: undefined,
    reportUrl: undefined,
    ...(withReuse ? { reused } : {}),
  };
}

describe('renderReuseNotes', () => {
  it('says which audit, when, and links the run that started it', () => {
    expect(renderReuseNotes(reused, undefined)).toEqual([
      '> ♻️ Reused audit audit\\-7: the upload is byte-identical to the one audited on 2026-11-25 08:30 UTC by [the run that started it](https://github.com/acme/vaults/actions/runs/42); nothing was uploaded, and the results were read from the service again.',
    ]);
  });

  it('links nothing that is not an http(s) URL, and escapes the id', () => {
    const [note] = renderReuseNotes(
      { ...reused, auditId: '<b>x</b>', runUrl: 'javascript:alert(1)' },
      undefined,
    );
    expect(note).not.toContain('](');
    expect(note).not.toContain('<b>');
    expect(renderReuseNotes({ ...reused, runUrl: undefined }, undefined)[0]).not.toContain('by [');
  });

  it('with several projects, one line per reused project, none for the others or without reuse', () => {
    const lines = renderReuseNotes(undefined, [audit('core', false), audit('tokens', true)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^- tokens: Reused audit audit\\-7/);
    expect(renderReuseNotes(undefined, undefined)).toEqual([]);
  });
});
