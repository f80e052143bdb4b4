import { describe, expect, it } from 'vitest';
import { findSuppressions, isSuppressed, normalizeRuleId } from '../../src/audit/suppressions.ts';
import { makeFinding } from '../support/findings.ts';

const source = (...lines: string[]) => lines.join('\n');

describe('findSuppressions', () => {
  it('applies next-line to the next line that is not blank', () => {
    const found = findSuppressions(
      source(
        'contract Vault {', // 1
        '    // audit-ignore-next-line reentrancy-eth', // 2
        '', // 3
        '   ', // 4
        '    msg.sender.call{value: amount}("");', // 5
        '}', // 6
      ),
    );
    expect(found).toEqual([
      { line: 5, rules: ['reentrancy-eth'], text: 'audit-ignore-next-line reentrancy-eth' },
    ]);
  });

  it('applies a trailing line directive to its own line, inside // or /* */', () => {
    const found = findSuppressions(
      source(
        'x = y; // audit-ignore-line unchecked-lowlevel',
        'z(); /* audit-ignore-line SWC-104 */ w();',
      ),
    );
    expect(found).toEqual([
      { line: 1, rules: ['unchecked-lowlevel'], text: 'audit-ignore-line unchecked-lowlevel' },
      { line: 2, rules: ['swc-104'], text: 'audit-ignore-line SWC-104' },
    ]);
  });

  it('reads several rules separated by commas or spaces, and a reason after --', () => {
    const [found] = findSuppressions(
      source(
        '// audit-ignore-next-line reentrancy-eth, SWC-107 107 -- guarded by the mutex',
        'f();',
      ),
    );
    expect(found).toEqual({
      line: 2,
      rules: ['reentrancy-eth', 'swc-107', 'swc-107'],
      text: 'audit-ignore-next-line reentrancy-eth, SWC-107 107 -- guarded by the mutex',
    });
  });

  it('applies stacked next-line directives to the code below them all', () => {
    const found = findSuppressions(
      source('/// audit-ignore-next-line a', '    // audit-ignore-next-line b', 'f();'),
    );
    expect(found.map((s) => [s.line, s.rules])).toEqual([
      [3, ['a']],
      [3, ['b']],
    ]);
  });

  it('takes a trailing next-line directive as one for the line below', () => {
    const found = findSuppressions(source('f(); // audit-ignore-next-line a', 'g();'));
    expect(found.map((s) => s.line)).toEqual([2]);
  });

  it('reads Vyper # comments and CRLF line ends', () => {
    const found = findSuppressions('x: uint256\r\n# audit-ignore-next-line *\r\nsend(a, b)\r\n');
    expect(found).toEqual([{ line: 3, rules: 'all', text: 'audit-ignore-next-line *' }]);
  });

  it('keeps a directive naming no rule, with no rules, so it suppresses nothing', () => {
    const found = findSuppressions(source('// audit-ignore-next-line', 'f();'));
    expect(found).toEqual([{ line: 2, rules: [], text: 'audit-ignore-next-line' }]);
    expect(isSuppressed(makeFinding({ ruleId: 'x', startLine: 2 }), found)).toBeUndefined();
  });

  it('ignores look-alikes: other words, the directive later in a comment, a directive at the end', () => {
    const found = findSuppressions(
      source(
        '// audit-ignore-lines a',
        '// see audit-ignore-line a',
        'string s = "audit-ignore-line a";',
        '// audit-ignore-next-line a',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('normalizeRuleId', () => {
  it('folds case and writes every SWC spelling as swc-<n>', () => {
    expect(['SWC-107', 'swc-107', 'swc107', 'SWC_107', '107'].map(normalizeRuleId)).toEqual(
      Array(5).fill('swc-107'),
    );
    expect(normalizeRuleId(' Reentrancy-ETH ')).toBe('reentrancy-eth');
  });
});

describe('isSuppressed', () => {
  const code = source(
    'contract A {', // 1
    '    // audit-ignore-next-line Reentrancy-Eth', // 2
    '    a();', // 3
    '    // audit-ignore-next-line 107', // 4
    '    b();', // 5
    '    c(); // audit-ignore-line *', // 6
    '}', // 7
  );
  const suppressions = findSuppressions(code);

  it('matches the rule id case-insensitively on the finding’s first line', () => {
    const finding = makeFinding({ ruleId: 'reentrancy-eth', startLine: 3, endLine: 3 });
    expect(isSuppressed(finding, suppressions)?.text).toBe('audit-ignore-next-line Reentrancy-Eth');
  });

  it('matches the SWC id in any spelling, through swcId or a ruleId that is one', () => {
    expect(
      isSuppressed(makeFinding({ swcId: 'SWC-107', startLine: 5 }), suppressions),
    ).toBeDefined();
    expect(
      isSuppressed(makeFinding({ ruleId: 'SWC-107', startLine: 5 }), suppressions),
    ).toBeDefined();
  });

  it('does not suppress other rules on the same line, or the same rule on another line', () => {
    expect(
      isSuppressed(makeFinding({ ruleId: 'tx-origin', startLine: 3 }), suppressions),
    ).toBeUndefined();
    expect(
      isSuppressed(makeFinding({ swcId: 'SWC-104', startLine: 5 }), suppressions),
    ).toBeUndefined();
    expect(
      isSuppressed(makeFinding({ ruleId: 'reentrancy-eth', startLine: 5 }), suppressions),
    ).toBeUndefined();
    expect(
      isSuppressed(
        makeFinding({ ruleId: undefined, swcId: undefined, startLine: 3 }),
        suppressions,
      ),
    ).toBeUndefined();
  });

  it('suppresses any rule with *, including findings without a rule', () => {
    expect(
      isSuppressed(makeFinding({ ruleId: undefined, startLine: 6 }), suppressions),
    ).toBeDefined();
  });

  it('looks only at the first line: a directive inside a finding’s span does not hide it', () => {
    expect(
      isSuppressed(
        makeFinding({ ruleId: 'reentrancy-eth', startLine: 1, endLine: 7 }),
        suppressions,
      ),
    ).toBeUndefined();
    expect(
      isSuppressed(makeFinding({ ruleId: 'x', startLine: undefined }), suppressions),
    ).toBeUndefined();
  });
});
