/** The command line's renderers: the terminal report, GitLab code quality, JUnit, terminal escaping. */
import { describe, expect, it } from 'vitest';
import { reportOf } from '../support/report.ts';
import type { Finding } from '../../src/audit/findings.ts';
import { type FindingStatus, type TriagedFinding } from '../../src/audit/triage.ts';
import { codeQualityIssues } from '../../src/report/codequality.ts';
import { escapeTerminal } from '../../src/report/escape.ts';
import { renderJunit, xml } from '../../src/report/junit.ts';
import { codeQualityProblems, junitProblems } from '../support/report-validators.ts';
import { findingLine, renderTerminalReport } from '../../src/report/terminal-report.ts';
import { renderUploadPlan } from '../../src/report/upload-plan.ts';

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    serviceId: undefined,
    severity: 'high',
    severityLabel: 'high',
    title: 'Reentrancy',
    ruleId: 'reentrancy-eth',
    swcId: undefined,
    cweId: undefined,
    description: 'State written after a call.',
    recommendation: undefined,
    file: 'src/Vault.sol',
    startLine: 12,
    endLine: 12,
    fingerprint: 'fp-1',
    ...overrides,
  };
}

const triaged = (f: Finding, status: FindingStatus = 'active'): TriagedFinding => ({
  finding: f,
  status,
  note: undefined,
});

describe('escapeTerminal', () => {
  it('shows every control a terminal acts on as visible text, and keeps tabs and other text', () => {
    expect(escapeTerminal('a\u001b[31mb\u0007c\u009b2J\r\n\u202ed\te ✓')).toBe(
      'a\\x1b[31mb\\x07c\\x9b2J\\x0d\\x0a\\u202ed\te ✓',
    );
  });
});

describe('renderTerminalReport', () => {
  it('gives the verdict, the counts and one line per finding, with what does not count marked', () => {
    const findings = [
      triaged(
        finding({
          severity: 'critical',
          title: 'Selfdestruct',
          ruleId: undefined,
          swcId: 'SWC-106',
        }),
      ),
      triaged(finding({ severity: 'low', file: 'lib/x.sol', startLine: undefined }), 'dependency'),
      triaged(finding({ file: undefined })),
    ];
    const lines = renderTerminalReport(
      reportOf({
        verdict: 'fail',
        reason: 'reason\u001b[2J',
        auditId: 'a-1',
        rawStatus: 'completed',
        findings,
        fileCount: 3,
      }),
    );
    expect(lines).toEqual([
      'Verdict: fail. reason\\x1b[2J',
      'Audit a-1 (completed) 3 file(s) sent',
      'Findings: 3 (1 critical, 1 high, 1 low); not counted: 1 in a dependency',
      '',
      'CRITICAL src/Vault.sol:12  Selfdestruct [SWC-106]',
      'LOW      lib/x.sol  Reentrancy [reentrancy-eth]  (in a dependency: not counted)',
      'HIGH     (no location)  Reentrancy [reentrancy-eth]',
    ]);
  });

  it('paints only what the door asks for, around text already escaped', () => {
    const line = findingLine(
      triaged(finding({ title: 'x\u001b]0;t\u0007' })),
      (style, text) => `<${style}>${text}</>`,
    );
    expect(line).toBe('<red>HIGH    </> src/Vault.sol:12  x\\x1b]0;t\\x07 [reentrancy-eth]');
  });
});

describe('codeQualityIssues', () => {
  it("keeps the findings that count, on GitLab's severities, each with a fingerprint of its own", () => {
    const issues = codeQualityIssues([
      triaged(finding({ severity: 'critical' })),
      triaged(finding({ severity: 'critical' })),
      triaged(finding({ severity: 'gas', file: undefined, fingerprint: 'fp-2' })),
      triaged(finding({ fingerprint: 'fp-3' }), 'suppressed'),
    ]);
    expect(issues.map((issue) => issue.severity)).toEqual(['blocker', 'blocker', 'info']);
    expect(codeQualityProblems(issues)).toEqual([]);
    expect(issues[0]).toEqual({
      description: 'Reentrancy [reentrancy-eth]',
      check_name: 'reentrancy-eth',
      fingerprint: 'fp-1',
      severity: 'blocker',
      location: { path: 'src/Vault.sol', lines: { begin: 12 } },
    });
    // Without a file: at the first file another finding names.
    expect(issues[2]!.location).toEqual({ path: 'src/Vault.sol', lines: { begin: 12 } });
    expect(codeQualityIssues([triaged(finding({ file: undefined }))])).toEqual([]);
  });

  it("is a validator that can fail: GitLab's rules catch a repeated fingerprint, a bad severity, an absolute path", () => {
    const [issue] = codeQualityIssues([triaged(finding({}))]);
    expect(
      codeQualityProblems([
        issue,
        issue,
        { ...issue, fingerprint: 'x', severity: 'high' },
        { ...issue, fingerprint: 'y', location: { path: '/etc/passwd', lines: { begin: 0 } } },
        { ...issue, fingerprint: 1 },
      ]),
    ).toEqual([
      '[1] repeats fingerprint fp-1',
      "[2] severity high is not one of GitLab's",
      '[3] location.path /etc/passwd is not a relative repository path',
      '[3] has no line (lines.begin)',
      '[4]/fingerprint must be string',
    ]);
  });
});

describe('renderJunit', () => {
  it('fails the findings at or above fail-on, skips those that do not count, passes the rest', async () => {
    const report = renderJunit({
      projectName: 'vaults',
      failOn: 'high',
      findings: [
        triaged(finding({ title: 'a <b> & "c"' })),
        triaged(finding({ severity: 'low', fingerprint: 'fp-2' })),
        triaged(finding({ fingerprint: 'fp-3' }), 'accepted'),
      ],
    });
    expect(report).toContain(
      '<testsuite name="vaults" tests="3" failures="1" errors="0" skipped="1">',
    );
    expect(await junitProblems(report)).toEqual([]);
    expect(report).toContain('<failure message="a &lt;b&gt; &amp; &quot;c&quot;" type="high">');
    expect(report).toContain('<skipped message="accepted: not counted"/>');
  });

  it('is one passed case without findings, and never holds a character XML cannot', async () => {
    const empty = renderJunit({ projectName: 'v', failOn: 'low', findings: [] });
    expect(empty).toContain('tests="1" failures="0" errors="0" skipped="0"');
    expect(await junitProblems(empty)).toEqual([]);
    const hostile = renderJunit({
      projectName: 'v\u0000]]>',
      failOn: 'low',
      findings: [triaged(finding({ title: '</failure>\u001b[31m\ud800', description: ']]><x/>' }))],
    });
    expect(await junitProblems(hostile)).toEqual([]);
    // The validator can fail: Jenkins' schema has no `skipped` on <testsuites>.
    expect(await junitProblems(empty.replace('<testsuites ', '<testsuites skipped="0" '))).toEqual([
      expect.stringContaining("attribute 'skipped' is not allowed"),
    ]);
    expect(xml('a\u001bb\ud800c\ufffe')).toBe('a\ufffdb\ufffdc\ufffd');
  });
});

describe('renderJunit: cases', () => {
  it('names a finding without a location, and keeps a passed finding below fail-on a plain case', () => {
    const report = renderJunit({
      projectName: 'vaults',
      failOn: 'critical',
      findings: [
        triaged(finding({ file: undefined, startLine: undefined, swcId: 'SWC-107' })),
        { ...triaged(finding({ fingerprint: 'fp-2', startLine: undefined })), project: 'core' },
      ],
    });
    expect(report).toContain('name="HIGH (no location)  Reentrancy [SWC-107]"/>');
    expect(report).toContain('<testcase classname="core" name="HIGH src/Vault.sol  Reentrancy');
    expect(report).toContain('failures="0"');
  });
});

describe('renderUploadPlan', () => {
  it('sums up each audit: its files, dependencies, size and the folder its names start from, escaped', () => {
    const file = (relativePath: string, dependency: boolean, size: number) => ({
      absolutePath: `/w/${relativePath}`,
      relativePath,
      repositoryPath: dependency ? `lib/x/${relativePath}` : relativePath,
      size,
      dependency,
    });
    const lines = renderUploadPlan([
      { name: 'vaults/core', path: 'packages/core', files: [file('src/A.sol', false, 2_000_000)] },
      {
        name: 'vaults/t\u001b[31m',
        path: 'packages/t',
        files: [file('src/B.sol', false, 10), file('x/C.sol', true, 20), file('x/D.sol', true, 30)],
      },
    ]);
    expect(lines[0]).toBe(
      'Dry run: nothing was sent. An audit would send 4 file(s) in 2 audit(s):',
    );
    expect(lines.slice(1)).toEqual([
      '  vaults/core (packages/core): 1 file(s) to audit, 0 dependencies, 1.9 MB, named from packages/core/',
      '  vaults/t\\x1b[31m (packages/t): 1 file(s) to audit, 2 dependencies, 60 bytes, named from packages/t/',
    ]);
    expect(renderUploadPlan([{ name: 'v', path: '.', files: [file('A.sol', false, 1)] }])).toEqual([
      'Dry run: nothing was sent. An audit would send 1 file(s) in 1 audit(s):',
      '  v (.): 1 file(s) to audit, 0 dependencies, 1 bytes',
    ]);
  });
});

describe('codeQualityIssues: a finding without a rule or a line', () => {
  it('is checked by its title, at line 1 of its file', () => {
    const [issue] = codeQualityIssues([
      triaged(finding({ ruleId: undefined, swcId: undefined, startLine: undefined })),
    ]);
    expect(issue).toMatchObject({
      description: 'Reentrancy',
      check_name: 'Reentrancy',
      location: { path: 'src/Vault.sol', lines: { begin: 1 } },
    });
  });
});
