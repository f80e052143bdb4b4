import { describe, expect, it } from 'vitest';
import {
  commitUrl,
  fileUrl,
  httpUrl,
  locationCell,
  locationText,
  safeHttpUrl,
  shortCommit,
  type LinkContext,
} from '../../src/report/links.ts';
import { makeFinding } from '../support/findings.ts';

const context: LinkContext = {
  links: { serverUrl: 'https://github.com/', repository: 'octo/vault', sha: 'deadbeef01' },
};

describe('httpUrl and safeHttpUrl', () => {
  it('accept only http(s) URLs without credentials', () => {
    for (const raw of ['javascript:alert(1)', 'not a url', 'https://user:pass@audit.example/r']) {
      expect(httpUrl(raw)).toBeUndefined();
      expect(safeHttpUrl(raw)).toBeUndefined();
    }
  });

  it('keep parentheses in a plain URL but encode them for a Markdown link', () => {
    expect(httpUrl('https://audit.example/r/(1)')).toBe('https://audit.example/r/(1)');
    expect(safeHttpUrl('https://audit.example/r/(1)')).toBe('https://audit.example/r/%281%29');
    // A pipe would end a table cell: report links sit in the projects table.
    expect(safeHttpUrl('https://audit.example/r/a1?x=|evil|cell')).toBe(
      'https://audit.example/r/a1?x=%7Cevil%7Ccell',
    );
  });
});

describe('locationText', () => {
  it('gives the repository path with the line or range', () => {
    const finding = makeFinding({
      file: 'packages/core/contracts/A.sol',
      startLine: 12,
      endLine: 14,
    });
    expect(locationText(finding)).toBe('packages/core/contracts/A.sol:12-14');
    expect(locationText({ ...finding, endLine: 12 })).toBe('packages/core/contracts/A.sol:12');
    expect(locationText({ ...finding, startLine: undefined })).toBe(
      'packages/core/contracts/A.sol',
    );
    expect(locationText({ ...finding, file: undefined })).toBeUndefined();
  });
});

describe('fileUrl', () => {
  it('links to the lines at the audited commit, each path segment encoded', () => {
    const finding = makeFinding({
      file: 'packages/core/contracts/A (old).sol',
      startLine: 3,
      endLine: 5,
    });
    expect(fileUrl(finding, context)).toBe(
      'https://github.com/octo/vault/blob/deadbeef01/packages/core/contracts/A%20%28old%29.sol#L3-L5',
    );
  });

  it('makes no link without links, a file, a safe server or a path that stays on the file', () => {
    const finding = makeFinding({ file: 'contracts/A.sol' });
    expect(fileUrl(finding, { ...context, links: undefined })).toBeUndefined();
    expect(fileUrl({ ...finding, file: undefined }, context)).toBeUndefined();
    expect(fileUrl({ ...finding, file: '../B.sol' }, context)).toBeUndefined();
    const unsafe = { ...context.links!, serverUrl: 'javascript:alert(1)' };
    expect(fileUrl(finding, { ...context, links: unsafe })).toBeUndefined();
  });
});

describe('shortCommit and commitUrl', () => {
  it('shorten a commit id as GitHub does, and nothing that is not one', () => {
    expect(shortCommit('0123abcd0123abcd0123abcd0123abcd0123abcd')).toBe('0123abc');
    expect(shortCommit('0123abc')).toBe('0123abc');
    for (const raw of ['', '0123ab', 'main', '0123abc/../x', 'g123abcd', 'a'.repeat(65)])
      expect(shortCommit(raw)).toBeUndefined();
  });

  it('link to the commit on the repository, the id encoded, only on a safe server', () => {
    expect(commitUrl(context.links!, 'deadbeef01')).toBe(
      'https://github.com/octo/vault/commit/deadbeef01',
    );
    expect(commitUrl(context.links!, 'a b)(x')).toBe(
      'https://github.com/octo/vault/commit/a%20b%29%28x',
    );
    expect(
      commitUrl({ ...context.links!, serverUrl: 'javascript:alert(1)' }, 'deadbeef01'),
    ).toBeUndefined();
  });
});

describe('locationCell', () => {
  it('escapes and cuts the location text, and links it when it can', () => {
    const finding = makeFinding({ file: 'packages/core/a_b.sol', startLine: 1, endLine: 1 });
    expect(locationCell(finding, context, 100)).toBe(
      '[packages/core/a\\_b.sol:1](https://github.com/octo/vault/blob/deadbeef01/packages/core/a_b.sol#L1)',
    );
    expect(locationCell(finding, { ...context, links: undefined }, 10)).toBe('packages/…');
    expect(locationCell({ ...finding, file: undefined }, context, 100)).toBe('—');
  });
});
