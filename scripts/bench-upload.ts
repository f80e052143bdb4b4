/**
 * Benchmark: memory of an upload. The client streams each file from disk into the multipart body,
 * so peak RSS should stay flat whatever the total size. Uploads 10 MiB, 100 MiB and 800 MiB of
 * contracts (each in a fresh child process, so each peak RSS is its own) to a loopback sink that
 * counts bytes and answers the documented start answer. Run with `node scripts/bench-upload.ts`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { AuditClient, type ContractUpload } from '../src/api/client.ts';
import { ACTION_VOCABULARY } from '../src/action/vocabulary.ts';

const FILE_BYTES = 2 * 1024 * 1024;

async function child(baseUrl: string, directory: string): Promise<void> {
  const names = (await fs.readdir(directory)).sort();
  const files: ContractUpload[] = await Promise.all(
    names.map(async (name) => {
      const absolutePath = path.join(directory, name);
      return {
        absolutePath,
        relativePath: `contracts/${name}`,
        size: (await fs.stat(absolutePath)).size,
      };
    }),
  );
  const client = new AuditClient({
    vocabulary: ACTION_VOCABULARY,
    baseUrl: new URL(baseUrl),
    // Not a word of the answer: the client refuses an audit id that holds its key.
    apiKey: 'bench-upload-key',
    userAgent: 'bench',
    sleep: async () => undefined,
  });
  const started = performance.now();
  const { auditId } = await client.startAudit('bench', files);
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  const total = files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    JSON.stringify({
      auditId,
      files: files.length,
      bytes: total,
      seconds,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

async function writeContracts(directory: string, count: number): Promise<void> {
  await fs.mkdir(directory, { recursive: true });
  const line =
    '// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\ncontract C { uint256 public x; }\n';
  for (let i = 0; i < count; i += 1) {
    const stream = createWriteStream(path.join(directory, `C${String(i).padStart(4, '0')}.sol`));
    for (let written = 0; written < FILE_BYTES; written += line.length) stream.write(line);
    stream.end();
    await once(stream, 'finish');
  }
}

async function main(): Promise<void> {
  let received = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (received += chunk.length));
    request.on('end', () => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"audit_id":"audit-1","status":"pending"}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    console.log('total upload   files   time     throughput    peak RSS of the uploading process');
    for (const count of [5, 50, 400]) {
      const directory = path.join(root, String(count));
      await writeContracts(directory, count);
      received = 0;
      // Asynchronous: the sink lives in this process and must keep serving while the child uploads.
      const { stdout: output } = await promisify(execFile)(process.execPath, [
        import.meta.filename,
        '--child',
        baseUrl,
        directory,
      ]);
      const report = JSON.parse(output) as {
        files: number;
        bytes: number;
        seconds: number;
        peakRssMiB: number;
      };
      const mib = report.bytes / 1024 / 1024;
      console.log(
        `${mib.toFixed(0).padStart(6)} MiB   ${String(report.files).padStart(5)}   ${report.seconds.toFixed(2).padStart(5)} s   ${(mib / report.seconds).toFixed(0).padStart(6)} MiB/s   ${report.peakRssMiB.toFixed(0)} MiB   (sink received ${(received / 1024 / 1024).toFixed(1)} MiB)`,
      );
      await fs.rm(directory, { recursive: true });
    }
  } finally {
    server.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else await main();
