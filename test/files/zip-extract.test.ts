/**
 * Extracting a zip anyone may have shaped: each hostile shape is refused whole, with a message
 * naming what was wrong, and nothing is written outside the destination.
 */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractZip, type ZipBounds } from '../../src/files/zip-extract.ts';
import { buildZip, type ZipEntrySpec } from '../support/zip.ts';

const BOUNDS: ZipBounds = { maxFiles: 10, maxFileBytes: () => 1024, maxTotalBytes: 4096 };

/** Extracts into `<scratch>/out`; returns the scratch folder too, to look for strays. */
async function extract(zip: Buffer, bounds: ZipBounds = BOUNDS) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'zip-'));
  await writeFile(path.join(scratch, 'in.zip'), zip);
  const result = extractZip(
    path.join(scratch, 'in.zip'),
    path.join(scratch, 'out'),
    bounds,
    'The zip',
  );
  return { result, scratch };
}

async function refused(entries: ZipEntrySpec[] | Buffer, bounds?: ZipBounds): Promise<string> {
  const { result, scratch } = await extract(
    Buffer.isBuffer(entries) ? entries : buildZip(entries),
    bounds,
  );
  const error = await result.then(
    () => undefined,
    (reason: unknown) => reason as Error,
  );
  expect(error?.name).toBe('ConfigurationError');
  // Nothing beside the zip and the destination, whatever was refused.
  expect((await readdir(scratch)).filter((name) => name !== 'in.zip' && name !== 'out')).toEqual(
    [],
  );
  return error?.message ?? '';
}

describe('extractZip', () => {
  it('writes regular files under their names, stored or deflated, folders entries skipped', async () => {
    const { result, scratch } = await extract(
      buildZip([
        { name: 'src/', mode: 0o040755 },
        { name: 'src/A.sol', data: 'contract A {}' },
        { name: 'manifest.json', data: '{}', method: 0 },
      ]),
    );
    const files = await result;
    expect(files.map((file) => [file.name, file.size])).toEqual([
      ['src/A.sol', 13],
      ['manifest.json', 2],
    ]);
    expect(await readFile(path.join(scratch, 'out/src/A.sol'), 'utf8')).toBe('contract A {}');
  });

  it.each<[string, ZipEntrySpec[], string]>([
    [
      'a `..` name',
      [{ name: '../evil.sol', data: 'x' }],
      'its entry "../evil.sol" has a `..` segment',
    ],
    ['a nested `..` name', [{ name: 'src/../../evil.sol', data: 'x' }], 'has a `..` segment'],
    ['an absolute name', [{ name: '/tmp/evil.sol', data: 'x' }], 'has an absolute path'],
    ['a backslash', [{ name: '..\\evil.sol', data: 'x' }], 'has a backslash in the name'],
    [
      'a control character',
      [{ name: 'src/A\u001b[31m.sol', data: 'x' }],
      'has a control character',
    ],
    ['a drive letter', [{ name: 'C:/evil.sol', data: 'x' }], 'has one of " : < > | * ?'],
    [
      'a symbolic link',
      [{ name: 'src/link.sol', data: '/etc/passwd', mode: 0o120777 }],
      'its entry "src/link.sol" is a symbolic link',
    ],
    ['a device', [{ name: 'src/dev.sol', data: '', mode: 0o020644 }], 'is not a regular file'],
    [
      'a name twice',
      [
        { name: 'A.sol', data: 'x' },
        { name: 'A.sol', data: 'y' },
      ],
      'its entry "A.sol" is there twice',
    ],
    ['an encrypted entry', [{ name: 'A.sol', data: 'x', encrypted: true }], 'is encrypted'],
    [
      'another compression',
      [{ name: 'A.sol', data: 'x', method: 12 }],
      'uses compression method 12',
    ],
    [
      'a file too large',
      [{ name: 'A.sol', data: 'x'.repeat(2000) }],
      'its entry "A.sol" is 2 KB, larger than 1 KB (input `max-file-size-kb`)',
    ],
    [
      'too large together',
      Array.from({ length: 5 }, (_, i) => ({ name: `A${i}.sol`, data: 'x'.repeat(1000) })),
      'its files add up to more than 4 KB (input `max-total-size-mb`)',
    ],
    [
      'too many files',
      Array.from({ length: 11 }, (_, i) => ({ name: `A${i}.sol`, data: 'x' })),
      'it holds more than 10 file(s) (input `max-files`)',
    ],
    [
      'a bomb that declares less than it inflates to',
      [{ name: 'bomb.sol', data: Buffer.alloc(1_000_000), declaredSize: 100 }],
      'its entry "bomb.sol" inflates to more than it declares',
    ],
    [
      'a wrong CRC',
      [{ name: 'A.sol', data: 'x', crc: 1 }],
      'its entry "A.sol" does not match its CRC',
    ],
    [
      'a file and a folder of one name',
      [
        { name: 'A', data: 'x' },
        { name: 'A/B.sol', data: 'y' },
      ],
      'cannot be written as a file',
    ],
  ])('refuses %s', async (_, entries, problem) => {
    const message = await refused(entries);
    expect(message).toMatch(/^The zip was refused: /);
    expect(message).toContain(problem);
    expect(message).toMatch(/Nothing of it was used\.$/);
  });

  it('refuses a name that is not UTF-8', async () => {
    expect(
      await refused([{ name: '', rawName: Buffer.from([0x41, 0xff, 0x2e]), data: 'x' }]),
    ).toContain("an entry's name is not UTF-8");
  });

  it('refuses what is not a zip, and a damaged central directory', async () => {
    expect(await refused(Buffer.from('not a zip at all, just text'))).toContain(
      'it is not a zip file',
    );
    const zip = buildZip([{ name: 'A.sol', data: 'x' }]);
    zip.writeUInt32LE(0xdeadbeef, zip.length - 22 - 46 - 5); // the central entry's signature
    expect(await refused(zip)).toContain('its central directory is damaged');
  });
});
