/**
 * Every name parseAuditAnswer reads a count, a next page or a report link under, one at a time:
 * an answer using any of them must never read as complete when it says it is not.
 */
import { describe, expect, it } from 'vitest';
import { parseAuditAnswer } from '../../src/api/parse-audit.ts';
import type { AuditSnapshot } from '../../src/audit/findings.ts';

const low = { title: 'Unused variable', severity: 'low' };
const high = { title: 'Reentrancy in withdraw', severity: 'high' };
const odd = { title: 'Odd', severity: 'Severe' };

const completed = (extra: object, findings: object[]): AuditSnapshot =>
  parseAuditAnswer(JSON.stringify({ status: 'completed', findings, ...extra }), 'abc123');

/** A count the parser must read: above a non-empty list it is incomplete; beside none, an error. */
function expectCounted(extra: object, name: string, count: number, holds: string): void {
  const label = JSON.stringify(extra);
  const partial = completed(extra, [low]);
  expect(partial.findings, label).toHaveLength(1);
  expect(partial.incomplete, label).toBe(
    `${name} is ${count}, but the findings list holds ${holds}`,
  );
  expect(completed(extra, []), label).toMatchObject({
    state: 'completed',
    findings: undefined,
    message: `${name} is ${count}, but the findings list is empty`,
  });
}

describe('parseAuditAnswer: every count it reads', () => {
  it('reads each name of a total at the top of the answer', () => {
    for (const name of [
      'findings_count',
      'findingsCount',
      'total_findings',
      'totalFindings',
      'issues_count',
      'issuesCount',
      'total_issues',
      'totalIssues',
      'vulnerabilities_count',
      'vulnerabilitiesCount',
      'vulnerability_count',
      'vulnerabilityCount',
    ])
      expectCounted({ [name]: 5 }, name, 5, '1');
  });

  it('reads each name of a total inside a statistics object', () => {
    for (const name of ['total', 'count', 'findings', 'issues', 'vulnerabilities'])
      expectCounted({ summary: { [name]: 5 } }, `summary.${name}`, 5, '1');
    // At the top, a bare `count` may count anything.
    expect(completed({ count: 5 }, [low]).incomplete).toBeUndefined();
  });

  it('reads counts under each name of a statistics object, and one object further in', () => {
    for (const stats of [
      'summary',
      'stats',
      'statistics',
      'counts',
      'metrics',
      'meta',
      'severity_counts',
      'severityCounts',
      'by_severity',
      'bySeverity',
    ]) {
      expectCounted({ [stats]: { high: 2 } }, `${stats}.high`, 2, '0 high');
      expectCounted({ data: { [stats]: { total: 4 } } }, `${stats}.total`, 4, '1');
      expectCounted(
        { report: { [stats]: { by_severity: { high: 2 } } } },
        `${stats}.by_severity.high`,
        2,
        '0 high',
      );
    }
  });

  it('reads no count two objects past a statistics object', () => {
    const deep = { summary: { stats: { counts: { high: 2, total: 9 } } } };
    expect(completed(deep, [low]).incomplete).toBeUndefined();
    expect(completed(deep, []).findings).toEqual([]);
  });

  it('reads each severity word a count is named by, on our scale', () => {
    const scale: Record<string, string> = {
      critical: 'critical',
      blocker: 'critical',
      high: 'high',
      medium: 'medium',
      moderate: 'medium',
      low: 'low',
      info: 'info',
      informational: 'info',
      optimization: 'gas',
      optimizations: 'gas',
    };
    for (const [word, severity] of Object.entries(scale)) {
      const held = severity === 'low' ? 1 : 0;
      expectCounted({ summary: { [word]: 3 } }, `summary.${word}`, 3, `${held} ${severity}`);
    }
  });

  it('reads each word around the severity in a count’s name', () => {
    for (const word of [
      'count',
      'counts',
      'num',
      'number',
      'total',
      'of',
      'severity',
      'risk',
      'issue',
      'issues',
      'finding',
      'findings',
      'vulnerabilities',
    ]) {
      const name = `${word}_high`;
      expectCounted({ summary: { [name]: 2 } }, `summary.${name}`, 2, '0 high');
    }
    // Words split at a case change and at any run of other characters.
    for (const name of ['numHigh', 'HighCount', 'high--count', 'high 2 count', '(high)', '_high_'])
      expectCounted({ summary: { [name]: 2 } }, `summary.${name}`, 2, '0 high');
    // Two words naming neither a count nor a severity: no count.
    expect(completed({ summary: { high_files: 2 } }, [low]).incomplete).toBeUndefined();
  });

  it('reads `gas` as a count only with a word beside it (`gas` alone is gas used)', () => {
    expectCounted({ summary: { gas_issues: 2 } }, 'summary.gas_issues', 2, '0 gas');
    expect(completed({ summary: { gas: 21000 } }, [low]).incomplete).toBeUndefined();
    expect(completed({ summary: { gas: 21000 } }, []).findings).toEqual([]);
  });

  it('subtracts what the list holds of a severity before findings of unknown severity cover the rest', () => {
    // high 2 counted, 1 listed, 1 of unknown severity: the unknown one may be the other high.
    expect(completed({ summary: { high: 2 } }, [high, odd]).incomplete).toBeUndefined();
    expect(completed({ summary: { high: 3 } }, [high, odd]).incomplete).toBe(
      'summary.high is 3, but the findings list holds 1 high and 1 of unknown severity',
    );
    // Counted twice, 3 and 2: the larger gap is what is missing.
    expect(completed({ summary: { high: 3 }, stats: { high: 2 } }, [high, odd]).incomplete).toBe(
      'summary.high is 3, but the findings list holds 1 high and 1 of unknown severity',
    );
    expect(completed({ summary: { high: 2 }, stats: { high: 3 } }, [high, odd]).incomplete).toBe(
      'summary.high is 2, but the findings list holds 1 high and 1 of unknown severity',
    );
  });
});

describe('parseAuditAnswer: every next-page and report-link name it reads', () => {
  it('reads each name of a next page', () => {
    const page = 'the answer holds one page of findings';
    for (const [extra, says] of [
      [{ next: 'https://a.example/p/2' }, 'next: https://a.example/p/2'],
      [{ next_page: 2 }, 'next_page: 2'],
      [{ nextPage: 2 }, 'nextPage: 2'],
      [{ next_page_url: '/p/2' }, 'next_page_url: /p/2'],
      [{ links: { next: '/p/2' } }, 'links.next: /p/2'],
      [{ links: { next: { href: '/p/2' } } }, 'links.next.href: /p/2'],
      [{ _links: { next: { href: '/p/2' } } }, '_links.next.href: /p/2'],
      [{ has_more: true }, 'has_more: true'],
      [{ hasMore: true }, 'hasMore: true'],
    ] as const)
      expect(completed(extra, [low]).incomplete, says).toBe(`${page} (${says})`);
  });

  it('reads each name of a report link', () => {
    for (const path of [
      'report_url',
      'reportUrl',
      'report_link',
      'reportLink',
      'report',
      'links.report',
      'links.report.href',
      '_links.report.href',
      'links.html',
      'links.html.href',
      'html_url',
      'web_url',
      'dashboard_url',
      'url',
    ]) {
      const url = `https://a.example/${path}`;
      const value = path
        .split('.')
        .reduceRight<unknown>((inner, key) => ({ [key]: inner }), url) as object;
      const snapshot = parseAuditAnswer(JSON.stringify({ status: 'pending', ...value }), 'id');
      expect(snapshot.reportUrl, path).toBe(url);
    }
  });
});
