#!/usr/bin/env node
/**
 * A stand-in for solc that forge can be pointed at (`forge build --use <this file>`): it answers
 * `--version` with solc-js's version, and for `--standard-json` writes the input forge built (the
 * sources it would compile, the remappings it would pass) to the file FAKE_SOLC_INPUT names,
 * then answers as a compiler that found nothing to say. Nothing is compiled.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const solc = createRequire(import.meta.url)('solc');
if (process.argv.includes('--version')) {
  const version = solc.version().replace('.Emscripten.clang', '');
  process.stdout.write(
    `solc, the solidity compiler commandline interface\nVersion: ${version}.Linux.g++\n`,
  );
} else {
  const input = readFileSync(0, 'utf8');
  const target = process.env.FAKE_SOLC_INPUT;
  if (!target) throw new Error('FAKE_SOLC_INPUT is not set');
  writeFileSync(target, input);
  const names = Object.keys(JSON.parse(input).sources ?? {});
  const sources = Object.fromEntries(names.map((name, id) => [name, { id }]));
  process.stdout.write(JSON.stringify({ sources, contracts: {} }));
}
