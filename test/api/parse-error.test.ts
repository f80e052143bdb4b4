import { describe, expect, it } from 'vitest';
import { failureIn, serviceErrorText } from '../../src/api/parse-error.ts';
import { fixtureText } from '../support/fixtures.ts';

const fixture = (name: string): string => fixtureText('answers', 'errors', name);

describe('serviceErrorText', () => {
  it('reads error as a string or {message}, message, detail and errors[].message', () => {
    expect(serviceErrorText(fixture('error-string.json'))).toBe('Invalid API key');
    expect(serviceErrorText(fixture('error-object.json'))).toBe('API key lacks Write permission');
    expect(serviceErrorText(fixture('message.json'))).toBe('project_name is required');
    expect(serviceErrorText(fixture('detail.json'))).toBe('Not found');
    expect(serviceErrorText(fixture('detail-list.json'))).toBe('field required');
    expect(serviceErrorText(fixture('errors-array.json'))).toBe(
      'contracts: no files; project_name: too long',
    );
  });

  it('reads messages inside an envelope and bare JSON strings or lists', () => {
    expect(serviceErrorText('{"data": null, "result": {"error": {"message": "quota"}}}')).toBe(
      'quota',
    );
    expect(serviceErrorText('"Unauthorized"')).toBe('Unauthorized');
    expect(serviceErrorText('[{"message": "a"}, "b"]')).toBe('a; b');
  });

  it('returns undefined for a JSON body without a message, and for an empty body', () => {
    expect(serviceErrorText(fixture('no-message.json'))).toBeUndefined();
    expect(serviceErrorText('{"error": null, "message": ""}')).toBeUndefined();
    expect(serviceErrorText('')).toBeUndefined();
    expect(serviceErrorText('  \n')).toBeUndefined();
  });

  it('quotes a plain-text body as one line', () => {
    expect(serviceErrorText(fixture('plain.txt'))).toBe(
      'Rate limit exceeded. Try again in 30 seconds.',
    );
  });

  it('reads an HTML error page as its words, without markup or styles', () => {
    expect(serviceErrorText(fixture('gateway.html'))).toBe('502 Bad Gateway 502 Bad Gateway nginx');
  });

  it('bounds what it returns to one line', () => {
    const text = serviceErrorText(
      JSON.stringify({ error: `line one\nline two ${'x'.repeat(1000)}` }),
    );
    expect(text).not.toContain('\n');
    expect(text!.length).toBeLessThanOrEqual(500);
    expect(serviceErrorText('y'.repeat(1000))).toHaveLength(200);
  });
});

describe('failureIn', () => {
  const said = (record: Record<string, unknown>) => failureIn([record]);

  it('quotes any text in an error field, unless it says there is no error', () => {
    expect(said({ error: 'Out of memory' })).toBe('Out of memory');
    expect(said({ errors: ['a', { message: 'b' }] })).toBe('a; b');
    expect(said({ failure_reason: 'worker lost' })).toBe('worker lost');
    for (const error of ['none', 'OK', '0 errors', 'No errors found.', 'null'])
      expect(said({ error }), error).toBeUndefined();
  });

  it('reads words of failure in a message, taken back by no, without, 0 or ": 0"', () => {
    for (const message of [
      'Analysis failed',
      'Compiler crashed on Vault.sol',
      'Could not compile contracts/A.sol',
      'Timed out after 30 minutes',
      'No issues found, but 2 detectors failed',
      'Nothing to analyze',
      'Analyzed 0 contracts',
      'No Solidity files found',
    ])
      expect(said({ message }), message).toBe(message);
    for (const message of [
      'No issues found',
      'Completed without any errors',
      'errors: 0',
      'Error count = 0',
      'None failed',
      'No contracts found with issues',
    ])
      expect(said({ message }), message).toBeUndefined();
  });

  it('counts a warning only when it says the analysis failed', () => {
    expect(said({ warnings: ["Failure condition of 'send' ignored."] })).toBeUndefined();
    expect(said({ warnings: ['Unused variable', 'Slither failed on A.sol'] })).toBe(
      'Slither failed on A.sol',
    );
  });

  it('bounds what it quotes to one line', () => {
    const text = said({ message: `Analysis failed:\n${'x'.repeat(1000)}` });
    expect(text).not.toContain('\n');
    expect(text!.length).toBeLessThanOrEqual(500);
  });
});
