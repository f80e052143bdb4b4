import { describe, expect, it } from 'vitest';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { resumeInput } from '../../src/action/vocabulary.ts';
import { formatAuditIds, parseAuditIds } from '../../src/audit/audit-ids.ts';
import { ConfigurationError } from '../../src/errors.ts';

const core = { name: 'acme/packages/core', path: 'packages/core', auditId: 'a1' };
const tokens = { name: 'acme/packages/tokens', path: 'packages/tokens', auditId: 'b"2,=' };

describe('the audit-id value', () => {
  it('is the id itself for one audit, and a JSON object by project folder for several', () => {
    expect(formatAuditIds([core])).toBe('a1');
    expect(formatAuditIds([core, tokens])).toBe(
      '{"packages/core":"a1","packages/tokens":"b\\"2,="}',
    );
  });

  it('comes back from the input as it went out, whatever the ids hold', () => {
    expect(parseAuditIds('a1', ACTION_VOCABULARY)).toBe('a1');
    expect(parseAuditIds(formatAuditIds([core, tokens]), ACTION_VOCABULARY)).toEqual(
      new Map([
        ['packages/core', 'a1'],
        ['packages/tokens', 'b"2,='],
      ]),
    );
  });

  it('keeps folders as the output wrote them, spaces and all', () => {
    const odd = [
      { name: 'a', path: 'packages/lib ', auditId: 'a1' },
      { name: 'b', path: 'packages/a\u202eb', auditId: 'b2' },
    ];
    expect(parseAuditIds(formatAuditIds(odd), ACTION_VOCABULARY)).toEqual(
      new Map([
        ['packages/lib ', 'a1'],
        ['packages/a\u202eb', 'b2'],
      ]),
    );
  });

  it('refuses an object that is not one of ids by folder, saying what to pass', () => {
    for (const bad of ['{"packages/core": 1}', '{not json', '{}', '{"": "a1"}', '{"x": " "}']) {
      expect(() => parseAuditIds(bad, ACTION_VOCABULARY)).toThrow(ConfigurationError);
    }
    expect(() => parseAuditIds('{not json', ACTION_VOCABULARY)).toThrow(
      /not a JSON object of audit ids by project folder.*Pass the `audit-id` output of that run as it is, or a single id/,
    );
  });

  it('is quoted for YAML when it is an object, with quotes inside doubled', () => {
    expect(resumeInput('a1')).toBe('audit-id: a1');
    expect(resumeInput(`{"a":"it's"}`)).toBe(`audit-id: '{"a":"it''s"}'`);
  });
});
