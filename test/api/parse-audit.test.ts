import { describe, expect, it } from 'vitest';
import { FINDING_RECORD_BYTES, parseAuditAnswer } from '../../src/api/parse-audit.ts';
import type { AuditSnapshot, Finding } from '../../src/audit/findings.ts';
import { serviceFailureResult } from '../../src/audit/result.ts';
import { ResponseFormatError } from '../../src/errors.ts';
import { fixtureJson, fixtureText } from '../support/fixtures.ts';

const fixture = (name: string): string => fixtureText('answers', 'audit', name);
const cases = (name: string): [string, unknown][] =>
  Object.entries(fixtureJson<Record<string, unknown>>('answers', 'audit', name));
const known = ['contracts/Vault.sol', 'contracts/Token.sol'];

function parseError(body: string): ResponseFormatError {
  try {
    parseAuditAnswer(body, 'abc123');
  } catch (error) {
    if (error instanceof ResponseFormatError) return error;
    throw error;
  }
  throw new Error('expected a ResponseFormatError');
}

function findingsOf(snapshot: AuditSnapshot): Finding[] {
  expect(snapshot.state).toBe('completed');
  expect(snapshot.findings).toBeDefined();
  return snapshot.findings ?? [];
}

describe('parseAuditAnswer: status', () => {
  it('reads the documented shape while pending, without findings', () => {
    expect(parseAuditAnswer(fixture('documented-pending.json'), 'abc123')).toEqual({
      auditId: 'abc123',
      state: 'pending',
      rawStatus: 'pending',
      message: undefined,
      reportUrl: undefined,
      findings: undefined,
    });
  });

  it('reads MythX "In Progress" as running', () => {
    const snapshot = parseAuditAnswer(fixture('running-mythx.json'), 'mx-1');
    expect(snapshot).toMatchObject({ auditId: 'mx-1', state: 'running', rawStatus: 'In Progress' });
  });

  it('reads every status word from status or state', () => {
    const words = fixtureJson<Record<string, string[]>>('answers', 'audit', 'status-words.json');
    for (const [state, list] of Object.entries(words)) {
      for (const word of list.filter((w) => w.trim() !== '')) {
        for (const key of ['status', 'state']) {
          const snapshot = parseAuditAnswer(
            JSON.stringify({ [key]: word, findings: [] }),
            'abc123',
          );
          expect(snapshot.state, `${key}: ${word}`).toBe(state);
          expect(snapshot.rawStatus).toBe(word);
        }
      }
    }
  });

  it('does not materialize findings before the audit is completed', () => {
    const body = JSON.stringify({ status: 'running', findings: [{ title: 'partial' }] });
    expect(parseAuditAnswer(body, 'abc123').findings).toBeUndefined();
  });

  it('prefers a recognized inner status to an outer transport status', () => {
    const body = JSON.stringify({ status: 'ok', data: { status: 'queued' } });
    expect(parseAuditAnswer(body, 'abc123')).toMatchObject({
      state: 'pending',
      rawStatus: 'queued',
    });
    // An inner word we do not know gives way to an outer one we do, and stands when none is.
    const unknownInside = JSON.stringify({ status: 'queued', data: { status: 'weighing' } });
    expect(parseAuditAnswer(unknownInside, 'abc123')).toMatchObject({
      state: 'pending',
      rawStatus: 'queued',
    });
    const noneKnown = JSON.stringify({ status: 'ok', data: { status: 'weighing' } });
    expect(parseAuditAnswer(noneKnown, 'abc123')).toMatchObject({
      state: 'unknown',
      rawStatus: 'weighing',
    });
  });

  it('names status and state when neither is present, quoting the body', () => {
    const error = parseError(fixture('no-status.json'));
    expect(error.message).toContain('has no status: looked for status, state');
    expect(error.message).toContain('body: { "audit_id": "abc123", "findings": [] }');
  });

  it('rejects bodies that are empty, not JSON or not an object', () => {
    expect(parseError('').message).toContain('is not a JSON object (empty body)');
    expect(parseError('<html>502</html>').message).toContain('body is an HTML page, not JSON');
    expect(parseError('Bad Gateway').message).toContain('body is not JSON: Bad Gateway');
    expect(parseError('[{"status":"completed"}]').message).toContain(
      'is not a JSON object (body: [',
    );
  });
});

describe('parseAuditAnswer: failure and messages', () => {
  it('reads a failed audit and its error message', () => {
    expect(parseAuditAnswer(fixture('failed-error-object.json'), 'abc123')).toMatchObject({
      state: 'failed',
      rawStatus: 'failed',
      message: 'Compilation failed: ParserError at contracts/Vault.sol:3',
      findings: undefined,
    });
  });

  it('reads the message from error, error.message, message, detail, errors[] and reason', () => {
    const expected: Record<string, string> = {
      'error-string': 'Out of credits',
      'error-object': 'Compiler crashed',
      message: 'Timed out after 30 minutes',
      detail: 'Cancelled by user',
      'errors-array': 'solc 0.4.11 unsupported; no contracts',
      reason: 'Results expired after 30 days',
      'in-envelope': 'Worker lost',
    };
    const all = cases('messages.json');
    expect(all.map(([name]) => name)).toEqual(Object.keys(expected));
    for (const [name, body] of all) {
      const snapshot = parseAuditAnswer(JSON.stringify(body), 'abc123');
      expect(snapshot.state, name).toBe('failed');
      expect(snapshot.message, name).toBe(expected[name]);
    }
  });

  it('treats "success": false as a failed run whatever the status says', () => {
    expect(parseAuditAnswer(fixture('completed-unsuccessful.json'), 'abc123')).toMatchObject({
      state: 'failed',
      rawStatus: 'completed',
      message: 'solc exited with code 1',
      findings: undefined,
    });
  });

  it('fails on "success": false alone, with a completed status, a full list and no error', () => {
    const body = JSON.stringify({
      status: 'completed',
      success: false,
      findings: [{ title: 'Reentrancy', severity: 'high' }],
    });
    expect(parseAuditAnswer(body, 'abc123')).toMatchObject({
      state: 'failed',
      rawStatus: 'completed',
      message: undefined,
      findings: undefined,
    });
  });

  it('keeps the findings when an error or a failure sits beside a non-empty list, marked incomplete', () => {
    for (const [extra, incomplete] of [
      [{ error: 'detector unused-return timed out' }, 'detector unused-return timed out'],
      [
        { errors: [{ message: 'detector unused-return timed out' }] },
        'detector unused-return timed out',
      ],
      [
        { message: 'Analysis failed for 1 of 3 files', summary: { high: 7 } },
        'Analysis failed for 1 of 3 files',
      ],
    ] as const) {
      const body = JSON.stringify({
        status: 'completed',
        findings: [{ title: 'Reentrancy', severity: 'high' }],
        ...extra,
      });
      const snapshot = parseAuditAnswer(body, 'abc123');
      expect(snapshot.state).toBe('completed');
      expect(findingsOf(snapshot).map((f) => f.title)).toEqual(['Reentrancy']);
      expect(snapshot.incomplete).toBe(incomplete);
    }
    const quoted = parseAuditAnswer(
      JSON.stringify({ status: 'completed', error: 'partial', findings: [{ title: 'x' }] }),
      'abc123',
    );
    expect(quoted).toMatchObject({ message: 'partial', incomplete: 'partial' });
  });

  it('reads only absolute https report URLs, and plain http only to this machine', () => {
    for (const [name, entry] of cases('report-urls.json')) {
      const { value, expect: url } = entry as {
        value: Record<string, unknown>;
        expect: string | null;
      };
      const snapshot = parseAuditAnswer(JSON.stringify({ status: 'pending', ...value }), 'abc123');
      expect(snapshot.reportUrl, name).toBe(url ?? undefined);
    }
  });
});

describe('parseAuditAnswer: findings containers', () => {
  it('reads a completed answer with findings', () => {
    const snapshot = parseAuditAnswer(fixture('completed-generic.json'), 'abc123', {
      knownFiles: known,
    });
    expect(snapshot.reportUrl).toBe('https://app.example-audit.com/reports/abc123');
    const [first, second, third] = findingsOf(snapshot);
    expect(first).toEqual({
      serviceId: 'f-1',
      severity: 'high',
      severityLabel: 'high',
      title: 'Reentrancy in withdraw',
      ruleId: 'SWC-107',
      swcId: 'SWC-107',
      cweId: 'CWE-841',
      description: 'State is written after an external call.',
      recommendation: 'Apply checks-effects-interactions or a reentrancy guard.',
      file: 'contracts/Vault.sol',
      startLine: 42,
      endLine: 42,
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) as string,
    });
    expect(second).toMatchObject({
      severity: 'low',
      file: 'contracts/Token.sol',
      startLine: 2,
      swcId: 'SWC-103',
    });
    expect(third).toMatchObject({
      severity: 'gas',
      severityLabel: 'Gas',
      startLine: 60,
      endLine: 64,
    });
    expect(new Set([first, second, third].map((f) => f?.fingerprint)).size).toBe(3);
  });

  it('counts what the findings may hold: the whole answer as text, and each finding', () => {
    // Kept texts are cut from the answer's own (a description past MAX_PROSE, a trimmed name).
    const text = fixture('completed-generic.json');
    const snapshot = parseAuditAnswer(text, 'abc123', { knownFiles: known });
    expect(snapshot.heldBytes).toBe(2 * text.length + 3 * FINDING_RECORD_BYTES);
    // Nothing is held without findings.
    expect(parseAuditAnswer(fixture('completed-empty.json'), 'abc123')).not.toHaveProperty(
      'heldBytes',
    );
    expect(parseAuditAnswer(fixture('documented-pending.json'), 'abc123')).not.toHaveProperty(
      'heldBytes',
    );
  });

  it('accepts an empty findings list as "no findings"', () => {
    expect(parseAuditAnswer(fixture('completed-empty.json'), 'abc123').findings).toEqual([]);
  });

  it('never reads a completed answer without a findings list as "no findings"', () => {
    for (const name of ['completed-no-findings-list.json', 'completed-findings-null.json']) {
      const error = parseError(fixture(name));
      expect(error.message).toContain('says "completed" but has no findings list');
      expect(error.message).toContain(
        'findings, issues, vulnerabilities, results, detectors and results.detectors',
      );
      expect(error.message).toContain('body: { "audit_id": "abc123"');
    }
  });

  it('never reads an empty list as "no findings" when the answer says it failed or counts some', () => {
    const expected: Record<string, { rawStatus?: string; message: string }> = {
      'message-failed': {
        message: 'Analysis failed: solc error in contracts/Vault.sol … 0 files analyzed',
      },
      'detail-nothing-compiled': { message: '0 contracts compiled' },
      'status-message-in-envelope': {
        rawStatus: 'done',
        message: 'Compilation failed for 3 files',
      },
      'warnings-entry': { message: 'Detector reentrancy-eth failed: timeout after 300s' },
      'error-string': { message: 'solc: 3 files failed to compile' },
      'errors-list': { rawStatus: 'done', message: 'timeout in detector' },
      findings_count: { message: 'findings_count is 4, but the findings list is empty' },
      'stats.findings_count': {
        message: 'stats.findings_count is 2, but the findings list is empty',
      },
      'summary.total-in-envelope': {
        message: 'summary.total is 5, but the findings list is empty',
      },
      'summary.high': { message: 'summary.high is 3, but the findings list is empty' },
      'counts.critical': { message: 'counts.critical is 1, but the findings list is empty' },
      severity_counts: { message: 'severity_counts.High is 2, but the findings list is empty' },
      'meta.summary.highCount': {
        message: 'meta.summary.highCount is 1, but the findings list is empty',
      },
      'top-level-gas_issues': { message: 'gas_issues is 6, but the findings list is empty' },
    };
    const all = cases('contradictions.json');
    expect(all.map(([name]) => name)).toEqual(Object.keys(expected));
    for (const [name, body] of all) {
      const { rawStatus = 'completed', message } = expected[name]!;
      expect(parseAuditAnswer(JSON.stringify(body), 'abc123'), name).toEqual({
        auditId: 'abc123',
        state: 'completed',
        rawStatus,
        message,
        reportUrl: undefined,
        findings: undefined,
      });
    }
  });

  it('reports a contradicted answer as an error quoting the service, never as a clean audit', () => {
    const snapshot = parseAuditAnswer(
      JSON.stringify(Object.fromEntries(cases('contradictions.json'))['summary.high']),
      'abc123',
    );
    const progress = { auditId: 'abc123', resumed: false, fileCount: 2 };
    expect(serviceFailureResult(progress, snapshot)).toMatchObject({
      verdict: 'error',
      findings: undefined,
      reason:
        'The audit ended (completed) but the service reports an error: summary.high is 3, ' +
        'but the findings list is empty. No results were obtained.',
    });
  });

  it('reads an empty list as "no findings" when the words and counts beside it agree', () => {
    const all = cases('completed-empty-clean.json');
    expect(all.map(([name]) => name)).toEqual([
      'no-issues-found',
      'zero-errors',
      'without-errors',
      'no-vulnerabilities',
      'no-vulnerable-contracts',
      'error-count-zero',
      'zero-failed',
      'error-free',
      'error-none',
      'compiler-warning',
      'summary-zeros',
      'other-numbers',
    ]);
    for (const [name, body] of all) {
      const snapshot = parseAuditAnswer(JSON.stringify(body), 'abc123');
      expect(snapshot.state, name).toBe('completed');
      expect(snapshot.findings, name).toEqual([]);
    }
    // A count of zero, a message alone, or an empty error list is no contradiction either.
    for (const extra of [{ findings_count: 0 }, { message: 'All good', errors: [] }]) {
      const body = JSON.stringify({ status: 'completed', findings: [], ...extra });
      expect(parseAuditAnswer(body, 'abc123').findings).toEqual([]);
    }
  });

  it('does not let an empty list hide a full one elsewhere in the answer', () => {
    const body = JSON.stringify({
      status: 'completed',
      findings: [{ title: 'real' }],
      result: { issues: [] },
    });
    expect(findingsOf(parseAuditAnswer(body, 'abc123')).map((f) => f.title)).toEqual(['real']);
  });

  it('finds the list under every envelope', () => {
    const all = cases('envelopes.json');
    expect(all.map(([name]) => name)).toEqual([
      'data',
      'result',
      'results',
      'audit',
      'report',
      'nested',
    ]);
    for (const [name, body] of all) {
      const findings = findingsOf(parseAuditAnswer(JSON.stringify(body), 'abc123'));
      expect(findings, name).toHaveLength(1);
      expect(findings[0], name).toMatchObject({
        title: 'Unchecked return value',
        file: 'contracts/Vault.sol',
        startLine: 7,
      });
    }
  });

  it('finds the list under every container name', () => {
    const all = cases('containers.json');
    expect(all.map(([name]) => name)).toEqual([
      'findings',
      'issues',
      'vulnerabilities',
      'results',
      'detectors',
      'results.detectors',
    ]);
    for (const [name, body] of all) {
      const findings = findingsOf(parseAuditAnswer(JSON.stringify(body), 'abc123'));
      expect(
        findings.map((f) => f.title),
        name,
      ).toEqual(['Unchecked return value']);
    }
  });
});

describe('parseAuditAnswer: a non-empty list the answer says is incomplete', () => {
  /** Every case keeps its findings; `incomplete` is the expected sentence, or undefined. */
  function expectIncomplete(name: string, expected: Record<string, string | undefined>): void {
    const all = cases(name);
    expect(all.map(([key]) => key)).toEqual(Object.keys(expected));
    for (const [key, body] of all) {
      const snapshot = parseAuditAnswer(JSON.stringify(body), 'abc123');
      expect(findingsOf(snapshot).length, key).toBeGreaterThan(0);
      expect(snapshot.incomplete, key).toBe(expected[key]);
    }
  }

  it('says so when a total or a count by severity is above what the list holds, and only then', () => {
    expectIncomplete('incomplete-counts.json', {
      'summary.high': 'summary.high is 3, but the findings list holds 0 high',
      'total_findings-beside-next': 'total_findings is 250, but the findings list holds 1',
      'meta.total-outside-envelope': 'meta.total is 40, but the findings list holds 2',
      'severity_counts.High Risk':
        'severity_counts.High Risk is 2, but the findings list holds 1 high',
      'counts.informational': 'counts.informational is 3, but the findings list holds 1 info',
      'unknown-severity-too-few':
        'summary.high is 2, but the findings list holds 0 high and 1 of unknown severity',
      'unknown-severity-too-few-across-severities':
        'summary.high is 1, but the findings list holds 0 high and 1 of unknown severity',
      'counts-agree': undefined,
      'counted-before-expansion': undefined,
      'counted-after-expansion': undefined,
      'unknown-severity-counted': undefined,
      'unknown-severity-counted-twice': undefined,
      'not-severities': undefined,
    });
  });

  it("says so in the service's words when it reports a failure, and not for words that say none", () => {
    expectIncomplete('incomplete-words.json', {
      'error-string': 'Analysis crashed after 1 of 20 files',
      warnings: 'Compilation failed for 19 contracts',
      'status_message-in-envelope': 'Timed out after 2 of 5 detectors',
      'clean-words': undefined,
    });
  });

  it('says so when the answer links a next page of findings, and not on the last page', () => {
    const page = 'the answer holds one page of findings';
    expectIncomplete('incomplete-pages.json', {
      next: `${page} (next: https://audit.example/v1/audits/abc123/findings?page=2)`,
      next_page: `${page} (next_page: 2)`,
      'links.next': `${page} (links.next: https://audit.example/v1/audits/abc123?cursor=Zm9v)`,
      '_links.next.href': `${page} (_links.next.href: /v1/audits/abc123?page=2)`,
      has_more: `${page} (has_more: true)`,
      'last-page': undefined,
    });
  });

  const completed = (extra: object, findings: object[]) =>
    parseAuditAnswer(JSON.stringify({ status: 'completed', findings, ...extra }), 'abc123');
  const low = { title: 'Unused variable', severity: 'low' };

  it('reads no count in a two-word number that names no severity (`files_count`)', () => {
    for (const extra of [
      { summary: { files_count: 3 } },
      { stats: { contracts_total: 2, lines_count: 120 } },
      { files_count: 3 },
    ]) {
      const name = JSON.stringify(extra);
      expect(completed(extra, []).findings, name).toEqual([]);
      expect(completed(extra, [low]).incomplete, name).toBeUndefined();
    }
    // The same shape with a severity word is a count.
    expect(completed({ summary: { high_count: 3 } }, [low]).incomplete).toBe(
      'summary.high_count is 3, but the findings list holds 0 high',
    );
  });

  it('reads `total` as a count inside a summary only, not at the top of the answer', () => {
    // At the top, `total` is as often a page's size or the files scanned.
    expect(completed({ total: 5 }, []).findings).toEqual([]);
    expect(completed({ total: 5 }, [low]).incomplete).toBeUndefined();
    expect(completed({ data: { total: 5 } }, [low]).incomplete).toBeUndefined();
    expect(completed({ summary: { total: 5 } }, [low]).incomplete).toBe(
      'summary.total is 5, but the findings list holds 1',
    );
  });

  it('names the first severity counted above what the list holds, and what it holds of that one', () => {
    const findings = [
      { title: 'a', severity: 'critical' },
      { title: 'b', severity: 'high' },
      { title: 'c', severity: 'low' },
      { title: 'd', severity: 'low' },
    ];
    // critical agrees; high and medium are over: high comes first.
    expect(
      completed({ summary: { critical: 1, high: 3, medium: 2, low: 2 } }, findings).incomplete,
    ).toBe('summary.high is 3, but the findings list holds 1 high');
    expect(completed({ summary: { low: 2, medium: 1 } }, findings).incomplete).toBe(
      'summary.medium is 1, but the findings list holds 0 medium',
    );
  });

  it('quotes a hostile count name or page link as one bounded line', () => {
    const summary = { [`high\u001b${'_count'.repeat(200)}`]: 1 };
    const snapshot = parseAuditAnswer(
      JSON.stringify({ status: 'completed', findings: [{ title: 'x', severity: 'low' }], summary }),
      'abc123',
    );
    const empty = parseAuditAnswer(
      JSON.stringify({ status: 'completed', findings: [], summary }),
      'abc123',
    );
    for (const sentence of [snapshot.incomplete, empty.message]) {
      expect(sentence).toMatch(/^summary\.high_count_count.*…$/);
      expect(sentence).not.toContain('\u001b');
      expect(sentence!.length).toBeLessThanOrEqual(500);
    }
    const paged = parseAuditAnswer(
      JSON.stringify({ status: 'completed', findings: ['x'], next: `a\nb${'c'.repeat(1000)}` }),
      'abc123',
    );
    expect(paged.incomplete).toMatch(/^the answer holds one page of findings \(next: a bc+…$/);
    expect(paged.incomplete!.length).toBeLessThanOrEqual(500);
  });
});

describe('parseAuditAnswer: answers shaped like comparable scanners', () => {
  it('reads Slither JSON: check, impact, elements[].source_mapping', () => {
    const findings = findingsOf(
      parseAuditAnswer(fixture('slither-like.json'), 'sl-1', { knownFiles: known }),
    );
    expect(
      findings.map((f) => [f.ruleId, f.severity, f.severityLabel, f.file, f.startLine, f.endLine]),
    ).toEqual([
      ['reentrancy-eth', 'high', 'High', 'contracts/Vault.sol', 20, 28],
      ['solc-version', 'info', 'Informational', 'contracts/Token.sol', 2, 2],
      ['constable-states', 'gas', 'Optimization', 'contracts/Vault.sol', 9, 9],
    ]);
    expect(findings[0]).toMatchObject({
      title: 'reentrancy-eth',
      serviceId: '3b4c2b9f0e0e1f6a0d9b4b8f7c1e2d3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e',
      description: expect.stringMatching(/^Reentrancy in Vault\.withdraw\(uint256\)/) as string,
    });
  });

  it('reads MythX reports: groups with sourceList, swcID, {head, tail}, decodedLocations', () => {
    const snapshot = parseAuditAnswer(fixture('mythx-like.json'), 'mx-1', { knownFiles: known });
    expect(snapshot.rawStatus).toBe('Finished');
    const findings = findingsOf(snapshot);
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({
      title: 'Reentrancy',
      ruleId: 'SWC-107',
      swcId: 'SWC-107',
      severity: 'high',
      file: 'contracts/Vault.sol',
      startLine: 23,
      endLine: 23,
      description: expect.stringMatching(
        /^A call to a user-supplied address is executed\.\n\nAn external/,
      ) as string,
    });
    expect(findings[1]).toMatchObject({
      title: 'Floating Pragma',
      severity: 'low',
      file: 'contracts/Token.sol',
      startLine: 2,
    });
  });

  it('drops MythX absolute upload paths when the uploaded files are not given, keeping the findings', () => {
    const findings = findingsOf(parseAuditAnswer(fixture('mythx-like.json'), 'mx-1'));
    expect(findings.map((f) => [f.title, f.file, f.startLine])).toEqual([
      ['Reentrancy', undefined, undefined],
      ['Floating Pragma', undefined, undefined],
    ]);
  });

  it('reads SolidityScan reports: scan_status, issue_* fields, one finding per location', () => {
    const snapshot = parseAuditAnswer(fixture('solidityscan-like.json'), 'ss-1', {
      knownFiles: known,
    });
    expect(snapshot).toMatchObject({ state: 'completed', rawStatus: 'scan_done' });
    const findings = findingsOf(snapshot);
    expect(findings.map((f) => [f.title, f.severity, f.file, f.startLine, f.endLine])).toEqual([
      ['REENTRANCY', 'critical', 'contracts/Vault.sol', 23, 25],
      ['REENTRANCY', 'critical', 'contracts/Vault.sol', 41, 44],
      ['FLOATING PRAGMA', 'info', 'contracts/Token.sol', 2, 2],
      ['CHEAPER INEQUALITY IN REQUIRE()', 'gas', undefined, undefined, undefined],
    ]);
    expect(findings[0]).toMatchObject({
      description: '<p>The function makes an external call before updating state.</p>',
      recommendation: '<p>Update state before the call.</p>',
    });
    expect(findings[1]?.fingerprint).toBe(`${findings[0]?.fingerprint}:2`);
  });

  it('reads Mythril JSON: swc-id, filename, lineno', () => {
    const [finding] = findingsOf(parseAuditAnswer(fixture('mythril-like.json'), 'my-1'));
    expect(finding).toMatchObject({
      title: 'External Call To User-Supplied Address',
      swcId: 'SWC-107',
      ruleId: 'SWC-107',
      severity: 'medium',
      file: 'contracts/Vault.sol',
      startLine: 23,
      endLine: 23,
    });
  });

  it('reads Semgrep JSON: check_id, path, start/end, extra.severity/message/metadata.cwe', () => {
    const snapshot = parseAuditAnswer(fixture('semgrep-like.json'), 'sg-1');
    expect(snapshot).toMatchObject({ state: 'completed', message: undefined });
    expect(findingsOf(snapshot)).toEqual([
      expect.objectContaining({
        ruleId: 'solidity.security.reentrancy',
        title: 'solidity.security.reentrancy',
        severity: 'high',
        severityLabel: 'ERROR',
        cweId: 'CWE-841',
        description: 'External call before state update: possible reentrancy.',
        file: 'contracts/Vault.sol',
        startLine: 23,
        endLine: 25,
      }),
    ]);
  });

  it('reads Aderyn-style instances as one finding each', () => {
    const findings = findingsOf(parseAuditAnswer(fixture('aderyn-like.json'), 'ad-1'));
    expect(findings.map((f) => [f.ruleId, f.title, f.severity, f.file, f.startLine])).toEqual([
      [
        'centralization-risk',
        'Centralization Risk for trusted owners',
        'low',
        'contracts/Vault.sol',
        12,
      ],
      [
        'centralization-risk',
        'Centralization Risk for trusted owners',
        'low',
        'contracts/Token.sol',
        30,
      ],
    ]);
  });
});
