/**
 * An upload compiled on its own by solc-js, as the service compiles it: every Solidity source under
 * the name it is sent under, no remappings and no import callback, so an import that names no file
 * of the upload is an error. Version pragmas are blanked, so one compiler checks uploads written
 * for many; what is left to fail is the upload itself.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { SentFile } from './layouts.ts';

interface Solc {
  compile(input: string): string;
}

interface SolcError {
  severity: string;
  message: string;
  formattedMessage?: string;
}

let compiler: Solc | undefined;

export interface Compilation {
  /** Sources imported but not in the upload, by the name the import asked for. */
  missing: string[];
  /** Every other error, first line of each. */
  errors: string[];
}

/** Compiles the upload's `.sol` files together, with no output asked for but the checks. */
export async function compileUpload(files: readonly SentFile[]): Promise<Compilation> {
  // Loaded on first use: the compiler is a large WebAssembly module.
  compiler ??= createRequire(import.meta.url)('solc') as Solc;
  const sources: Record<string, { content: string }> = {};
  for (const file of files.filter((each) => each.relativePath.endsWith('.sol'))) {
    const text = await readFile(file.absolutePath, 'utf8');
    sources[file.relativePath] = { content: text.replace(/pragma\s+solidity[^;]*;/g, '') };
  }
  if (Object.keys(sources).length === 0) return { missing: [], errors: [] };
  const output = JSON.parse(
    compiler.compile(
      JSON.stringify({ language: 'Solidity', sources, settings: { outputSelection: {} } }),
    ),
  ) as { errors?: SolcError[] };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  const missing = errors
    .map((error) => /^Source "([^"]+)" not found/.exec(error.message)?.[1])
    .filter((name) => name !== undefined);
  return {
    missing: [...new Set(missing)].sort(),
    errors: errors
      .filter((error) => !/^Source "[^"]+" not found/.test(error.message))
      .map((error) => (error.formattedMessage ?? error.message).split('\n')[0] ?? ''),
  };
}
