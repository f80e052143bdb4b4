import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { SEVERITIES, type Finding } from '../../src/audit/findings.ts';
import { type TriagedFinding } from '../../src/audit/triage.ts';
import { allActive } from '../support/triage.ts';
import { projectReport, reportOf } from '../support/report.ts';
import {
  renderCheckRunNotAnnotatedNote,
  renderNotAnnotatedNote,
  renderSummary,
  repeatsNote,
} from '../../src/report/summary.ts';
import type { Report } from '../../src/report/model.ts';
import { escapeMarkdown } from '../../src/report/escape.ts';
import { makeFinding } from '../support/findings.ts';
import { expectInOrder } from '../support/order.ts';
import { fixtureText } from '../support/fixtures.ts';
import { HEAD_SHA, HOSTILE_PATHS, judgedCommit, NOT_THE_HEAD } from '../support/head-commit.ts';

const links = { serverUrl: 'https://github.com', repository: 'octo/vault', sha: 'deadbeef' };

/** `findings` are all counted; pass `triaged` to give each its status. */
function input(
  overrides: Partial<Omit<Report, 'findings' | 'counts'>> & {
    findings?: readonly Finding[];
    triaged?: readonly TriagedFinding[];
  } = {},
): Report {
  const { findings = [], triaged = allActive(findings), ...rest } = overrides;
  return reportOf({
    reason: 'no findings (fail-on: high)',
    auditId: 'abc123',
    links,
    fileCount: 3,
    ...rest,
    findings: triaged,
  });
}

/** The lines of the findings table, header and separator excluded. */
function tableRows(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) =>
    line.startsWith('| Severity | Rule | Title | Location |'),
  );
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

/** Each `<details>` block from its opening line to its closing one. */
function detailsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^<details>[\s\S]*?^<\/details>$/gm)].map((m) => m[0]);
}

describe('renderSummary', () => {
  it('renders a failing audit exactly as the fixture shows', async () => {
    const findings: Finding[] = [
      makeFinding({
        severity: 'info',
        severityLabel: 'note',
        title: 'Function name not in mixedCase',
        ruleId: 'naming-convention',
        file: undefined,
        startLine: undefined,
        endLine: undefined,
        description: 'Solidity naming conventions are not followed.',
        fingerprint: 'fp-naming',
      }),
      makeFinding({
        severity: 'high',
        severityLabel: 'High',
        title: 'Reentrancy in Vault.withdraw(uint256)',
        ruleId: 'reentrancy-eth',
        swcId: 'SWC-107',
        cweId: 'CWE-841',
        file: 'packages/core/contracts/Vault.sol',
        startLine: 12,
        endLine: 14,
        description:
          'External call before the balance is updated:\n  msg.sender.call{value: amount}("")',
        recommendation: 'Apply checks-effects-interactions or a reentrancy guard.',
        fingerprint: 'fp-reentrancy',
      }),
      makeFinding({
        severity: 'medium',
        severityLabel: 'warning',
        title: 'Unchecked low-level call',
        swcId: 'SWC-104',
        file: 'packages/core/contracts/lib/Pay.sol',
        startLine: 7,
        endLine: 7,
        description: 'The return value of a low-level call is not checked.',
        fingerprint: 'fp-unchecked',
      }),
    ];
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        reason: '1 finding at or above high (1 high)',
        reportUrl: 'https://audit.example.com/reports/abc123',
        findings,
      }),
      undefined,
      { error: 0, warning: 2, notice: 1 },
    );
    const expected = fixtureText('report', 'summary-fail.md');
    expect(markdown).toBe(expected);
  });

  it('says a clean pass plainly, with all counts at zero', () => {
    const markdown = renderSummary(input());
    expect(markdown).toContain('✅ **Passed**: no findings \\(fail\\-on: high\\)');
    expect(markdown).toContain('| **Total** | **0** | |');
    expect(markdown).toContain('### Findings\n\nNo findings.\n');
    expect(markdown).not.toContain('not annotated');
  });

  it.each(['error', 'timeout'] as const)('never lets %s read as "no findings"', (verdict) => {
    const markdown = renderSummary(
      input({ verdict, reason: 'The service answered 500 Internal Server Error' }),
    );
    expect(markdown).toContain('**No results were obtained.**');
    expect(markdown).toContain('This is not a clean result.');
    expect(markdown).not.toContain('No findings');
    expect(markdown).not.toContain('| **Total**');
    expect(markdown).not.toContain('### Findings');
  });

  it('explains a timeout and how to come back to the audit', () => {
    const markdown = renderSummary(
      input({
        verdict: 'timeout',
        reason: 'The audit did not finish within 30 minutes',
        rawStatus: 'in_progress',
        resumeHint: 'Run again with the input audit-id: abc123 to collect the results.',
      }),
    );
    expect(markdown).toContain('⏱️ **Timed out**: The audit did not finish within 30 minutes');
    expect(markdown).toContain(
      'The audit did not finish in time, so this run says nothing about the code.',
    );
    expect(markdown).toContain(
      '> Run again with the input audit\\-id: abc123 to collect the results.',
    );
    expect(markdown).toContain('- **Status:** in\\_progress');
  });

  it('shows findings from a run that then failed, marked as possibly incomplete', () => {
    const markdown = renderSummary(
      input({
        verdict: 'error',
        reason: 'Could not write the results file',
        findings: [makeFinding({ severity: 'low' })],
      }),
    );
    expect(markdown).toContain('⚠️ **Error**: Could not write the results file');
    expect(markdown).toContain(
      '**The run did not complete:** the findings below may be incomplete.',
    );
    expect(markdown).not.toContain('No results were obtained');
    expect(tableRows(markdown)).toHaveLength(1);
  });

  it('says a skipped run did no audit', () => {
    const markdown = renderSummary(
      input({
        verdict: 'skipped',
        reason: 'No API key: pull requests from forks get no secrets',
        auditId: undefined,
        rawStatus: undefined,
        fileCount: undefined,
      }),
    );
    expect(markdown).toContain(
      '⏭️ **Skipped**: No API key: pull requests from forks get no secrets',
    );
    expect(markdown).toContain('**No audit was run**, so there are no results.');
    expect(markdown).not.toContain('Audit ID');
    expect(markdown).not.toContain('| **Total**');
  });

  it('links only http(s) report URLs without credentials, and escapes them', () => {
    const report = (reportUrl: string) =>
      renderSummary(input({ reportUrl }))
        .split('\n')
        .find((l) => l.startsWith('- **Report:**'));
    expect(report('javascript:alert(1)')).toBeUndefined();
    expect(report('data:text/html,<script>')).toBeUndefined();
    expect(report('not a url')).toBeUndefined();
    expect(report('https://user:pass@audit.example.com/r/1')).toBeUndefined();
    expect(report('http://audit.example.com/r/a b(c)<d>')).toBe(
      '- **Report:** [open the full report](http://audit.example.com/r/a%20b%28c%29%3Cd%3E)',
    );
  });

  it('links locations at the commit, with repository paths', () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        links: { serverUrl: 'https://ghe.example.com/', repository: 'octo/vault', sha: '0123abc' },
        findings: [
          makeFinding({
            severity: 'high',
            file: 'packages/core/contracts/A.sol',
            startLine: 3,
            endLine: 9,
          }),
          makeFinding({
            severity: 'high',
            file: 'packages/core/contracts/B (old).sol',
            startLine: 7,
            endLine: 7,
          }),
          makeFinding({
            severity: 'high',
            file: 'packages/core/contracts/C.sol',
            startLine: undefined,
            endLine: undefined,
          }),
          makeFinding({
            severity: 'high',
            file: 'packages/core/../outside/D.sol',
            startLine: 1,
            endLine: 1,
          }),
        ],
      }),
    );
    const locations = tableRows(markdown).map((row) => row.split(' | ').at(-1));
    expect(locations).toEqual([
      'packages/core/../outside/D.sol:1 |',
      '[packages/core/contracts/A.sol:3\\-9](https://ghe.example.com/octo/vault/blob/0123abc/packages/core/contracts/A.sol#L3-L9) |',
      '[packages/core/contracts/B \\(old\\).sol:7](https://ghe.example.com/octo/vault/blob/0123abc/packages/core/contracts/B%20%28old%29.sol#L7) |',
      '[packages/core/contracts/C.sol](https://ghe.example.com/octo/vault/blob/0123abc/packages/core/contracts/C.sol) |',
    ]);
  });

  it('shows plain locations when there is nothing to link to', () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        links: undefined,
        findings: [makeFinding({ file: 'A.sol', startLine: 4, endLine: 4 })],
      }),
    );
    expect(tableRows(markdown)[0]!.endsWith('| A.sol:4 |')).toBe(true);
  });

  it('keeps hostile text inside its table cell and its details block', () => {
    const hostile = makeFinding({
      severity: 'critical',
      title: 'Title | with pipe\n| injected | row |\n</details><script>alert(1)</script>',
      ruleId: 'rule|x',
      description:
        'First\n\n# Heading outside?\n</details>\n<details open><summary>fake</summary>\n<img src=x onerror=alert(1)>',
      recommendation: '</p></details><iframe src="https://evil.example">',
    });
    const markdown = renderSummary(input({ verdict: 'fail', findings: [hostile] }));
    const rows = tableRows(markdown);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.split(/(?<!\\)\|/).length - 2).toBe(4);
    const blocks = detailsBlocks(markdown);
    expect(blocks).toHaveLength(1);
    // No blank line, so the block stays raw HTML; only our own tags.
    expect(blocks[0]).not.toMatch(/\n\s*\n/);
    expect(blocks[0]!.match(/<\/?[a-z]+/g)).toEqual([
      '<details',
      '<summary',
      '<b',
      '</b',
      '</summary',
      '<p',
      '<br',
      '<br',
      '<br',
      '<br',
      '<br',
      '</p',
      '<p',
      '<b',
      '</b',
      '</p',
      '<p',
      '<a',
      '</a',
      '<code',
      '</code',
      '</p',
      '</details',
    ]);
    expect(markdown).not.toMatch(/<(script|img|iframe)|<details open/);
  });

  it('keeps the details block whole when a file, rule or severity word holds line breaks', () => {
    const breakout =
      '\n\n[live link](https://evil.example) ![img](https://evil.example/x.png) @octocat\n\n';
    const hostile = makeFinding({
      severity: 'unknown',
      severityLabel: `High${breakout}`,
      file: `contracts/A.sol${breakout}`,
      ruleId: `reentrancy${breakout}`,
      swcId: `SWC-107${breakout}`,
      cweId: `CWE-841${breakout}`,
    });
    const markdown = renderSummary(input({ verdict: 'fail', findings: [hostile] }));
    const blocks = detailsBlocks(markdown);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/\n\s*\n/);
    // Outside the raw HTML block and the escaped table, nothing the service sent renders.
    const outside = markdown.replace(blocks[0]!, '').replace(/^\|.*\|$/gm, '');
    expect(outside).not.toContain('evil.example');
    // GitHub turns @name into a mention in HTML text too.
    expect(markdown).not.toContain('@octocat');
  });

  it('notes findings GitHub will not annotate', () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        findings: [makeFinding({ severity: 'high' })],
      }),
      undefined,
      { error: 12, warning: 0, notice: 1 },
    );
    expect(markdown).toContain(
      'ℹ️ GitHub shows only 10 annotations of each level per step, so 13 findings were not annotated in the log (12 errors, 1 notice).',
    );
  });

  it('marks which severities fail the job at the chosen level', () => {
    const markdown = renderSummary(input({ failOn: 'medium' }));
    expect(markdown).toContain('| 🟡 Medium | 0 | yes |');
    expect(markdown).toContain('| 🔵 Low | 0 | no |');
  });
});

describe('renderSummary with triaged findings', () => {
  const triagedFindings: TriagedFinding[] = [
    {
      finding: makeFinding({
        severity: 'critical',
        title: 'Arbitrary send',
        ruleId: 'arbitrary-send-eth',
        file: 'contracts/Vault.sol',
        startLine: 40,
        endLine: 42,
        description: 'Ether can be sent to an arbitrary address.',
        fingerprint: 'fp-send',
      }),
      status: 'outside-change',
      note: undefined,
    },
    {
      finding: makeFinding({
        severity: 'high',
        title: 'Reentrancy',
        ruleId: 'reentrancy-eth',
        file: 'contracts/Vault.sol',
        startLine: 12,
        endLine: 14,
        description: 'External call before the state update.',
        fingerprint: 'fp-reentrancy',
      }),
      status: 'active',
      note: undefined,
    },
    {
      finding: makeFinding({
        severity: 'high',
        title: 'Use of tx.origin',
        swcId: 'SWC-115',
        file: 'contracts/Vault.sol',
        startLine: 20,
        endLine: 20,
        description: 'tx.origin used for authorization.',
        fingerprint: 'fp-origin',
      }),
      status: 'accepted',
      note: 'Owner-only path | reviewed <2024>',
    },
    {
      finding: makeFinding({
        severity: 'medium',
        title: 'Unchecked low-level call',
        swcId: 'SWC-104',
        file: 'contracts/lib/Pay.sol',
        startLine: 7,
        endLine: 7,
        description: 'The return value is not checked.',
        fingerprint: 'fp-unchecked',
      }),
      status: 'suppressed',
      note: 'audit-ignore-next-line SWC-104 -- checked <below>',
    },
  ];

  it('renders findings that do not count exactly as the fixture shows', async () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        reason:
          '1 finding at or above high (1 high); not counted: 1 outside the change, 1 accepted, 1 suppressed',
        triaged: triagedFindings,
        fileCount: 2,
        scopeNote: 'changed-lines: 3 of 4 findings are in the change',
      }),
    );
    const expected = fixtureText('report', 'summary-triaged.md');
    expect(markdown).toBe(expected);
  });

  it('counts every finding and shows how many count for the gate, and why the rest do not', () => {
    const markdown = renderSummary(input({ verdict: 'fail', triaged: triagedFindings }));
    expect(markdown).toContain(
      '| Severity | Findings | Counted | Fails the job (`fail-on: high`) |',
    );
    expect(markdown).toContain('| 🔴 Critical | 1 | 0 | yes |');
    expect(markdown).toContain('| 🟠 High | 2 | 1 | yes |');
    expect(markdown).toContain('| **Total** | **4** | **1** | |');
    expect(markdown).toContain(
      'Only counted findings can fail the job. Not counted: 1 outside the change, 1 accepted in the baseline, 1 suppressed by a comment in the code.',
    );
  });

  it('lists the findings that count first, then marks the others with their status', () => {
    const rows = tableRows(renderSummary(input({ verdict: 'fail', triaged: triagedFindings })));
    expect(rows.map((row) => row.split(' | ').at(-1))).toEqual([
      'counts |',
      'outside the change |',
      'accepted: Owner\\-only path \\| reviewed &lt;2024&gt; |',
      'suppressed |',
    ]);
    // The escaped pipe keeps the reason inside its cell.
    expect(rows.every((row) => row.split(/(?<!\\)\|/).length - 2 === 5)).toBe(true);
  });

  it('says why in the details of a finding that does not count', () => {
    const blocks = detailsBlocks(
      renderSummary(input({ verdict: 'fail', triaged: triagedFindings })),
    );
    expect(blocks.map((block) => /<summary>.*?(<i>.*<\/i>)?<\/summary>/.exec(block)?.[1])).toEqual([
      undefined,
      '<i>outside the change</i>',
      '<i>accepted</i>',
      '<i>suppressed</i>',
    ]);
    expect(blocks[2]).toContain(
      'Not counted: accepted in the baseline (Owner-only path | reviewed &lt;2024&gt;)',
    );
    expect(blocks[3]).toContain(
      'Not counted: suppressed by <code>audit-ignore-next-line SWC-104 -- checked &lt;below&gt;</code>',
    );
    expect(blocks[0]).not.toContain('Not counted');
  });

  it('shows why a finding the baseline accepted at a lower severity counts, in its row and details', () => {
    const note = 'the baseline accepted it at low severity (owner only); it is now critical';
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        triaged: [{ finding: makeFinding({ severity: 'critical' }), status: 'active', note }],
      }),
    );
    expect(tableRows(markdown).map((row) => row.split(' | ').at(-1))).toEqual([
      `counts: ${escapeMarkdown(note)} |`,
    ]);
    expect(detailsBlocks(markdown)[0]).toContain(`Counts: ${note}`);
  });

  it('shows the scope note, escaped, and no status column when every finding counts', () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        findings: [makeFinding({ severity: 'high' })],
        scopeNote: 'all (not a pull_request event)',
      }),
    );
    expect(markdown).toContain('- **Scope:** all \\(not a pull\\_request event\\)');
    expect(markdown).toContain('| Severity | Rule | Title | Location |\n');
    expect(markdown).not.toContain('Counted');
  });

  it('cuts findings that do not count before any that do', () => {
    const triaged: TriagedFinding[] = [
      ...Array.from({ length: 20 }, () => ({
        finding: makeFinding({ severity: 'critical', title: 'x'.repeat(150) }),
        status: 'outside-change' as const,
        note: undefined,
      })),
      ...Array.from({ length: 5 }, () => ({
        finding: makeFinding({ severity: 'low', title: 'y'.repeat(150) }),
        status: 'active' as const,
        note: undefined,
      })),
    ];
    const markdown = renderSummary(input({ verdict: 'fail', triaged }), 5_000);
    expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(5_000);
    const rows = tableRows(markdown);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(25);
    expect(rows.slice(0, 5).every((row) => row.endsWith('| counts |'))).toBe(true);
    expect(markdown).toContain(`**${25 - rows.length} of 25 findings not shown here**`);
  });
});

describe('renderSummary size limit', () => {
  it('keeps 20,000 long findings under the limit, most severe first, and says how many were cut', () => {
    const description = 'A long description of the problem. '.repeat(150);
    const findings = Array.from({ length: 20_000 }, (_, i) =>
      makeFinding({
        severity: SEVERITIES[i % SEVERITIES.length],
        title: `Finding number ${i} with a reasonably descriptive title`,
        file: `contracts/module${i % 97}/Contract${i}.sol`,
        startLine: i + 1,
        endLine: i + 3,
        description,
        recommendation: description,
      }),
    );
    const markdown = renderSummary(
      input({ verdict: 'fail', findings, reportUrl: 'https://audit.example.com/r/1' }),
    );
    expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(1_000_000);

    const rows = tableRows(markdown);
    const cut = Number(/\*\*(\d+) of 20000 findings not shown here\*\*/.exec(markdown)?.[1]);
    expect(cut).toBeGreaterThan(0);
    expect(rows.length + cut).toBe(20_000);
    expect(markdown).toContain(
      'Every finding is in the results file written by this step and in the [full report](https://audit.example.com/r/1).',
    );
    expect(detailsBlocks(markdown)).toHaveLength(0);
    // Least severe rows go first: what is left is every critical, high, ... in order.
    expect(rows.filter((r) => r.startsWith('| 🔴 Critical')).length).toBe(
      Math.ceil(20_000 / SEVERITIES.length),
    );
    expect(rows.at(-1)!.startsWith('| ⛽ Gas')).toBe(false);
    expect(markdown).toContain('| **Total** | **20000** | |');
  });

  it('drops details before any table row, least severe first', () => {
    const findings = SEVERITIES.flatMap((severity) =>
      Array.from({ length: 5 }, () => makeFinding({ severity, description: 'x'.repeat(2_000) })),
    );
    const total = findings.length;
    const markdown = renderSummary(input({ verdict: 'fail', findings }), 30_000);
    expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(30_000);
    expect(tableRows(markdown)).toHaveLength(total);
    const blocks = detailsBlocks(markdown);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.length).toBeLessThan(total);
    expect(blocks[0]).toContain('🔴 Critical');
    expect(markdown).toContain(
      `**Details of ${total - blocks.length} of ${total} findings not shown here**`,
    );
  });

  it('never exceeds even a tiny limit, and cuts on a character boundary', () => {
    for (const maxBytes of [0, 1, 40, 41, 42, 43, 300]) {
      const markdown = renderSummary(
        input({ projectName: '金庫'.repeat(100), findings: [makeFinding()] }),
        maxBytes,
      );
      expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(maxBytes);
      expect(markdown).not.toContain('\ufffd');
    }
  });
});

describe('the summary of findings apart', () => {
  it('lists the findings in dependencies in a section of their own, after the rest, without a status column', () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        triaged: [
          {
            finding: makeFinding({ title: 'Ours', severity: 'medium' }),
            status: 'active',
            note: undefined,
          },
          {
            finding: makeFinding({ title: 'Theirs', severity: 'critical', file: 'lib/x/X.sol' }),
            status: 'dependency',
            note: undefined,
          },
        ],
      }),
    );
    const findings = markdown.slice(
      markdown.indexOf('### Findings'),
      markdown.indexOf('### Details'),
    );
    expect(findings).toContain('| Severity | Rule | Title | Location |\n');
    expect(findings).not.toContain('| Status |');
    expect(findings.indexOf('Ours')).toBeLessThan(findings.indexOf('#### In dependencies (1)'));
    expect(findings.slice(findings.indexOf('#### In dependencies (1)'))).toContain('Theirs');
  });

  it('with several projects, a table of their audits and a section each, cut least severe first', () => {
    const triaged = [
      {
        finding: makeFinding({ title: 'Ahigh', severity: 'high' }),
        status: 'active' as const,
        note: undefined,
        project: 'vault/a',
      },
      {
        finding: makeFinding({ title: 'Bcritical', severity: 'critical' }),
        status: 'active' as const,
        note: undefined,
        project: 'vault/b',
      },
      {
        finding: makeFinding({ title: 'Alow', severity: 'low' }),
        status: 'active' as const,
        note: undefined,
        project: 'vault/a',
      },
    ];
    const several = input({
      verdict: 'fail',
      auditId: '{"a":"x"}',
      triaged: [triaged[1]!, triaged[0]!, triaged[2]!],
      several: true,
      projects: [
        projectReport('vault/a', 'pass', 2, {
          auditId: 'vault/a-id|1',
          fileCount: 2,
          reportUrl: 'javascript:alert(1)',
        }),
        projectReport('vault/b', 'fail', 1, {
          auditId: 'vault/b-id|1',
          fileCount: 2,
          reportUrl: 'javascript:alert(1)',
        }),
      ],
    });
    const markdown = renderSummary(several);
    expect(markdown).not.toContain('**Audit ID:**');
    // Ids are escaped; a report link that is not http(s) is left out.
    expect(markdown).toContain('| vault/a | ✅ Passed | 2 | 2 | vault/a\\-id\\|1 |');
    expect(markdown).toContain('| vault/b | ❌ Failed | 1 | 2 | vault/b\\-id\\|1 |');
    expectInOrder(markdown, ['#### vault/a (2)', 'Ahigh', '#### vault/b (1)', 'Bcritical']);

    // Shrunk until a row goes: the low goes first, though its project is listed first.
    let maxBytes = Buffer.byteLength(renderSummary(several), 'utf8');
    let cut = renderSummary(several, maxBytes);
    while (cut.includes('Alow') && maxBytes > 0) cut = renderSummary(several, (maxBytes -= 20));
    expect(cut).toContain('Bcritical');
    expect(cut).toContain('Ahigh');
    expect(cut).toContain('**1 of 3 findings not shown here**');
  });
});

describe('the summary notes, in the singular and the plural', () => {
  it('says how many dependency findings repeat another, one or several', () => {
    expect(repeatsNote(1)).toMatch(
      /^ℹ️ 1 more finding in dependencies repeats another .* and is listed once\.$/,
    );
    expect(repeatsNote(3)).toMatch(
      /^ℹ️ 3 more findings in dependencies repeat another .* and are listed once\.$/,
    );
  });

  it('counts the log annotations GitHub would drop, by level, and says nothing when none is', () => {
    expect(renderNotAnnotatedNote({ error: 0, warning: 0, notice: 0 })).toBeUndefined();
    expect(renderNotAnnotatedNote({ error: 1, warning: 0, notice: 0 })).toContain(
      'so 1 finding was not annotated in the log (1 error)',
    );
    expect(renderNotAnnotatedNote({ error: 2, warning: 1, notice: 3 })).toContain(
      'so 6 findings were not annotated in the log (2 errors, 1 warning, 3 notices)',
    );
  });

  it('counts the findings the check run does not annotate', () => {
    expect(renderCheckRunNotAnnotatedNote(1)).toMatch(
      /^ℹ️ 1 finding is not annotated on the check run/,
    );
    expect(renderCheckRunNotAnnotatedNote(5)).toMatch(/^ℹ️ 5 findings are not annotated/);
  });
});

describe('the summary of a workflow_run', () => {
  it('names the head commit judged and the refused files, after the verdict and before the facts', () => {
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        findings: [makeFinding({ severity: 'high' })],
        links: { ...links, sha: HEAD_SHA },
        headCommit: judgedCommit([{ path: 'contracts/Vault.sol', reason: NOT_THE_HEAD }]),
      }),
    );
    expectInOrder(markdown, [
      '❌ **Failed**',
      `> 🔎 **Audited commit [\`0123abc\`](https://github.com/octo/vault/commit/${HEAD_SHA})**`,
      "> ⚠️ **1 file of the triggering run's artifact was refused** and not sent",
      "| contracts/Vault.sol | its bytes are not the head commit's |",
      '- **Audit ID:** abc123',
      '### Findings',
    ]);
  });

  it('names the commit beside an error, which still reads as no result', () => {
    const markdown = renderSummary(
      input({
        verdict: 'error',
        reason: 'contracts/Vault.sol of the head commit could not be read from GitHub',
        headCommit: judgedCommit(),
      }),
    );
    expect(markdown).toContain('**No results were obtained.**');
    expect(markdown).toContain('> 🔎 **Audited commit [`0123abc`]');
    expect(markdown).not.toContain('No findings');
  });

  it("stays within the check run's budget with thousands of hostile refused files and findings", () => {
    const refused = Array.from({ length: 10_000 }, (_, i) => ({
      path: `${HOSTILE_PATHS[i % HOSTILE_PATHS.length]!}${'@'.repeat(300)}`,
      reason: `${NOT_THE_HEAD} ${'<'.repeat(400)}`,
    }));
    const findings = Array.from({ length: 2_000 }, () => makeFinding({ severity: 'high' }));
    const markdown = renderSummary(
      input({ verdict: 'fail', findings, headCommit: judgedCommit(refused) }),
      65_000,
    );
    expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(65_000);
    expect(markdown).toContain("**10000 files of the triggering run's artifact were refused**");
    expect(markdown).toMatch(/…and 99\d\d more, listed in the results file\./);
    expect(tableRows(markdown).length).toBeGreaterThan(0);
    expect(markdown).toMatch(/\*\*\d+ of 2000 findings not shown here\*\*/);
  });
});

describe('the summary of one project of a run of several', () => {
  it('lists it as a project of several: its line in the projects table and its own heading', () => {
    const triaged = allActive([makeFinding({ severity: 'high' })]).map((entry) => ({
      ...entry,
      project: 'vault/core',
    }));
    const markdown = renderSummary(
      input({
        verdict: 'fail',
        auditId: '{"core":"a-1"}',
        triaged,
        several: true,
        projects: [projectReport('vault/core', 'fail', 1, { auditId: 'a-1' })],
      }),
    );
    // The audit id is the project's, in its row, not the JSON object as the run's.
    expect(markdown).not.toContain('**Audit ID:**');
    expect(markdown).toContain('| vault/core | ❌ Failed | 1 | 1 | a\\-1 |');
    expect(markdown).toContain('#### vault/core (1)');
  });
});

describe('the summary of a run of several still pending', () => {
  it('shows the findings of the projects that finished, and says the verdict waits on the others', () => {
    const triaged = allActive([makeFinding({ severity: 'high', title: 'Reentrancy' })]).map(
      (entry) => ({ ...entry, project: 'vault/a' }),
    );
    const markdown = renderSummary(
      input({
        verdict: 'pending',
        reason: '1 of 2 projects finished (1 fail); 1 still running.',
        auditId: '{"a":"a-1","b":"b-1"}',
        triaged,
        several: true,
        projects: [
          projectReport('vault/a', 'fail', 1, { auditId: 'a-1' }),
          projectReport('vault/b', 'pending', 0, { auditId: 'b-1' }),
        ],
      }),
    );
    expect(markdown).toContain(
      '**Pending**: 1 of 2 projects finished \\(1 fail\\); 1 still running.',
    );
    expect(markdown).toContain(
      '> ⏳ **Not every audit has finished**, so the run has no verdict yet: it is given once every project has results. ' +
        'The findings below are those of the projects that finished.',
    );
    expect(markdown).not.toContain('no results yet');
    expect(markdown).toContain('| vault/a | ❌ Failed | 1 | 1 | a\\-1 |');
    expect(markdown).toContain('Reentrancy');
  });
});
