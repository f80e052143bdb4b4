import { describe, expect, it } from 'vitest';
import type { AuditState } from '../../src/audit/findings.ts';
import { classifyStatus } from '../../src/api/status.ts';
import { fixtureJson } from '../support/fixtures.ts';

const words = fixtureJson<Record<AuditState, string[]>>('answers', 'audit', 'status-words.json');

describe('classifyStatus', () => {
  for (const [state, list] of Object.entries(words)) {
    it(`reads ${list.map((w) => JSON.stringify(w)).join(', ')} as ${state}`, () => {
      for (const word of list) expect(classifyStatus(word), word).toBe(state);
    });
  }

  it('never reads a negated state as the state itself', () => {
    for (const word of [
      'not_finished',
      'not_completed',
      'Not Complete',
      'scan_not_done',
      'not-failed',
    ]) {
      expect(classifyStatus(word), word).toBe('unknown');
    }
  });

  it('never reads a state doubted by a word before it as the state', () => {
    for (const word of [
      'audit_not_completed',
      'analysis not done',
      'partial_scan_completed',
      'partially-completed',
      'pre_scan_done',
      'sub_task_finished',
      'non_failed',
      'scan_never_failed',
      'audit_not_running',
    ]) {
      expect(classifyStatus(word), word).toBe('unknown');
    }
  });

  it('reads a done word after a stage that is not the whole audit as unknown, after a failure as failed', () => {
    for (const word of ['upload_completed', 'compilation_done', 'scan_phase_completed'])
      expect(classifyStatus(word), word).toBe('unknown');
    for (const word of ['failed_to_complete', 'audit error then done'])
      expect(classifyStatus(word), word).toBe('failed');
  });

  it('reads a word every object has as a key, such as constructor, as unknown', () => {
    for (const word of ['constructor', 'job_constructor', '__proto__', 'hasOwnProperty']) {
      expect(classifyStatus(word), word).toBe('unknown');
    }
  });

  it('covers every state the poller distinguishes', () => {
    expect(Object.keys(words).sort()).toEqual([
      'completed',
      'failed',
      'pending',
      'running',
      'unknown',
    ]);
  });
});
