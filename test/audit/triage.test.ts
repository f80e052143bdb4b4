import { describe, expect, it } from 'vitest';
import { parseBaseline, unusedBaselineEntries } from '../../src/audit/baseline.ts';
import type { Finding, Severity } from '../../src/audit/findings.ts';
import { assignFingerprints } from '../../src/audit/fingerprint.ts';
import { allActive, renderBaseline } from '../support/triage.ts';
import { buildChangeSet, type ChangeSet } from '../../src/audit/scope.ts';
import { findSuppressions } from '../../src/audit/suppressions.ts';
import {
  activeFindings,
  countFindings,
  describeNotCounted,
  inReportOrder,
  STATUS_REASONS,
  triageFindings,
  type TriageOptions,
} from '../../src/audit/triage.ts';
import { findingsOf, makeFinding } from '../support/findings.ts';

const VAULT = [
  'contract Vault {', // 1
  '    // audit-ignore-next-line reentrancy-eth -- guarded by nonReentrant', // 2
  '    function withdraw() external { msg.sender.call(""); }', // 3
  '    function sweep() external { owner.call(""); }', // 4
  '}', // 5
].join('\n');

/** The pull request added line 3 and 4 of contracts/Vault.sol and nothing else. */
const changes = buildChangeSet([
  {
    path: 'packages/core/contracts/Vault.sol',
    status: 'modified',
    patch: '@@ -1,3 +1,5 @@\n a\n b\n+c\n+d\n e',
  },
]);

function options(overrides: Partial<TriageOptions> = {}): TriageOptions {
  return {
    scope: 'changed-lines',
    changes,
    pathPrefix: 'packages/core/',
    uploaded: undefined,
    baseline: undefined,
    several: false,
    suppressions: (file) => (file === 'contracts/Vault.sol' ? findSuppressions(VAULT) : []),
    ...overrides,
  };
}

describe('triageFindings', () => {
  // Suppressed in the code, accepted in the baseline, and outside the change: all three apply.
  const everything = makeFinding({
    severity: 'high',
    ruleId: 'reentrancy-eth',
    file: 'contracts/Vault.sol',
    startLine: 3,
    fingerprint: 'all-three',
  });
  const acceptedOutside = makeFinding({
    severity: 'medium',
    ruleId: 'arbitrary-send',
    file: 'contracts/Vault.sol',
    startLine: 1,
    fingerprint: 'accepted-outside',
  });
  const outside = makeFinding({
    severity: 'low',
    file: 'contracts/Other.sol',
    startLine: 4,
    fingerprint: 'outside',
  });
  const active = makeFinding({
    severity: 'critical',
    ruleId: 'arbitrary-send',
    file: 'contracts/Vault.sol',
    startLine: 4,
    fingerprint: 'active',
  });
  const baseline = parseBaseline(
    JSON.stringify({
      version: 1,
      accepted: [
        { fingerprint: 'all-three', reason: 'reviewed' },
        { fingerprint: 'accepted-outside', reason: 'owner only' },
      ],
    }),
    'baseline.json',
  );

  it('gives suppressed over accepted over outside the change over active, most severe first', () => {
    const narrow = buildChangeSet([
      {
        path: 'packages/core/contracts/Vault.sol',
        status: 'modified',
        patch: '@@ -4 +4 @@\n-x\n+y',
      },
    ]);
    const { findings: triaged } = triageFindings([outside, acceptedOutside, everything, active], {
      ...options({ changes: narrow }),
      baseline,
    });
    // Fingerprints now name repository paths: the ones given are kept as the former ones.
    expect(triaged.map((t) => [t.finding.formerFingerprint, t.status, t.note])).toEqual([
      ['active', 'active', undefined],
      [
        'all-three',
        'suppressed',
        'audit-ignore-next-line reentrancy-eth -- guarded by nonReentrant',
      ],
      ['accepted-outside', 'accepted', 'owner only'],
      ['outside', 'outside-change', undefined],
    ]);
  });

  it('counts everything in scope when no changes are known or the scope is all', () => {
    for (const overrides of [{ changes: undefined }, { scope: 'all' as const }]) {
      const { findings: triaged } = triageFindings([outside, active], options(overrides));
      expect(triaged.map((t) => t.status)).toEqual(['active', 'active']);
    }
  });

  it("asks for the suppressions of each finding's file, and suppresses nothing in one that has none", () => {
    const asked: string[] = [];
    const suppressedElsewhere = makeFinding({
      ruleId: 'reentrancy-eth',
      file: 'contracts/Missing.sol',
      startLine: 3,
    });
    const { counts } = triageFindings([everything, active, suppressedElsewhere, outside], {
      ...options({ scope: 'all' }),
      suppressions: (file) => {
        asked.push(file);
        return file === 'contracts/Vault.sol' ? findSuppressions(VAULT) : [];
      },
    });
    expect([...new Set(asked)].sort()).toEqual([
      'contracts/Missing.sol',
      'contracts/Other.sol',
      'contracts/Vault.sol',
    ]);
    expect(counts.byStatus).toEqual({
      active: 3,
      'outside-change': 0,
      accepted: 0,
      suppressed: 1,
      dependency: 0,
    });
  });

  it('accepts by fingerprint from a baseline written from earlier findings', () => {
    const accepted = parseBaseline(renderBaseline([active], 'risk accepted'), 'b.json');
    const [entry] = triageFindings([active], options({ baseline: accepted })).findings;
    expect(entry).toMatchObject({ status: 'accepted', note: 'risk accepted' });
  });
});

describe('allActive and activeFindings', () => {
  it('counts every finding, sorted, and gives back only the active ones', () => {
    const low = makeFinding({ severity: 'low' });
    const high = makeFinding({ severity: 'high' });
    const triaged = allActive([low, high]);
    expect(triaged).toEqual([
      { finding: high, status: 'active', note: undefined },
      { finding: low, status: 'active', note: undefined },
    ]);
    expect(activeFindings([...triaged, { finding: low, status: 'accepted', note: 'x' }])).toEqual([
      high,
      low,
    ]);
  });
});

describe('triageFindings: paths, counts and notes made once', () => {
  const pay = buildChangeSet([
    {
      path: 'packages/core/contracts/Pay.sol',
      status: 'modified',
      patch: '@@ -1,1 +1,2 @@\n a\n+b',
    },
  ]);

  it('makes every path repository-relative, however the working directory is spelled', () => {
    for (const pathPrefix of ['packages/core/', 'packages/core', './packages/core/']) {
      const { findings } = triageFindings(
        [
          makeFinding({ file: 'contracts/Pay.sol', startLine: 2, endLine: 2, fingerprint: 'in' }),
          makeFinding({
            file: './contracts/Pay.sol',
            startLine: 2,
            endLine: 2,
            fingerprint: 'dotted',
          }),
          makeFinding({ file: 'contracts/Pay.sol', startLine: 1, endLine: 1, fingerprint: 'out' }),
          makeFinding({ file: undefined, fingerprint: 'nowhere' }),
        ],
        options({ changes: pay, pathPrefix }),
      );
      expect(findings.map((t) => [t.finding.formerFingerprint, t.finding.file, t.status])).toEqual([
        ['out', 'packages/core/contracts/Pay.sol', 'outside-change'],
        ['in', 'packages/core/contracts/Pay.sol', 'active'],
        ['dotted', 'packages/core/contracts/Pay.sol', 'active'],
        ['nowhere', undefined, 'active'],
      ]);
    }
    const outside = triageFindings(
      [makeFinding({ file: '../../contracts/Pay.sol', startLine: 2, endLine: 2 })],
      options({ changes: pay, pathPrefix: 'a/b/' }),
    );
    expect(outside.findings[0]?.finding.file).toBe('contracts/Pay.sol');
    // A path that climbs out of the repository is never made to look like one inside it.
    const climbing = triageFindings(
      [makeFinding({ file: '../x.sol' })],
      options({ scope: 'all', pathPrefix: '' }),
    );
    expect(climbing.findings[0]?.finding.file).toBe('../x.sol');
  });

  it('reads suppressions by the path as uploaded, then reports the repository path', () => {
    const [entry] = triageFindings(
      [
        makeFinding({
          ruleId: 'reentrancy-eth',
          file: 'contracts/Vault.sol',
          startLine: 3,
          endLine: 3,
        }),
      ],
      options({ scope: 'all' }),
    ).findings;
    expect(entry).toMatchObject({
      status: 'suppressed',
      finding: { file: 'packages/core/contracts/Vault.sol' },
    });
  });

  it('counts by severity and status, says what the scope did, and which baseline entries are unused', () => {
    const baseline = parseBaseline(
      JSON.stringify({
        version: 1,
        accepted: [
          { fingerprint: 'accepted', reason: 'ok' },
          { fingerprint: 'gone', reason: 'fixed since' },
        ],
      }),
      'baseline.json',
    );
    const triage = triageFindings(
      [
        makeFinding({ severity: 'high', file: 'contracts/Pay.sol', startLine: 2, endLine: 2 }),
        makeFinding({ severity: 'high', file: 'contracts/Pay.sol', startLine: 1, endLine: 1 }),
        makeFinding({ severity: 'low', fingerprint: 'accepted', file: 'contracts/Pay.sol' }),
      ],
      options({ changes: pay, baseline }),
    );
    expect(triage.counts).toEqual(countFindings(triage.findings));
    expect(triage.counts).toMatchObject({
      total: 3,
      inScope: 2,
      bySeverity: { high: 2, low: 1 },
      counted: { high: 1, low: 0 },
      byStatus: { active: 1, 'outside-change': 1, accepted: 1, suppressed: 0, dependency: 0 },
    });
    expect(triage.scopeNote).toBe('changed-lines: 2 of 3 findings are in the change');
    expect(triageFindings([], options({ scope: 'all' })).scopeNote).toBeUndefined();
  });
});

describe('triageFindings with a known upload', () => {
  it('maps names as sent to repository paths, and never counts a finding in a dependency', () => {
    const uploaded = new Map([
      ['src/Pool.sol', { repositoryPath: 'packages/bedrock/src/Pool.sol', dependency: false }],
      [
        'solmate/src/tokens/ERC20.sol',
        { repositoryPath: 'packages/bedrock/lib/solmate/src/tokens/ERC20.sol', dependency: true },
      ],
    ]);
    const triage = triageFindings(
      [
        makeFinding({ severity: 'critical', file: 'solmate/src/tokens/ERC20.sol', startLine: 3 }),
        makeFinding({ severity: 'low', file: 'src/Pool.sol', startLine: 3 }),
        makeFinding({ severity: 'low', file: 'NotUploaded.sol' }),
      ],
      options({ scope: 'all', changes: undefined, pathPrefix: 'packages/bedrock/', uploaded }),
    );
    expect(triage.findings.map((entry) => [entry.finding.file, entry.status])).toEqual([
      ['packages/bedrock/lib/solmate/src/tokens/ERC20.sol', 'dependency'],
      ['packages/bedrock/NotUploaded.sol', 'active'],
      ['packages/bedrock/src/Pool.sol', 'active'],
    ]);
    expect(triage.counts.counted).toMatchObject({ critical: 0, low: 2 });
    expect(triage.counts.byStatus.dependency).toBe(1);
    expect(describeNotCounted(triage.counts.byStatus, STATUS_REASONS)).toEqual([
      '1 in dependencies (imported by the audited files, not audited themselves)',
    ]);
  });
});

describe('inReportOrder', () => {
  it('groups by status, counted first, keeping the model order inside each group', () => {
    const [a, b, c, d] = findingsOf('critical', 'high', 'medium', 'low');
    const triaged = [
      { finding: a!, status: 'suppressed' as const, note: undefined },
      { finding: b!, status: 'active' as const, note: undefined },
      { finding: c!, status: 'outside-change' as const, note: undefined },
      { finding: d!, status: 'active' as const, note: undefined },
    ];
    expect(inReportOrder(triaged).map((t) => t.finding.severity)).toEqual([
      'high',
      'low',
      'medium',
      'critical',
    ]);
  });
});

describe('triageFindings: fingerprints from repository paths', () => {
  // As the parser fingerprints it: from the name as uploaded, the same in every project.
  const parsed = (severity: Severity = 'critical') =>
    assignFingerprints([
      makeFinding({
        severity,
        ruleId: 'reentrancy-eth',
        title: 'Reentrancy in withdraw',
        file: 'src/Vault.sol',
        startLine: 3,
      }),
    ]);
  const triageIn = (
    folder: string,
    overrides: Partial<TriageOptions> = {},
    severity: Severity = 'critical',
  ) => {
    const repositoryPath = folder === '' ? 'src/Vault.sol' : `${folder}/src/Vault.sol`;
    const [entry] = triageFindings(
      parsed(severity),
      options({
        scope: 'all',
        changes: undefined,
        pathPrefix: folder === '' ? '' : `${folder}/`,
        uploaded: new Map([['src/Vault.sol', { repositoryPath, dependency: false }]]),
        several: true,
        ...overrides,
      }),
    ).findings;
    return entry!;
  };
  const baselineOf = (...accepted: object[]) =>
    parseBaseline(JSON.stringify({ version: 1, accepted }), 'baseline.json');

  it("tells two projects' files of the same name apart: accepting one accepts only it", () => {
    const a = triageIn('packages/a');
    const b = triageIn('packages/b');
    expect(a.finding.fingerprint).not.toBe(b.finding.fingerprint);
    expect(a.finding.formerFingerprint).toBe(b.finding.formerFingerprint);
    const baseline = baselineOf({ fingerprint: a.finding.fingerprint, reason: 'ours, reviewed' });
    expect(triageIn('packages/a', { baseline }).status).toBe('accepted');
    expect(triageIn('packages/b', { baseline }).status).toBe('active');
  });

  it('keeps the fingerprints of a project at the root as they were', () => {
    const [before] = parsed();
    const { finding } = triageIn('', { several: false });
    expect(finding.fingerprint).toBe(before!.fingerprint);
    expect(finding.formerFingerprint).toBeUndefined();
  });

  it("keeps an older baseline's entries where they are unambiguous: one project, or the file named", () => {
    const former = parsed()[0]!.fingerprint;
    const bare = baselineOf({ fingerprint: former, reason: 'old entry' });
    expect(triageIn('packages/a', { baseline: bare, several: false })).toMatchObject({
      status: 'accepted',
      note: 'old entry',
    });
    expect(triageIn('packages/a', { baseline: bare }).status).toBe('active');
    const named = baselineOf({
      fingerprint: former,
      reason: 'old entry',
      file: 'packages/a/src/Vault.sol',
    });
    expect(triageIn('packages/a', { baseline: named }).status).toBe('accepted');
    expect(triageIn('packages/b', { baseline: named }).status).toBe('active');
    // An entry matched by the former fingerprint is in use, not one to remove.
    expect(
      unusedBaselineEntries(named, [triageIn('packages/a', { baseline: named }).finding]),
    ).toEqual([]);
  });
});

describe('triageFindings: a finding whose severity rose since it was accepted', () => {
  const finding = (severity: Severity, startLine = 3) =>
    makeFinding({
      severity,
      ruleId: 'arbitrary-send',
      title: 'Arbitrary send',
      file: 'contracts/Pay.sol',
      startLine,
      endLine: startLine,
      fingerprint: 'pay',
    });
  const baselineAt = (severity: string | undefined) =>
    parseBaseline(
      JSON.stringify({
        version: 1,
        accepted: [{ fingerprint: 'pay', reason: 'owner only', severity }],
      }),
      'baseline.json',
    );
  const triaged = (found: Finding, baseline: TriageOptions['baseline'], changes?: ChangeSet) =>
    triageFindings([found], options({ scope: 'changed-lines', changes, baseline })).findings[0]!;

  it('counts it, with a note that the baseline accepted it at a lower severity', () => {
    expect(triaged(finding('critical'), baselineAt('low'))).toMatchObject({
      status: 'active',
      note: 'the baseline accepted it at low severity (owner only); it is now critical',
    });
    // A results file kept as the baseline says the severity too.
    const kept = parseBaseline(renderBaseline([finding('medium')], 'risk accepted'), 'r.json');
    expect(triaged(finding('high'), kept)).toMatchObject({ status: 'active' });
    expect(triaged(finding('high'), kept).note).toContain('at medium severity');
  });

  it('keeps it accepted at the same or a lower severity, or when the entry names none', () => {
    for (const [now, accepted] of [
      ['low', 'low'],
      ['low', 'high'],
      ['critical', undefined],
      ['critical', 'a lot'],
      ['high', 'HIGH'],
    ] as const) {
      expect(triaged(finding(now), baselineAt(accepted)), `${now} after ${accepted}`).toMatchObject(
        {
          status: 'accepted',
          note: 'owner only',
        },
      );
    }
  });

  it('still leaves one outside the change out, with the note', () => {
    const elsewhere = buildChangeSet([
      { path: 'packages/core/contracts/Pay.sol', status: 'modified', patch: '@@ -9 +9 @@\n-x\n+y' },
    ]);
    expect(triaged(finding('critical'), baselineAt('low'), elsewhere)).toMatchObject({
      status: 'outside-change',
      note: expect.stringContaining('at low severity') as unknown,
    });
  });
});
