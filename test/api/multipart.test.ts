import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UploadReadError,
  createMultipartBody,
  quoteParameter,
  randomBoundary,
  type MultipartFile,
} from '../../src/api/multipart.ts';
import { parseMultipart } from '@contract-audit/reference-service';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'multipart-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(
  name: string,
  content: Buffer | string,
  filename = name,
): Promise<MultipartFile> {
  const absolutePath = join(dir, name);
  await writeFile(absolutePath, content);
  return { field: 'contracts', filename, absolutePath, size: Buffer.byteLength(content) };
}

async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return chunks;
}

describe('createMultipartBody', () => {
  it('produces the exact RFC 7578 layout, with the length known up front', async () => {
    const a = await file('A.sol', 'contract A {}\n', 'contracts/A.sol');
    const empty = await file('Empty.sol', '', 'contracts/Empty.sol');
    const body = createMultipartBody([{ name: 'project_name', value: 'demo' }], [a, empty], 'XyZ');
    const bytes = Buffer.concat(await chunksOf(body.open()));
    expect(body.contentType).toBe('multipart/form-data; boundary=XyZ');
    expect(bytes.length).toBe(body.length);
    expect(bytes.toString()).toBe(
      '--XyZ\r\nContent-Disposition: form-data; name="project_name"\r\n\r\ndemo\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="contracts"; filename="contracts/A.sol"\r\n' +
        'Content-Type: application/octet-stream\r\n\r\ncontract A {}\n\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="contracts"; filename="contracts/Empty.sol"\r\n' +
        'Content-Type: application/octet-stream\r\n\r\n\r\n' +
        '--XyZ--\r\n',
    );
  });

  it('round-trips binary content and odd filenames through a strict parser', async () => {
    const binary = Buffer.from([0, 13, 10, 45, 45, 255, 13, 10, 13, 10]);
    const parts = [
      await file('bin', binary, 'a"b\r\nc.sol'),
      await file('u', 'ü', 'contracts/ünï.sol'),
    ];
    const body = createMultipartBody([{ name: 'project_name', value: 'p' }], parts);
    const boundary = body.contentType.split('boundary=')[1]!;
    const parsed = parseMultipart(Buffer.concat(await chunksOf(body.open())), boundary);
    expect(parsed.map((p) => [p.name, p.filename])).toEqual([
      ['project_name', undefined],
      ['contracts', 'a"b\r\nc.sol'],
      ['contracts', 'contracts/ünï.sol'],
    ]);
    expect(parsed[1]!.content.equals(binary)).toBe(true);
    expect(parsed[2]!.content.toString()).toBe('ü');
  });

  it('streams large files in bounded chunks and can be opened again for a retry', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    const body = createMultipartBody([], [await file('big', big)]);
    const first = await chunksOf(body.open());
    expect(Math.max(...first.map((c) => c.length))).toBeLessThanOrEqual(64 * 1024);
    const second = Buffer.concat(await chunksOf(body.open()));
    expect(second.equals(Buffer.concat(first))).toBe(true);
    expect(second.length).toBe(body.length);
  });

  it('sends many small files in few chunks, each at most 64 KiB, byte for byte the same', async () => {
    const files = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        file(`C${i}.sol`, `contract C${i} {}\n`.repeat(i % 7), `contracts/C${i}.sol`),
      ),
    );
    const body = createMultipartBody([{ name: 'project_name', value: 'p' }], files, 'B');
    const chunks = await chunksOf(body.open());
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(body.length / (64 * 1024)) + 1);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(64 * 1024);
    const parsed = parseMultipart(Buffer.concat(chunks), 'B');
    expect(parsed).toHaveLength(1_001);
    expect(parsed[500]!.filename).toBe('contracts/C499.sol');
    expect(parsed[500]!.content.toString()).toBe('contract C499 {}\n'.repeat(499 % 7));
    expect(Buffer.concat(chunks).length).toBe(body.length);
  });

  it('fails with UploadReadError when a file shrank or vanished since it was measured', async () => {
    const shrunk = { ...(await file('s', 'abc')), size: 10 };
    await expect(chunksOf(createMultipartBody([], [shrunk]).open())).rejects.toThrow(
      new UploadReadError('s changed while it was uploaded (expected 10 bytes, read 3)'),
    );
    const gone = { ...shrunk, absolutePath: join(dir, 'missing') };
    await expect(chunksOf(createMultipartBody([], [gone]).open())).rejects.toBeInstanceOf(
      UploadReadError,
    );
  });

  it('never sends more than the measured size of a file that grew', async () => {
    const grown = { ...(await file('g', 'abcdef')), size: 3 };
    const body = createMultipartBody([], [grown], 'B');
    const bytes = Buffer.concat(await chunksOf(body.open()));
    expect(bytes.length).toBe(body.length);
    expect(bytes.toString()).toContain('\r\n\r\nabc\r\n--B--');
  });
});

describe('quoteParameter and randomBoundary', () => {
  it('percent-encodes quote, CR and LF only', () => {
    expect(quoteParameter('dir/a "b"\r\n%.sol')).toBe('"dir/a %22b%22%0D%0A%.sol"');
  });

  it('makes a fresh, long boundary each time', () => {
    const a = randomBoundary();
    expect(a).toMatch(/^[\w-]{40,70}$/);
    expect(randomBoundary()).not.toBe(a);
  });
});
