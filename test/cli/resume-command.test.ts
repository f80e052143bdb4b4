import { describe, expect, it } from 'vitest';
import { resumeCommand, shellQuote } from '../../src/cli/resume-command.ts';

describe('resumeCommand', () => {
  it('repeats the arguments with the new id in place of any earlier one', () => {
    expect(
      resumeCommand(['--audit-id', 'old', '--fail-on', 'high', '--audit-id=x', '.'], 'a-1'),
    ).toBe('contract-audit --audit-id a-1 --fail-on high .');
  });

  it("quotes what a shell would read otherwise: several projects' ids, spaces, quotes", () => {
    expect(resumeCommand(['my dir'], '{"packages/a":"1"}')).toBe(
      `contract-audit --audit-id '{"packages/a":"1"}' 'my dir'`,
    );
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(resumeCommand(['--', '--odd'], 'a')).toBe('contract-audit --audit-id a -- --odd');
  });
});
