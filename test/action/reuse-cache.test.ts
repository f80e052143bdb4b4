/**
 * The reuse store against the real protocol: `@actions/cache` itself speaking Twirp JSON to a
 * loopback stand-in of the results service, its bytes going to Azurite through signed URLs.
 */
import * as cache from '@actions/cache';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCacheStore, keyPrefix } from '../../src/action/reuse-cache.ts';
import { readRecord, recordText } from '../../src/engine/reuse.ts';
import { startAzurite, type Azurite } from '../support/azurite.ts';
import { recordingLogger } from '../support/logger.ts';
import { startResultsService, type ResultsServiceStandIn } from '../support/results-service.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

let azurite: Azurite;
let results: ResultsServiceStandIn;
beforeAll(async () => {
  azurite = await startAzurite();
}, 60_000);
afterAll(async () => {
  await azurite.close();
});

const digest = 'ab'.repeat(32);
let temp: string;
let stdout: string[];
beforeEach(async () => {
  stdout = [];
  results = await startResultsService(azurite);
  temp = await mkdtemp(path.join(tmpdir(), 'runner-temp-'));
  for (const [name, value] of Object.entries(results.env())) vi.stubEnv(name, value);
  vi.stubEnv('GITHUB_WORKSPACE', temp);
  // The toolkit writes its own lines with @actions/core.
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout.push(String(chunk));
    return true;
  });
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await results.close();
});

describe('the Actions cache as the reuse store', () => {
  it('keeps a record and finds it again by prefix, never downloading an archive', async () => {
    const { log } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    expect(await store.find(digest)).toBeUndefined();
    await store.save(digest, '{"version":1,"auditId":"audit-1"}');
    expect(results.entries).toEqual([
      expect.objectContaining({
        key: expect.stringMatching(new RegExp(`^${keyPrefix(digest)}`)),
        finalized: true,
      }),
    ]);
    expect(await store.find(digest)).toBe('{"version":1,"auditId":"audit-1"}');
    expect(results.calls).toEqual([
      'GetCacheEntryDownloadURL',
      'CreateCacheEntry',
      'FinalizeCacheEntryUpload',
      'GetCacheEntryDownloadURL',
    ]);
    // Another upload's digest finds nothing.
    expect(await store.find('cd'.repeat(32))).toBeUndefined();
  });

  it('is absent where the runner has no cache service, said only in the debug log', () => {
    vi.stubEnv('ACTIONS_RESULTS_URL', '');
    const { log, lines } = recordingLogger();
    expect(createCacheStore(log, temp)).toBeUndefined();
    expect(lines).toEqual([
      'debug: No Actions cache service on this runner: audits are not reused.',
    ]);
  });

  it.each([
    ['refuses reads', { kind: 'deny-reads' } as const],
    ['answers 400', { kind: 'status', status: 400 } as const],
    ['answers 401', { kind: 'status', status: 401 } as const],
  ])('finds nothing, with one warning of the toolkit, when the service %s', async (_, fault) => {
    const { log, lines } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    await store.save(digest, '{"version":1}');
    results.fault = fault;
    stdout.length = 0;
    expect(await store.find(digest)).toBeUndefined();
    const said = stdout
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('::warning'));
    expect(said).toEqual([expect.stringMatching(/^::warning::Failed to restore: /)]);
    expect(lines).toEqual([]);
  });

  it('passes over a cache that does not answer, within the time it is given', async () => {
    const { log, lines } = recordingLogger();
    const store = createCacheStore(log, temp, 300)!;
    results.fault = { kind: 'hang' };
    expect(await store.find(digest)).toBeUndefined();
    await store.save(digest, '{"version":1}');
    expect(lines).toEqual([
      'info: The Actions cache could not be read (no answer within 0.3 s), so this upload is audited anew.',
      'info: The audit could not be recorded in the Actions cache (no answer within 0.3 s); the next run audits this upload anew.',
    ]);
  });

  it('says so, and throws nothing, when the service refuses to keep a record', async () => {
    const { log, lines } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    results.fault = { kind: 'deny-writes' };
    stdout.length = 0;
    await expect(store.save(digest, '{"version":1}')).resolves.toBeUndefined();
    // The toolkit says why itself; the store points to it.
    expect(stdout.join('')).toContain('cache write denied: read-only scope');
    expect(lines).toEqual([
      'info: The audit could not be recorded in the Actions cache (see the line above); the next run audits this upload anew.',
    ]);
  });

  it('finds nothing in an entry whose key is not a record of this action', async () => {
    const { log } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    // What an archive's version would be for the store's path: seeded through a real save first.
    await store.save('ef'.repeat(32), '{}');
    const version = results.entries[0]!.version;
    results.seed(`${keyPrefix(digest)}${'!'.repeat(20)}`, version);
    // Not base64url: decoded, it is no JSON, and the engine refuses it as such.
    const found = await store.find(digest);
    expect(found === undefined || !found.startsWith('{')).toBe(true);
  });

  it('keeps the longest record this action writes in a key GitHub takes, and reads it back', async () => {
    const { log, lines } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    const runs = 'https://github.com/acme/vaults/actions/runs/';
    const key = { apiKey: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', runUrlPrefix: runs };
    const longest = {
      digest,
      auditId: 'a'.repeat(200),
      auditedAt: new Date(8.64e15).toISOString(),
      runUrl: `${runs}${'9'.repeat(19)}`,
    };
    await store.save(digest, recordText(longest, key));
    expect(lines).toEqual([]);
    const [entry] = results.entries;
    expect(entry!.key.length).toBeLessThanOrEqual(512);
    expect(entry!.key).not.toContain(',');
    const found = await store.find(digest);
    expect(
      readRecord(found!, {
        ...key,
        digest,
        now: 8.64e15,
        maxAgeMs: 1,
        vocabulary: ACTION_VOCABULARY,
      }),
    ).toEqual(longest);
  });

  it('keeps and finds a record whose key is exactly 512 characters long, and no longer', async () => {
    const { log, lines } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    // 321 bytes are 428 in base64url: with a digest of 65 characters the key is 512 long.
    const text = 'x'.repeat(321);
    const [fits, over] = ['c'.repeat(65), 'c'.repeat(66)];
    await store.save(fits, text);
    await store.save(over, text);
    expect(results.entries.map((entry) => entry.key.length)).toEqual([512]);
    expect(lines).toEqual([
      'debug: The audit id is too long to record in a cache key: the audit is not kept for reuse.',
    ]);
    expect(await store.find(fits)).toBe(text);
    // One another writer left: GitHub takes no such key, so it was not this action's.
    results.seed(
      `${keyPrefix(over)}${Buffer.from(text).toString('base64url')}`,
      results.entries[0]!.version,
    );
    expect(results.entries.at(-1)!.key).toHaveLength(513);
    expect(await store.find(over)).toBeUndefined();
  });

  it('keeps two records saved at once each in its own entry, each archive holding its own', async () => {
    const { log, lines } = recordingLogger();
    const store = createCacheStore(log, temp)!;
    const records = {
      ['ab'.repeat(32)]: '{"auditId":"audit-1"}',
      ['cd'.repeat(32)]: '{"auditId":"audit-2"}',
    };
    await Promise.all(Object.entries(records).map(([each, text]) => store.save(each, text)));
    expect(lines).toEqual([]);
    expect(results.entries).toHaveLength(2);
    // The toolkit itself restores each archive where the store wrote it.
    const file = path.join(temp, 'contract-audit-reuse', 'record.json');
    for (const [each, text] of Object.entries(records)) {
      expect(await store.find(each)).toBe(text);
      const key = keyPrefix(each) + Buffer.from(text).toString('base64url');
      expect(await cache.restoreCache([file], key)).toBe(key);
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });
});
