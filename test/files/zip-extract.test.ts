/**
 * Extracting a zip anyone may have shaped: each hostile shape is refused whole, with a message
 * naming what was wrong, and nothing is written outside the destination.
 */
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractZip, type ZipBounds } from '../../src/files/zip-extract.ts';
import { buildZip, type ZipEntrySpec, type ZipShape } from '../support/zip.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

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
    ACTION_VOCABULARY,
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

  it('reads a zip with an archive comment, up to the longest a comment can be', async () => {
    for (const comment of [Buffer.from('made by hand'), Buffer.alloc(0xffff, 'x')]) {
      const { result } = await extract(buildZip([{ name: 'A.sol', data: 'x' }], { comment }));
      expect((await result).map((file) => file.name)).toEqual(['A.sol']);
    }
    const farther = Buffer.concat([
      buildZip([{ name: 'A.sol', data: 'x' }]),
      Buffer.alloc(0x10000),
    ]);
    expect(await refused(farther)).toContain('it is not a zip file');
  });

  it('reads as many entries as `max-files` allows with a folder entry for each, and one more is refused', async () => {
    const entries = (folders: number) => [
      ...Array.from({ length: folders }, (_, i) => ({ name: `d${i}/`, mode: 0o040755 })),
      ...Array.from({ length: 10 }, (_, i) => ({ name: `d${i}/A.sol`, data: 'x' })),
    ];
    const { result } = await extract(buildZip(entries(12)));
    expect(await result).toHaveLength(10);
    expect(await refused(entries(13))).toContain(
      'it has 23 entries, more than `max-files` (10) allows',
    );
  });

  it('reads an empty zip as no files', async () => {
    expect(await (await extract(buildZip([]))).result).toEqual([]);
  });

  it('reads entry comments, local extra fields, and files exactly as large as the bounds allow', async () => {
    const kilobyte = 'x'.repeat(1024);
    const { result, scratch } = await extract(
      buildZip([
        { name: 'A.sol', data: kilobyte, comment: 'the first' },
        { name: 'B.sol', data: kilobyte, localExtra: Buffer.alloc(12, 7) },
        { name: 'C.sol', data: kilobyte, method: 0, localExtra: Buffer.alloc(4, 1) },
        { name: 'D.sol', data: kilobyte },
      ]),
    );
    expect((await result).map((file) => [file.name, file.size])).toEqual([
      ['A.sol', 1024],
      ['B.sol', 1024],
      ['C.sol', 1024],
      ['D.sol', 1024],
    ]);
    expect(await readFile(path.join(scratch, 'out/C.sol'), 'utf8')).toBe(kilobyte);
  });

  it('leaves the file named `uncounted` out of `max-files` and the total, bounded on its own', async () => {
    const bounds: ZipBounds = {
      maxFiles: 1,
      uncounted: 'manifest.json',
      maxFileBytes: (name) => (name === 'manifest.json' ? 8192 : 1024),
      maxTotalBytes: 1024,
    };
    const entries = [
      { name: 'A.sol', data: 'x'.repeat(1024) },
      { name: 'manifest.json', data: 'm'.repeat(5000) },
    ];
    expect((await (await extract(buildZip(entries), bounds)).result).length).toBe(2);
    expect(await refused([...entries, { name: 'B.sol', data: 'x' }], bounds)).toContain(
      'it holds more than 1 file(s)',
    );
  });

  it('takes a folder entry by its trailing slash or by its mode, and skips it', async () => {
    const { result } = await extract(
      buildZip([
        { name: 'src/', madeBy: 0 },
        { name: 'lib', mode: 0o040755 },
        { name: 'lib/deep/', mode: 0o040755 },
        { name: `${'d'.repeat(255)}/`, mode: 0o040755 },
        { name: 'src/A.sol', data: 'x' },
        { name: 'lib/B.sol', data: 'y' },
      ]),
    );
    expect((await result).map((file) => file.name)).toEqual(['src/A.sol', 'lib/B.sol']);
  });

  it('reads the mode only of entries made on Unix: elsewhere those bits mean nothing', async () => {
    const { result } = await extract(
      buildZip([{ name: 'A.sol', data: 'x', madeBy: 0, mode: 0o120777 }]),
    );
    expect((await result).map((file) => file.name)).toEqual(['A.sol']);
  });

  it('reads an entry whose local header and data end where the zip does', async () => {
    for (const data of ['', 'x']) {
      // An entry's local header and data, with no name, as the archive comment.
      const local = buildZip([{ name: '', data, method: 0 }]).subarray(0, 30 + data.length);
      const spec = { name: 'E.sol', data, method: 0 };
      const length = buildZip([spec], { comment: local }).length;
      const zip = buildZip([{ ...spec, localOffset: length - local.length }], { comment: local });
      const { result } = await extract(zip);
      expect((await result).map((file) => [file.name, file.size])).toEqual([
        ['E.sol', data.length],
      ]);
    }
  });

  it.each<[string, ZipEntrySpec[], string]>([
    ['an empty name', [{ name: '', data: 'x' }], 'its entry "" has an empty name'],
    [
      'a folder entry that holds data',
      [{ name: 'src/', mode: 0o040755, data: 'x' }],
      'its folder entry "src/" holds data',
    ],
    [
      'a stored entry shorter than it declares',
      [{ name: 'A.sol', data: 'x', method: 0, declaredSize: 5 }],
      'its entry "A.sol" holds 1 bytes, not the 5 it declares',
    ],
  ])('refuses %s, naming it', async (_, entries, problem) => {
    expect(await refused(entries)).toBe(`The zip was refused: ${problem}. Nothing of it was used.`);
  });

  it('refuses to replace a file already at an entry name, saying why', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'zip-'));
    await mkdir(path.join(scratch, 'out'));
    await writeFile(path.join(scratch, 'out/A.sol'), 'before');
    await writeFile(path.join(scratch, 'in.zip'), buildZip([{ name: 'A.sol', data: 'after' }]));
    await expect(
      extractZip(
        path.join(scratch, 'in.zip'),
        path.join(scratch, 'out'),
        BOUNDS,
        'The zip',
        ACTION_VOCABULARY,
      ),
    ).rejects.toThrow(
      'The zip was refused: its entry "A.sol" cannot be written as a file (EEXIST): another entry takes its place',
    );
    expect(await readFile(path.join(scratch, 'out/A.sol'), 'utf8')).toBe('before');
  });
});

describe('extractZip, a zip whose directory lies', () => {
  const ONE: ZipEntrySpec[] = [{ name: 'A.sol', data: 'x' }];
  const honest = buildZip(ONE);
  const endRecord = honest.length - 22;
  const directorySize = honest.readUInt32LE(endRecord + 12);
  const directoryOffset = honest.readUInt32LE(endRecord + 16);

  it.each<[string, ZipEntrySpec[], ZipShape, string]>([
    [
      'a directory running past the end record',
      ONE,
      { directorySize: directorySize + 1 },
      'its central directory is out of bounds',
    ],
    [
      'a directory starting past where it is',
      ONE,
      { directoryOffset: directoryOffset + 1 },
      'its central directory is out of bounds',
    ],
    [
      'the ZIP64 marker for the count',
      ONE,
      { count: 0xffff },
      'it is a ZIP64 archive, which no upload within the limits needs',
    ],
    [
      'the ZIP64 marker for the offset',
      ONE,
      { directoryOffset: 0xffffffff },
      'it is a ZIP64 archive, which no upload within the limits needs',
    ],
    [
      'more entries than `max-files` allows, folders counted',
      ONE,
      { count: 23 },
      'it has 23 entries, more than `max-files` (10) allows',
    ],
    [
      'an entry header cut short by the end record',
      ONE,
      { count: 2, directoryTail: Buffer.from([0x50, 0x4b, 0x01, 0x02]) },
      'its central directory is damaged',
    ],
    ['more entries than it holds', ONE, { count: 2 }, 'its central directory is damaged'],
    [
      'an entry whose extra field runs past the end record',
      [{ name: 'A.sol', data: 'x', declaredExtraLength: 100 }],
      {},
      'its central directory is damaged',
    ],
    [
      'an entry pointing past the end of the zip',
      [{ name: 'A.sol', data: 'x', localOffset: honest.length - 2 }],
      {},
      'its entry "A.sol" points at no local header',
    ],
    [
      'an entry pointing at no local header',
      [{ name: 'A.sol', data: 'x', localOffset: 1 }],
      {},
      'its entry "A.sol" points at no local header',
    ],
    [
      'an entry whose data runs past the end of the zip',
      [{ name: 'A.sol', data: 'x', declaredCompressedSize: 10_000 }],
      {},
      'its entry "A.sol" runs past the end of the zip',
    ],
  ])('refuses %s, naming it', async (_, entries, shape, problem) => {
    const message = await refused(buildZip(entries, shape));
    expect(message).toBe(`The zip was refused: ${problem}. Nothing of it was used.`);
  });
});
