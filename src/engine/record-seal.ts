/**
 * Seals for records a door keeps where others can write (the Actions cache): an HMAC-SHA-256,
 * keyed by a sub-key derived from the API key, over every field a record holds. Only a run given
 * the key can make a seal that matches, so a record without one is never used.
 *
 * A seal is written where others read it, and is safe there: the sub-key comes from the API key
 * through HKDF (one-way), and an HMAC's output tells nothing of its key; finding either means
 * guessing the whole API key. Each kind of record has its own domain and so its own sub-key: a
 * seal of one kind never passes as another's.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** One domain per kind of record; changing one voids every seal of that kind. */
export const SEAL_DOMAINS = {
  /** A completed audit of an upload (engine/reuse.ts). */
  reuse: 'contract-audit/reuse-record/1',
  /** A check run left pending for a head commit and check name. */
  pendingCheck: 'contract-audit/pending-check-run/1',
} as const;
export type SealKind = keyof typeof SEAL_DOMAINS;

/**
 * 128 bits, as HMAC-SHA-256-128 (RFC 4868): a forger's chance per try is 2^-128, and the seal
 * fits beside a record in a cache key, whose room is short.
 */
const SEAL_BYTES = 16;

/**
 * The seal of `fields` (in order; undefined for a field the record leaves out), in base64url.
 * The fields are encoded as their JSON array, which quotes and escapes each: no two lists of
 * fields share an encoding, whatever characters they hold.
 */
export function seal(
  apiKey: string,
  kind: SealKind,
  fields: readonly (string | undefined)[],
): string {
  const subKey = Buffer.from(hkdfSync('sha256', apiKey, '', SEAL_DOMAINS[kind], 32));
  const encoded = JSON.stringify(fields.map((field) => field ?? null));
  return createHmac('sha256', subKey)
    .update(encoded, 'utf8')
    .digest()
    .subarray(0, SEAL_BYTES)
    .toString('base64url');
}

/** Whether `given` is the seal of these fields under this key, compared in constant time. */
export function sealMatches(
  apiKey: string,
  kind: SealKind,
  fields: readonly (string | undefined)[],
  given: string,
): boolean {
  const expected = Buffer.from(seal(apiKey, kind, fields), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
