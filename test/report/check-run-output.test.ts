import { describe, expect, it } from 'vitest';
import { reportOf } from '../support/report.ts';
import type { SettledVerdict } from '../../src/audit/gate.ts';
import { activeFindings, countFindings, type TriagedFinding } from '../../src/audit/triage.ts';
import { allActive } from '../support/triage.ts';
import { expectInOrder } from '../support/order.ts';
import {
  checkRunAnnotations,
  checkRunConclusion,
  checkRunOutput,
  checkRunTitle,
  MAX_CHECK_RUN_ANNOTATIONS,
  OUTPUT_MAX_CHARS,
  renderCheckRunCompletion,
  renderCheckRunStart,
} from '../../src/report/check-run-output.ts';
import { renderSummary } from '../../src/report/summary.ts';
import { findingsOf, makeFinding } from '../support/findings.ts';
import { HEAD_SHA, HOSTILE_PATHS, judgedCommit, NOT_THE_HEAD } from '../support/head-commit.ts';

describe('checkRunConclusion', () => {
  it.each<[SettledVerdict, string]>([
    ['pass', 'success'],
    ['fail', 'failure'],
    ['skipped', 'neutral'],
    ['timeout', 'timed_out'],
    ['error', 'failure'],
  ])('%s → %s', (verdict, conclusion) => {
    expect(checkRunConclusion(verdict)).toBe(conclusion);
  });
});

describe('checkRunAnnotations', () => {
  it('annotates active findings only, most severe first, at levels by severity', () => {
    const findings = findingsOf('low', 'critical', 'medium', 'high', 'info', 'gas');
    const triaged: TriagedFinding[] = [
      ...allActive(findings),
      { finding: makeFinding({ severity: 'critical' }), status: 'accepted', note: 'known' },
      { finding: makeFinding({ severity: 'high' }), status: 'outside-change', note: undefined },
      { finding: makeFinding({ severity: 'high' }), status: 'suppressed', note: undefined },
    ];
    const { annotations, unplaced } = checkRunAnnotations(activeFindings(triaged));
    expect(unplaced).toBe(0);
    expect(annotations.map((a) => [a.title?.slice(0, 10), a.annotation_level])).toEqual([
      ['[CRITICAL]', 'failure'],
      ['[HIGH] Fin', 'failure'],
      ['[MEDIUM] F', 'warning'],
      ['[LOW] Find', 'notice'],
      ['[INFO] Fin', 'notice'],
      ['[GAS] Find', 'notice'],
    ]);
  });

  it('gives paths relative to the repository and keeps lines the API accepts', () => {
    const { annotations } = checkRunAnnotations(
      activeFindings(
        allActive([
          makeFinding({ file: 'packages/core/contracts/A.sol', startLine: 12, endLine: 14 }),
          makeFinding({ file: 'packages/core/contracts/B.sol', startLine: 20, endLine: 3 }),
        ]),
      ),
    );
    expect(annotations.map((a) => [a.path, a.start_line, a.end_line])).toEqual([
      ['packages/core/contracts/A.sol', 12, 14],
      ['packages/core/contracts/B.sol', 20, 20],
    ]);
  });

  it('puts a finding without a line on line 1 and says so; counts findings without a file', () => {
    const { annotations, unplaced } = checkRunAnnotations(
      activeFindings(
        allActive([
          makeFinding({ file: 'contracts/A.sol', startLine: undefined, endLine: undefined }),
          makeFinding({ file: undefined, startLine: undefined }),
          makeFinding({ file: undefined, startLine: 4 }),
        ]),
      ),
    );
    expect(unplaced).toBe(2);
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatchObject({ path: 'contracts/A.sol', start_line: 1, end_line: 1 });
    expect(annotations[0]?.message).toContain('No line was given; shown on line 1.');
  });

  it('keeps titles to 255 characters on one line and messages within 64 KB', () => {
    const { annotations } = checkRunAnnotations(
      activeFindings(
        allActive([
          makeFinding({
            title: `Reentrancy\nin\u200b withdraw ${'x'.repeat(400)}`,
            swcId: 'SWC-107',
            description: '𝔁'.repeat(40_000),
          }),
        ]),
      ),
    );
    const [annotation] = annotations;
    expect(annotation?.title?.length).toBeLessThanOrEqual(255);
    expect(annotation?.title).toMatch(/^\[MEDIUM\] Reentrancy in withdraw x+…$/);
    expect(Buffer.byteLength(annotation?.message ?? '')).toBeLessThan(64 * 1024);
    expect(annotation?.message.endsWith('…')).toBe(true);
  });

  it('puts the description, recommendation and ids in the message and raw details', () => {
    const { annotations } = checkRunAnnotations(
      activeFindings(
        allActive([
          makeFinding({
            title: 'Reentrancy',
            description: 'State written after the call.\r\nSee withdraw().',
            recommendation: 'Use checks-effects-interactions.',
            ruleId: 'reentrancy-eth',
            swcId: 'SWC-107',
            cweId: 'CWE-841',
            fingerprint: 'abc:2',
          }),
        ]),
      ),
    );
    expect(annotations[0]).toMatchObject({
      title: '[MEDIUM] Reentrancy (SWC-107)',
      message:
        'State written after the call.\nSee withdraw().\n\nRecommendation: Use checks-effects-interactions.',
      raw_details: 'Rule: reentrancy-eth\nSWC: SWC-107\nCWE: CWE-841\nFingerprint: abc:2',
    });
  });
});

describe('checkRunAnnotations over the cap', () => {
  it(`keeps the ${MAX_CHECK_RUN_ANNOTATIONS} most severe and counts the rest`, () => {
    const findings = activeFindings(
      allActive(
        Array.from({ length: MAX_CHECK_RUN_ANNOTATIONS + 7 }, (_, i) =>
          makeFinding({ severity: i < 7 ? 'gas' : 'high', startLine: i + 1, endLine: i + 1 }),
        ),
      ),
    );
    const plan = checkRunAnnotations(findings);
    expect(plan.annotations).toHaveLength(MAX_CHECK_RUN_ANNOTATIONS);
    expect(plan.overCap).toBe(7);
    expect(plan.annotations.every((a) => a.annotation_level === 'failure')).toBe(true);
  });
});

describe('renderCheckRunStart', () => {
  it('carries the audit id, escaped in the text, and only an http(s) details URL', () => {
    expect(renderCheckRunStart('audit-7', 'https://audit.example/r/7')).toEqual({
      externalId: 'audit-7',
      detailsUrl: 'https://audit.example/r/7',
      output: {
        title: 'Audit in progress',
        summary: 'The contracts were uploaded; waiting for the audit service to finish.',
        text: 'Audit ID: audit\\-7',
      },
    });
    expect(renderCheckRunStart('a', 'javascript:alert(1)').detailsUrl).toBeUndefined();
    expect(renderCheckRunStart('x'.repeat(300)).externalId).toHaveLength(200);
  });
});

describe('renderCheckRunCompletion', () => {
  const base = { title: 'Failed', summaryMarkdown: 'The summary.' };
  it('says nothing more when every annotation fits', () => {
    expect(renderCheckRunCompletion({ ...base, total: 3, overCap: 0 })).toEqual({
      title: 'Failed',
      summary: 'The summary.',
    });
  });

  it('says how many are over the cap, and how many were posted when posting stopped', () => {
    expect(renderCheckRunCompletion({ ...base, total: 1_200, overCap: 200 }).summary).toMatch(
      /^> ℹ️ 200 of 1200 findings are not annotated here: at most 1,000 annotations are posted/,
    );
    expect(
      renderCheckRunCompletion({ ...base, total: 1_200, overCap: 200, posted: 50 }).summary,
    ).toBe(
      '> ⚠️ Only 50 of 1200 annotations could be posted; the rest are in the job summary and the results file.\n\nThe summary.',
    );
  });
});

describe('checkRunTitle', () => {
  it('names the verdict and counts what counts', () => {
    const triaged: TriagedFinding[] = [
      ...allActive(findingsOf('high', 'medium', 'medium')),
      { finding: makeFinding(), status: 'accepted', note: undefined },
    ];
    const counts = countFindings(triaged);
    const none = countFindings([]);
    expect(checkRunTitle({ verdict: 'fail', counts, headCommit: undefined })).toBe(
      'Failed: 3 findings (1 high, 2 medium), 1 not counted',
    );
    expect(checkRunTitle({ verdict: 'pass', counts: none, headCommit: undefined })).toBe(
      'Passed: no findings',
    );
    expect(checkRunTitle({ verdict: 'timeout', counts, headCommit: undefined })).toBe(
      'Timed out: no complete results',
    );
    expect(checkRunTitle({ verdict: 'skipped', counts: none, headCommit: undefined })).toBe(
      'Skipped: no audit was run',
    );
  });
});

describe('the check run of a workflow_run', () => {
  const counts = countFindings(allActive(findingsOf('high')));

  it('names the commit judged in its title, and how many artifact files were refused', () => {
    expect(checkRunTitle({ verdict: 'fail', counts, headCommit: judgedCommit() })).toBe(
      'Failed: 1 finding (1 high) at commit 0123abc',
    );
    expect(
      checkRunTitle({ verdict: 'pass', counts: countFindings([]), headCommit: judgedCommit(1) }),
    ).toBe('Passed: no findings at commit 0123abc; 1 artifact file refused');
    expect(checkRunTitle({ verdict: 'error', counts, headCommit: judgedCommit(3) })).toBe(
      'Error: no complete results at commit 0123abc; 3 artifact files refused',
    );
    // A head that is not a commit id is not named in the title.
    const odd = checkRunTitle({
      verdict: 'fail',
      counts,
      headCommit: { sha: '\n::stop-commands::x', refused: [] },
    });
    expect(odd).toBe('Failed: 1 finding (1 high)');
  });

  it("keeps the commit and a list of hostile refused files within the output's limits", () => {
    const refused = Array.from({ length: 5_000 }, (_, i) => ({
      path: `${HOSTILE_PATHS[i % HOSTILE_PATHS.length]!}${'@'.repeat(300)}`,
      reason: `${NOT_THE_HEAD} ${'&'.repeat(400)}`,
    }));
    const findings = allActive(
      Array.from({ length: 3_000 }, () => makeFinding({ title: '<'.repeat(200) })),
    );
    const headCommit = judgedCommit(refused);
    const summaryMarkdown = renderSummary(
      reportOf({
        verdict: 'fail',
        reason: '3000 findings',
        auditId: 'a',
        rawStatus: undefined,
        findings,
        links: { serverUrl: 'https://github.com', repository: 'octo/vault', sha: HEAD_SHA },
        fileCount: 3,
        headCommit,
      }),
      65_000,
    );
    const output = renderCheckRunCompletion({
      title: checkRunTitle({ verdict: 'fail', counts: countFindings(findings), headCommit }),
      summaryMarkdown,
      total: 3_000,
      overCap: 2_000,
    });
    expect(output.title).toBe(
      'Failed: 3000 findings (3000 medium) at commit 0123abc; 5000 artifact files refused',
    );
    expect(output.summary.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
    expect(output.summary).not.toContain("Cut here to fit GitHub's limit");
    expectInOrder(output.summary, [
      '> ℹ️ 2000 of 3000 findings are not annotated here',
      `> 🔎 **Audited commit [\`0123abc\`](https://github.com/octo/vault/commit/${HEAD_SHA})**`,
      "**5000 files of the triggering run's artifact were refused**",
      'more, listed in the results file.',
    ]);
  });
});

describe('checkRunOutput', () => {
  it('leaves output within the limit alone', () => {
    const summary = 'x'.repeat(OUTPUT_MAX_CHARS);
    expect(checkRunOutput({ title: 'T', summaryMarkdown: summary })).toEqual({
      title: 'T',
      summary,
    });
  });

  it('cuts a long summary and text at a line break to 65,535 characters, with a note', () => {
    const row = `| ${'a'.repeat(90)} |\n`;
    const long = row.repeat(2_000);
    const output = checkRunOutput({ title: 'T', summaryMarkdown: long, text: long });
    for (const part of [output.summary, output.text ?? '']) {
      expect(part.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
      expect(part).toContain("Cut here to fit GitHub's limit of 65,535 characters");
      const kept = part.slice(0, part.indexOf('\n\n> ✂️'));
      expect(kept.split('\n').every((line) => line === row.trimEnd())).toBe(true);
    }
  });

  it('never leaves half a surrogate pair', () => {
    const output = checkRunOutput({ title: 'T', summaryMarkdown: '😀'.repeat(40_000) });
    expect(output.summary.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
    expect(output.summary.isWellFormed()).toBe(true);
  });
});
