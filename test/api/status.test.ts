import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AuditState } from '../../src/audit/findings.ts';
import { classifyStatus } from '../../src/api/status.ts';

const words = JSON.parse(
  readFileSync(new URL('../fixtures/answers/audit/status-words.json', import.meta.url), 'utf8'),
) as Record<AuditState, string[]>;

describe('classifyStatus', () => {
  for (const [state, list] of Object.entries(words)) {
    it(`reads ${list.map((w) => JSON.stringify(w)).join(', ')} as ${state}`, () => {
      for (const word of list) expect(classifyStatus(word), word).toBe(state);
    });
  }

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
