/**
 * An audit's life: asynchronous work, pending → in_progress → an outcome as time and polls allow,
 * the timestamps of each step, and failure only when nothing could be parsed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startAuditService, type AuditService, type AuditServiceOptions } from '../src/server.ts';
import { auditIdOf, getAudit, listProjects, startAudit, TOKEN_SOL } from './service-client.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const token = { name: 'contracts/Token.sol', content: TOKEN_SOL };

let service: AuditService | undefined;
let clock = T0;

afterEach(async () => {
  await service?.close();
  service = undefined;
  clock = T0;
});

async function serve(options: AuditServiceOptions): Promise<AuditService> {
  service = await startAuditService({ now: () => clock, ...options });
  return service;
}

interface AuditBody {
  status: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  findings?: { severity: string; file: string; rule_id: string }[];
  error?: { code: string; message: string };
}

async function poll(svc: AuditService, id: string): Promise<AuditBody> {
  const answer = await getAudit(svc.url, svc.apiKey, id);
  expect(answer.status).toBe(200);
  return answer.json as AuditBody;
}

describe('progress over time (minDurationMs) with an injected clock', () => {
  it('is pending for the first half, in_progress until the minimum, then completed', async () => {
    const svc = await serve({ minDurationMs: 1_000, pollsUntilDone: 0 });
    const started = await startAudit(svc.url, svc.apiKey, 'vaults', [token]);
    expect(started.json).toEqual({ audit_id: 'audit-1', status: 'pending' });

    const seen: [number, AuditBody][] = [];
    for (const ms of [0, 499, 500, 999, 1_000, 5_000]) {
      clock = T0 + ms;
      seen.push([ms, await poll(svc, 'audit-1')]);
    }
    expect(seen.map(([ms, body]) => [ms, body.status, body.started_at, body.completed_at])).toEqual(
      [
        [0, 'pending', null, null],
        [499, 'pending', null, null],
        [500, 'in_progress', at(500), null],
        [999, 'in_progress', at(500), null],
        [1_000, 'completed', at(500), at(1_000)],
        [5_000, 'completed', at(500), at(1_000)],
      ],
    );
    expect(seen.every(([, body]) => body.created_at === at(0))).toBe(true);
    expect(seen.filter(([, body]) => body.findings !== undefined).map(([ms]) => ms)).toEqual([
      1_000, 5_000,
    ]);
  });

  it('with pollsUntilDone as well, each step waits for both and is dated by the later', async () => {
    const svc = await serve({ minDurationMs: 1_000, pollsUntilDone: 2 });
    const steps = async (times: number[]) => {
      const id = auditIdOf(await startAudit(svc.url, svc.apiKey, 'vaults', [token]));
      const seen: string[] = [];
      for (const ms of times) {
        clock = T0 + ms;
        const body = await poll(svc, id);
        seen.push(`GET at ${ms}: ${body.status} ${body.started_at} ${body.completed_at}`);
      }
      clock = T0;
      return seen;
    };
    // Polls come early: the time is what holds the audit back.
    expect(await steps([100, 200, 700, 2_000])).toEqual([
      'GET at 100: pending null null',
      'GET at 200: pending null null',
      `GET at 700: in_progress ${at(500)} null`,
      `GET at 2000: completed ${at(500)} ${at(1_000)}`,
    ]);
    // Polls come late: they are what hold it back, and date each step.
    expect(await steps([600, 700, 1_500])).toEqual([
      'GET at 600: pending null null',
      `GET at 700: in_progress ${at(700)} null`,
      `GET at 1500: completed ${at(700)} ${at(1_500)}`,
    ]);
  });

  it('the project listing shows the status as of now without counting as a poll', async () => {
    const svc = await serve({ minDurationMs: 1_000, pollsUntilDone: 0 });
    const id = auditIdOf(await startAudit(svc.url, svc.apiKey, 'vaults', [token]));
    const status = async () =>
      (
        (await listProjects(svc.url, svc.apiKey)).json as {
          projects: { last_audit_status: string }[];
        }
      ).projects[0]!.last_audit_status;
    expect(await status()).toBe('pending');
    clock = T0 + 600;
    expect(await status()).toBe('in_progress');
    clock = T0 + 1_000;
    expect(await status()).toBe('completed');
    expect(svc.audits.get(id)!.polls).toBe(0);
  });
});

describe('asynchronous work', () => {
  it('answers the start before analysing, and the audit waits in the queue as pending', async () => {
    const held: (() => void)[] = [];
    const svc = await serve({ pollsUntilDone: 0, schedule: (work) => held.push(work) });
    const id = auditIdOf(await startAudit(svc.url, svc.apiKey, 'vaults', [token]));
    const stored = svc.audits.get(id)!;
    expect(stored.pickedUpAt).toBeUndefined();
    expect(stored.analysis).toBeUndefined();
    expect((await poll(svc, id)).status).toBe('pending');

    clock = T0 + 40;
    held.shift()!();
    expect(stored.analysis).toMatchObject({ parsedFiles: 1, failedFiles: 0 });
    const body = await poll(svc, id);
    expect(body).toMatchObject({ status: 'completed', started_at: at(40), completed_at: at(40) });
    expect(body.findings!.map((f) => f.rule_id)).toEqual(['reentrancy']);
  });

  it('by default analyses on the next turn of the event loop, one audit at a time', async () => {
    const svc = await serve({ pollsUntilDone: 0 });
    const ids = [];
    for (const name of ['a', 'b', 'c'])
      ids.push(auditIdOf(await startAudit(svc.url, svc.apiKey, name, [token])));
    for (const id of ids) expect((await poll(svc, id)).status).toBe('completed');
  });
});

describe('outcomes', () => {
  it('fails with a message naming each file and line when no file parses', async () => {
    const svc = await serve({ pollsUntilDone: 0 });
    const id = auditIdOf(
      await startAudit(svc.url, svc.apiKey, 'broken', [
        {
          name: 'src/Broken.sol',
          content: 'pragma solidity 0.8.24;\ncontract A {\n  function f( {\n}\n',
        },
        { name: 'src/Blob.sol', content: new Uint8Array([0, 159, 146, 150]) },
      ]),
    );
    const body = await poll(svc, id);
    expect(body.status).toBe('failed');
    expect(body.findings).toBeUndefined();
    expect(body.error).toEqual({
      code: 'audit_failed',
      message:
        'Nothing was analysed: no uploaded Solidity file could be parsed ' +
        '(src/Broken.sol stops at line 3; src/Blob.sol is not UTF-8 text). ' +
        'Fix the syntax or the pragma and audit again.',
    });
    expect(body.completed_at).not.toBeNull();
  });

  it('completes when one file parses, reporting the others as info findings', async () => {
    const svc = await serve({ pollsUntilDone: 0 });
    const id = auditIdOf(
      await startAudit(svc.url, svc.apiKey, 'mixed', [
        { name: 'src/Broken.sol', content: 'contract {' },
        token,
        { name: 'vyper/Vault.vy', content: '# @version 0.3.10\n@external\ndef f():\n    pass\n' },
      ]),
    );
    const body = await poll(svc, id);
    expect(body.status).toBe('completed');
    expect(body.findings!.map((f) => `${f.severity} ${f.file} ${f.rule_id}`)).toEqual([
      'info src/Broken.sol parse-error',
      'high contracts/Token.sol reentrancy',
      'info vyper/Vault.vy vyper-not-analysed',
    ]);
  });

  it('completes an upload of Vyper files only, each reported as not analysed', async () => {
    const svc = await serve({ pollsUntilDone: 0 });
    const id = auditIdOf(
      await startAudit(svc.url, svc.apiKey, 'vyper', [{ name: 'Vault.vy', content: '# empty\n' }]),
    );
    const body = await poll(svc, id);
    expect(body).toMatchObject({
      status: 'completed',
      findings: [{ file: 'Vault.vy', rule_id: 'vyper-not-analysed', severity: 'info' }],
    });
  });

  it('failWith and setFailure end audits failed with that message', async () => {
    const svc = await serve({ pollsUntilDone: 0, failWith: 'solc crashed' });
    const first = auditIdOf(await startAudit(svc.url, svc.apiKey, 'p', [token]));
    expect((await poll(svc, first)).error?.message).toBe('solc crashed');
    svc.setFailure(undefined);
    const second = auditIdOf(await startAudit(svc.url, svc.apiKey, 'p', [token]));
    expect((await poll(svc, second)).status).toBe('completed');
  });
});
