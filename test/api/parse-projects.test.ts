import { describe, expect, it } from 'vitest';
import { parseProjectsAnswer } from '../../src/api/parse-projects.ts';
import { ResponseFormatError } from '../../src/errors.ts';
import { fixtureText } from '../support/fixtures.ts';

const fixture = (name: string): string => fixtureText('answers', 'projects', name);
const named = (name: string) => ({
  name,
  auditCount: undefined,
  lastAuditId: undefined,
  lastAuditStatus: undefined,
});

describe('parseProjectsAnswer', () => {
  it('reads a bare array with audit counts and the last audit, leaving out unnamed entries', () => {
    expect(parseProjectsAnswer(fixture('array.json'))).toEqual([
      { name: 'vault', auditCount: 3, lastAuditId: 'abc123', lastAuditStatus: 'completed' },
      { name: 'token', auditCount: 2, lastAuditId: 'a2', lastAuditStatus: 'in_progress' },
    ]);
  });

  it('reads {projects: [...]}, {data: [...]} and {data: {projects: [...]}}', () => {
    expect(parseProjectsAnswer(fixture('wrapped.json'))).toEqual([named('vault')]);
    expect(parseProjectsAnswer(fixture('data-array.json'))).toEqual([
      { ...named('vault'), auditCount: 0 },
    ]);
    expect(parseProjectsAnswer(fixture('data-envelope.json'))).toEqual([named('vault')]);
  });

  it('reads a list of bare names', () => {
    expect(parseProjectsAnswer(fixture('names-only.json'))).toEqual([
      named('vault'),
      named('token'),
    ]);
  });

  it('accepts an empty list', () => {
    expect(parseProjectsAnswer('[]')).toEqual([]);
    expect(parseProjectsAnswer('{"projects": []}')).toEqual([]);
  });

  it('names what it looked for when there is no list, quoting the body', () => {
    expect(() => parseProjectsAnswer(fixture('no-list.json'))).toThrow(ResponseFormatError);
    expect(() => parseProjectsAnswer(fixture('no-list.json'))).toThrow(
      /no project list: looked for a JSON array and projects, items, data, results \(body: \{ "account": "acme"/,
    );
    expect(() => parseProjectsAnswer('Service Unavailable')).toThrow(
      /body is not JSON: Service Unavailable/,
    );
    expect(() => parseProjectsAnswer('')).toThrow(/\(empty body\)/);
  });
});
