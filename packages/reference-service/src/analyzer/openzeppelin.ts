/** The OpenZeppelin Contracts sources installed in node_modules: a large, real corpus for tests and the benchmark. */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SourceFile } from './types.ts';

/** Where Node resolves `@openzeppelin/contracts` from this package (hoisted or not). */
export const OPENZEPPELIN_ROOT = dirname(
  createRequire(import.meta.url).resolve('@openzeppelin/contracts/package.json'),
);

/** Every `.sol` file, with its path relative to the package root, in a stable order. */
export function openZeppelinSources(): SourceFile[] {
  return readdirSync(OPENZEPPELIN_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.sol'))
    .sort()
    .map((path) => ({ path, content: readFileSync(join(OPENZEPPELIN_ROOT, path), 'utf8') }));
}
