/**
 * Reads the files under test/fixtures/: `fixtureText('answers', 'audit', 'x.json')` is
 * test/fixtures/answers/audit/x.json as UTF-8 text.
 */
import { readFileSync } from 'node:fs';

const root = new URL('../fixtures/', import.meta.url);

export function fixtureText(...segments: string[]): string {
  return readFileSync(new URL(segments.join('/'), root), 'utf8');
}

/** The fixture parsed as JSON; the type is the caller's word, not checked. */
export function fixtureJson<T = unknown>(...segments: string[]): T {
  return JSON.parse(fixtureText(...segments)) as T;
}
