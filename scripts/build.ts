/**
 * Builds dist/ with esbuild: src/index.ts as dist/index.js (ESM), each module the action loads
 * through `import()` (main, Octokit, undici, the config parsers) with what only it needs in its
 * own chunk, every file minified, and licenses.txt with the license of every bundled package.
 * The output is the same for the same sources (chunk names are content hashes), so CI can check
 * that the committed dist/ is the build of src/. (ncc minified only index.js, not its chunks.)
 *
 *   npm run build                                     # dist/
 *   node scripts/build.ts --outdir /tmp/d --metafile /tmp/d.json   # elsewhere, with esbuild's
 *                                                     # metafile (bench-coldstart's composition)
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    outdir: { type: 'string', default: path.join(root, 'dist') },
    metafile: { type: 'string' },
  },
});
const outdir = path.resolve(values.outdir);

await rm(outdir, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  minify: true,
  metafile: true,
  // undici is CommonJS and requires Node's modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [commonJsFacades()],
  logLevel: 'warning',
});
await Promise.all([
  writeFile(path.join(outdir, 'package.json'), '{\n  "type": "module"\n}\n'),
  writeFile(path.join(outdir, 'licenses.txt'), await licenses(metafile)),
  values.metafile && writeFile(values.metafile, JSON.stringify(metafile, null, 2)),
]);

/**
 * In Node, `import()` of a CommonJS package (undici, yaml) gives its exports by name as well as
 * `default`; split into a chunk by esbuild, it gives only `default`. A facade that re-exports
 * them by name makes `const { parse } = await import('yaml')` work bundled as in the tests.
 */
function commonJsFacades(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'commonjs-facades',
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, async ({ path: specifier, kind, resolveDir }) => {
        if (kind !== 'dynamic-import') return undefined;
        const resolved = await bundler.resolve(specifier, { kind: 'import-statement', resolveDir });
        if (resolved.errors.length > 0 || !(await isCommonJs(resolved.path))) return undefined;
        // Relative, as every path the output's content hashes see: the same build anywhere.
        return { path: path.relative(root, resolved.path), namespace: 'commonjs-facade' };
      });
      bundler.onLoad({ filter: /.*/, namespace: 'commonjs-facade' }, ({ path: relative }) => {
        const file = path.join(root, relative);
        const names = Object.keys(require(file) as object).filter(
          (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
        );
        return {
          contents:
            `import exports from './${path.basename(file)}';\nexport default exports;\n` +
            `export const { ${names.join(', ')} } = exports;\n`,
          resolveDir: path.dirname(file),
        };
      });
    },
  };
}

/** A `.cjs` file, or a `.js` one whose nearest package.json does not say `"type": "module"`. */
async function isCommonJs(file: string): Promise<boolean> {
  if (file.endsWith('.cjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let directory = path.dirname(file); ; directory = path.dirname(directory)) {
    const manifest = await readFile(path.join(directory, 'package.json'), 'utf8').catch(() => '');
    if (manifest) return (JSON.parse(manifest) as { type?: string }).type !== 'module';
    if (directory === path.dirname(directory)) return true;
  }
}

/** `node_modules/a/node_modules/@b/c/x.js` → `node_modules/a/node_modules/@b/c`. */
function packageDirectory(input: string): string | undefined {
  const at = input.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  const [first, second] = input.slice(at + 'node_modules/'.length).split('/');
  return (
    input.slice(0, at) + `node_modules/${first!.startsWith('@') ? `${first}/${second}` : first}`
  );
}

/** Each bundled package's name, license and license text, sorted by name (as ncc wrote them). */
async function licenses(meta: Metafile): Promise<string> {
  // A facade's input is named `commonjs-facade:<file>`; the file is an input of its own.
  const files = Object.keys(meta.inputs).filter((input) => !input.startsWith('commonjs-facade:'));
  const directories = new Set(files.flatMap((input) => packageDirectory(input) ?? []));
  const entries = await Promise.all(
    [...directories].map(async (directory) => {
      const full = path.join(root, directory);
      const manifest = JSON.parse(await readFile(path.join(full, 'package.json'), 'utf8')) as {
        name: string;
        license?: string;
      };
      const file = (await readdir(full)).sort().find((name) => /^licen[cs]e/i.test(name));
      const text = file ? (await readFile(path.join(full, file), 'utf8')).trim() : '';
      return `${manifest.name}\n${manifest.license ?? 'UNKNOWN'}\n${text}\n`;
    }),
  );
  return entries.sort().join('\n');
}
