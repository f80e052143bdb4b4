import { describe, expect, it } from 'vitest';
import {
  MAX_FINDINGS,
  MAX_FINDINGS_TEXT,
  MAX_PROSE,
  readFindings,
  type UnfingerprintedFinding,
} from '../../src/api/parse-finding.ts';
import { ResponseFormatError } from '../../src/errors.ts';
import { fixtureJson } from '../support/fixtures.ts';

/** A field-family fixture: named single findings. */
function family(name: string): Map<string, unknown> {
  return new Map(Object.entries(fixtureJson<Record<string, unknown>>('answers', 'audit', name)));
}

/** Reads every case of a family and checks one field against `expected`, which must name every case. */
function expectFamily(
  name: string,
  pick: (finding: UnfingerprintedFinding) => unknown,
  expected: Record<string, unknown>,
  knownFiles?: readonly string[],
): void {
  const cases = family(name);
  expect([...cases.keys()].sort()).toEqual(Object.keys(expected).sort());
  for (const [key, raw] of cases) {
    const findings = readFindings([raw], { knownFiles });
    expect(findings, key).toHaveLength(1);
    expect(pick(findings[0]!), key).toEqual(expected[key]);
  }
}

describe('readFindings: field families', () => {
  it('reads severity from severity, impact, level, risk, issue_severity, extra.severity', () => {
    expectFamily(
      'finding-severity.json',
      (f) => ({ severity: f.severity, severityLabel: f.severityLabel }),
      {
        severity: { severity: 'high', severityLabel: 'High' },
        impact: { severity: 'medium', severityLabel: 'Medium' },
        level: { severity: 'medium', severityLabel: 'warning' },
        risk: { severity: 'critical', severityLabel: 'Critical' },
        issue_severity: { severity: 'gas', severityLabel: 'gas' },
        'extra.severity': { severity: 'info', severityLabel: 'INFO' },
        numeric: { severity: 'high', severityLabel: '7.5' },
        'numeric-string': { severity: 'critical', severityLabel: '9.8' },
        phrase: { severity: 'high', severityLabel: 'HIGH_RISK' },
        object: { severity: 'critical', severityLabel: 'critical' },
        'unknown-word': { severity: 'unknown', severityLabel: 'Severe' },
        missing: { severity: 'unknown', severityLabel: 'unknown' },
      },
    );
  });

  it('reads the title and rule id, falling back to the rule, the description, then "Untitled finding"', () => {
    expectFamily('finding-titles.json', (f) => ({ title: f.title, ruleId: f.ruleId }), {
      title: { title: 'Reentrancy', ruleId: undefined },
      name: { title: 'Unchecked call', ruleId: undefined },
      check: { title: 'reentrancy-eth', ruleId: 'reentrancy-eth' },
      check_id: { title: 'solidity.security.tx-origin', ruleId: 'solidity.security.tx-origin' },
      rule_id: { title: 'R-12', ruleId: 'R-12' },
      ruleId: { title: 'no-floating-pragma', ruleId: 'no-floating-pragma' },
      'rule-object': { title: 'SOL-001', ruleId: 'SOL-001' },
      detector: { title: 'arbitrary-send-eth', ruleId: 'arbitrary-send-eth' },
      swcTitle: { title: 'Assert Violation', ruleId: 'SWC-110' },
      'swc-only': { title: 'SWC-101', ruleId: 'SWC-101' },
      'description-first-line': { title: 'Integer overflow in add()', ruleId: undefined },
      untitled: { title: 'Untitled finding', ruleId: undefined },
      'multiline-title': { title: 'Unsafe cast', ruleId: undefined },
    });
  });

  it('reads descriptions (string, {head, tail}, message, markdown, SARIF text) and recommendations', () => {
    expectFamily(
      'finding-descriptions.json',
      (f) => ({ description: f.description, recommendation: f.recommendation }),
      {
        string: { description: 'Plain text.', recommendation: undefined },
        'head-tail': { description: 'Short.\n\nLonger explanation.', recommendation: undefined },
        message: { description: 'From message.', recommendation: undefined },
        markdown: { description: '**From** markdown.', recommendation: undefined },
        'extra.message': { description: 'From extra.', recommendation: undefined },
        'sarif-text': { description: 'From SARIF text.', recommendation: undefined },
        issue_description: { description: 'From issue_description.', recommendation: undefined },
        recommendation: { description: 'd', recommendation: 'Do this.' },
        remediation: { description: 'd', recommendation: 'Fix it.\n\nLike so.' },
        missing: { description: '', recommendation: undefined },
      },
    );
  });

  it('reads the file from every alias and nesting, as a POSIX path mapped onto the uploaded files, never outside them', () => {
    const known = ['contracts/A.sol', './contracts/B.sol'];
    expectFamily(
      'finding-files.json',
      (f) => f.file,
      {
        file: 'contracts/A.sol',
        filename: 'contracts/A.sol',
        file_path: 'contracts/A.sol',
        path: 'contracts/A.sol',
        contract_path: 'contracts/A.sol',
        source_mapping: 'contracts/A.sol',
        elements: 'contracts/A.sol',
        location: 'contracts/A.sol',
        locations: 'contracts/A.sol',
        sarif: 'contracts/A.sol',
        'location-string': 'contracts/A.sol',
        windows: 'contracts/A.sol',
        'dot-slash': 'contracts/A.sol',
        'file-uri': 'contracts/A.sol',
        'absolute-prefix': 'contracts/A.sol',
        'extra-prefix': 'contracts/A.sol',
        basename: 'contracts/A.sol',
        'dot-segments': 'contracts/A.sol',
        'climbs-to-known': 'contracts/A.sol',
        'windows-drive': 'contracts/A.sol',
        'unknown-absolute': undefined,
        'climbs-out': undefined,
        url: undefined,
        'javascript-url': undefined,
        missing: undefined,
      },
      known,
    );
  });

  it('keeps relative paths (normalized) when the uploaded files are not given, and drops the rest', () => {
    const files = family('finding-files.json');
    const file = (key: string) => readFindings([files.get(key)])[0]!.file;
    expect(file('basename')).toBe('A.sol');
    expect(file('dot-slash')).toBe('contracts/A.sol');
    expect(file('dot-segments')).toBe('contracts/A.sol');
    for (const key of ['absolute-prefix', 'file-uri', 'windows-drive', 'climbs-to-known'])
      expect(file(key), key).toBeUndefined();
  });

  it('drops the location of a file outside the repository, keeping the finding', () => {
    const files = family('finding-files.json');
    for (const key of ['climbs-out', 'url']) {
      const [finding] = readFindings([{ title: 'Kept', ...(files.get(key) as object) }], {
        knownFiles: ['contracts/A.sol'],
      });
      expect(finding, key).toMatchObject({
        title: 'Kept',
        file: undefined,
        startLine: undefined,
        endLine: undefined,
      });
    }
  });

  it('ignores a MythX source map without a usable file index', () => {
    const sourceList = ['contracts/A.sol'];
    expect(
      readFindings([{ sourceList, locations: [{ sourceMap: ':::-' }] }])[0]!.file,
    ).toBeUndefined();
    expect(
      readFindings([{ sourceList, locations: [{ sourceMap: '0:0:-1' }] }])[0]!.file,
    ).toBeUndefined();
    expect(readFindings([{ sourceList, locations: [{ sourceMap: '4:2:0' }] }])[0]!.file).toBe(
      'contracts/A.sol',
    );
  });

  it('keeps names on one bounded line without control or invisible characters; descriptions keep their lines', () => {
    const [finding] = readFindings([
      {
        id: 'F-1\n<script>',
        rule_id: 'reentrancy\r\n</details>\u202e',
        swc_id: 'SWC-107\nInjected',
        cwe: '841\u0000',
        severity: 'Sev\u200bere\n<b>',
        title: 'Unsafe\u2028call\u200d',
        file: 'contracts/A\n.sol',
        description: 'line one\nline two',
      },
    ]);
    expect(finding).toMatchObject({
      serviceId: 'F-1 <script>',
      ruleId: 'reentrancy </details>',
      swcId: 'SWC-107',
      cweId: 'CWE-841',
      severity: 'unknown',
      severityLabel: 'Severe <b>',
      title: 'Unsafe call',
      file: 'contracts/A .sol',
      description: 'line one\nline two',
    });
    const [long] = readFindings([
      {
        id: 'i'.repeat(1000),
        rule_id: 'r'.repeat(1000),
        swc_id: '1'.repeat(22),
        cwe: 'CWE-1234567',
        severity: 's'.repeat(1000),
        file: `${'a/'.repeat(600)}A.sol`,
      },
    ]);
    for (const name of [long!.serviceId, long!.ruleId, long!.severityLabel, long!.title])
      expect(Array.from(name ?? '').length).toBeLessThanOrEqual(200);
    expect(long).toMatchObject({ swcId: undefined, cweId: undefined, file: undefined });
  });

  it('maps an ambiguous short path to no known file', () => {
    const [finding] = readFindings([{ file: 'A.sol' }], {
      knownFiles: ['src/A.sol', 'test/A.sol'],
    });
    expect(finding!.file).toBe('A.sol');
  });

  it('maps a prefixed path to the longest known file it ends with', () => {
    const [finding] = readFindings([{ file: '/tmp/x/pkg/contracts/A.sol' }], {
      knownFiles: ['contracts/A.sol', 'pkg/contracts/A.sol'],
    });
    expect(finding!.file).toBe('pkg/contracts/A.sol');
  });

  it('maps a path in another Unicode normal form, or percent-encoded, to the file as uploaded', () => {
    const uploaded = 'contracts/Ünïcødé Vault.sol'.normalize('NFD');
    for (const reported of [
      'contracts/Ünïcødé Vault.sol'.normalize('NFC'),
      '/tmp/up/contracts/Ünïcødé Vault.sol'.normalize('NFC'),
      'contracts/%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20Vault.sol',
    ]) {
      const [finding] = readFindings([{ file: reported }], { knownFiles: [uploaded] });
      expect(finding!.file, reported).toBe(uploaded);
    }
  });

  it('reads lines from every alias and nesting, as positive integers with endLine >= startLine', () => {
    const range = (startLine: number | undefined, endLine: number | undefined) => ({
      startLine,
      endLine,
    });
    expectFamily('finding-lines.json', (f) => range(f.startLine, f.endLine), {
      line: range(7, 7),
      lineno: range(7, 7),
      line_no: range(7, 7),
      'start_line-end_line': range(7, 9),
      'startLine-endLine': range(7, 9),
      'lines-array': range(7, 9),
      'lines-string': range(7, 9),
      'start.line-end.line': range(7, 9),
      location: range(7, 9),
      locations: range(7, 9),
      'source_mapping.lines': range(7, 9),
      decodedLocations: range(7, 9),
      'digit-string': range(7, 7),
      reversed: range(7, 9),
      'end-only': range(9, 9),
      zero: range(undefined, undefined),
      negative: range(undefined, undefined),
      fraction: range(undefined, undefined),
      word: range(undefined, undefined),
      missing: range(undefined, undefined),
    });
  });

  it('normalizes SWC and CWE ids and reads the service id', () => {
    expectFamily(
      'finding-ids.json',
      (f) => ({ swcId: f.swcId, cweId: f.cweId, serviceId: f.serviceId }),
      {
        swcID: { swcId: 'SWC-107', cweId: undefined, serviceId: undefined },
        'swc_id-digits': { swcId: 'SWC-107', cweId: undefined, serviceId: undefined },
        'swc-number': { swcId: 'SWC-107', cweId: undefined, serviceId: undefined },
        'swc-id-mythril': { swcId: 'SWC-107', cweId: undefined, serviceId: undefined },
        'swc-lowercase': { swcId: 'SWC-107', cweId: undefined, serviceId: undefined },
        'swc-invalid': { swcId: undefined, cweId: undefined, serviceId: undefined },
        'cwe-number': { swcId: undefined, cweId: 'CWE-841', serviceId: undefined },
        cwe_id: { swcId: undefined, cweId: 'CWE-841', serviceId: undefined },
        'cweId-digits': { swcId: undefined, cweId: 'CWE-841', serviceId: undefined },
        'cwe-semgrep': { swcId: undefined, cweId: 'CWE-841', serviceId: undefined },
        id: { swcId: undefined, cweId: undefined, serviceId: 'F-1' },
        finding_id: { swcId: undefined, cweId: undefined, serviceId: '77' },
        uuid: { swcId: undefined, cweId: undefined, serviceId: '0b7e-11' },
      },
    );
  });
});

describe('readFindings: lists', () => {
  it('reads a bare string as a finding described by it', () => {
    const [finding] = readFindings(['Reentrancy in withdraw()\nmore text']);
    expect(finding).toMatchObject({
      title: 'Reentrancy in withdraw()',
      description: 'Reentrancy in withdraw()\nmore text',
      severity: 'unknown',
      severityLabel: 'unknown',
    });
  });

  it('rejects an entry that is not a finding, naming its position', () => {
    expect(() => readFindings([{ title: 'ok' }, 42])).toThrow(ResponseFormatError);
    expect(() => readFindings([{ title: 'ok' }, null])).toThrow(/finding 2 is not an object: null/);
  });

  it('flattens groups of findings, which pass down their severity and location', () => {
    const findings = readFindings([
      {
        file: 'contracts/A.sol',
        severity: 'high',
        issues: [
          { title: 'one', line: 3 },
          { title: 'two', severity: 'low' },
        ],
      },
    ]);
    expect(findings.map((f) => [f.title, f.severity, f.file, f.startLine])).toEqual([
      ['one', 'high', 'contracts/A.sol', 3],
      ['two', 'low', 'contracts/A.sol', undefined],
    ]);
  });

  it('expands a finding with several instances into one finding per instance', () => {
    const findings = readFindings([
      {
        title: 'Centralization risk',
        severity: 'low',
        file: 'contracts/Default.sol',
        instances: [{ contract_path: 'contracts/A.sol', line_no: 4, id: 'i-1' }, { line_no: 9 }],
      },
    ]);
    expect(findings.map((f) => [f.title, f.file, f.startLine, f.serviceId])).toEqual([
      ['Centralization risk', 'contracts/A.sol', 4, 'i-1'],
      ['Centralization risk', 'contracts/Default.sol', 9, undefined],
    ]);
  });

  it('keeps a finding whose instance list is empty', () => {
    expect(readFindings([{ title: 'No location', findings: [] }])).toHaveLength(1);
  });
});

describe('readFindings: bounds against an answer that explodes in memory', () => {
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it('cuts descriptions and recommendations to MAX_PROSE with "…", however many instances repeat them', () => {
    const huge = `Reentrancy.\n${'x'.repeat(1_000_000)}`;
    const findings = readFindings([
      {
        title: 'Huge',
        description: huge,
        recommendation: { head: 'Fix.', tail: huge },
        instances: Array.from({ length: 700 }, (_, i) => ({ line: i + 1 })),
      },
    ]);
    expect(findings).toHaveLength(700);
    for (const { description, recommendation } of findings) {
      expect(description).toHaveLength(MAX_PROSE);
      expect(description).toMatch(/^Reentrancy\.\nx+…$/);
      expect(recommendation).toHaveLength(MAX_PROSE);
      expect(recommendation).toMatch(/^Fix\.\n\nReentrancy\.\nx+…$/);
    }
    expect(JSON.stringify(findings).length).toBeLessThan(30_000_000);
    const exact = 'y'.repeat(MAX_PROSE);
    expect(readFindings([{ description: exact }])[0]!.description).toBe(exact);
  });

  it('never cuts between the halves of a surrogate pair', () => {
    const [finding] = readFindings([
      { description: `${'a'.repeat(MAX_PROSE - 2)}${'😀'.repeat(5)}` },
    ]);
    expect(finding!.description).toBe(`${'a'.repeat(MAX_PROSE - 2)}…`);
    expect(finding!.description).not.toMatch(loneSurrogate);
  });

  it('refuses an answer that expands beyond MAX_FINDINGS, saying how many it holds, without reading past the limit', () => {
    const unread = Object.defineProperty({}, 'file', {
      enumerable: true,
      get: () => {
        throw new Error('read an instance past the limit');
      },
    });
    const items = [
      { title: 'A', instances: Array.from({ length: 60_000 }, (_, i) => ({ line: i + 1 })) },
      {
        issues: [
          { title: 'B', instances: [...Array.from({ length: 49_999 }, () => ({})), unread] },
        ],
      },
      'C',
    ];
    expect(() => readFindings(items)).toThrow(
      new ResponseFormatError(
        'The audit answer holds 110,001 findings once its groups and instances are expanded; ' +
          `the action reads at most ${MAX_FINDINGS.toLocaleString('en-US')}`,
      ),
    );
  });

  it('refuses findings that together carry more than MAX_FINDINGS_TEXT of prose', () => {
    const finding = (instances: number) => ({
      description: 'd'.repeat(MAX_PROSE),
      recommendation: 'r'.repeat(MAX_PROSE),
      instances: Array.from({ length: instances }, (_, i) => ({ line: i + 1 })),
    });
    const fitting = MAX_FINDINGS_TEXT / (2 * MAX_PROSE);
    expect(readFindings([finding(fitting)])).toHaveLength(fitting);
    expect(() => readFindings([finding(fitting), 'one more'])).toThrow(
      new ResponseFormatError(
        "The audit answer's findings carry more than 50,000,000 characters of description and " +
          'recommendation once its groups and instances are expanded; the action reads at most that',
      ),
    );
  });
});
