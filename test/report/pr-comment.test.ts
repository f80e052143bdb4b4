import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { compareFindings, SEVERITIES, type Finding } from '../../src/audit/findings.ts';
import { type TriagedFinding } from '../../src/audit/triage.ts';
import { allActive } from '../support/triage.ts';
import { projectReport, reportOf } from '../support/report.ts';
import {
  commentMarker,
  findingKey,
  readPreviousFindings,
} from '../../src/report/comment-memory.ts';
import {
  COMMENT_MAX_CHARS,
  renderPrComment,
  type PrCommentInput,
} from '../../src/report/pr-comment.ts';
import { escapeMarkdown } from '../../src/report/escape.ts';
import { findingsOf, makeFinding } from '../support/findings.ts';
import {
  HEAD_SHA,
  HOSTILE_PATHS,
  judgedCommit,
  NOT_IN_THE_HEAD,
  NOT_THE_HEAD,
} from '../support/head-commit.ts';
import { expectInOrder } from '../support/order.ts';

const links = { serverUrl: 'https://github.com', repository: 'octo/vault', sha: 'deadbeef01' };

function input(
  overrides: Partial<Omit<PrCommentInput, 'counts'>> & { plain?: Finding[] } = {},
): PrCommentInput {
  const { plain, findings, previous, ...rest } = overrides;
  return {
    ...reportOf({
      verdict: 'fail',
      reason: '1 finding at or above high',
      findings: findings ?? (plain === undefined ? [] : allActive(plain)),
      links,
      auditId: 'audit-42',
      reportUrl: 'https://audit.example/r/42',
      runUrl: 'https://github.com/octo/vault/actions/runs/7',
      ...rest,
    }),
    previous,
  };
}

/** The rows of the table under `heading`. */
function rowsUnder(body: string, heading: string): string[] {
  const start = body.indexOf(heading);
  if (start < 0) return [];
  const lines = body.slice(start).split('\n').slice(2);
  const rows: string[] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

describe('renderPrComment', () => {
  it('shows the marker, verdict, counted findings by severity and the links', () => {
    const body = renderPrComment(
      input({
        findings: [
          ...allActive([
            makeFinding({ severity: 'high', title: 'Reentrancy', startLine: 12, endLine: 14 }),
            makeFinding({ severity: 'medium', title: 'Weak PRNG', file: 'contracts/R.sol' }),
          ]),
          { finding: makeFinding({ severity: 'high' }), status: 'accepted', note: 'by design' },
          { finding: makeFinding({ severity: 'low' }), status: 'outside-change', note: undefined },
        ],
      }),
    );
    expect(
      body.startsWith(`${commentMarker('vault')}\n### ❌ Failed: smart contract audit of vault`),
    ).toBe(true);
    expect(body).toContain('| 0 | 1 | 1 | 0 | 0 | 0 |');
    expect(body).toContain(
      'Not counted for the gate: 1 outside the change, 1 accepted in the baseline.',
    );
    expect(body).toContain(
      '| 🟠 High | Reentrancy | [contracts/Token.sol:12\\-14](https://github.com/octo/vault/blob/deadbeef01/contracts/Token.sol#L12-L14) |  |',
    );
    expect(body).toContain('accepted in the baseline: by design');
    expect(body).toContain('_First run on this pull request: nothing to compare with yet._');
    expect(body).toContain(
      '<sub>Audit ID: audit\\-42 · [Full report](https://audit.example/r/42) · ' +
        '[Workflow run](https://github.com/octo/vault/actions/runs/7) · Commit deadbee</sub>',
    );
  });

  it('notes a counted finding that the baseline accepted at a lower severity', () => {
    const body = renderPrComment(
      input({
        findings: [
          {
            finding: makeFinding({ severity: 'critical', title: 'Arbitrary send' }),
            status: 'active',
            note: 'the baseline accepted it at low severity (owner only); it is now critical',
          },
        ],
      }),
    );
    expect(body).toContain(
      '| the baseline accepted it at low severity \\(owner only\\); it is now critical |',
    );
  });

  it('lists counted findings before the others, most severe first, at most 20', () => {
    const triaged: TriagedFinding[] = [
      {
        finding: makeFinding({ severity: 'critical', title: 'Suppressed one' }),
        status: 'suppressed',
        note: undefined,
      },
      ...allActive(
        Array.from({ length: 30 }, (_, i) => makeFinding({ severity: i < 5 ? 'low' : 'high' })),
      ),
    ];
    const body = renderPrComment(input({ findings: triaged }));
    const rows = rowsUnder(body, '#### Most severe findings (20 of 31)');
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.startsWith('| 🟠 High'))).toBe(true);
    expect(body).not.toContain('Suppressed one');
  });

  it('tells new and fixed findings apart by fingerprint across two runs', () => {
    const kept = makeFinding({ severity: 'high', title: 'Kept', fingerprint: 'fp-kept' });
    const fixed = makeFinding({
      severity: 'medium',
      title: 'Gone',
      fingerprint: 'fp-gone',
      startLine: 7,
    });
    const first = renderPrComment(input({ plain: [kept, fixed] }));
    const previous = readPreviousFindings(first);
    expect(previous?.findings.map((p) => [p.severity, p.title, p.location])).toEqual([
      ['high', 'Kept', 'contracts/Token.sol:10-12'],
      ['medium', 'Gone', 'contracts/Token.sol:7-12'],
    ]);

    const added = makeFinding({ severity: 'critical', title: 'Fresh', fingerprint: 'fp-new' });
    const second = renderPrComment(input({ plain: [{ ...kept, startLine: 40 }, added], previous }));
    expect(rowsUnder(second, '#### 🆕 New since the previous run (1)')).toEqual([
      expect.stringMatching(/^\| 🔴 Critical \| Fresh \|/),
    ]);
    expect(rowsUnder(second, '#### ✅ Fixed since the previous run (1)')).toEqual([
      '| 🟡 Medium | Gone | contracts/Token.sol:7\\-12 |',
    ]);
    const table = rowsUnder(second, '#### Findings (2)');
    expect(table[0]).toMatch(/Fresh.*🆕 new \|$/);
    expect(table[1]).toMatch(/Kept.* \| {2}\|$/);
  });

  it('says None when nothing changed', () => {
    const finding = makeFinding();
    const previous = readPreviousFindings(renderPrComment(input({ plain: [finding] })));
    const body = renderPrComment(input({ plain: [finding], previous }));
    expect(body).toContain('#### 🆕 New since the previous run (0)\n\nNone.');
    expect(body).toContain('#### ✅ Fixed since the previous run (0)\n\nNone.');
  });

  it('without results, compares nothing and keeps the previous findings for the next run', () => {
    const previous = readPreviousFindings(
      renderPrComment(input({ plain: [makeFinding({ title: 'Remembered' })] })),
    );
    const body = renderPrComment(
      input({ verdict: 'timeout', reason: 'no answer in 30 min', previous }),
    );
    expect(body).toContain('### ⏱️ Timed out');
    expect(body).toContain('**No complete results were obtained**');
    expect(body).not.toContain('Fixed since');
    expect(previous?.findings).toHaveLength(1);
    expect(readPreviousFindings(body)).toEqual(previous);
  });

  it('escapes hostile service text everywhere it appears', () => {
    const hostile = makeFinding({
      severity: 'high',
      title: '<img src=x onerror=alert(1)> [click](javascript:alert(1)) | --> @admin\n# Heading',
      file: 'contracts/<b>x</b>.sol',
    });
    const previous = readPreviousFindings(
      renderPrComment(input({ plain: [makeFinding({ title: '--> <script>gone</script>' })] })),
    );
    const body = renderPrComment(
      input({
        plain: [hostile],
        previous,
        reason: 'oops <script>alert(1)</script>',
        auditId: '`id` <!--',
        reportUrl: 'javascript:alert(1)',
        projectName: 'p -->',
      }),
    );
    expect(body).not.toMatch(/<(img|script|b)\b/);
    expect(body).not.toContain('](javascript:');
    expect(body).not.toMatch(/\n# Heading/);
    expect(body).toContain(
      '&lt;img src=x onerror=alert\\(1\\)&gt; \\[click\\]\\(javascript:alert\\(1\\)\\) \\| \\-\\-&gt;',
    );
    // Only our own two HTML comments, each closed once.
    expect(body.match(/<!--/g)).toHaveLength(2);
    expect(body.match(/-->/g)).toHaveLength(2);
    expect(readPreviousFindings(body)?.findings[0]?.title).toBe(hostile.title);
  });

  it('fits 65,536 characters, cutting the visible part and keeping the hidden data whole', () => {
    const findings = Array.from({ length: 3_000 }, (_, i) =>
      makeFinding({
        severity: SEVERITIES[i % SEVERITIES.length],
        title: `${'<'.repeat(200)} ${i}`,
        file: `contracts/${'<'.repeat(100)}/F${i}.sol`,
      }),
    );
    const previous = readPreviousFindings(
      renderPrComment(
        input({ plain: findings.map((f) => ({ ...f, fingerprint: `old-${f.fingerprint}` })) }),
      ),
    );
    const body = renderPrComment(input({ plain: findings, previous }));
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toContain("Cut here to fit GitHub's limit for comments.");
    expect(body.trimEnd().endsWith('-->')).toBe(true);
    const remembered = readPreviousFindings(body);
    expect(remembered?.findings.length).toBeGreaterThan(1_500);
    expect(remembered?.partial).toBe(true);
    // The most severe are the ones remembered.
    expect(remembered?.findings[0]?.severity).toBe('critical');
  });

  it('remembers every finding of a large run when they fit, with titles for the most severe', () => {
    const findings = Array.from({ length: 1_200 }, (_, i) =>
      makeFinding({ severity: i < 10 ? 'high' : 'gas' }),
    );
    const body = renderPrComment(input({ plain: findings }));
    const remembered = readPreviousFindings(body);
    expect(remembered?.partial).toBe(false);
    expect(new Set(remembered?.findings.map((p) => p.key))).toEqual(
      new Set(findings.map((f) => findingKey(f.fingerprint))),
    );
    expect(remembered?.findings.slice(0, 10).every((p) => p.title !== undefined)).toBe(true);
  });

  it('compares only above the cut when the previous run was remembered in part', () => {
    const many = Array.from({ length: 2_500 }, () => makeFinding({ severity: 'gas' }));
    const high = makeFinding({ severity: 'high', fingerprint: 'fp-high' });
    const previous = readPreviousFindings(renderPrComment(input({ plain: [high, ...many] })));
    expect(previous?.partial).toBe(true);
    const newHigh = makeFinding({ severity: 'high', title: 'New high' });
    const newGas = makeFinding({ severity: 'gas', title: 'New gas' });
    const body = renderPrComment(input({ plain: [high, newHigh, newGas, ...many], previous }));
    expect(rowsUnder(body, '#### 🆕 New since the previous run (1)')).toEqual([
      expect.stringMatching(/New high/),
    ]);
    expect(body).toContain('gas and less severe findings were not compared');
  });
});

describe('readPreviousFindings', () => {
  it('is undefined for bodies without data or with garbage, and never throws', () => {
    const encode = (value: unknown) =>
      `<!-- smart-contract-audit:data=${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`;
    for (const body of [
      '',
      'just a comment',
      '<!-- smart-contract-audit:data=!!! -->',
      '<!-- smart-contract-audit:data=bm90IGpzb24 -->',
      encode(null),
      encode([1, 2]),
      encode({ v: 2, k: '', s: '' }),
      encode({ v: 1, k: 'abcdefgh', s: '' }),
      encode({ v: 1, k: 'abcdefgh', s: '9' }),
      encode({ v: 1, k: 'abc<efgh', s: '0' }),
    ]) {
      expect(readPreviousFindings(body)).toBeUndefined();
    }
  });

  it('tolerates missing or odd details', () => {
    const data = Buffer.from(
      JSON.stringify({ v: 1, k: 'AAAAAAAABBBBBBBB', s: '05', d: [[42, null], 'x'] }),
    ).toString('base64url');
    expect(readPreviousFindings(`text\n<!-- smart-contract-audit:data=${data} -->`)).toEqual({
      findings: [
        { key: 'AAAAAAAA', severity: 'critical', title: undefined, location: undefined },
        { key: 'BBBBBBBB', severity: 'gas', title: undefined, location: undefined },
      ],
      partial: false,
    });
  });

  it('round-trips findings of every severity', () => {
    // The comment lists them most severe first; `unknown` ranks just below high.
    const findings = findingsOf(...SEVERITIES).sort(compareFindings);
    const previous = readPreviousFindings(renderPrComment(input({ plain: findings })));
    expect(previous?.findings.map((p) => p.severity)).toEqual([
      'critical',
      'high',
      'unknown',
      'medium',
      'low',
      'info',
      'gas',
    ]);
    expect(previous?.findings.map((p) => p.key)).toEqual(
      findings.map((f) => findingKey(f.fingerprint)),
    );
  });
});

describe('the comment of a run over several projects', () => {
  it('has a line per project and lists each one apart, and the findings in dependencies last', () => {
    const body = renderPrComment(
      input({
        auditId: '{"a":"b"}',
        findings: [
          {
            finding: makeFinding({ title: 'Two', severity: 'high' }),
            status: 'active',
            note: undefined,
            project: 'vault/two',
          },
          {
            finding: makeFinding({ title: 'One', severity: 'low' }),
            status: 'active',
            note: undefined,
            project: 'vault/one',
          },
          {
            finding: makeFinding({ title: 'Lib', severity: 'critical' }),
            status: 'dependency',
            note: undefined,
            project: 'vault/one',
          },
        ],
        several: true,
        projects: [projectReport('vault/one', 'pass', 1), projectReport('vault/two', 'timeout', 1)],
      }),
    );
    expect(body).toContain('| vault/one | ✅ Passed | 1 |');
    expect(body).toContain('| vault/two | ⏱️ Timed out | — |');
    expectInOrder(body, [
      '#### Findings of vault/one (1)',
      '#### Findings of vault/two (1)',
      '#### Findings in dependencies, never counted (1)',
      'Lib',
    ]);
    // Each project's id is in the job summary's table, not a JSON object here.
    expect(body).not.toContain('Audit ID:');
  });

  it('shows the findings of the projects that reported when another did not, and compares nothing', () => {
    const previous = readPreviousFindings(
      renderPrComment(input({ plain: [makeFinding({ title: 'Old', fingerprint: 'old' })] })),
    );
    const body = renderPrComment(
      input({
        verdict: 'error',
        reason: '2 projects: 1 error, 1 fail.',
        auditId: '{"a":"b"}',
        findings: [
          {
            finding: makeFinding({ title: 'Drain all funds', severity: 'critical' }),
            status: 'active',
            note: undefined,
            project: 'vault/a',
          },
        ],
        previous,
        several: true,
        projects: [
          projectReport('vault/a', 'fail', 1),
          projectReport('vault/\u202eb', 'error', 0, { auditId: undefined, fileCount: undefined }),
        ],
      }),
    );
    expect(body).toContain('Not every project has results');
    expect(body).toContain('Drain all funds');
    expect(body).toContain('| vault/b | ⚠️ Error | — |');
    expect(body).not.toContain('Fixed since the previous run');
    // The last complete findings are kept for the next comparison.
    expect(previous?.findings).toHaveLength(1);
    expect(readPreviousFindings(body)).toEqual(previous);
  });
});

describe('the comment of a workflow_run', () => {
  it('names the head commit judged and the refused files under the verdict, with or without results', () => {
    const headCommit = judgedCommit([
      { path: 'contracts/Vault.sol', reason: NOT_THE_HEAD },
      { path: 'contracts/Extra.sol', reason: NOT_IN_THE_HEAD },
    ]);
    const body = renderPrComment(
      input({
        plain: [makeFinding({ severity: 'high' })],
        links: { ...links, sha: HEAD_SHA },
        headCommit,
      }),
    );
    expectInOrder(body, [
      '### ❌ Failed: smart contract audit of vault',
      `> 🔎 **Audited commit [\`0123abc\`](https://github.com/octo/vault/commit/${HEAD_SHA})**`,
      "> ⚠️ **2 files of the triggering run's artifact were refused** and not sent",
      "| contracts/Vault.sol | its bytes are not the head commit's |",
      `| contracts/Extra.sol | ${escapeMarkdown(NOT_IN_THE_HEAD)} |`,
      '#### Findings (1)',
    ]);
    const failed = renderPrComment(input({ verdict: 'error', reason: 'No tree', headCommit }));
    expectInOrder(failed, ['> 🔎 **Audited commit', '**No complete results were obtained**']);
  });

  it('fits 65,536 characters with thousands of hostile refused files, the hidden data whole', () => {
    const refused = Array.from({ length: 10_000 }, (_, i) => ({
      path: `${HOSTILE_PATHS[i % HOSTILE_PATHS.length]!}${'@'.repeat(300)}`,
      reason: `${NOT_THE_HEAD} ${'<'.repeat(400)}`,
    }));
    const findings = Array.from({ length: 3_000 }, (_, i) =>
      makeFinding({ severity: 'high', title: `${'<'.repeat(200)} ${i}` }),
    );
    const body = renderPrComment(input({ plain: findings, headCommit: judgedCommit(refused) }));
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toContain("**10000 files of the triggering run's artifact were refused**");
    expect(body).toMatch(/…and 99\d\d more, listed in the results file\./);
    expect(body).not.toMatch(/<(img|script|b)\b/);
    expect(readPreviousFindings(body)?.findings.length).toBeGreaterThan(1_500);
  });
});
