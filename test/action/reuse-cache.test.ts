/**
 * The reuse store against the real protocol: `@actions/cache` itself speaking Twirp JSON to a
 * loopback stand-in of the results service, its bytes going to Azurite through signed URLs.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCacheStore, keyPrefix } from '../../src/action/reuse-cache.ts';
import { startAzurite, type Azurite } from '../support/azurite.ts';
import { recordingLogger } from '../support/logger.ts';
import { startResultsService, type ResultsServiceStandIn } from '../support/results-service.ts';

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
    await expect(store.save(digest, '{"version":1}')).resolves.toBeUndefined();
    expect(lines).toContainEqual(
      expect.stringContaining('could not be recorded in the Actions cache'),
    );
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
});
