/** SHA-256 digests of text. */
import { hash } from 'node:crypto';

/** One-shot `hash`: half the cost of a `createHash` object, and a list may hash every finding. */
export function sha256(text: string, encoding: 'hex' | 'base64url'): string {
  return hash('sha256', text, encoding);
}
