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
