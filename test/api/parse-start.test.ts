import { describe, expect, it } from 'vitest';
import { parseStartAnswer } from '../../src/api/parse-start.ts';
import { ResponseFormatError } from '../../src/errors.ts';
import { fixtureJson, fixtureText } from '../support/fixtures.ts';

const fixture = (name: string): string => fixtureText('answers', 'start', name);
const cases = (name: string): [string, string][] =>
  Object.entries(fixtureJson<Record<string, unknown>>('answers', 'start', name)).map(
    ([key, body]) => [key, JSON.stringify(body)],
  );

function startError(body: string, location?: string): ResponseFormatError {
  try {
    parseStartAnswer(body, location);
  } catch (error) {
    if (error instanceof ResponseFormatError) return error;
    throw error;
  }
  throw new Error('expected a ResponseFormatError');
}

describe('parseStartAnswer', () => {
  it('reads the documented answer', () => {
    expect(parseStartAnswer(fixture('documented.json'), undefined)).toEqual({
      auditId: 'abc123',
      rawStatus: 'pending',
    });
  });

  it('reads every id alias, numbers as strings', () => {
    const expected: Record<string, [string, string | undefined]> = {
      audit_id: ['a-1', 'pending'],
      auditId: ['a-2', 'queued'],
      id: ['a-3', 'submitted'],
      uuid: ['3f2c9a1e-7d4b-4c55-9e0f-1a2b3c4d5e6f', undefined],
      scan_id: ['9001', 'not_started'],
      job_id: ['job-5', undefined],
    };
    const seen = cases('id-aliases.json').map(([alias, body]) => {
      const [auditId, rawStatus] = expected[alias]!;
      expect(parseStartAnswer(body, undefined), alias).toEqual({ auditId, rawStatus });
      return alias;
    });
    expect(seen).toEqual(Object.keys(expected));
  });

  it('unwraps every envelope, innermost status first', () => {
    const expected: Record<string, [string, string | undefined]> = {
      data: ['d-1', 'queued'],
      result: ['r-1', 'pending'],
      results: ['rs-1', 'submitted'],
      audit: ['au-1', 'pending'],
      report: ['rp-1', undefined],
      nested: ['n-1', 'pending'],
      'specific-alias-beats-inner-generic': ['outer-1', 'pending'],
    };
    const seen = cases('envelopes.json').map(([name, body]) => {
      const [auditId, rawStatus] = expected[name]!;
      expect(parseStartAnswer(body, undefined), name).toEqual({ auditId, rawStatus });
      return name;
    });
    expect(seen).toEqual(Object.keys(expected));
  });

  it('falls back to the last segment of the Location header', () => {
    expect(parseStartAnswer('', 'https://api.example-audit.com/v1/audits/loc-77')).toEqual({
      auditId: 'loc-77',
      rawStatus: undefined,
    });
    expect(parseStartAnswer('  ', '/v1/audits/loc%2078/?view=full#top').auditId).toBe('loc 78');
    expect(parseStartAnswer('{"status":"queued"}', '/v1/audits/loc-79')).toEqual({
      auditId: 'loc-79',
      rawStatus: 'queued',
    });
    expect(parseStartAnswer('Accepted', '/v1/audits/loc-80').auditId).toBe('loc-80');
  });

  it('prefers an id in the body to the Location header', () => {
    expect(parseStartAnswer(fixture('documented.json'), '/v1/audits/other').auditId).toBe('abc123');
  });

  it('names every alias it looked for and quotes the body when there is no id', () => {
    const error = startError(fixture('no-id.json'));
    expect(error.message).toContain(
      'no audit id: looked for audit_id, auditId, id, uuid, scan_id, job_id and a Location header',
    );
    expect(error.message).toContain('body: { "status": "pending", "message": "accepted"');
  });

  it('says when the body is empty or not JSON', () => {
    expect(startError('').message).toContain('(empty body)');
    expect(startError('Accepted').message).toContain('body is not JSON: Accepted');
    expect(startError('<html>Accepted</html>').message).toContain(
      "body is an HTML page, not JSON — is the base URL the API's address?: Accepted",
    );
    expect(startError('{"audit_id": ""}').message).toContain('no audit id');
  });

  it('never quotes the Location header in its message', () => {
    const error = startError('{}', 'https://api.example-audit.com/?token=SECRET-VALUE');
    expect(error.message).toContain('Location header');
    expect(error.message).not.toContain('SECRET-VALUE');
    expect(error.message).not.toContain('api.example-audit.com');
  });
});
