/**
 * Every relative link of README.md and docs/*.md leads somewhere: to a file or folder that exists
 * and, with `#anchor`, to a heading of that file as GitHub names it. A moved section otherwise
 * leaves its readers at the top of a page, or at a 404.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/run-action.ts';

/** The text a reader sees of inline tokens: code spans, emphasis and links without their marks. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      const nested = (token as { tokens?: Token[] }).tokens;
      if (nested && token.type !== 'codespan') return plainText(nested);
      return (token as { text?: string }).text ?? '';
    })
    .join('');
}

/**
 * GitHub's anchor for a heading: lower-case, punctuation dropped (letters, digits, `_`, `-` and
 * spaces stay), spaces to `-`; a repeated heading gets `-1`, `-2`, ….
 */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type !== 'heading') return;
    const slug = plainText((token as Tokens.Heading).tokens)
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  });
  return result;
}

/** Each relative link of one Markdown file that leads nowhere, with why. */
function brokenLinks(root: string, file: string): string[] {
  const markdown = readFileSync(path.join(root, file), 'utf8');
  const problems: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type !== 'link' && token.type !== 'image') return;
    const href = (token as Tokens.Link).href;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return; // https:, mailto:: not this repository's
    const [target = '', anchor] = href.split('#');
    const resolved = target === '' ? file : path.posix.join(path.posix.dirname(file), target);
    const absolute = path.join(root, decodeURIComponent(resolved));
    if (!absolute.startsWith(root + path.sep) || !existsSync(absolute)) {
      problems.push(`${file}: ${href}: no file ${resolved}`);
      return;
    }
    if (anchor === undefined) return;
    const headings = statSync(absolute).isFile()
      ? anchors(readFileSync(absolute, 'utf8'))
      : new Set<string>();
    if (!headings.has(decodeURIComponent(anchor))) {
      problems.push(`${file}: ${href}: no heading #${anchor} in ${resolved}`);
    }
  });
  return problems;
}

function documentation(root: string): string[] {
  const docs = existsSync(path.join(root, 'docs'))
    ? readdirSync(path.join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...docs.sort()];
}

describe('links of README.md and docs/', () => {
  it('lead to files that exist and to headings they hold', () => {
    const files = documentation(repositoryRoot);
    expect(files.length).toBeGreaterThan(1);
    expect(files.flatMap((file) => brokenLinks(repositoryRoot, file))).toEqual([]);
  });

  it('names a link to a missing file, a missing heading and a heading of the wrong page', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'links-'));
    await mkdir(path.join(root, 'docs'));
    await writeFile(
      path.join(root, 'README.md'),
      [
        '# Tool',
        '## Inputs',
        '## The service’s answers (in `v1`)',
        'See [inputs](#inputs), [answers](#the-services-answers-in-v1), [forks](docs/forks.md),',
        '[gone](docs/gone.md), [old](#getting-started), [elsewhere](docs/a.md#inputs),',
        '[a page](docs/a.md#a-page), [the web](https://example.com/x#y), `[code](nowhere.md)`.',
        '',
        '```md',
        '[in a fence](nowhere.md)',
        '```',
      ].join('\n'),
    );
    await writeFile(path.join(root, 'docs', 'forks.md'), '# Forks\n\n[back](../README.md#tool)\n');
    await writeFile(path.join(root, 'docs', 'a.md'), '# A page\n\n[up](../../outside.md)\n');
    const problems = documentation(root).flatMap((file) => brokenLinks(root, file));
    expect(problems).toEqual([
      'README.md: docs/gone.md: no file docs/gone.md',
      'README.md: #getting-started: no heading #getting-started in README.md',
      'README.md: docs/a.md#inputs: no heading #inputs in docs/a.md',
      'docs/a.md: ../../outside.md: no file ../outside.md',
    ]);
  });

  it('names a repeated heading as GitHub does', () => {
    expect([...anchors('# Set-up\n## Example\n## Example\n### `fail-on`: high!\n')]).toEqual([
      'set-up',
      'example',
      'example-1',
      'fail-on-high',
    ]);
  });
});
