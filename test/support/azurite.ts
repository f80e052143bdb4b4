/**
 * Azurite, Microsoft's Azure Storage emulator, as the blob store behind the results-service
 * stand-in: the toolkit's clients move bytes through signed Blob URLs, and here those URLs lead to
 * a real Blob endpoint on 127.0.0.1. One per test file, started on a free port in a folder of its own.
 */
import {
  BlobSASPermissions,
  BlobServiceClient,
  generateBlobSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

/** Azurite's well-known development account, published in its documentation. */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  /** A URL that lets its holder do `permissions` ('r', 'cw', …) on the blob, for an hour. */
  signedUrl(container: string, blob: string, permissions: string): string;
  /** Creates the container when it is not there. */
  container(name: string): Promise<void>;
  /** Writes a blob as it is, with its content type. */
  put(container: string, blob: string, data: Buffer, contentType: string): Promise<void>;
  close(): Promise<void>;
}

export async function startAzurite(): Promise<Azurite> {
  const port = await freePort();
  const location = await mkdtemp(path.join(tmpdir(), 'azurite-'));
  const script = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      script,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--silent',
      '--skipApiVersionCheck',
      '--loose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const started = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('successfully listens')) resolve();
    };
    child.stdout?.on('data', started);
    child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`Azurite exited with ${code}: ${said}`)));
  });
  const endpoint = `http://127.0.0.1:${port}/${ACCOUNT}`;
  const credential = new StorageSharedKeyCredential(ACCOUNT, ACCOUNT_KEY);
  const service = new BlobServiceClient(endpoint, credential);
  return {
    signedUrl(container, blob, permissions) {
      const sas = generateBlobSASQueryParameters(
        {
          containerName: container,
          blobName: blob,
          permissions: BlobSASPermissions.parse(permissions),
          expiresOn: new Date(Date.now() + 60 * 60 * 1000),
        },
        credential,
      );
      return `${endpoint}/${container}/${encodeURIComponent(blob)}?${sas.toString()}`;
    },
    async container(name) {
      await service.getContainerClient(name).createIfNotExists();
    },
    async put(container, blob, data, contentType) {
      await service
        .getContainerClient(container)
        .getBlockBlobClient(blob)
        .uploadData(data, { blobHTTPHeaders: { blobContentType: contentType } });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // Azurite's own shutdown waits for idle keep-alive connections to end; its data is scratch.
        child.kill('SIGKILL');
      }),
  };
}
