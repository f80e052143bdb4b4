import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { renderHeadCommitNote } from '../../src/report/head-commit-note.ts';
import {
  HEAD_SHA,
  HOSTILE_PATHS,
  hostileRefusals,
  judgedCommit,
  NOT_THE_HEAD,
} from '../support/head-commit.ts';

const links = { serverUrl: 'https://github.com', repository: 'octo/vault', sha: HEAD_SHA };

/** The rows of the refused files' table, header and separator excluded. */
function refusedRows(lines: readonly string[]): string[] {
  const start = lines.indexOf('| Refused file | Why |');
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

describe('renderHeadCommitNote', () => {
  it('names the commit audited, linked on this repository, and no table when nothing was refused', () => {
    const lines = renderHeadCommitNote(judgedCommit(), links);
    expect(lines).toEqual([
      `> 🔎 **Audited commit [\`0123abc\`](https://github.com/octo/vault/commit/${HEAD_SHA})**, ` +
        'the head of the run that triggered this one, as GitHub serves it: this workflow chooses ' +
        "its contracts, and only that commit's bytes are sent for them. The triggering run's " +
        'artifact supplies only files that match it, and dependencies.',
      '',
    ]);
  });

  it('names the commit without a link when there is no safe place to link to', () => {
    const [plain] = renderHeadCommitNote(judgedCommit(), undefined);
    expect(plain).toMatch(/^> 🔎 \*\*Audited commit `0123abc`\*\*, the head/);
    const [unsafe] = renderHeadCommitNote(judgedCommit(), {
      ...links,
      serverUrl: 'javascript:alert(1)//',
    });
    expect(unsafe).not.toContain('](');
    expect(unsafe).toContain('`0123abc`');
  });

  it('shows a head that is not a commit id as escaped text, linked nowhere', () => {
    const [line] = renderHeadCommitNote(
      { sha: 'main](https://evil.example) @admin', refused: [] },
      links,
    );
    expect(line).toContain(
      '**Audited commit main\\]\\(https&#8203;://evil.example\\) @&#8203;admin**',
    );
    expect(line).not.toContain('](');
  });

  it('says how many files were refused, that they were not sent, and which, each with why', () => {
    const lines = renderHeadCommitNote(
      judgedCommit([
        { path: 'contracts/Vault.sol', reason: NOT_THE_HEAD },
        { path: 'contracts/Extra.sol', reason: 'not in the head commit' },
      ]),
      links,
    );
    expect(lines).toContain(
      "> ⚠️ **2 files of the triggering run's artifact were refused** and not sent: where the " +
        'head commit holds the path, its own file was audited instead.',
    );
    expect(refusedRows(lines)).toEqual([
      "| contracts/Vault.sol | its bytes are not the head commit's |",
      '| contracts/Extra.sol | not in the head commit |',
    ]);
    expect(lines.join('\n')).not.toContain('more, listed');
    const one = renderHeadCommitNote(judgedCommit(1), links).join('\n');
    expect(one).toContain("**1 file of the triggering run's artifact was refused**");
  });

  it('keeps each hostile path and reason text inside its own cell, one row per file', () => {
    const lines = renderHeadCommitNote(judgedCommit(hostileRefusals()), links);
    const rows = refusedRows(lines);
    expect(rows).toHaveLength(HOSTILE_PATHS.length);
    for (const row of rows) {
      // Two cells: three unescaped pipes, and nothing after the last.
      expect(row.split(/(?<!\\)\|/)).toHaveLength(4);
      expect(row).not.toMatch(/[\p{Cc}\u202e]/u);
    }
    const text = lines.join('\n');
    expect(text).not.toMatch(/<(img|script|b|\/details)\b/);
    // Mentions and issue references are broken by a zero-width space (itself `&#8203;`).
    expect(text).not.toMatch(/@(?!&#8203;)|(?<!&)#(?=\d)(?!&#8203;)/);
    expect(text).not.toMatch(/\]\((?!https:\/\/github\.com\/octo\/vault\/commit\/)/);
    expect(text).not.toMatch(/^# Heading/m);
  });

  it('lists at most 20 refused files and counts the rest, after a blank line that ends the table', () => {
    const lines = renderHeadCommitNote(judgedCommit(10_000), links);
    expect(refusedRows(lines)).toHaveLength(20);
    const more = lines.indexOf('…and 9980 more, listed in the results file.');
    expect(more).toBeGreaterThan(0);
    expect(lines[more - 1]).toBe('');
  });

  it('lists fewer rows when long escaped ones would crowd the report', () => {
    const long = Array.from({ length: 50 }, (_, i) => ({
      path: `${'@<'.repeat(150)}${i}.sol`,
      reason: '&'.repeat(400),
    }));
    const lines = renderHeadCommitNote(judgedCommit(long), links);
    const rows = refusedRows(lines);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(20);
    expect(Buffer.byteLength(rows.join('\n'), 'utf8')).toBeLessThanOrEqual(8_000);
    expect(lines).toContain(`…and ${50 - rows.length} more, listed in the results file.`);
    // Each cut cell ends in an ellipsis, never in half an escape.
    expect(rows[0]).toMatch(/^\| (?:@&#8203;&lt;)+@&#8203;… \| (?:&amp;)+… \|$/);
  });
});
