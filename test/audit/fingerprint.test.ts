import { describe, expect, it } from 'vitest';
import { assignFingerprints, normalizeTitle } from '../../src/audit/fingerprint.ts';
import type { Finding } from '../../src/audit/findings.ts';
import { makeFinding } from '../support/findings.ts';

type Unfingerprinted = Omit<Finding, 'fingerprint'>;

const withoutFingerprint = ({ fingerprint: _fingerprint, ...rest }: Finding): Unfingerprinted =>
  rest;

/** The same finding on every call, without the fingerprint that is under test. */
function finding(overrides: Partial<Unfingerprinted> = {}): Unfingerprinted {
  return withoutFingerprint(
    makeFinding({
      severity: 'high',
      title: 'Reentrancy in withdraw',
      ruleId: 'reentrancy-eth',
      swcId: 'SWC-107',
      description: 'State written after call.',
      file: 'contracts/Vault.sol',
      startLine: 20,
      endLine: 28,
      ...overrides,
    }),
  );
}
const print = (f: Unfingerprinted): string => assignFingerprints([f])[0]!.fingerprint;

describe('assignFingerprints', () => {
  it('gives 16 hex characters, the same on every run, and keeps the finding', () => {
    const [result] = assignFingerprints([finding()]);
    expect(result!.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(result).toEqual({ ...finding(), fingerprint: print(finding()) });
  });

  it('ignores line numbers, severity, description and service id', () => {
    const base = print(finding());
    expect(print(finding({ startLine: 120, endLine: 128 }))).toBe(base);
    expect(print(finding({ startLine: undefined, endLine: undefined }))).toBe(base);
    expect(print(finding({ severity: 'low', description: 'other', serviceId: 'x' }))).toBe(base);
  });

  it('ignores case, spacing and line references in the title', () => {
    expect(print(finding({ title: '  REENTRANCY   in withdraw ' }))).toBe(print(finding()));
    expect(normalizeTitle('Reentrancy in Vault.withdraw() (contracts/Vault.sol#20-28)')).toBe(
      'reentrancy in vault.withdraw() (contracts/vault.sol )',
    );
    expect(normalizeTitle('Shadowing at lines 12 to 14, #L3-L9')).toBe('shadowing at ,');
  });

  it('drops every form of line reference, whatever its spacing, and keeps the text around it', () => {
    const forms: [string, string][] = [
      ['Unused return #L12 in Vault', 'unused return in vault'],
      ['Unused return #12 - 20 in Vault', 'unused return in vault'],
      ['Unused return #L12 -L20 in Vault', 'unused return in vault'],
      ['Unused return at line12', 'unused return at'],
      ['Unused return at line 12-20', 'unused return at'],
      ['Unused return at lines 12 -20', 'unused return at'],
      ['Unused return at lines 12 to 20', 'unused return at'],
      ['Unused return (line 12)', 'unused return ( )'],
    ];
    for (const [title, normalized] of forms) expect(normalizeTitle(title), title).toBe(normalized);
  });

  it('changes with the rule, the file or the title', () => {
    const base = print(finding());
    expect(print(finding({ ruleId: 'reentrancy-no-eth' }))).not.toBe(base);
    expect(print(finding({ file: 'contracts/Token.sol' }))).not.toBe(base);
    expect(print(finding({ file: undefined }))).not.toBe(base);
    expect(print(finding({ title: 'Reentrancy in deposit' }))).not.toBe(base);
  });

  it('falls back to the SWC id, then the title, when there is no rule id', () => {
    const noRule = finding({ ruleId: undefined });
    expect(print(noRule)).not.toBe(print(finding()));
    expect(print({ ...noRule, swcId: 'SWC-104' })).not.toBe(print(noRule));
    const titleOnly = finding({ ruleId: undefined, swcId: undefined });
    expect(print(titleOnly)).not.toBe(print(noRule));
    expect(print({ ...titleOnly, title: 'Other' })).not.toBe(print(titleOnly));
  });

  it('tells identical keys apart by line order, keeping input order', () => {
    const at = (startLine: number | undefined) => finding({ startLine, endLine: startLine });
    const results = assignFingerprints([at(30), at(undefined), at(10), at(20)]);
    const base = print(at(10));
    expect(results.map((r) => r.fingerprint)).toEqual([
      `${base}:3`,
      `${base}:4`,
      base,
      `${base}:2`,
    ]);
    expect(results.map((r) => r.startLine)).toEqual([30, undefined, 10, 20]);
  });

  it('gives each finding the same fingerprint whatever order the service lists them in', () => {
    const list = [
      finding({ startLine: 5 }),
      finding({ startLine: 9 }),
      finding({ title: 'Other', startLine: 1 }),
    ];
    const byLine = (results: Finding[]) =>
      Object.fromEntries(results.map((r) => [`${r.title}@${r.startLine}`, r.fingerprint]));
    expect(byLine(assignFingerprints([...list].reverse()))).toEqual(
      byLine(assignFingerprints(list)),
    );
  });

  it('orders findings on the same line by description so the suffix is still deterministic', () => {
    const a = finding({ description: 'a' });
    const b = finding({ description: 'b' });
    const forward = assignFingerprints([a, b]).map((r) => r.fingerprint);
    const backward = assignFingerprints([b, a]).map((r) => r.fingerprint);
    expect(backward).toEqual([forward[1], forward[0]]);
    // In code-unit order: "a" keeps the bare fingerprint, "b" gets `:2`.
    expect(forward).toEqual([print(a), `${print(a)}:2`]);
  });

  it('puts a finding that lacks a field after one that has it', () => {
    const bare = print(finding());
    for (const field of ['description', 'recommendation', 'cweId'] as const) {
      const withIt = finding({ [field]: 'Some text.' });
      const without = finding({ [field]: undefined });
      for (const [list, expected] of [
        [
          [without, withIt],
          [`${bare}:2`, bare],
        ],
        [
          [withIt, without],
          [bare, `${bare}:2`],
        ],
      ] as const) {
        expect(
          assignFingerprints(list).map((r) => r.fingerprint),
          field,
        ).toEqual(expected);
      }
    }
  });

  it('numbers findings alike in everything in the order they are listed', () => {
    const bare = print(finding());
    const results = assignFingerprints([finding(), finding(), finding()]);
    expect(results.map((r) => r.fingerprint)).toEqual(
      results.map((_, i) => (i === 0 ? bare : `${bare}:${i + 1}`)),
    );
  });

  it('gives same-key findings at the same lines the same suffixes whatever order they come in', () => {
    // Same rule, file, title, lines and description: only what else the service says differs.
    const variants = [
      finding({ severity: 'low' }),
      finding({ severity: 'critical' }),
      finding({ severity: 'critical', severityLabel: 'Critical!' }),
      finding({ title: 'REENTRANCY in withdraw' }),
      finding({ swcId: 'SWC-104' }),
      finding({ cweId: 'CWE-841' }),
      finding({ recommendation: 'Use a guard.' }),
      finding({ serviceId: 'svc-2' }),
      finding({ serviceId: 'svc-1' }),
    ];
    const printed = (list: Unfingerprinted[]) =>
      new Map(assignFingerprints(list).map((r, i) => [list[i], r.fingerprint]));
    const forward = printed(variants);
    expect(new Set(forward.values()).size).toBe(variants.length);
    for (const order of [
      [...variants].reverse(),
      [...variants.slice(4), ...variants.slice(0, 4)],
    ]) {
      expect(printed(order)).toEqual(forward);
    }
    // Of two otherwise identical findings, the more severe keeps the bare fingerprint.
    const [low, critical] = variants;
    for (const pair of [
      [low!, critical!],
      [critical!, low!],
    ]) {
      expect(printed(pair).get(critical!)).toBe(print(finding()));
    }
  });

  // Golden values. Every user's baseline file and open SARIF alert is keyed by these: a change
  // here invalidates all of them, so it must be deliberate, never a side effect of a refactor.
  it('keeps the exact fingerprints of representative findings', () => {
    const results = assignFingerprints([
      finding({ title: 'Reentrancy in Vault.withdraw() (contracts/Vault.sol#20-28)' }),
      finding({
        title: 'Use of tx.origin for authorization',
        ruleId: undefined,
        swcId: 'SWC-115',
        file: 'contracts/Wallet.sol',
      }),
      finding({
        title: 'Floating pragma',
        ruleId: undefined,
        swcId: undefined,
        file: 'contracts/Token.sol',
      }),
      finding({
        title: 'Contract has no license identifier',
        ruleId: 'missing-license',
        file: undefined,
      }),
      finding({
        title: 'Unchecked call return value',
        ruleId: 'unchecked-lowlevel',
        startLine: 55,
      }),
      finding({
        title: 'Unchecked call return value',
        ruleId: 'unchecked-lowlevel',
        startLine: 40,
      }),
    ]);
    expect(results.map((r) => r.fingerprint)).toEqual([
      'cf1c8a844c5ae7b9',
      '1c60f04ec8a0d4cd',
      '1f4ba772b3cd9ef8',
      '7bbaa6237be5a95b',
      '15b8039eaf5bc6cb:2',
      '15b8039eaf5bc6cb',
    ]);
  });
});
