/**
 * A broken or hostile service tries to get a failed audit past the gate: severities in words the
 * action might not place, and "completed" answers whose own words or counts say otherwise.
 */
import { describe, expect, it } from 'vitest';
import { runAction, type ActionRun } from '../support/run-action.ts';
import { answerEveryPoll } from '../support/scenarios.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

const fast = { 'poll-interval-seconds': '0.02' };

const serve = useAuditService();

/** A run whose audit answers `body` once it is polled. */
async function runAnswering(body: object, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const service = await serve({ pollsUntilDone: 0 });
  answerEveryPoll(service, body);
  return runAction({
    workspace: await workspaceWith({ 'src/Vault.sol': CONTRACT }),
    inputs: { 'api-key': service.apiKey, 'base-url': service.url, ...fast, ...inputs },
  });
}

const completedWith = (severity: unknown) => ({
  audit_id: 'audit-1',
  status: 'completed',
  findings: [{ title: 'Reentrancy', severity, file: 'src/Vault.sol', line: 3 }],
});

describe('a severity is never below the gate by accident', () => {
  it.each<[string, unknown]>([
    ['a phrase', 'High Risk'],
    ['a constant', 'HIGH_RISK'],
    ['a compound word', 'critical-severity'],
    ['a CVSS score', 9.8],
    ['a CVSS score as text', '7.5'],
    ['an object with a level', { level: 'high' }],
  ])('fails `fail-on: high` on %s', async (_, severity) => {
    const run = await runAnswering(completedWith(severity), { 'fail-on': 'high' });
    expect(run.outputs['verdict']).toBe('fail');
    expect(Number(run.outputs['critical-count']) + Number(run.outputs['high-count'])).toBe(1);
  });

  it('fails every fail-on but none on a word it cannot read, with a warning naming it', async () => {
    const run = await runAnswering(completedWith('Bananas'), { 'fail-on': 'critical' });
    expect(run.outputs['verdict']).toBe('fail');
    expect(run.outputs['unknown-count']).toBe('1');
    expect(run.annotations).toContainEqual(
      expect.objectContaining({ level: 'warning', message: expect.stringMatching(/"Bananas"/) }),
    );
    const none = await runAnswering(completedWith('Bananas'), { 'fail-on': 'none' });
    expect(none.outputs['verdict']).toBe('pass');
  });
});

describe('a completed answer that contradicts "no findings" is an error', () => {
  it.each<[string, object]>([
    [
      'a message saying the analysis failed',
      { message: 'Analysis failed: solc 0.8.24 not found, 0 files analyzed' },
    ],
    ['a warning saying the analysis failed', { warnings: ['analysis failed for 3 contracts'] }],
    ['a count by severity above zero', { summary: { high: 3, medium: 0 } }],
    ['a nested total above zero', { stats: { findings_count: 2 } }],
  ])('%s', async (_, extra) => {
    const run = await runAnswering({
      audit_id: 'audit-1',
      status: 'completed',
      findings: [],
      ...extra,
    });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['verdict']).toBe('error');
    expect(run.summary).toMatch(/This is not a clean result/);
    expect(run.outputs['sarif-file']).toBeUndefined();
  });

  it.each<[string, object]>([
    ['a count above what the list holds', { summary: { high: 3 } }],
    ['an error beside the findings', { error: 'Analysis crashed after 1 of 20 files' }],
    ['a next page of findings', { next: 'https://audit.example.com/v1/audits/audit-1?page=2' }],
  ])('%s: an error, the findings it sent still shown', async (_, extra) => {
    const run = await runAnswering({ ...completedWith('low'), ...extra }, { 'fail-on': 'high' });
    expect(run.outputs['verdict']).toBe('error');
    expect(run.outputs['findings-count']).toBe('1');
    expect(run.summary).toMatch(/findings are incomplete/);
    expect(run.summary).toContain('Reentrancy');
    expect(run.outputs['sarif-file']).toBeUndefined();
  });

  it('still passes a clean answer that says so in words', async () => {
    const run = await runAnswering({
      audit_id: 'audit-1',
      status: 'completed',
      findings: [],
      message: 'Analysis completed without errors: no issues found',
      summary: { high: 0, medium: 0 },
    });
    expect(run.outputs['verdict']).toBe('pass');
  });
});
