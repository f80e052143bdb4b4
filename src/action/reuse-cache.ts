/**
 * The Action's keeper of reuse records: the Actions cache, through `@actions/cache`. A record
 * lives in its entry's key (`contract-audit-v1-<digest>-<record, base64url>`), found by prefix
 * with `lookupOnly`: a lookup is one request, and no archive a cache entry holds is ever
 * downloaded or extracted onto the runner. The entry's archive holds the same record, for people
 * looking at the cache. The cache is optional and untrusted: whatever fails, the run uploads.
 */
import * as cache from '@actions/cache';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { errorMessage } from '../errors.ts';
import type { Logger } from '../log.ts';
import { within } from './within.ts';
import type { ReuseStore } from '../engine/reuse.ts';

const KEY_PREFIX = 'contract-audit-v1-';
/** A cache that answers slower than this is passed over: it is there to save time. */
const CACHE_WAIT_MS = 20_000;
/** GitHub's limit on a cache key. */
const MAX_KEY_LENGTH = 512;

const noAnswer = (ms: number) => `no answer within ${ms / 1000} s`;

export function keyPrefix(digest: string): string {
  return `${KEY_PREFIX}${digest}-`;
}

/**
 * The store, or undefined when this runner has no cache service (a local run, GHES without one,
 * other runners), which is said only in the debug log.
 */
export function createCacheStore(
  log: Logger,
  temp: string,
  /** The most a lookup or a save may take: the toolkit's own retries know no deadline. */
  waitMs = CACHE_WAIT_MS,
): ReuseStore | undefined {
  // GitHub's local-action stands in for @actions/cache with restoreCache and saveCache only,
  // kept on the machine: where the check is missing, the stand-in is the cache.
  if (typeof cache.isFeatureAvailable === 'function' && !cache.isFeatureAvailable()) {
    log.debug('No Actions cache service on this runner: audits are not reused.');
    return undefined;
  }
  // One path for every entry: the cache's version of an entry hashes the paths it holds.
  const file = path.join(temp, 'contract-audit-reuse', 'record.json');
  // Saves share the file, so they go one at a time.
  const oneAtATime = pLimit(1);
  return {
    async find(digest) {
      const prefix = keyPrefix(digest);
      try {
        const matched = await within(
          waitMs,
          cache.restoreCache([file], prefix, [prefix], { lookupOnly: true }),
          noAnswer(waitMs),
        );
        // A key longer than GitHub takes was not written by this action; within it, a record is
        // a few hundred bytes, well under what the engine reads.
        if (matched === undefined || matched.length > MAX_KEY_LENGTH) return undefined;
        const encoded = matched.startsWith(prefix) ? matched.slice(prefix.length) : '';
        return Buffer.from(encoded, 'base64url').toString('utf8');
      } catch (error) {
        log.info(
          `The Actions cache could not be read (${errorMessage(error)}), so this upload is audited anew.`,
        );
        return undefined;
      }
    },
    save: (digest, text) =>
      oneAtATime(async () => {
        const key = keyPrefix(digest) + Buffer.from(text, 'utf8').toString('base64url');
        if (key.length > MAX_KEY_LENGTH) {
          log.debug(
            'The audit id is too long to record in a cache key: the audit is not kept for reuse.',
          );
          return;
        }
        const notKept = (why: string) =>
          log.info(
            `The audit could not be recorded in the Actions cache (${why}); the next run audits this upload anew.`,
          );
        try {
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, text);
          // The toolkit says why itself, and answers -1.
          if ((await within(waitMs, cache.saveCache([file], key), noAnswer(waitMs))) === -1)
            notKept('see the line above');
        } catch (error) {
          notKept(errorMessage(error));
        }
      }),
  };
}
