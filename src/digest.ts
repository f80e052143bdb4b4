/**
 * SHA-256 digests, with `node:crypto` loaded when the first is asked for: a run that hashes
 * nothing (a fork's, skipped) never loads it. Loading it cost such a run about 5 ms of CPU, a
 * tenth of its whole (scripts/bench-coldstart.ts).
 */
let crypto: typeof import('node:crypto') | undefined;

/** One-shot `hash`: half the cost of a `createHash` object, and a list may hash every finding. */
export function sha256(text: string, encoding: 'hex' | 'base64url'): string {
  crypto ??= process.getBuiltinModule('node:crypto');
  return crypto.hash('sha256', text, encoding);
}
