/** Requests the service refuses before starting anything: wrong media type, missing fields, too much. */
import { afterEach, describe, expect, it } from 'vitest';
import { startAuditService, type AuditService, type AuditServiceOptions } from '../src/server.ts';
import { post, startAudit, TOKEN_SOL, uploadForm } from './service-client.ts';

let service: AuditService | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function serve(options: AuditServiceOptions = {}): Promise<AuditService> {
  service = await startAuditService(options);
  return service;
}

const token = { name: 'contracts/Token.sol', content: TOKEN_SOL };

function expectError(
  answer: { status: number; json: unknown },
  status: number,
  code: string,
  message: string | RegExp,
): void {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({
    error: {
      code,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    },
  });
}

describe('415: not multipart', () => {
  it('refuses a JSON body and names what it got', async () => {
    const svc = await serve();
    const answer = await post(svc.url, svc.apiKey, '{"project_name":"p"}', {
      'content-type': 'application/json',
    });
    expectError(
      answer,
      415,
      'unsupported_media_type',
      'expected a multipart/form-data body, got application/json',
    );
    expect(svc.audits.size).toBe(0);
  });

  it('refuses a body without a Content-Type', async () => {
    const svc = await serve();
    const answer = await post(svc.url, svc.apiKey, new Blob(['x']));
    expectError(answer, 415, 'unsupported_media_type', /got no Content-Type$/);
  });
});

describe('400: missing or malformed fields', () => {
  it.each([
    ['no project_name', uploadForm(undefined, [token]), 'project_name is required'],
    ['a blank project_name', uploadForm('  ', [token]), 'project_name is required'],
    ['no contracts', uploadForm('p', []), 'at least one `contracts` file is required'],
  ])('%s', async (_, form, message) => {
    const svc = await serve();
    expectError(await post(svc.url, svc.apiKey, form), 400, 'bad_request', message);
    expect(svc.audits.size).toBe(0);
    expect(svc.uploads).toHaveLength(0);
  });

  it('a contracts part without a filename', async () => {
    const svc = await serve();
    const form = uploadForm('p', [token]);
    form.append('contracts', 'pragma solidity 0.8.24;');
    expectError(
      await post(svc.url, svc.apiKey, form),
      400,
      'bad_request',
      'every `contracts` part needs a filename',
    );
  });

  it('a multipart body that does not follow its boundary', async () => {
    const svc = await serve();
    const answer = await post(svc.url, svc.apiKey, 'no boundary here', {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expectError(answer, 400, 'bad_request', /^malformed multipart body: /);
  });

  it('a multipart Content-Type without a boundary', async () => {
    const svc = await serve();
    const answer = await post(svc.url, svc.apiKey, '--x--\r\n', {
      'content-type': 'multipart/form-data',
    });
    expectError(answer, 400, 'bad_request', 'the multipart Content-Type has no boundary');
  });
});

describe('413: over the upload limits, with the limit in the message', () => {
  it('too many files', async () => {
    const svc = await serve({ maxFiles: 2 });
    const files = ['A', 'B', 'C'].map((n) => ({ name: `src/${n}.sol`, content: TOKEN_SOL }));
    expectError(
      await startAudit(svc.url, svc.apiKey, 'p', files),
      413,
      'payload_too_large',
      '3 contract files uploaded; the limit is 2 files per audit',
    );
    expect(svc.audits.size).toBe(0);
    expect((await startAudit(svc.url, svc.apiKey, 'p', files.slice(0, 2))).status).toBe(200);
  });

  it('a file too large, named with its size', async () => {
    const svc = await serve({ maxFileBytes: 400 });
    const big = { name: 'src/Big.sol', content: `${TOKEN_SOL}// ${'x'.repeat(200)}\n` };
    expectError(
      await startAudit(svc.url, svc.apiKey, 'p', [token, big]),
      413,
      'payload_too_large',
      `src/Big.sol (${Buffer.byteLength(big.content)} bytes) exceeds the limit of 400 bytes per file`,
    );
  });

  it('a whole upload too large, read to its end before the answer', async () => {
    const svc = await serve({ maxUploadBytes: 1_000 });
    const files = [1, 2, 3].map((n) => ({ name: `src/T${n}.sol`, content: TOKEN_SOL }));
    const answer = await startAudit(svc.url, svc.apiKey, 'p', files);
    expectError(
      answer,
      413,
      'payload_too_large',
      /^upload of \d+ bytes exceeds the limit of 1000 bytes$/,
    );
    const size = Number(
      /of (\d+) bytes/.exec((answer.json as { error: { message: string } }).error.message)![1],
    );
    expect(size).toBe(Number(svc.requests[0]!.headers['content-length']));
  });
});

describe('other refusals', () => {
  it('answers 405 with Allow to a wrong method, 404 to an unknown path, 400 to a broken id', async () => {
    const svc = await serve();
    const deleted = await fetch(`${svc.url}/v1/projects`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${svc.apiKey}` },
    });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET');
    const unknown = await fetch(`${svc.url}/v2/audits`, {
      headers: { authorization: `Bearer ${svc.apiKey}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'not_found', message: 'no route for GET /v2/audits' },
    });
    const badId = await fetch(`${svc.url}/v1/audits/%E0%A4%A`, {
      headers: { authorization: `Bearer ${svc.apiKey}` },
    });
    expect(badId.status).toBe(400);
  });
});
