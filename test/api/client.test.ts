import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { AuditClient, type AuditClientOptions, type ContractUpload } from '../../src/api/client.ts';
import { ResponseFormatError } from '../../src/errors.ts';
import {
  DIALECTS,
  type AuditService,
  type AuditServiceOptions,
} from '@contract-audit/reference-service';
import { serviceFailure } from '../support/service-error.ts';
import { recordingLogger } from '../support/logger.ts';
import { useAuditService } from '../support/service.ts';
import { serviceFinding } from '../support/workspace.ts';
import { freePort } from '../support/ports.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { CLI_VOCABULARY } from '../../src/cli/vocabulary.ts';

const TOKEN_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Token {
    mapping(address => uint256) public balanceOf;

    function withdraw(uint256 amount) external {
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
        balanceOf[msg.sender] -= amount;
    }
}
`;
const VAULT_SOL = `pragma solidity 0.8.24;\ncontract Vault {}\n`;

let workDir: string;
let contracts: ContractUpload[];

async function contractFile(
  relativePath: string,
  content: string | Buffer,
): Promise<ContractUpload> {
  const absolutePath = join(workDir, relativePath);
  await mkdir(dirname(absolutePath), { recursive: true });
  await writeFile(absolutePath, content);
  return { absolutePath, relativePath, size: (await stat(absolutePath)).size };
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'audit-client-'));
  contracts = [
    await contractFile('contracts/token/Token.sol', TOKEN_SOL),
    await contractFile('contracts/Vault.sol', VAULT_SOL),
  ];
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface Harness {
  service: AuditService;
  client: AuditClient;
  sleeps: number[];
  logs: string[];
}

const serve = useAuditService();
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

async function harness(
  serviceOptions: AuditServiceOptions = {},
  clientOptions: Partial<AuditClientOptions> = {},
): Promise<Harness> {
  const service = await serve(serviceOptions);
  const sleeps: number[] = [];
  const { log, lines: logs } = recordingLogger();
  const client = new AuditClient({
    vocabulary: ACTION_VOCABULARY,
    baseUrl: new URL(service.url),
    apiKey: service.apiKey,
    userAgent: 'contract-audit-action/test',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    log,
    ...clientOptions,
  });
  open.push(client);
  return { service, client, sleeps, logs };
}

/** Polls the way the poller would, without waiting, until the audit is finished. */
async function pollToEnd(client: AuditClient, auditId: string, knownFiles?: readonly string[]) {
  const seen: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const { snapshot, retryAfterMs } = await client.getAudit(auditId, knownFiles);
    seen.push(snapshot.state);
    if (snapshot.state === 'completed' || snapshot.state === 'failed')
      return { snapshot, seen, retryAfterMs };
  }
  throw new Error(`audit ${auditId} never finished: ${seen.join(', ')}`);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('AuditClient against the documented service', () => {
  it('uploads the files as multipart, polls to completion and reads the findings', async () => {
    const { service, client } = await harness();
    const started = await client.startAudit('token-project', contracts);
    expect(started).toEqual({ auditId: 'audit-1', rawStatus: 'pending', retryAfterMs: undefined });

    const [upload] = service.uploads;
    expect(service.uploads).toHaveLength(1);
    expect(upload!.projectName).toBe('token-project');
    expect(upload!.partNames).toEqual(['project_name', 'contracts', 'contracts']);
    expect(upload!.files.map((f) => [f.filename, f.size, f.contentType])).toEqual([
      ['contracts/token/Token.sol', Buffer.byteLength(TOKEN_SOL), 'application/octet-stream'],
      ['contracts/Vault.sol', Buffer.byteLength(VAULT_SOL), 'application/octet-stream'],
    ]);
    expect(upload!.files[0]!.content.toString()).toBe(TOKEN_SOL);

    const [post] = service.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/v1/audits', bearer: 'api-key' });
    expect(post!.headers).not.toHaveProperty('authorization');
    expect(post!.headers['accept']).toBe('application/json');
    expect(post!.headers['user-agent']).toBe('contract-audit-action/test');
    expect(post!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S{20,}$/);
    expect(post!.headers['transfer-encoding']).toBeUndefined();
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    const { snapshot, seen } = await pollToEnd(client, started.auditId, [
      'contracts/token/Token.sol',
    ]);
    expect(seen).toEqual(['pending', 'running', 'completed']);
    expect(snapshot.rawStatus).toBe('completed');
    expect(snapshot.reportUrl).toBe(`${service.url}/reports/audit-1`);
    // The analyzer's findings on TOKEN_SOL; VAULT_SOL (pinned pragma, empty contract) has none.
    const where = snapshot.findings!.map(
      (f) => `${f.severity} ${f.file}:${f.startLine}-${f.endLine} ${f.ruleId}`,
    );
    expect(where).toEqual([
      'low contracts/token/Token.sol:2-2 floating-pragma',
      'high contracts/token/Token.sol:8-10 reentrancy',
    ]);
    expect(service.requests.slice(1).map((r) => `${r.method} ${r.path} ${r.bearer}`)).toEqual(
      Array(3).fill('GET /v1/audits/audit-1 api-key'),
    );

    expect(await client.listProjects()).toEqual([
      {
        name: 'token-project',
        auditCount: 1,
        lastAuditId: 'audit-1',
        lastAuditStatus: 'completed',
      },
    ]);
  });

  it('reports a failed audit with the service message', async () => {
    const { client } = await harness({
      failWith: 'compiler error in Token.sol',
      pollsUntilDone: 0,
    });
    const { auditId } = await client.startAudit('p', contracts);
    const { snapshot } = await client.getAudit(auditId);
    expect(snapshot).toMatchObject({
      state: 'failed',
      rawStatus: 'failed',
      message: 'compiler error in Token.sol',
    });
  });

  it('keeps the base URL path prefix and encodes the audit id', async () => {
    const { service, client } = await harness({
      basePath: '/api',
      nextId: () => 'a/b c?d',
      pollsUntilDone: 0,
    });
    expect(service.url).toMatch(/\/api$/);
    const { auditId } = await client.startAudit('p', contracts);
    expect(auditId).toBe('a/b c?d');
    const { snapshot } = await client.getAudit(auditId);
    expect(snapshot.state).toBe('completed');
    await client.listProjects();
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/audits',
      'GET /api/v1/audits/a%2Fb%20c%3Fd',
      'GET /api/v1/projects',
    ]);
  });

  it('sends an audit id of dots as a name, never as a step up the path', async () => {
    const { service, client } = await harness({ nextId: () => '..', pollsUntilDone: 0 });
    const { auditId } = await client.startAudit('p', contracts);
    expect((await client.getAudit(auditId)).snapshot.state).toBe('completed');
    expect(service.requests.at(-1)?.path).toBe('/v1/audits/%2E%2E');
  });

  it('sends filenames with quotes and line breaks percent-encoded, and they arrive intact', async () => {
    const { service, client } = await harness();
    const odd = await contractFile('contracts/odd.sol', 'contract Odd {}\n');
    await client.startAudit('p', [{ ...odd, relativePath: 'contracts/we"ird\r\nname.sol' }]);
    expect(service.uploads[0]!.files[0]!.filename).toBe('contracts/we"ird\r\nname.sol');
  });

  it('streams a 20 MB file with a fixed Content-Length and it arrives byte-exact', async () => {
    const { service, client } = await harness();
    const big = randomBytes(20 * 1024 * 1024);
    const upload = await contractFile('contracts/Big.sol', big);
    await client.startAudit('big', [upload, contracts[1]!]);
    const [received] = service.uploads[0]!.files;
    expect(received!.size).toBe(big.length);
    expect(sha256(received!.content)).toBe(sha256(big));
    const contentLength = Number(service.requests[0]!.headers['content-length']);
    expect(contentLength).toBeGreaterThan(big.length);
    expect(service.requests[0]!.headers['transfer-encoding']).toBeUndefined();
  });

  it('fails without retrying when a file no longer has its announced size', async () => {
    const { service, client } = await harness();
    const shrunk = { ...contracts[0]!, size: contracts[0]!.size + 10 };
    const error = await serviceFailure(client.startAudit('p', [shrunk]));
    expect(error.message).toBe(
      `could not start the audit: contracts/token/Token.sol changed while it was uploaded (expected ${shrunk.size} bytes, read ${contracts[0]!.size})`,
    );
    expect(error.message).not.toContain('may have created');
    expect(service.uploads).toHaveLength(0);
  });
});

describe('AuditClient reads every dialect of the stand-in', () => {
  it.each(DIALECTS)('%s', async (dialect) => {
    const { service, client } = await harness({ dialect });
    const started = await client.startAudit('dialects', contracts);
    expect(started.auditId).toBe('audit-1');

    const first = await client.getAudit(started.auditId);
    expect(first.snapshot.state).toBe('pending');
    expect(first.retryAfterMs).toBe(dialect === 'location' ? 1000 : undefined);

    const { snapshot } = await pollToEnd(client, started.auditId);
    expect(snapshot.state).toBe('completed');
    const expected = service.audits.get('audit-1')!.findings;
    const where = (
      list: { severity: string; file: string | undefined; line: number | undefined }[],
    ) => list.map((f) => `${f.severity} ${f.file}:${f.line}`).sort();
    expect(
      where(
        snapshot.findings!.map((f) => ({ severity: f.severity, file: f.file, line: f.startLine })),
      ),
    ).toEqual(
      where(expected.map((f) => ({ severity: f.severity, file: f.file, line: f.start_line }))),
    );
  });

  it.each(DIALECTS.filter((d) => d !== 'location'))(
    '%s: a failed audit reads as failed',
    async (dialect) => {
      const { client } = await harness({
        dialect,
        failWith: 'analysis crashed',
        pollsUntilDone: 0,
      });
      const { auditId } = await client.startAudit('p', contracts);
      const { snapshot } = await client.getAudit(auditId);
      expect(snapshot.state).toBe('failed');
      expect(snapshot.message).toBe('analysis crashed');
    },
  );

  it('reads findings set explicitly, including their line ranges', async () => {
    const { service, client } = await harness({ pollsUntilDone: 0 });
    service.setFindings([
      {
        id: 'F-1',
        severity: 'critical',
        title: 'Unprotected selfdestruct',
        swc_id: 'SWC-106',
        description: 'Anyone can destroy the contract.',
        recommendation: 'Restrict the caller.',
        file: 'contracts/Vault.sol',
        start_line: 2,
        end_line: 2,
      },
    ]);
    const { auditId } = await client.startAudit('p', contracts);
    const { snapshot } = await client.getAudit(auditId);
    expect(snapshot.findings).toMatchObject([
      {
        serviceId: 'F-1',
        severity: 'critical',
        title: 'Unprotected selfdestruct',
        swcId: 'SWC-106',
        file: 'contracts/Vault.sol',
        startLine: 2,
      },
    ]);
  });

  it('takes the key out of every text, in any form, however many findings come before it', async () => {
    const apiKey = 'sk_live_4f9a2c7e1b3d';
    const { service, client } = await harness({ apiKey, pollsUntilDone: 0 });
    const findings = Array.from({ length: 3_000 }, (_, i) =>
      serviceFinding({
        id: `F-${i}`,
        title: `Finding ${i}`,
        description: `Description ${i} of some length, so the texts fill more than one batch.`,
        file: 'contracts/Vault.sol',
      }),
    );
    findings[1_234]!.title = `leaks ${[...apiKey].join('\u200b')}`;
    findings[2_999] = {
      ...findings[2_999]!,
      description: `hex ${Buffer.from(apiKey).toString('hex')}`,
      file: `contracts/${apiKey}.sol`,
    };
    service.setFindings(findings);
    const { auditId } = await client.startAudit('p', contracts);
    const { snapshot } = await client.getAudit(auditId);
    const byId = new Map(snapshot.findings!.map((finding) => [finding.serviceId, finding]));
    expect(byId.get('F-1234')!.title).toBe('leaks ***');
    expect(byId.get('F-2999')).toMatchObject({
      description: 'hex ***',
      file: 'contracts/***.sol',
    });
    expect(byId.get('F-0')).toMatchObject({ title: 'Finding 0', file: 'contracts/Vault.sol' });
    expect(JSON.stringify(snapshot)).not.toContain(apiKey);
  });
});

describe('AuditClient retries', () => {
  it('retries a GET after a connection reset', async () => {
    const { service, client, sleeps, logs } = await harness();
    service.addFault({ method: 'GET', path: '/v1/projects', kind: 'reset' });
    expect(await client.listProjects()).toEqual([]);
    expect(service.requests).toHaveLength(2);
    expect(sleeps).toEqual([500]); // full jitter: 0.5 × 1 s
    expect(logs.filter((l) => l.startsWith('info:'))).toEqual([
      expect.stringMatching(
        /GET \/v1\/projects failed \(attempt 1\/5\): connection closed unexpectedly.*retrying in 0\.5s/,
      ),
    ]);
  });

  it('backs off exponentially with full jitter, capped at 60 s', async () => {
    const { service, client, sleeps } = await harness({}, { maxAttempts: 9, random: () => 0.999 });
    service.addFault({ path: '/v1/projects', kind: 'status', status: 500, times: 8 });
    await client.listProjects();
    expect(sleeps).toEqual([999, 1998, 3996, 7992, 15984, 31968, 59940, 59940]);
  });

  it('honours Retry-After in seconds on 429', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 429,
      retryAfter: '7',
      times: 2,
    });
    await client.listProjects();
    expect(sleeps).toEqual([7000, 7000]);
  });

  it('honours Retry-After as an HTTP date on 503, and caps a huge one at 5 minutes', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const { service, client, sleeps } = await harness(
      {},
      { deadline: { at: Infinity, now: () => now } },
    );
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 503,
      retryAfter: 'Sun, 01 Mar 2026 12:00:30 GMT',
    });
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 503,
      retryAfter: '86400',
      nth: 2,
    });
    await client.listProjects();
    expect(sleeps).toEqual([30_000, 300_000]);
  });

  it('retries a 2xx answer cut off mid-body', async () => {
    const { service, client, sleeps } = await harness({ pollsUntilDone: 0 });
    const { auditId } = await client.startAudit('p', contracts);
    service.addFault({ method: 'GET', kind: 'truncate' });
    const { snapshot } = await client.getAudit(auditId);
    expect(snapshot.state).toBe('completed');
    expect(sleeps).toHaveLength(1);
    expect(service.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('retries a 2xx answer whose JSON does not parse', async () => {
    const { service, client, sleeps, logs } = await harness();
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 200,
      body: '{"projects": [{"proj',
    });
    expect(await client.listProjects()).toEqual([]);
    expect(sleeps).toHaveLength(1);
    expect(logs.join('\n')).toContain('HTTP 200 with an incomplete body');
  });

  it.each([
    ['inside a string with an escaped quote', '{"projects": [{"name": "a \\" b'],
    ['after an escaped backslash', '{"projects": [{"name": "a\\\\"'],
    ['with brackets closed only inside strings', '{"projects": [{"name": "}]}"}'],
    ['inside a bare string', '"all projects'],
  ])('retries a 2xx answer whose JSON stops %s', async (_, body) => {
    const { service, client, sleeps } = await harness();
    service.addFault({ path: '/v1/projects', kind: 'status', status: 200, body });
    expect(await client.listProjects()).toEqual([]);
    expect(sleeps).toHaveLength(1);
  });

  it('does not retry 2xx JSON that is closed but malformed: the same would come again', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 200,
      body: '{"projects": [{"name": "a \\" ]}" nope}]}',
    });
    const error = await serviceFailure(client.listProjects());
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(sleeps).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it('does not retry a 2xx web page: it is the wrong address, not a cut answer', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({
      path: '/v1/audits/audit-9',
      kind: 'status',
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><html><head><title>Acme</title></head><body>Sign in</body></html>',
    });
    const error = await serviceFailure(client.getAudit('audit-9'));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('HTML page');
    expect(error.message).toContain("is the base URL the API's address?");
    expect(error.message).toContain('Sign in');
    expect(error.message).not.toContain('<body>');
    expect(sleeps).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it('backs off instead of hammering when Retry-After is 0 or a date already past', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const { service, client, sleeps } = await harness(
      {},
      { deadline: { at: Infinity, now: () => now } },
    );
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 429,
      retryAfter: 'Sun, 01 Mar 2026 11:59:00 GMT',
    });
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 503,
      retryAfter: '0',
      nth: 2,
    });
    await client.listProjects();
    expect(sleeps).toEqual([500, 1000]); // full jitter at 0.5, as without the header
  });

  it('stops retrying where the caller stops waiting', async () => {
    let now = 1_000_000;
    const { service, client, sleeps } = await harness(
      {},
      {
        deadline: { at: Infinity, now: () => now },
        sleep: async (ms) => {
          sleeps.push(ms);
          now += ms;
        },
      },
    );
    service.addFault({
      path: '/v1/audits/audit-9',
      kind: 'status',
      status: 503,
      retryAfter: '4',
      times: 10,
      body: '{"error":"busy"}',
    });
    const error = await serviceFailure(
      client.getAudit('audit-9', undefined, { retryUntil: now + 9_000 }),
    );
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      'could not read audit audit-9 after 3 attempts; last: HTTP 503: busy — the service asked ' +
        'to wait 4 s (Retry-After) before trying again, and `timeout-minutes` ends before then',
    );
    // A third wait would end past the limit: the request ends at once instead.
    expect(sleeps).toEqual([4000, 4000]);
  });

  it('does not retry well-formed JSON that lacks the fields', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({
      path: '/v1/audits/audit-9',
      kind: 'status',
      status: 200,
      body: '{"hello": "world"}',
    });
    const error = await serviceFailure(client.getAudit('audit-9'));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('has no status');
    expect(sleeps).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it('gives up after the attempts run out, saying how many and why', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({
      path: '/v1/projects',
      kind: 'status',
      status: 503,
      times: 10,
      body: '{"error":"maintenance"}',
    });
    const error = await serviceFailure(client.listProjects());
    expect(error.message).toBe(
      'could not list projects after 5 attempts; last: HTTP 503: maintenance',
    );
    expect(error.status).toBe(503);
    expect(sleeps).toHaveLength(4);
  });

  it('retries a GET that gets no answer in time', async () => {
    const { service, client, sleeps } = await harness({}, { requestTimeoutMs: 100 });
    service.addFault({ path: '/v1/projects', kind: 'delay', ms: 10_000 });
    expect(await client.listProjects()).toEqual([]);
    expect(sleeps).toHaveLength(1);
  });
});

describe('AuditClient never repeats a POST that may have started an audit', () => {
  it.each([500, 502, 504])(
    'HTTP %i: fails at once and says the audit may exist',
    async (status) => {
      const { service, client, sleeps } = await harness();
      service.addFault({ method: 'POST', kind: 'status', status });
      const error = await serviceFailure(client.startAudit('p', contracts));
      expect(error.message).toMatch(
        new RegExp(`^could not start the audit: HTTP ${status}: injected HTTP ${status}\\.`),
      );
      expect(error.message).toContain('may have created the audit anyway');
      expect(error.status).toBe(status);
      expect(sleeps).toEqual([]);
      expect(service.requests).toHaveLength(1);
    },
  );

  it('a reset mid-request: fails at once and says the audit may exist', async () => {
    const { service, client } = await harness();
    service.addFault({ method: 'POST', kind: 'reset' });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toContain('may have created the audit anyway');
    expect(error.status).toBeUndefined();
    expect(service.requests).toHaveLength(1);
  });

  it('no answer in time: fails at once and says the audit may exist', async () => {
    const { service, client } = await harness({}, { requestTimeoutMs: 100 });
    service.addFault({ method: 'POST', kind: 'delay', ms: 10_000 });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toContain('no complete answer within 0.1s');
    expect(error.message).toContain('may have created the audit anyway');
    expect(service.requests).toHaveLength(1);
  });

  it.each([
    ['cut off on the wire', { method: 'POST', kind: 'truncate' }],
    ['JSON cut short', { method: 'POST', kind: 'status', status: 201, body: '{"audit_id":"a-' }],
  ] as const)('a 2xx answer %s is not repeated: the audit exists', async (_, fault) => {
    const { service, client, sleeps } = await harness();
    service.addFault(fault);
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toMatch(/may have (created the audit anyway|been created)/);
    expect(service.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('408 is not repeated: the service may have read the upload', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({ method: 'POST', kind: 'status', status: 408, body: '' });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toBe('could not start the audit: the service answered HTTP 408');
    expect(error.status).toBe(408);
    expect(service.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('refuses an audit id that holds the API key, however it is encoded', async () => {
    const apiKey = 'sk_live_4f9a2c7e1b3d';
    const { service, client } = await harness({ apiKey });
    service.addFault({
      method: 'POST',
      kind: 'status',
      status: 202,
      body: '',
      headers: { location: `/v1/audits/%73${apiKey.slice(1)}` },
    });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toBe(
      'the service answered the start of the audit with an audit id that contains the API key; ' +
        'the id is neither used nor shown. An audit may have been created — check the service ' +
        'before rerunning.',
    );
    expect(error.status).toBe(202);
  });

  it('retries 429 and 503 with the same Idempotency-Key', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({ method: 'POST', kind: 'status', status: 429, retryAfter: '2' });
    service.addFault({ method: 'POST', kind: 'status', status: 503, nth: 2 });
    const { auditId } = await client.startAudit('p', contracts);
    expect(auditId).toBe('audit-1');
    expect(sleeps).toEqual([2000, 1000]);
    const keys = service.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(service.uploads).toHaveLength(1);
    expect(sha256(service.uploads[0]!.files[0]!.content)).toBe(sha256(Buffer.from(TOKEN_SOL)));
  });

  it('reads the audit id from Location on a 303, and Retry-After from any 2xx', async () => {
    const { service, client } = await harness();
    service.addFault({
      method: 'POST',
      kind: 'status',
      status: 303,
      body: '',
      headers: { location: '/v1/audits/from-location' },
    });
    service.addFault({
      method: 'POST',
      kind: 'status',
      status: 202,
      retryAfter: '5',
      body: '{"audit_id":"a-2","status":"queued"}',
      nth: 2,
    });
    expect(await client.startAudit('p', contracts)).toEqual({
      auditId: 'from-location',
      rawStatus: undefined,
      retryAfterMs: undefined,
    });
    expect(await client.startAudit('p', contracts)).toEqual({
      auditId: 'a-2',
      rawStatus: 'queued',
      retryAfterMs: 5000,
    });
  });

  it('an accepted upload with an unreadable answer: format error, not retried, audit may exist', async () => {
    const { service, client, sleeps } = await harness();
    service.addFault({ method: 'POST', kind: 'status', status: 200, body: '{"ok":true}' });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('no audit id');
    expect(error.message).toContain('an audit may have been created');
    expect(sleeps).toEqual([]);
  });

  it('lets a slow upload take longer than one attempt timeout while it progresses', async () => {
    const big = await contractFile('contracts/Big.sol', Buffer.alloc(16 * 1024 * 1024, 0x61));
    let received = 0;
    // Takes in the body a little at a time, for longer than the 600 ms attempt timeout.
    const server = createHttpServer((request, response) => {
      request.on('data', (chunk: Buffer) => {
        received += chunk.length;
        request.pause();
        setTimeout(() => request.resume(), 4);
      });
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end('{"audit_id":"slow-1","status":"pending"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const { port } = server.address() as AddressInfo;
    const client = new AuditClient({
      vocabulary: ACTION_VOCABULARY,
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      apiKey: 'test-api-key-5f1c9a7e',
      userAgent: 'test',
      sleep: async () => undefined,
      requestTimeoutMs: 600,
    });
    open.push(client);
    const started = Date.now();
    expect((await client.startAudit('p', [big])).auditId).toBe('slow-1');
    expect(Date.now() - started).toBeGreaterThan(600);
    expect(received).toBeGreaterThan(big.size);
  });

  it('uses a new Idempotency-Key for each audit started', async () => {
    const { service, client } = await harness();
    await client.startAudit('p', contracts);
    await client.startAudit('p', contracts);
    expect(service.uploads.map((u) => u.auditId)).toEqual(['audit-1', 'audit-2']);
    expect(service.uploads[0]!.idempotencyKey).not.toBe(service.uploads[1]!.idempotencyKey);
  });

  it('retries when the connection is refused, since nothing was sent', async () => {
    const port = await freePort();
    let service: AuditService | undefined;
    const sleeps: number[] = [];
    const client = new AuditClient({
      vocabulary: ACTION_VOCABULARY,
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      apiKey: 'test-api-key-5f1c9a7e',
      userAgent: 'test',
      random: () => 0.25,
      // The service comes up while the client waits to retry.
      sleep: async (ms) => {
        sleeps.push(ms);
        if (service) return;
        service = await serve({ port });
      },
    });
    open.push(client);
    const { auditId } = await client.startAudit('p', contracts);
    expect(auditId).toBe('audit-1');
    expect(sleeps).toEqual([250]);
    expect(service!.requests).toHaveLength(1);
    expect(service!.uploads[0]!.files.map((f) => f.filename)).toEqual(
      contracts.map((c) => c.relativePath),
    );
  });
});

/** A clock that only moves when the client sleeps. */
function virtualClock(start = 1_000_000) {
  const clock = {
    time: start,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}

describe('AuditClient deadline', () => {
  const operations = {
    'list projects': {
      method: 'GET',
      path: '/v1/projects',
      run: (c: AuditClient) => c.listProjects(),
    },
    'start the audit': {
      method: 'POST',
      path: '/v1/audits',
      run: (c: AuditClient) => c.startAudit('p', contracts),
    },
    'read audit audit-9': {
      method: 'GET',
      path: '/v1/audits/audit-9',
      run: (c: AuditClient) => c.getAudit('audit-9'),
    },
  } as const;

  it.each(Object.entries(operations))(
    '%s: a Retry-After that ends past the deadline ends the request at once',
    async (name, { method, path, run }) => {
      const clock = virtualClock();
      const { service, client } = await harness(
        {},
        { sleep: clock.sleep, deadline: { at: clock.time + 3_000, now: clock.now } },
      );
      service.addFault({ method, path, kind: 'status', status: 429, retryAfter: '1000000000' });
      const error = await serviceFailure(run(client));
      expect(error.message).toBe(
        `could not ${name}: HTTP 429: injected HTTP 429 — the service asked to wait ` +
          '1000000000 s (Retry-After) before trying again, and `timeout-minutes` ends before then',
      );
      expect(error.status).toBe(429);
      expect(clock.sleeps).toEqual([]);
      expect(service.requests).toHaveLength(1);
    },
  );

  it('ends at once when its own backoff would end past the deadline', async () => {
    const clock = virtualClock();
    const { service, client } = await harness(
      {},
      {
        sleep: clock.sleep,
        random: () => 0.999,
        deadline: { at: clock.time + 2_500, now: clock.now },
      },
    );
    service.addFault({ path: '/v1/projects', kind: 'status', status: 500, times: 5 });
    const error = await serviceFailure(client.listProjects());
    expect(error.message).toBe(
      'could not list projects after 2 attempts; last: HTTP 500: injected HTTP 500 — the next ' +
        'attempt would come after `timeout-minutes` ends',
    );
    expect(clock.sleeps).toEqual([999]);
    expect(service.requests).toHaveLength(2);
  });

  it('sends nothing once the deadline has passed', async () => {
    const clock = virtualClock();
    const { service, client } = await harness(
      {},
      { sleep: clock.sleep, deadline: { at: clock.time, now: clock.now } },
    );
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toBe(
      'could not start the audit: not sent: the deadline had passed — `timeout-minutes` had ended',
    );
    expect(service.requests).toEqual([]);
  });

  it("names the time limit, the address and the key in the command's words when the command drives it", async () => {
    const clock = virtualClock();
    const { client } = await harness(
      {},
      {
        sleep: clock.sleep,
        deadline: { at: clock.time, now: clock.now },
        vocabulary: CLI_VOCABULARY,
      },
    );
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toBe(
      'could not start the audit: not sent: the deadline had passed — --timeout-minutes had ended',
    );
    const lost = await harness({}, { vocabulary: CLI_VOCABULARY });
    expect((await serviceFailure(lost.client.getAudit('nope'))).message).toBe(
      'audit nope not found (HTTP 404) — check --base-url and --audit-id',
    );
    const wrongKey = await harness(
      {},
      { apiKey: 'not-the-key-0123456789', vocabulary: CLI_VOCABULARY },
    );
    expect((await serviceFailure(wrongKey.client.listProjects())).message).toContain(
      'check the key in `CONTRACT_AUDIT_API_KEY`',
    );
  });

  it('sends no further attempt when a wait overran the deadline', async () => {
    const clock = virtualClock();
    const { service, client } = await harness(
      {},
      {
        // Sleeps longer than asked, as a busy runner may.
        sleep: async (ms) => clock.sleep(ms + 5_000),
        deadline: { at: clock.time + 8_000, now: clock.now },
      },
    );
    service.addFault({ path: '/v1/projects', kind: 'status', status: 503, retryAfter: '4' });
    const error = await serviceFailure(client.listProjects());
    expect(error.message).toContain('HTTP 503: injected HTTP 503');
    expect(error.message).toContain('`timeout-minutes`');
    expect(service.requests).toHaveLength(1);
  });

  it('still caps a long Retry-After at 5 minutes when the deadline is later', async () => {
    const clock = virtualClock();
    const { service, client } = await harness(
      {},
      { sleep: clock.sleep, deadline: { at: clock.time + 600_000, now: clock.now } },
    );
    service.addFault({ path: '/v1/projects', kind: 'status', status: 503, retryAfter: '86400' });
    expect(await client.listProjects()).toEqual([]);
    expect(clock.sleeps).toEqual([300_000]);
  });

  it('an explicit retryUntil cannot reach past the deadline', async () => {
    const clock = virtualClock();
    const { service, client } = await harness(
      {},
      { sleep: clock.sleep, deadline: { at: clock.time + 3_000, now: clock.now } },
    );
    service.addFault({ path: '/v1/audits/audit-9', kind: 'status', status: 503, retryAfter: '5' });
    const error = await serviceFailure(
      client.getAudit('audit-9', undefined, { retryUntil: clock.time + 60_000 }),
    );
    expect(error.message).toContain('the service asked to wait 5 s');
    expect(clock.sleeps).toEqual([]);
  });

  it('cuts an attempt off at the deadline, however long one may take', async () => {
    // Real time: the attempt's timer is a real one, and here it runs 150 ms.
    const { service, client } = await harness(
      {},
      { requestTimeoutMs: 600_000, deadline: { at: Date.now() + 150, now: Date.now } },
    );
    service.addFault({ path: '/v1/projects', kind: 'delay', ms: 600_000 });
    const error = await serviceFailure(client.listProjects());
    expect(error.message).toBe(
      'could not list projects: no complete answer before the deadline — `timeout-minutes` ended ' +
        'while it was under way',
    );
  });

  it('cuts an upload off at the deadline even while it progresses', async () => {
    const big = await contractFile('contracts/Big.sol', Buffer.alloc(16 * 1024 * 1024, 0x61));
    // Takes in the body a little at a time and never answers.
    const server = createHttpServer((request) => {
      request.on('data', () => {
        request.pause();
        setTimeout(() => request.resume(), 4);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push({
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    });
    const { port } = server.address() as AddressInfo;
    const client = new AuditClient({
      vocabulary: ACTION_VOCABULARY,
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      apiKey: 'test-api-key-5f1c9a7e',
      userAgent: 'test',
      sleep: async () => undefined,
      requestTimeoutMs: 600_000,
      deadline: { at: Date.now() + 300, now: Date.now },
    });
    open.push(client);
    const error = await serviceFailure(client.startAudit('p', [big]));
    // The service never had the whole upload, so it cannot have created the audit.
    expect(error.message).toBe(
      'could not start the audit: no complete answer before the deadline — `timeout-minutes` ended while it was under way',
    );
  });
});

describe('AuditClient errors say what to fix', () => {
  it('401: the API key was rejected', async () => {
    const { service, client, sleeps } = await harness({}, { apiKey: 'wrong-key' });
    const error = await serviceFailure(client.listProjects());
    expect(error.message).toBe(
      'the service rejected the API key (HTTP 401) — check the key in `api-key`',
    );
    expect(error.status).toBe(401);
    expect(service.requests.map((r) => r.bearer)).toEqual(['unknown-key']);
    expect(sleeps).toEqual([]);
  });

  it('403: a read-only key cannot start an audit', async () => {
    const service = await serve();
    const client = new AuditClient({
      vocabulary: ACTION_VOCABULARY,
      baseUrl: new URL(service.url),
      apiKey: service.readOnlyKey,
      userAgent: 'test',
      sleep: async () => {},
    });
    open.push(client);
    expect(await client.listProjects()).toEqual([]);
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toBe(
      'the API key lacks the permission for this operation (HTTP 403): starting an audit needs a key with write permission',
    );
    expect(service.requests).toHaveLength(2);
  });

  it('404 on an audit: check base-url and audit-id', async () => {
    const { service, client } = await harness();
    const error = await serviceFailure(client.getAudit('nope'));
    expect(error.message).toBe('audit nope not found (HTTP 404) — check `base-url` and `audit-id`');
    expect(error.status).toBe(404);
    expect(service.requests).toHaveLength(1);
  });

  it('404 elsewhere: check base-url', async () => {
    const { service, client } = await harness();
    const wrongBase = new AuditClient({
      vocabulary: ACTION_VOCABULARY,
      baseUrl: new URL(`${service.url}/v1`),
      apiKey: service.apiKey,
      userAgent: 'test',
      sleep: async () => {},
    });
    open.push(wrongBase);
    const error = await serviceFailure(wrongBase.listProjects());
    expect(error.message).toContain('(HTTP 404) — check `base-url`');
    expect(error.message).toContain('/v1 is added to `base-url` on every request: leave it out');
    await expect(client.listProjects()).resolves.toEqual([]);
  });

  it('a 404 right after the start (service not consistent yet) is reported with status 404', async () => {
    const { service, client } = await harness({ pollsUntilDone: 0 });
    service.addFault({ kind: 'notFoundUntil', gets: 1 });
    const { auditId } = await client.startAudit('p', contracts);
    const error = await serviceFailure(client.getAudit(auditId));
    expect(error.status).toBe(404);
    expect((await client.getAudit(auditId)).snapshot.state).toBe('completed');
  });

  it('400: quotes the service reason', async () => {
    const { service, client } = await harness();
    service.addFault({
      method: 'POST',
      kind: 'status',
      status: 400,
      body: '{"errors":[{"message":"project_name too long"}]}',
    });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toBe(
      'the service rejected the request to start the audit (HTTP 400): project_name too long',
    );
  });

  it('413: the upload is too large', async () => {
    const { client } = await harness({ maxUploadBytes: 100 });
    const error = await serviceFailure(client.startAudit('p', contracts));
    expect(error.message).toMatch(
      /^the upload is too large for the service \(HTTP 413\): upload of \d+ bytes exceeds/,
    );
    expect(error.status).toBe(413);
  });

  it('a redirect is not followed', async () => {
    const { service, client } = await harness();
    service.addFault({ path: '/v1/projects', kind: 'status', status: 307, body: '' });
    const error = await serviceFailure(client.listProjects());
    expect(error.message).toContain('with a redirect (HTTP 307); redirects are not followed');
    expect(service.requests).toHaveLength(1);
  });
});
