/**
 * Builds dist/ as the runner loads it: src/ compiled by tsc (tsconfig.build.json) into .build/,
 * then bundled by @vercel/ncc into dist/index.js (ESM, with a chunk per module a dependency loads
 * through `import()`), dist/package.json and dist/licenses.txt, the license of every bundled
 * package. The command line (src/cli/index.ts) is bundled beside it as dist/cli.js, the
 * package's `bin`, with its chunks named after it and its licenses in dist/cli-licenses.txt.
 * The same sources give the same bytes, so CI checks that the committed dist/ is the build of src/.
 *
 *   npm run build                              # dist/
 *   node scripts/build.ts --outdir /tmp/d      # elsewhere (bench-coldstart compares builds)
 */
import { execFileSync } from 'node:child_process';
import { chmod, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { outdir: { type: 'string', default: path.join(root, 'dist') } },
});
const outdir = path.resolve(values.outdir);
const compiled = path.join(root, '.build');
const require = createRequire(import.meta.url);
const run = (script: string, args: string[]) =>
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });

await Promise.all([
  rm(outdir, { recursive: true, force: true }),
  rm(compiled, { recursive: true, force: true }),
]);
run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json']);
run(path.join(path.dirname(require.resolve('@vercel/ncc/package.json')), 'dist/ncc/cli.js'), [
  'build',
  path.join(compiled, 'index.js'),
  '--out',
  outdir,
  '--license',
  'licenses.txt',
  '--quiet',
]);
await buildCommand();
await rm(compiled, { recursive: true, force: true });

/** ncc's API, which names the output (its CLI always writes index.js, and chunks after it). */
async function buildCommand(): Promise<void> {
  const ncc = require('@vercel/ncc') as (
    entry: string,
    options: { filename: string; license: string; quiet: boolean },
  ) => Promise<{ code: string; assets: Record<string, { source: string | Buffer }> }>;
  const { code, assets } = await ncc(path.join(compiled, 'cli/index.js'), {
    filename: 'cli.js',
    license: 'licenses.txt',
    quiet: true,
  });
  const bin = path.join(outdir, 'cli.js');
  await writeFile(bin, `#!/usr/bin/env node\n${code}`);
  await chmod(bin, 0o755);
  for (const [name, { source }] of Object.entries(assets)) {
    await writeFile(path.join(outdir, name === 'licenses.txt' ? 'cli-licenses.txt' : name), source);
  }
}
