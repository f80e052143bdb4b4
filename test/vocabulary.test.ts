/**
 * Below the doors, no message speaks a door's language: every string the engine and the layers
 * under it hold is checked for the words of a workflow (inputs, secrets, actions/checkout, YAML
 * settings) and of a command line (flags). Those words come from the door's vocabulary only.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOORS, LAYERS } from '../scripts/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'src');

const inputNames = async (): Promise<string[]> => {
  const action = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, unknown>;
  };
  return Object.keys(action.inputs);
};

/** What counts as a door's word, each with the reason a finding gives. */
function doorPatterns(inputs: readonly string[]): [RegExp, string][] {
  const names = inputs.map((name) => name.replace(/[-]/g, '\\-')).join('|');
  return [
    [/\b(?:inputs?|flags?)\b/i, 'the word input or flag'],
    [/(?:^|[^\w-])--[a-z][\w-]*/i, 'a command-line flag'],
    [/\bsecrets\./, 'a secret of a workflow'],
    [/\$\{\{/, 'a workflow expression'],
    [/actions\/checkout/, 'actions/checkout'],
    [/(?:^|\s)(?:uses|with):(?:\s|$)/, 'a workflow step'],
    [/\.github\/workflows/, 'a workflow file'],
    [/\bthis action\b/i, 'the Action by name'],
    [/\bbefore this step\b/i, 'a workflow step'],
    [/`[\w-]+` output\b/, 'an output'],
    [/\bthe secret\b/i, 'a secret of a workflow'],
    [new RegExp(`\`(?:${names})\``), 'an input in backticks'],
    [new RegExp(`(?:^|[^\\w-])(?:${names}): `), 'an input set as YAML'],
  ];
}

/** Is `node` part of a `new RegExp(…)`'s pattern: a pattern over the service's text, no message. */
function inRegExp(node: ts.Node): boolean {
  for (let at = node.parent; at !== undefined; at = at.parent) {
    if (ts.isNewExpression(at) && at.expression.getText() === 'RegExp') return true;
  }
  return false;
}

/**
 * Each string literal and template text of `text` that holds a door's word, as
 * `file:line: reason: text`; the functions named in `skipped` are not read.
 */
export function doorWords(fileName: string, text: string, inputs: readonly string[]): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const patterns = doorPatterns(inputs);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent) &&
      !inRegExp(node)
    ) {
      for (const [pattern, reason] of patterns) {
        if (pattern.test(node.text)) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${fileName}:${line + 1}: ${reason}: ${node.text}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The files below the doors: the layers under the one the doors are in. */
async function filesBelowTheDoors(): Promise<string[]> {
  const doorLayer = LAYERS.findIndex((layer) => layer.some((member) => DOORS.includes(member)));
  const below = new Set(LAYERS.slice(0, doorLayer).flat());
  const files = (await readdir(SOURCE, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts'));
  return files.filter((file) => below.has(file.includes('/') ? file.split('/')[0]! : file)).sort();
}

describe('the words below the doors', () => {
  it('name no input, flag, secret or workflow: those come from a door', async () => {
    const inputs = await inputNames();
    const files = await filesBelowTheDoors();
    expect(files).toContain('engine/settings.ts');
    expect(files).toContain('errors.ts');
    expect(files.some((file) => file.startsWith('action/') || file.startsWith('cli/'))).toBe(false);
    const found: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(SOURCE, file), 'utf8');
      found.push(...doorWords(file, text, inputs));
    }
    expect(found).toEqual([]);
  });

  it('catches each kind of door word in a string or a template, and nothing in comments', async () => {
    const inputs = await inputNames();
    const source = [
      '// Input `max-files`, --max-files, secrets.X: a comment says what it likes.',
      "const input = 'an identifier is no message';",
      "const a = 'Raise input `max-files`.';",
      'const b = `set ${x} with --max-files`;',
      "const c = 'pass `api-key: ${{ secrets.AUDIT_API_KEY }}`';",
      "const d = 'with `submodules: recursive` in actions/checkout';",
      "const e = 'see .github/workflows/audit.yml';",
      'const f = `then ${y} set dependencies: exclude`;',
      "const g = 'the workflow run, its job summary and check run; workflow_run; ----boundary';",
      "const h = new RegExp('0 input files analysed');",
      "const i = 'a bug in this action; install it before this step';",
      "const j = 'see the `projects` output; check the secret';",
    ].join('\n');
    const found = doorWords('sample.ts', source, inputs);
    expect(found).toEqual([
      'sample.ts:3: the word input or flag: Raise input `max-files`.',
      'sample.ts:3: an input in backticks: Raise input `max-files`.',
      'sample.ts:4: a command-line flag:  with --max-files',
      'sample.ts:5: a secret of a workflow: pass `api-key: ${{ secrets.AUDIT_API_KEY }}`',
      'sample.ts:5: a workflow expression: pass `api-key: ${{ secrets.AUDIT_API_KEY }}`',
      'sample.ts:5: an input set as YAML: pass `api-key: ${{ secrets.AUDIT_API_KEY }}`',
      'sample.ts:6: actions/checkout: with `submodules: recursive` in actions/checkout',
      'sample.ts:7: a workflow file: see .github/workflows/audit.yml',
      'sample.ts:8: an input set as YAML:  set dependencies: exclude',
      'sample.ts:11: the Action by name: a bug in this action; install it before this step',
      'sample.ts:11: a workflow step: a bug in this action; install it before this step',
      'sample.ts:12: an output: see the `projects` output; check the secret',
      'sample.ts:12: a secret of a workflow: see the `projects` output; check the secret',
    ]);
  });
});
