import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageByFolder } from '../scripts/check-test-gates.ts';
import { repositoryRoot } from './support/run-action.ts';

describe('coverageByFolder', () => {
  it('sums each folder of src/, and the top-level modules as src', () => {
    const file = (name: string, branches: [number, number], lines: [number, number]) => [
      path.join(repositoryRoot, name),
      {
        branches: { covered: branches[0], total: branches[1] },
        lines: { covered: lines[0], total: lines[1] },
      },
    ];
    const folders = coverageByFolder(
      Object.fromEntries([
        ['total', { branches: { covered: 0, total: 0 }, lines: { covered: 0, total: 0 } }],
        file('src/api/http.ts', [3, 4], [10, 10]),
        file('src/api/poll.ts', [1, 4], [5, 10]),
        file('src/main.ts', [0, 2], [1, 2]),
      ]),
    );
    expect(Object.fromEntries(folders)).toEqual({
      'src/api': { branches: { covered: 4, total: 8 }, lines: { covered: 15, total: 20 } },
      src: { branches: { covered: 0, total: 2 }, lines: { covered: 1, total: 2 } },
    });
  });
});
