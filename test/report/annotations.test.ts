import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEVERITIES } from '../../src/audit/findings.ts';
import { annotationLevel, planAnnotations } from '../../src/report/annotations.ts';
import * as core from '@actions/core';
import { findingsOf, inModelOrder, makeFinding } from '../support/findings.ts';

describe('annotationLevel', () => {
  it('maps critical/high/unknown to error, medium to warning, the rest to notice', () => {
    expect(SEVERITIES.map(annotationLevel)).toEqual([
      'error',
      'error',
      'error',
      'warning',
      'notice',
      'notice',
      'notice',
    ]);
  });
});

describe('planAnnotations', () => {
  it('keeps the model order (most severe first) and the repository paths', () => {
    const plan = planAnnotations(
      inModelOrder([
        makeFinding({
          severity: 'low',
          file: 'packages/core/contracts/B.sol',
          startLine: 3,
          endLine: 3,
        }),
        makeFinding({
          severity: 'critical',
          file: 'packages/core/contracts/A.sol',
          startLine: 40,
          endLine: 44,
        }),
        makeFinding({
          severity: 'medium',
          file: 'packages/core/contracts/C.sol',
          startLine: 7,
          endLine: undefined,
        }),
      ]),
    );
    expect(plan.annotations.map((a) => [a.level, a.file, a.startLine, a.endLine])).toEqual([
      ['error', 'packages/core/contracts/A.sol', 40, 44],
      ['warning', 'packages/core/contracts/C.sol', 7, undefined],
      ['notice', 'packages/core/contracts/B.sol', 3, 3],
    ]);
    expect(plan.notAnnotated).toEqual({ error: 0, warning: 0, notice: 0 });
  });

  it('annotates a finding without a file, with no file and no lines', () => {
    const plan = planAnnotations(
      [makeFinding({ severity: 'high', file: undefined, startLine: 5 })],
      {},
    );
    expect(plan.annotations).toHaveLength(1);
    expect(plan.annotations[0]).toMatchObject({
      level: 'error',
      file: undefined,
      startLine: undefined,
      endLine: undefined,
    });
  });

  it('drops an end line that comes before the start line', () => {
    const plan = planAnnotations([makeFinding({ startLine: 9, endLine: 4 })]);
    expect(plan.annotations[0]).toMatchObject({
      file: 'contracts/Token.sol',
      startLine: 9,
      endLine: undefined,
    });
  });

  it('titles with severity, title and SWC id, else the rule id, without repeating it', () => {
    const titles = planAnnotations([
      makeFinding({
        severity: 'high',
        title: 'Reentrancy',
        swcId: 'SWC-107',
        ruleId: 'reentrancy-eth',
      }),
      makeFinding({ severity: 'medium', title: 'Unchecked call', ruleId: 'unchecked-lowlevel' }),
      makeFinding({ severity: 'low', title: 'SWC-103: Floating pragma', swcId: 'SWC-103' }),
      makeFinding({ severity: 'info', title: 'Naming' }),
    ]).annotations.map((a) => a.title);
    expect(titles).toEqual([
      '[HIGH] Reentrancy (SWC-107)',
      '[MEDIUM] Unchecked call (unchecked-lowlevel)',
      '[LOW] SWC-103: Floating pragma',
      '[INFO] Naming',
    ]);
  });

  it('caps the title at 255 and the message at 4,000 characters', () => {
    const [annotation] = planAnnotations([
      makeFinding({ title: 'T'.repeat(1_000), description: 'D'.repeat(10_000) }),
    ]).annotations;
    expect(annotation!.title).toHaveLength(255);
    expect(annotation!.title.endsWith('…')).toBe(true);
    expect(annotation!.message).toHaveLength(4_000);
  });

  it('puts the description, then the recommendation, in the message', () => {
    const [annotation] = planAnnotations([
      makeFinding({
        description: 'State is written after an external call.',
        recommendation: 'Use checks-effects-interactions.',
      }),
    ]).annotations;
    expect(annotation!.message).toBe(
      'State is written after an external call.\n\nRecommendation: Use checks-effects-interactions.',
    );
  });

  it('keeps 10 per level by default and counts the rest by level', () => {
    const findings = [
      ...findingsOf(...Array<'high'>(12).fill('high')),
      ...findingsOf('critical', 'critical', 'critical'),
      ...findingsOf(...Array<'medium'>(15).fill('medium')),
      ...findingsOf(...Array<'low'>(6).fill('low'), ...Array<'gas'>(5).fill('gas')),
    ];
    const plan = planAnnotations(inModelOrder(findings));
    const errors = plan.annotations.filter((a) => a.level === 'error');
    expect(errors).toHaveLength(10);
    // The three criticals are never the ones dropped.
    expect(errors.slice(0, 3).every((a) => a.title.startsWith('[CRITICAL]'))).toBe(true);
    expect(plan.annotations.filter((a) => a.level === 'warning')).toHaveLength(10);
    const notices = plan.annotations.filter((a) => a.level === 'notice');
    expect(notices.map((a) => a.title.slice(0, 5))).toEqual([
      ...Array(6).fill('[LOW]'),
      ...Array(4).fill('[GAS]'),
    ]);
    expect(plan.notAnnotated).toEqual({ error: 5, warning: 5, notice: 1 });
  });

  it('leaves room for annotations the step spends elsewhere (the verdict)', () => {
    const plan = planAnnotations(findingsOf(...Array<'high'>(10).fill('high'), 'medium'), {
      reserved: { error: 1, warning: 10 },
    });
    expect(plan.annotations.map((a) => a.level)).toEqual(Array(9).fill('error'));
    expect(plan.notAnnotated).toEqual({ error: 1, warning: 1, notice: 0 });
  });
});

describe('planned annotations written by @actions/core', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Parses a command line as the runner does (TryParseV2) and undoes our escaping. */
  function parseCommand(line: string) {
    const end = line.indexOf('::', 2);
    const info = line.slice(2, end);
    const space = info.indexOf(' ');
    const unescape = (s: string) =>
      s
        .replace(/%0D/g, '\r')
        .replace(/%0A/g, '\n')
        .replace(/%3A/g, ':')
        .replace(/%2C/g, ',')
        .replace(/%25/g, '%');
    const properties = Object.fromEntries(
      info
        .slice(space + 1)
        .split(',')
        .map((pair) => pair.split('=', 2))
        .map(([k, v]) => [k, unescape(v ?? '')]),
    );
    return { command: info.slice(0, space), properties, data: unescape(line.slice(end + 2)) };
  }

  it('cannot be broken out of by newlines, "::" or "%0A" in the finding', () => {
    const finding = makeFinding({
      severity: 'critical',
      title: 'Evil\n::error::pwned %0A::warning::x',
      description: 'line one\n::error file=x::pwned\r\n%0A::add-mask::y\r\u200b::notice::z',
      recommendation: '##[error]legacy',
      file: 'contracts/a,b:c.sol',
      startLine: 1,
      endLine: 2,
    });
    const [planned] = planAnnotations([{ ...finding, file: `pkg/${finding.file}` }]).annotations;
    expect(planned!.title).toBe('[CRITICAL] Evil ::error::pwned %0A::warning::x');

    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    core.error(planned!.message, {
      title: planned!.title,
      file: planned!.file,
      startLine: planned!.startLine,
      endLine: planned!.endLine,
    });

    const lines = written
      .join('')
      .split(/\r\n|\r|\n/)
      .filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith('::error ')).toBe(true);
    const parsed = parseCommand(lines[0]!);
    expect(parsed.command).toBe('error');
    expect(parsed.properties).toEqual({
      title: planned!.title,
      file: 'pkg/contracts/a,b:c.sol',
      line: '1',
      endLine: '2',
    });
    expect(parsed.data).toBe(planned!.message);
    // The zero-width character that could hide a command is gone; CRs became LFs.
    expect(parsed.data).toBe(
      'line one\n::error file=x::pwned\n%0A::add-mask::y\n::notice::z\n\nRecommendation: ##[error]legacy',
    );
  });
});
