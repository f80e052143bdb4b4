import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SEVERITIES, type Finding } from '../../src/audit/findings.ts';
import { assignFingerprints } from '../../src/audit/fingerprint.ts';
import type { FindingStatus, TriagedFinding } from '../../src/audit/triage.ts';
import {
  automationId,
  fileUri,
  MAX_GZIPPED_BYTES,
  writeSarif,
  type SarifInput,
  type SarifOutput,
} from '../../src/report/sarif.ts';
import { ruleName, type ReportingDescriptor } from '../../src/report/sarif-rules.ts';
import { sarifProblems } from '../support/report-validators.ts';
import { inTriageOrder } from '../support/triage.ts';
import { makeFinding } from '../support/findings.ts';
import { seeded } from '../support/random.ts';

/** The parts of a SARIF log these tests read. */
interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        semanticVersion?: string;
        informationUri?: string;
        rules: ReportingDescriptor[];
      };
    };
    automationDetails: { id: string };
    results: SarifResult[];
    properties: Record<string, unknown>;
  }[];
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string };
      region?: { startLine: number; endLine?: number };
    };
  }[];
  partialFingerprints: Record<string, string>;
  suppressions?: { kind: string; status: string; justification?: string }[];
  properties: Record<string, unknown>;
}

/** Parses the log and checks it against the official SARIF 2.1.0 schema. */
function validLog(output: RenderedSarif): SarifLog {
  const log: unknown = JSON.parse(output.json);
  expect(sarifProblems(log)).toEqual([]);
  return log as SarifLog;
}

function triaged(
  finding: Finding,
  status: FindingStatus = 'active',
  note?: string,
): TriagedFinding {
  return { finding, status, note };
}

interface RenderedSarif extends SarifOutput {
  /** The log written last, whole. */
  json: string;
}

async function render(
  findings: TriagedFinding[],
  overrides: Partial<SarifInput> = {},
  /** Told the length of each log written, in order. */
  onWrite: (length: number) => void = () => {},
): Promise<RenderedSarif> {
  let json = '';
  const output = await writeSarif(
    {
      findings: inTriageOrder(findings),
      projectName: 'vault',
      auditId: 'a-1',
      reportUrl: 'https://audit.example/reports/a-1',
      toolVersion: '1.4.0',
      ...overrides,
    },
    async (chunks) => {
      json = '';
      for await (const chunk of chunks) json += chunk;
      onWrite(json.length);
    },
  );
  return { ...output, json };
}

function runOf(output: RenderedSarif): SarifLog['runs'][number] {
  const run = validLog(output).runs[0];
  if (run === undefined) throw new Error('no run');
  return run;
}

describe('renderSarif', () => {
  it('writes a schema-valid log: one rule per rule id, one result per finding', async () => {
    const reentrancy = makeFinding({
      severity: 'critical',
      title: 'Reentrancy in withdraw()',
      ruleId: 'reentrancy-eth',
      swcId: 'SWC-107',
      cweId: 'CWE-841',
      description: 'State is written after an external call.',
      recommendation: 'Apply checks-effects-interactions.',
      file: 'packages/core/contracts/Vault.sol',
      startLine: 40,
      endLine: 44,
      fingerprint: 'fp-reentrancy',
    });
    const txOrigin = makeFinding({
      severity: 'medium',
      ruleId: 'tx-origin',
      file: 'packages/core/A.sol',
    });
    const output = await render([triaged(reentrancy), triaged(txOrigin)], {
      informationUri: 'https://github.com/acme/audit-action',
    });

    expect(output).toMatchObject({ resultCount: 2, truncated: 0, unlocated: 0 });
    const log = validLog(output);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({
      name: 'Smart contract audit',
      semanticVersion: '1.4.0',
      informationUri: 'https://github.com/acme/audit-action',
    });
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['reentrancy-eth', 'tx-origin']);
    expect(run.tool.driver.rules[0]).toEqual({
      id: 'reentrancy-eth',
      name: 'ReentrancyEth',
      shortDescription: { text: 'Reentrancy in withdraw()' },
      fullDescription: { text: 'State is written after an external call.' },
      help: {
        text:
          'Recommendation: Apply checks-effects-interactions.\nReferences:\n' +
          'SWC-107: https://swcregistry.io/docs/SWC-107\n' +
          'CWE-841: https://cwe.mitre.org/data/definitions/841.html',
        markdown:
          '**Recommendation:** Apply checks\\-effects\\-interactions.\n\n**References**\n' +
          '- [SWC-107](https://swcregistry.io/docs/SWC-107)\n' +
          '- [CWE-841](https://cwe.mitre.org/data/definitions/841.html)',
      },
      defaultConfiguration: { level: 'error' },
      properties: {
        'security-severity': '9.5',
        tags: ['security', 'smart-contract', 'external/swc/SWC-107', 'external/cwe/cwe-841'],
        precision: 'medium',
        'problem.severity': 'error',
      },
    });
    expect(run.results[0]).toEqual({
      ruleId: 'reentrancy-eth',
      ruleIndex: 0,
      level: 'error',
      message: { text: 'Reentrancy in withdraw()\n\nState is written after an external call.' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'packages/core/contracts/Vault.sol', uriBaseId: '%SRCROOT%' },
            region: { startLine: 40, endLine: 44 },
          },
        },
      ],
      partialFingerprints: {
        'auditFingerprint/v1': 'fp-reentrancy',
        primaryLocationLineHash: 'fp-reentrancy',
      },
      properties: { severity: 'critical', swc: 'SWC-107', cwe: 'CWE-841', status: 'active' },
    });
    expect(run.results[1]).toMatchObject({ ruleId: 'tx-origin', ruleIndex: 1, level: 'warning' });
    expect(run.properties).toEqual({
      projectName: 'vault',
      auditId: 'a-1',
      reportUrl: 'https://audit.example/reports/a-1',
    });
  });

  it('writes a valid log with no results when there are no findings', async () => {
    const output = await render([], { toolVersion: ' ', informationUri: 'javascript:alert(1)' });
    expect(output).toMatchObject({ resultCount: 0, truncated: 0, unlocated: 0 });
    const run = runOf(output);
    expect(run.tool.driver).toEqual({ name: 'Smart contract audit', rules: [] });
    expect(run.results).toEqual([]);
    expect(run.tool.driver.rules).toEqual([]);
    expect(run.automationDetails.id).toBe('smart-contract-audit/vault/');
  });

  it('maps each severity to its security-severity, level and problem.severity', async () => {
    const findings = SEVERITIES.map((severity) =>
      triaged(makeFinding({ severity, ruleId: severity })),
    );
    const run = runOf(await render(findings));
    expect(
      run.tool.driver.rules.map((rule) => [
        rule.id,
        rule.properties['security-severity'],
        rule.defaultConfiguration.level,
        rule.properties['problem.severity'],
      ]),
    ).toEqual([
      ['critical', '9.5', 'error', 'error'],
      ['high', '8.0', 'error', 'error'],
      ['unknown', '7.0', 'error', 'error'],
      ['medium', '5.5', 'warning', 'warning'],
      ['low', '3.0', 'note', 'recommendation'],
      ['info', '0.0', 'note', 'recommendation'],
      ['gas', '0.0', 'note', 'recommendation'],
    ]);
    expect(run.results.map((result) => result.level)).toEqual([
      'error',
      'error',
      'error',
      'warning',
      'note',
      'note',
      'note',
    ]);
  });

  it('merges the findings of one rule into one rule at their highest severity', async () => {
    const findings = (['low', 'high', 'medium'] as const).map((severity) =>
      triaged(makeFinding({ severity, ruleId: 'reentrancy', title: `Reentrancy (${severity})` })),
    );
    const run = runOf(await render(findings));
    expect(run.tool.driver.rules).toHaveLength(1);
    expect(run.tool.driver.rules[0]).toMatchObject({
      id: 'reentrancy',
      shortDescription: { text: 'Reentrancy (high)' },
      defaultConfiguration: { level: 'error' },
      properties: { 'security-severity': '8.0', 'problem.severity': 'error' },
    });
    expect(run.results.map((result) => [result.ruleIndex, result.level])).toEqual([
      [0, 'error'],
      [0, 'warning'],
      [0, 'note'],
    ]);
  });

  it('falls back to the SWC id, then to a slug of the title without line references', async () => {
    const findings = [
      makeFinding({ severity: 'high', swcId: 'SWC-104', title: 'Unchecked call' }),
      makeFinding({ title: 'Unchecked send at line 12', file: 'A.sol' }),
      makeFinding({ title: 'Unchecked  SEND at line 40', file: 'B.sol' }),
    ].map((finding) => triaged(finding));
    const run = runOf(await render(findings));
    expect(run.tool.driver.rules.map((rule) => [rule.id, rule.name])).toEqual([
      ['SWC-104', 'SWC104'],
      ['unchecked-send-at', 'UncheckedSendAt'],
    ]);
    expect(run.results.map((result) => result.ruleIndex)).toEqual([0, 1, 1]);
    expect(ruleName('reentrancy-eth')).toBe('ReentrancyEth');
    expect(ruleName('---')).toBe('Rule');
  });

  it('marks accepted and suppressed findings as SARIF suppressions, and findings outside the change', async () => {
    const findings = [
      triaged(
        makeFinding({ severity: 'high', ruleId: 'accepted' }),
        'accepted',
        'Known, owner-only.',
      ),
      triaged(makeFinding({ severity: 'high', ruleId: 'ignored' }), 'suppressed', 'false positive'),
      triaged(makeFinding({ severity: 'high', ruleId: 'bare' }), 'suppressed'),
      triaged(makeFinding({ severity: 'low', ruleId: 'elsewhere' }), 'outside-change'),
      triaged(makeFinding({ severity: 'low', ruleId: 'counted' })),
    ];
    const run = runOf(await render(findings));
    const byRule = new Map(run.results.map((result) => [result.ruleId, result]));
    expect(byRule.get('accepted')?.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'Known, owner-only.' },
    ]);
    expect(byRule.get('ignored')?.suppressions).toEqual([
      { kind: 'inSource', status: 'accepted', justification: 'false positive' },
    ]);
    expect(byRule.get('bare')?.suppressions).toEqual([{ kind: 'inSource', status: 'accepted' }]);
    expect(byRule.get('elsewhere')).toMatchObject({
      properties: { status: 'outside-change', outsideChange: true },
    });
    expect(byRule.get('elsewhere')?.suppressions).toBeUndefined();
    expect(byRule.get('counted')?.properties).toMatchObject({ status: 'active' });
    expect(byRule.get('counted')?.properties.outsideChange).toBeUndefined();
    // Findings that count come before those set aside, whatever their severity.
    expect(run.results.map((result) => result.ruleId)).toEqual([
      'counted',
      'elsewhere',
      'accepted',
      'ignored',
      'bare',
    ]);
  });

  describe('findings without a file (GitHub refuses a file with an unlocated result)', () => {
    const project = makeFinding({
      severity: 'medium',
      ruleId: 'pragma',
      file: undefined,
      startLine: 3,
    });

    it('places them at the top of the anchor file and says so', async () => {
      const output = await render([triaged(project)], { anchorFile: 'pkg/contracts/Token.sol' });
      const [result] = runOf(output).results;
      expect(result?.locations).toEqual([
        {
          physicalLocation: {
            artifactLocation: { uri: 'pkg/contracts/Token.sol', uriBaseId: '%SRCROOT%' },
          },
        },
      ]);
      expect(result?.properties.fileUnknown).toBe(true);
      expect(result?.message.text).toMatch(
        /gave no file for this finding; it is shown at the top of pkg\/contracts\/Token\.sol\.$/,
      );
    });

    it('defaults the anchor to the first file a finding names', async () => {
      const located = makeFinding({ severity: 'low', file: 'contracts/Z.sol' });
      const run = runOf(await render([triaged(project), triaged(located)]));
      expect(
        run.results.map((result) => result.locations[0]?.physicalLocation.artifactLocation.uri),
      ).toEqual(['contracts/Z.sol', 'contracts/Z.sol']);
    });

    it('leaves them out, counted and noted, when no file is known at all', async () => {
      const output = await render([triaged(project)]);
      expect(output).toMatchObject({ resultCount: 0, truncated: 0, unlocated: 1 });
      const run = runOf(output);
      expect(run.results).toEqual([]);
      expect(run.properties).toMatchObject({ findingsWithoutLocation: 1 });
      expect(run.properties.note).toMatch(/1 findings without a file were left out/);
    });
  });

  it('keeps hostile and non-ASCII text valid, escaped in Markdown and without invisible characters', async () => {
    const hostile = makeFinding({
      severity: 'high',
      title: 'Drain \u202Eecnartnee\u202C <img src=x onerror=alert(1)> 🔥 重入',
      ruleId: 'evil\u200B-rule',
      description: 'Line one\r\nLine "two" \u0007 \\ end',
      recommendation: '[click](javascript:alert(1)) **bold** | pipe\n# heading <script>',
      file: 'contracts/My Token#1?.sol',
    });
    const others = ['contracts/Ünïcode/100%.sol', 'a:b.sol'].map((file) =>
      triaged(makeFinding({ file, ruleId: 'other' })),
    );
    const output = await render([triaged(hostile), ...others]);
    // Invisible characters are removed (a control character would show as its JSON escape).
    for (const hidden of ['\u202E', '\u202C', '\u200B', '\\u0007'])
      expect(output.json).not.toContain(hidden);
    const run = runOf(output);
    const rule = run.tool.driver.rules[0]!;
    expect(rule.id).toBe('evil-rule');
    expect(rule.help.markdown).toBe(
      '**Recommendation:** \\[click\\]\\(javascript:alert\\(1\\)\\) \\*\\*bold\\*\\* \\| pipe ' +
        '\\# heading &lt;script&gt;',
    );
    expect(rule.help.text).toBe(
      'Recommendation: [click](javascript:alert(1)) **bold** | pipe\n# heading <script>',
    );
    expect(run.results[0]?.message.text).toBe(
      'Drain ecnartnee <img src=x onerror=alert(1)> 🔥 重入\n\nLine one\nLine "two"  \\ end',
    );
    const uris = run.results.map(
      (result) => result.locations[0]!.physicalLocation.artifactLocation.uri,
    );
    expect(uris).toEqual([
      'contracts/My%20Token%231%3F.sol',
      'a%3Ab.sol',
      'contracts/%C3%9Cn%C3%AFcode/100%25.sol',
    ]);
    expect(uris.map(decodeURIComponent)).toEqual([
      'contracts/My Token#1?.sol',
      'a:b.sol',
      'contracts/Ünïcode/100%.sol',
    ]);
    expect(fileUri('contracts/Token.sol')).toBe('contracts/Token.sol');
  });

  it('caps each message at 8,000 characters', async () => {
    const output = await render([triaged(makeFinding({ description: 'x'.repeat(20_000) }))]);
    const text = runOf(output).results[0]!.message.text;
    expect(text).toHaveLength(8_000);
    expect(text.endsWith('…')).toBe(true);
  });

  it('keeps fingerprints when only lines move, and changes them when the finding changes', async () => {
    const base = [
      { title: 'Reentrancy', file: 'contracts/Vault.sol', startLine: 40, endLine: 44 },
      { title: 'Reentrancy', file: 'contracts/Vault.sol', startLine: 90, endLine: 95 },
      { title: 'Unchecked call', file: 'contracts/Vault.sol', startLine: 60, endLine: 60 },
    ];
    const fingerprintsOf = async (rows: typeof base): Promise<Record<string, string>[]> => {
      const findings = assignFingerprints(
        // The stored fingerprint is recomputed from the rest.
        rows.map((row) => makeFinding(row)),
      );
      return runOf(await render(findings.map((finding) => triaged(finding)))).results.map(
        (result) => result.partialFingerprints,
      );
    };
    const before = await fingerprintsOf(base);
    const moved = await fingerprintsOf(
      base.map((row) => ({ ...row, startLine: row.startLine + 7, endLine: row.endLine + 9 })),
    );
    expect(moved).toEqual(before);
    expect(new Set(before.map((fp) => fp.primaryLocationLineHash)).size).toBe(3);
    const renamed = await fingerprintsOf([
      { ...base[0]!, title: 'Reentrancy in deposit' },
      ...base.slice(1),
    ]);
    expect(renamed).not.toEqual(before);
  });

  it('gives each project its own automation id (its code scanning category)', async () => {
    const idOf = async (projectName: string): Promise<string> =>
      runOf(await render([], { projectName })).automationDetails.id;
    expect(await idOf('core')).toBe('smart-contract-audit/core/');
    expect(await idOf('periphery')).toBe('smart-contract-audit/periphery/');
    expect(automationId('My Project/α β\u200B')).toBe('smart-contract-audit/My-Project-α-β/');
    expect(automationId(' // ')).toBe('smart-contract-audit/default/');
  });

  it('keeps the 25,000 most severe findings of a larger run and notes the rest', async () => {
    const findings = [
      ...Array.from({ length: 24_995 }, (_, i) =>
        triaged(makeFinding({ severity: 'low', ruleId: `low-${i % 50}`, fingerprint: `low-${i}` })),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        triaged(makeFinding({ severity: 'gas', ruleId: 'gas', fingerprint: `gas-${i}` })),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        triaged(makeFinding({ severity: 'critical', ruleId: 'crit', fingerprint: `crit-${i}` })),
      ),
    ];
    const output = await render(findings);
    expect(output).toMatchObject({ resultCount: 25_000, truncated: 10, unlocated: 0 });
    const run = runOf(output);
    expect(run.results).toHaveLength(25_000);
    const kept = run.results.map((result) => result.properties.severity);
    expect(kept.filter((severity) => severity === 'critical')).toHaveLength(5);
    expect(kept.filter((severity) => severity === 'gas')).toHaveLength(0);
    expect(run.tool.driver.rules.some((rule) => rule.id === 'gas')).toBe(false);
    expect(run.properties).toMatchObject({ resultsLeftOut: 10 });
    expect(run.properties.note).toMatch(/^10 of 25010 findings were left out/);
  });

  it('stays under 10 MB gzipped with 25,000 findings of long, varied text', async () => {
    const words =
      'reentrancy withdraw balance external call state owner transfer oracle price'.split(' ');
    const findings = Array.from({ length: 25_000 }, (_, i) =>
      triaged(
        makeFinding({
          severity: SEVERITIES[i % SEVERITIES.length]!,
          ruleId: `rule-${i % 300}`,
          title: `Issue ${i} in function f${i}()`,
          description:
            Array.from({ length: 100 }, (_, w) => words[(i * 7 + w * 3) % words.length]).join(' ') +
            ` #${i}`,
          recommendation: `Fix f${i} by following the checks-effects-interactions pattern.`,
          file: `contracts/module-${i % 40}/Contract${i % 400}.sol`,
          startLine: (i % 900) + 1,
          endLine: (i % 900) + 4,
          fingerprint: `${i.toString(16).padStart(16, '0')}`,
        }),
      ),
    );
    let writes = 0;
    const output = await render(findings, {}, () => (writes += 1));
    expect(output).toMatchObject({ resultCount: 25_000, truncated: 0 });
    expect(gzipSync(output.json).length).toBeLessThan(10 * 1024 * 1024);
    // Measured once, at the quick level: under the limit there, so under it at GitHub's.
    expect(writes).toBe(1);
    expect(JSON.parse(output.json).runs[0].properties.note).toBeUndefined();
  });

  it('fails rather than report a size when the writer stopped reading part way', async () => {
    const input = { findings: [triaged(makeFinding())], projectName: 'vault', auditId: 'a-1' };
    await expect(
      writeSarif({ ...input, reportUrl: undefined, toolVersion: '1.4.0' }, async () => {}),
    ).rejects.toThrow('the SARIF log was not written to its end');
  });

  it("measures at GitHub's gzip level before cutting a log that only the quick level puts over", async () => {
    // Words from a small vocabulary: the default level compresses them a fifth better than the
    // quick one, so this log is above the limit at the one and below it at the other.
    const random = seeded(64);
    const words = Array.from({ length: 64 }, (_, i) => ((i * 2_654_435_761) >>> 0).toString(36));
    const findings = Array.from({ length: 25_000 }, (_, i) =>
      triaged(
        makeFinding({
          ruleId: `rule-${i % 100}`,
          description: Array.from({ length: 250 }, () => words[Math.floor(random() * 64)]).join(
            ' ',
          ),
          fingerprint: `f-${i}`,
        }),
      ),
    );
    let writes = 0;
    const output = await render(findings, {}, () => (writes += 1));
    expect(gzipSync(output.json, { level: 1 }).length).toBeGreaterThan(MAX_GZIPPED_BYTES);
    expect(gzipSync(output.json).length).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
    expect(writes).toBe(2);
    expect(output).toMatchObject({ resultCount: 25_000, truncated: 0 });
    expect(JSON.parse(output.json).runs[0].properties.note).toBeUndefined();
  });

  it('shortens texts to stay under 10 MB gzipped when they do not compress', async () => {
    const findings = Array.from({ length: 25_000 }, (_, i) =>
      triaged(
        makeFinding({
          ruleId: 'noise',
          description: randomBytes(600).toString('base64'),
          fingerprint: `noise-${i}`,
        }),
      ),
    );
    const written: number[] = [];
    const output = await render(findings, {}, (length) => written.push(length));
    expect(output).toMatchObject({ resultCount: 25_000, truncated: 0 });
    expect(gzipSync(output.json).length).toBeLessThanOrEqual(9_500_000);
    // Far over at the quick level: shortened at once, never measured again as it was.
    expect(written[1]).toBeLessThan(written[0]!);
    const run = runOf(output);
    expect(run.properties.note).toMatch(/shortened to stay under 10 MB gzipped/);
    expect(run.results[0]!.message.text.length).toBeLessThan(800);
  });
});
