import { describe, expect, it } from 'vitest';
import { addedLineRanges } from '../../src/audit/patch.ts';

const lines = (...text: string[]) => text.join('\n');

describe('addedLineRanges', () => {
  it('reads several hunks, counting only + lines at their new-file numbers', () => {
    const patch = lines(
      '@@ -3,7 +3,8 @@ contract Vault {',
      '     mapping(address => uint256) balances;',
      ' ',
      '     function deposit() external payable {',
      '-        balances[msg.sender] += msg.value;',
      '+        require(msg.value > 0, "zero");',
      '+        balances[msg.sender] += msg.value;',
      '     }',
      ' ',
      '     function withdraw(uint256 amount) external {',
      '@@ -20,4 +21,7 @@ contract Vault {',
      '         (bool ok, ) = msg.sender.call{value: amount}("");',
      '         require(ok);',
      '     }',
      '+',
      '+    function sweep() external {',
      '+    }',
      ' }',
      '\\ No newline at end of file',
    );
    expect(addedLineRanges(patch)).toEqual([
      { start: 6, end: 7 },
      { start: 24, end: 26 },
    ]);
  });

  it('takes a count left out of the hunk header as 1', () => {
    const patch = lines('@@ -1 +1 @@', '-pragma solidity ^0.8.0;', '+pragma solidity 0.8.24;');
    expect(addedLineRanges(patch)).toEqual([{ start: 1, end: 1 }]);
  });

  it('finds no added line in a hunk that only deletes', () => {
    const patch = lines(
      '@@ -5,4 +5,2 @@ contract A {',
      '     uint256 a;',
      '-    uint256 unused;',
      '-    uint256 unusedToo;',
      '     uint256 b;',
    );
    expect(addedLineRanges(patch)).toEqual([]);
    expect(addedLineRanges(lines('@@ -1,2 +0,0 @@', '-a', '-b'))).toEqual([]);
  });

  it('takes every line of a new file', () => {
    const body = Array.from({ length: 20 }, (_, i) => `+line ${i + 1}`);
    expect(addedLineRanges(lines('@@ -0,0 +1,20 @@', ...body))).toEqual([{ start: 1, end: 20 }]);
  });

  it('merges + lines separated only by - lines, and keeps context-separated ones apart', () => {
    const patch = lines('@@ -10,6 +10,6 @@', '-a', '+A', '-b', '+B', ' c', '+D', '-d', ' e', ' f');
    expect(addedLineRanges(patch)).toEqual([
      { start: 10, end: 11 },
      { start: 13, end: 13 },
    ]);
  });

  it('skips file headers of a full git diff and never reads them as lines', () => {
    const patch = lines(
      'diff --git a/contracts/A.sol b/contracts/A.sol',
      'index 1111111..2222222 100644',
      '--- a/contracts/A.sol',
      '+++ b/contracts/A.sol',
      '@@ -1,2 +1,3 @@',
      ' a',
      '+b',
      ' c',
      'diff --git a/contracts/B.sol b/contracts/B.sol',
      '--- a/contracts/B.sol',
      '+++ b/contracts/B.sol',
      '',
    );
    expect(addedLineRanges(patch)).toEqual([{ start: 2, end: 2 }]);
  });

  it('reads on past a `\\ No newline at end of file` marker in the middle of a hunk', () => {
    // The old last line had no newline; the lines added after it are still in this hunk.
    const patch = lines(
      '@@ -1,2 +1,4 @@',
      ' pragma solidity 0.8.24;',
      '-contract A {}',
      '\\ No newline at end of file',
      '+contract A {',
      '+    uint256 x;',
      '+}',
    );
    expect(addedLineRanges(patch)).toEqual([{ start: 2, end: 4 }]);
  });

  it('counts an empty context line whose space was stripped, and reads CRLF patches', () => {
    expect(addedLineRanges(lines('@@ -1,3 +1,4 @@', ' a', '', ' c', '+d'))).toEqual([
      { start: 4, end: 4 },
    ]);
    expect(addedLineRanges('@@ -1,2 +1,3 @@\r\n a\r\n+b\r\n c\r\n')).toEqual([
      { start: 2, end: 2 },
    ]);
  });

  it('ends a hunk whose count was wrong at the first line that is not hunk content', () => {
    const patch = lines('@@ -1,9 +1,9 @@', ' a', '+b', 'not a diff line', '+ignored');
    expect(addedLineRanges(patch)).toEqual([{ start: 2, end: 2 }]);
  });

  it('finds nothing in an empty patch, and refuses a hunk header it cannot read', () => {
    expect(addedLineRanges('')).toEqual([]);
    expect(() => addedLineRanges('@@ -a,b +c,d @@\n+x')).toThrow(/Unrecognized hunk header/);
  });
});
