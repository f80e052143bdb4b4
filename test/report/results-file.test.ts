import { describe, expect, it } from 'vitest';
import { allActive } from '../support/triage.ts';
import { reportOf } from '../support/report.ts';
import { renderResultsFile } from '../../src/report/results-file.ts';
import { makeFinding } from '../support/findings.ts';
import { HEAD_SHA, HOSTILE_PATHS, hostileRefusals, judgedCommit } from '../support/head-commit.ts';

describe('renderResultsFile', () => {
  it('round-trips through JSON.parse with counts and every finding, most severe first', () => {
    const findings = [
      makeFinding({ severity: 'gas', title: 'Cache array length', fingerprint: 'fp-gas' }),
      makeFinding({
        serviceId: 'svc-1',
        severity: 'critical',
        severityLabel: 'Critical',
        title: 'Arbitrary send',
        ruleId: 'arbitrary-send-eth',
        swcId: 'SWC-105',
        cweId: 'CWE-284',
        description: 'Ether can be sent to an arbitrary address.\n</details>',
        recommendation: 'Restrict the recipient.',
        file: 'contracts/Vault.sol',
        startLine: 20,
        endLine: 25,
        fingerprint: 'fp-send',
      }),
      makeFinding({ severity: 'gas', title: 'Use calldata', fingerprint: 'fp-gas-2' }),
    ];
    const text = renderResultsFile(
      reportOf({
        auditId: 'abc123',
        projectName: 'vault',
        rawStatus: 'completed',
        verdict: 'fail',
        failOn: 'high',
        scope: 'all',
        findings: allActive(findings),
      }),
    );
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "schemaVersion": 1,\n');

    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({
      schemaVersion: 1,
      auditId: 'abc123',
      projectName: 'vault',
      status: 'completed',
      verdict: 'fail',
      failOn: 'high',
      scope: 'all',
      counts: { critical: 1, high: 0, medium: 0, low: 0, info: 0, gas: 2 },
      inScopeCount: 3,
      statusCounts: { active: 3, 'outside-change': 0, accepted: 0, suppressed: 0, dependency: 0 },
    });
    expect(parsed.findings.map((f: { fingerprint: string }) => f.fingerprint)).toEqual([
      'fp-send',
      'fp-gas',
      'fp-gas-2',
    ]);
    expect(parsed.findings[0]).toEqual({
      fingerprint: 'fp-send',
      serviceId: 'svc-1',
      severity: 'critical',
      severityLabel: 'Critical',
      title: 'Arbitrary send',
      ruleId: 'arbitrary-send-eth',
      swcId: 'SWC-105',
      cweId: 'CWE-284',
      description: 'Ether can be sent to an arbitrary address.\n</details>',
      recommendation: 'Restrict the recipient.',
      file: 'contracts/Vault.sol',
      startLine: 20,
      endLine: 25,
      status: 'active',
      note: null,
      project: null,
    });
    expect(parsed).toMatchObject({ projects: null, repeatedDependencyFindings: 0 });
  });

  it('writes absent values as null, so every key is always there', () => {
    const parsed = JSON.parse(
      renderResultsFile(
        reportOf({
          auditId: undefined,
          projectName: 'vault',
          rawStatus: undefined,
          verdict: 'timeout',
          failOn: 'none',
          scope: 'all',
          findings: allActive([
            makeFinding({ file: undefined, startLine: undefined, endLine: undefined }),
          ]),
        }),
      ),
    );
    expect(parsed.auditId).toBeNull();
    expect(parsed.status).toBeNull();
    expect(parsed.findings[0]).toMatchObject({
      serviceId: null,
      ruleId: null,
      swcId: null,
      cweId: null,
      recommendation: null,
      file: null,
      startLine: null,
      endLine: null,
      note: null,
      project: null,
    });
    expect(Object.keys(parsed.findings[0])).toHaveLength(16);
  });

  it('records a run without results as zero counts and no findings', () => {
    const parsed = JSON.parse(
      renderResultsFile(
        reportOf({
          auditId: 'abc',
          projectName: 'p',
          rawStatus: 'failed',
          verdict: 'error',
          failOn: 'high',
          scope: 'all',
          findings: [],
        }),
      ),
    );
    expect(parsed.counts).toEqual({
      critical: 0,
      high: 0,
      unknown: 0,
      medium: 0,
      low: 0,
      info: 0,
      gas: 0,
    });
    expect(parsed.findings).toEqual([]);
    expect(parsed.verdict).toBe('error');
  });

  it('records each finding’s status and note, and how many the scope kept in', () => {
    const parsed = JSON.parse(
      renderResultsFile(
        reportOf({
          auditId: 'abc',
          projectName: 'p',
          rawStatus: 'completed',
          verdict: 'pass',
          failOn: 'high',
          scope: 'changed-lines',
          findings: [
            {
              finding: makeFinding({ fingerprint: 'out' }),
              status: 'outside-change',
              note: undefined,
            },
            { finding: makeFinding({ fingerprint: 'acc' }), status: 'accepted', note: 'reviewed' },
            {
              finding: makeFinding({ fingerprint: 'sup' }),
              status: 'suppressed',
              note: 'audit-ignore-line *',
            },
            { finding: makeFinding({ fingerprint: 'act' }), status: 'active', note: undefined },
          ],
        }),
      ),
    );
    expect(parsed.scope).toBe('changed-lines');
    expect(parsed.inScopeCount).toBe(3);
    expect(parsed.statusCounts).toEqual({
      active: 1,
      'outside-change': 1,
      accepted: 1,
      suppressed: 1,
      dependency: 0,
    });
    expect(parsed.counts.medium).toBe(4);
    expect(
      parsed.findings.map((f: { fingerprint: string; status: string; note: string | null }) => [
        f.fingerprint,
        f.status,
        f.note,
      ]),
    ).toEqual([
      ['out', 'outside-change', null],
      ['acc', 'accepted', 'reviewed'],
      ['sup', 'suppressed', 'audit-ignore-line *'],
      ['act', 'active', null],
    ]);
  });
});

describe('the results file of a workflow_run', () => {
  const base = reportOf({
    auditId: 'abc',
    projectName: 'vault',
    rawStatus: 'completed',
    verdict: 'pass' as const,
    failOn: 'high' as const,
    scope: 'all' as const,
    findings: [],
  });

  it('records the head commit judged and every refused file, each path as the artifact gave it', () => {
    const refused = [...hostileRefusals(), ...judgedCommit(5_000).refused];
    const parsed = JSON.parse(renderResultsFile({ ...base, headCommit: judgedCommit(refused) }));
    expect(parsed.headCommit.sha).toBe(HEAD_SHA);
    expect(parsed.headCommit.refused).toHaveLength(HOSTILE_PATHS.length + 5_000);
    expect(parsed.headCommit.refused.slice(0, HOSTILE_PATHS.length)).toEqual(hostileRefusals());
    expect(Object.keys(parsed.headCommit.refused[0])).toEqual(['path', 'reason']);
  });

  it('writes null elsewhere, so the key is always there', () => {
    expect(JSON.parse(renderResultsFile(base)).headCommit).toBeNull();
  });
});
