import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBaseline,
  readBaselineFile,
  unusedBaselineEntries,
} from '../../src/audit/baseline.ts';
import { renderBaseline } from '../support/triage.ts';
import { reportOf } from '../support/report.ts';
import type { TriagedFinding } from '../../src/audit/triage.ts';
import { ConfigurationError } from '../../src/errors.ts';
import { renderResultsFile } from '../../src/report/results-file.ts';
import { makeFinding } from '../support/findings.ts';
import { workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const SOURCE = '.audit-baseline.json';

function parseError(text: string): ConfigurationError {
  try {
    parseBaseline(text, SOURCE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('parseBaseline accepted the text');
}

describe('parseBaseline, baseline shape', () => {
  it('reads accepted entries by fingerprint, with their reason and description', () => {
    const baseline = parseBaseline(
      JSON.stringify({
        version: 1,
        accepted: [
          {
            fingerprint: 'aaaa',
            reason: ' Owner-only, by design ',
            rule: 'arbitrary-send-eth',
            file: 'contracts/Vault.sol',
            title: 'Arbitrary send',
            severity: 'high',
          },
          { fingerprint: 'bbbb:2', reason: 'Known false positive', file: null, line: 7 },
        ],
      }),
      SOURCE,
    );
    expect([...baseline.keys()]).toEqual(['aaaa', 'bbbb:2']);
    expect(baseline.get('aaaa')).toEqual({
      fingerprint: 'aaaa',
      reason: 'Owner-only, by design',
      rule: 'arbitrary-send-eth',
      file: 'contracts/Vault.sol',
      title: 'Arbitrary send',
      severity: 'high',
    });
    expect(baseline.get('bbbb:2')).toEqual({
      fingerprint: 'bbbb:2',
      reason: 'Known false positive',
    });
  });

  it('accepts a file without a version, with a byte order mark, and keeps the first of duplicates', () => {
    const baseline = parseBaseline(
      '\uFEFF{"accepted": [{"fingerprint": "a", "reason": "first"}, {"fingerprint": "a", "reason": "second"}]}',
      SOURCE,
    );
    expect(baseline.get('a')?.reason).toBe('first');
    expect(baseline.size).toBe(1);
  });

  it('round-trips what renderBaseline writes, most severe first', () => {
    const findings = [
      makeFinding({
        severity: 'low',
        title: 'Floating pragma',
        swcId: 'SWC-103',
        fingerprint: 'f1',
      }),
      makeFinding({
        severity: 'critical',
        title: 'Arbitrary send',
        ruleId: 'arbitrary-send-eth',
        swcId: 'SWC-105',
        file: 'contracts/Vault.sol',
        fingerprint: 'f2',
      }),
      makeFinding({ severity: 'info', file: undefined, fingerprint: 'f3' }),
    ];
    const text = renderBaseline(findings, 'accepted at the 1.0 review');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text).version).toBe(1);
    const baseline = parseBaseline(text, SOURCE);
    expect([...baseline.keys()]).toEqual(['f2', 'f1', 'f3']);
    expect(baseline.get('f2')).toEqual({
      fingerprint: 'f2',
      reason: 'accepted at the 1.0 review',
      rule: 'arbitrary-send-eth',
      file: 'contracts/Vault.sol',
      title: 'Arbitrary send',
      severity: 'critical',
    });
    expect(baseline.get('f1')?.rule).toBe('SWC-103');
    expect(baseline.get('f3')).not.toHaveProperty('file');
  });
});

describe('parseBaseline, results file shape', () => {
  const triaged: TriagedFinding[] = [
    {
      finding: makeFinding({ severity: 'high', ruleId: 'reentrancy-eth', fingerprint: 'r1' }),
      status: 'active',
      note: undefined,
    },
    {
      finding: makeFinding({ severity: 'medium', swcId: 'SWC-104', fingerprint: 'r2' }),
      status: 'accepted',
      note: 'Return value checked by the caller',
    },
    {
      finding: makeFinding({ severity: 'low', fingerprint: 'r3' }),
      status: 'outside-change',
      note: undefined,
    },
  ];
  const resultsFile = (auditId: string | undefined) =>
    renderResultsFile(
      reportOf({
        auditId,
        projectName: 'vault',
        rawStatus: 'completed',
        verdict: 'fail',
        failOn: 'high',
        scope: 'changed-lines',
        findings: triaged,
      }),
    );

  it('accepts every finding of a results file copied as it is', () => {
    const baseline = parseBaseline(resultsFile('abc123'), SOURCE);
    expect([...baseline.keys()]).toEqual(['r1', 'r2', 'r3']);
    expect(baseline.get('r1')).toEqual({
      fingerprint: 'r1',
      reason: 'accepted from audit abc123',
      rule: 'reentrancy-eth',
      file: 'contracts/Token.sol',
      title: triaged[0]!.finding.title,
      severity: 'high',
    });
    expect(baseline.get('r2')?.rule).toBe('SWC-104');
    expect(baseline.get('r3')?.reason).toBe('accepted from audit abc123');
  });

  it('keeps the reason a finding was already accepted for', () => {
    expect(parseBaseline(resultsFile('abc123'), SOURCE).get('r2')?.reason).toBe(
      'Return value checked by the caller',
    );
  });

  it('says "an earlier audit" when the results file has no audit id', () => {
    expect(parseBaseline(resultsFile(undefined), SOURCE).get('r1')?.reason).toBe(
      'accepted from an earlier audit',
    );
  });

  it('reads a results file with no findings as an empty baseline', () => {
    expect(parseBaseline('{"schemaVersion": 1, "findings": []}', SOURCE).size).toBe(0);
  });
});

describe('parseBaseline errors', () => {
  it('names the file and the JSON problem', () => {
    const error = parseError('{"accepted": [');
    expect(error.message).toMatch(/^Baseline file \.audit-baseline\.json is not valid JSON \(/);
    expect(error.message).toContain('Expected {"version": 1, "accepted": [');
  });

  it('rejects documents of another shape, saying which shapes it reads', () => {
    expect(parseError('[]').message).toContain('is not a JSON object');
    expect(parseError('{"entries": []}').message).toContain(
      'has neither an "accepted" nor a "findings" list',
    );
    expect(parseError('{"version": 2, "accepted": []}').message).toBe(
      'Baseline file .audit-baseline.json has version 2; only version 1 is read.',
    );
  });

  it('names the entry without a fingerprint, and says where fingerprints are found', () => {
    const error = parseError(
      '{"version": 1, "accepted": [{"fingerprint": "a", "reason": "x"}, {"reason": "y"}]}',
    );
    expect(error.message).toMatch(
      /^Baseline file \.audit-baseline\.json, accepted\[1\] has no "fingerprint"\. /,
    );
    expect(error.message).toContain('shown in the job summary details and the results file');
    expect(parseError('{"findings": [{"fingerprint": ""}]}').message).toMatch(
      /findings\[0\] has no "fingerprint"/,
    );
  });

  it('requires a reason in the baseline shape, and an object for every entry', () => {
    expect(parseError('{"accepted": [{"fingerprint": "a", "reason": "  "}]}').message).toMatch(
      /accepted\[0\] has no "reason"/,
    );
    expect(parseError('{"accepted": ["a"]}').message).toMatch(/accepted\[0\] is not an object/);
  });
});

describe('unusedBaselineEntries', () => {
  it('lists entries that match no current finding', () => {
    const baseline = parseBaseline(
      renderBaseline(
        [makeFinding({ fingerprint: 'kept' }), makeFinding({ fingerprint: 'fixed' })],
        'ok',
      ),
      SOURCE,
    );
    const unused = unusedBaselineEntries(baseline, [makeFinding({ fingerprint: 'kept' })]);
    expect(unused.map((entry) => entry.fingerprint)).toEqual(['fixed']);
  });
});

describe('readBaselineFile', () => {
  const baseline = JSON.stringify({ version: 1, accepted: [{ fingerprint: 'fp', reason: 'ok' }] });

  it('reads a baseline inside the workspace, through links that stay inside', async () => {
    const workspace = await workspaceWith({ 'audit/baseline.json': baseline });
    await symlink('audit/baseline.json', path.join(workspace, 'link.json'));
    for (const file of ['audit/baseline.json', 'link.json']) {
      const entries = await readBaselineFile(
        path.join(workspace, file),
        workspace,
        ACTION_VOCABULARY,
      );
      expect([...entries.keys()]).toEqual(['fp']);
    }
  });

  it('never reads through a link that leads outside the workspace', async () => {
    const outside = await workspaceWith({ 'baseline.json': baseline });
    const workspace = await workspaceWith({});
    await symlink(path.join(outside, 'baseline.json'), path.join(workspace, 'baseline.json'));
    await expect(
      readBaselineFile(path.join(workspace, 'baseline.json'), workspace, ACTION_VOCABULARY),
    ).rejects.toThrow(/is a link that leads outside the workspace, so it was not read/);
  });

  it('says how to make one when the file is missing', async () => {
    const workspace = await workspaceWith({});
    const error = await readBaselineFile(
      path.join(workspace, 'nope.json'),
      workspace,
      ACTION_VOCABULARY,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      /^Could not read the baseline file .*nope\.json \(.*ENOENT.*\)\. Check input `baseline`; to create one, copy the `results-file`/,
    );
  });
});
