import { describe, expect, it } from 'vitest';
import {
  buildChangeSet,
  isInScope,
  repositoryPath,
  type ChangedFile,
} from '../../src/audit/scope.ts';
import { makeFinding } from '../support/findings.ts';

const modified = (path: string, patch: string | undefined): ChangedFile => ({
  path,
  status: 'modified',
  patch,
});

const twoHunks = [
  '@@ -3,4 +3,5 @@',
  ' a',
  '+b',
  ' c',
  ' d',
  ' e',
  '@@ -40,2 +41,4 @@',
  ' x',
  '+y',
  '+z',
  ' w',
].join('\n');

describe('buildChangeSet', () => {
  it('maps each changed file to its added lines, renamed files under their new path', () => {
    const changes = buildChangeSet([
      modified('contracts/Vault.sol', twoHunks),
      { path: 'contracts/New.sol', status: 'added', patch: '@@ -0,0 +1,2 @@\n+a\n+b' },
      {
        path: 'contracts/Renamed.sol',
        previousPath: 'contracts/Old.sol',
        status: 'renamed',
        patch: '@@ -1,2 +1,2 @@\n-a\n+A\n b',
      },
    ]);
    expect(Object.fromEntries(changes.files)).toEqual({
      'contracts/Vault.sol': [
        { start: 4, end: 4 },
        { start: 42, end: 43 },
      ],
      'contracts/New.sol': [{ start: 1, end: 2 }],
      'contracts/Renamed.sol': [{ start: 1, end: 1 }],
    });
  });

  it('leaves out removed files: nothing in the checkout can be found in them', () => {
    const changes = buildChangeSet([
      { path: 'contracts/Gone.sol', status: 'removed', patch: '@@ -1 +0,0 @@\n-a' },
    ]);
    expect(changes.files.size).toBe(0);
  });

  it('counts a file GitHub gave no readable diff for as changed throughout', () => {
    const changes = buildChangeSet([
      modified('contracts/Huge.sol', undefined),
      { ...modified('contracts/Big.sol', undefined), additions: 4_000 },
      modified('contracts/Odd.sol', '@@ garbage @@\n+a'),
    ]);
    expect(changes.files.get('contracts/Huge.sol')).toBe('whole-file');
    expect(changes.files.get('contracts/Big.sol')).toBe('whole-file');
    expect(changes.files.get('contracts/Odd.sol')).toBe('whole-file');
  });

  it('trusts GitHub when a file without a diff had no line added (a pure rename)', () => {
    const changes = buildChangeSet([
      {
        path: 'contracts/Moved.sol',
        previousPath: 'Moved.sol',
        status: 'renamed',
        patch: undefined,
        additions: 0,
      },
    ]);
    expect(changes.files.get('contracts/Moved.sol')).toEqual([]);
  });
});

describe('isInScope', () => {
  const changes = buildChangeSet([
    modified('contracts/Vault.sol', twoHunks),
    modified('packages/core/contracts/Pay.sol', '@@ -1,1 +1,2 @@\n a\n+b'),
    modified('contracts/Huge.sol', undefined),
    { path: 'contracts/Moved.sol', status: 'renamed', patch: undefined, additions: 0 },
  ]);
  const at = (file: string | undefined, startLine?: number, endLine?: number) =>
    makeFinding({ file, startLine, endLine });

  it('keeps everything in scope when the scope is all', () => {
    expect(isInScope(at('contracts/Other.sol', 1, 1), 'all', changes)).toBe(true);
  });

  it('with changed-files, keeps findings anywhere in a changed file, and only those', () => {
    expect(isInScope(at('contracts/Vault.sol', 100, 100), 'changed-files', changes)).toBe(true);
    expect(isInScope(at('contracts/Moved.sol', 1, 1), 'changed-files', changes)).toBe(true);
    expect(isInScope(at('contracts/Other.sol', 4, 4), 'changed-files', changes)).toBe(false);
  });

  it('with changed-lines, keeps findings whose lines overlap an added line', () => {
    const inScope = (start: number, end?: number) =>
      isInScope(at('contracts/Vault.sol', start, end), 'changed-lines', changes);
    expect(inScope(4, 4)).toBe(true);
    expect(inScope(3, 3)).toBe(false); // context line
    expect(inScope(5, 41)).toBe(false); // between the hunks
    expect(inScope(1, 10)).toBe(true); // spans the added line
    expect(inScope(43, 50)).toBe(true); // starts on the last added line
    expect(inScope(42)).toBe(true); // no end line
    expect(inScope(44, 2)).toBe(false); // an end before the start reads as the start
    expect(inScope(42, 2)).toBe(true);
  });

  it('with changed-lines, keeps any line of a file without a diff, none of a pure rename', () => {
    expect(isInScope(at('contracts/Huge.sol', 999, 999), 'changed-lines', changes)).toBe(true);
    expect(isInScope(at('contracts/Moved.sol', 1, 1), 'changed-lines', changes)).toBe(false);
  });

  it('matches a finding by its repository path, as triage spells it', () => {
    const pay = 'packages/core/contracts/Pay.sol';
    expect(isInScope(at(pay, 2, 2), 'changed-lines', changes)).toBe(true);
    expect(isInScope(at(repositoryPath('', `./${pay}`), 2, 2), 'changed-lines', changes)).toBe(
      true,
    );
    expect(isInScope(at(pay, 1, 1), 'changed-lines', changes)).toBe(false);
    expect(isInScope(at('contracts/Pay.sol', 2, 2), 'changed-files', changes)).toBe(false);
    expect(
      isInScope(
        at(repositoryPath('', 'a/b/../../contracts/Vault.sol'), 4, 4),
        'changed-lines',
        changes,
      ),
    ).toBe(true);
  });

  it('never hides a finding that cannot be placed', () => {
    for (const scope of ['changed-files', 'changed-lines'] as const) {
      expect(isInScope(at(undefined), scope, changes)).toBe(true);
    }
    // A file but no line: in scope when the file had lines added.
    expect(isInScope(at('contracts/Vault.sol'), 'changed-lines', changes)).toBe(true);
    expect(isInScope(at('contracts/Moved.sol'), 'changed-lines', changes)).toBe(false);
    expect(isInScope(at('contracts/Other.sol'), 'changed-lines', changes)).toBe(false);
  });
});

describe('repositoryPath', () => {
  it('joins the working directory and the file into one spelling, however each is written', () => {
    for (const prefix of ['packages/core/', 'packages/core', './packages/core/'])
      expect(repositoryPath(prefix, './contracts//A.sol')).toBe('packages/core/contracts/A.sol');
    expect(repositoryPath('', './packages/core/contracts/Pay.sol')).toBe(
      'packages/core/contracts/Pay.sol',
    );
    expect(repositoryPath('a/b/', '../../contracts/Pay.sol')).toBe('contracts/Pay.sol');
    expect(repositoryPath('packages/core/', '../shared/L.sol')).toBe('packages/shared/L.sol');
    expect(repositoryPath('.', 'A.sol')).toBe('A.sol');
  });

  it('keeps the .. of a path that climbs out of the repository', () => {
    expect(repositoryPath('', '../x.sol')).toBe('../x.sol');
    expect(repositoryPath('packages/core/', '../../../x.sol')).toBe('../x.sol');
  });
});
