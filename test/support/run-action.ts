/**
 * Runs the action as a child process the way the GitHub runner does: INPUT_ variables with
 * action.yml's defaults, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, an event file. By default
 * it runs `src/index.ts` (Node 24 runs TypeScript), so the end-to-end tests test the code as it
 * is now; the bundle tests and the demo run `dist/index.js`, as the runner does.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The entry points a test can run: the sources, or the committed bundle. */
export const SOURCE_ENTRY = path.join(repositoryRoot, 'src/index.ts');
export const BUNDLE_ENTRY = path.join(repositoryRoot, 'dist/index.js');

export interface RunActionOptions {
  /** SOURCE_ENTRY unless given. */
  entry?: string;
  /** Options for node itself, before the entry (e.g. `--import` of a preload). */
  nodeArgs?: string[];
  /** Inputs by their action.yml names; unset inputs get action.yml's defaults. */
  inputs: Record<string, string>;
  workspace: string;
  eventName?: string;
  event?: object;
  actor?: string;
  /** Extra environment, e.g. RUNNER_DEBUG=1. */
  env?: Record<string, string>;
  /** Streams the child's log here as it comes (the demo); tests read `stdout` afterwards. */
  onOutput?: (chunk: string) => void;
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  properties: Record<string, string>;
  message: string;
}

export interface ActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  /** The log as a reader of the GitHub UI sees it: workflow commands taken out. */
  logLines: string[];
}

interface ActionInputSpec {
  default?: string;
}

export async function actionDefaults(): Promise<Record<string, string>> {
  const manifest = parseYaml(await readFile(path.join(repositoryRoot, 'action.yml'), 'utf8')) as {
    inputs: Record<string, ActionInputSpec>;
  };
  return Object.fromEntries(
    Object.entries(manifest.inputs).map(([name, spec]) => [name, String(spec.default ?? '')]),
  );
}

/** The runner evaluates `${{ }}` expressions in defaults; only the ones action.yml uses matter here. */
function evaluateExpression(value: string): string {
  return value.replace(/\$\{\{\s*github\.token\s*\}\}/g, 'ghs_stand-in-token');
}

export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  const runnerDir = await mkdtemp(path.join(tmpdir(), 'runner-'));
  const outputFile = path.join(runnerDir, 'output');
  const summaryFile = path.join(runnerDir, 'summary.md');
  const eventFile = path.join(runnerDir, 'event.json');
  await Promise.all([
    writeFile(outputFile, ''),
    writeFile(summaryFile, ''),
    writeFile(eventFile, JSON.stringify(options.event ?? {})),
  ]);

  const inputs = { ...(await actionDefaults()), ...options.inputs };
  const inputEnv = Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      evaluateExpression(value),
    ]),
  );
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? runnerDir,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: options.eventName ?? 'push',
    GITHUB_ACTOR: options.actor ?? 'octocat',
    GITHUB_REPOSITORY: 'acme/vaults',
    GITHUB_REPOSITORY_OWNER: 'acme',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'http://127.0.0.1:9', // nothing listens: no test may reach the real GitHub API
    GITHUB_RUN_ID: '42',
    RUNNER_TEMP: runnerDir,
    RUNNER_OS: 'Linux',
    ...inputEnv,
    ...options.env,
  };

  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.entry ?? SOURCE_ENTRY],
    {
      cwd: options.workspace,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    options.onOutput?.(chunk);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    options.onOutput?.(chunk);
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });

  const lines = stdout.split(/\r?\n/);
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
    annotations: lines.flatMap((line) => parseAnnotation(line) ?? []),
    logLines: lines.filter((line) => line && !line.startsWith('::')),
  };
}

/** The error annotation `setFailed` wrote for the verdict, wherever other channels' lines fall. */
export function verdictAnnotation(run: ActionRun): Annotation | undefined {
  return run.annotations.find((a) => a.level === 'error' && a.message.startsWith('Verdict: '));
}

/** `name<<DELIMITER\nvalue\nDELIMITER` blocks, as @actions/core writes them; the last value wins. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!match) continue;
    const [, name, delimiter] = match;
    const value: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== delimiter; i += 1) value.push(lines[i] ?? '');
    outputs[name!] = value.join('\n');
  }
  return outputs;
}

// As the runner undoes the escaping: `%25` last, so `%253A` stays `%3A`.
const unescapeData = (text: string) =>
  text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (text: string) =>
  unescapeData(text.replace(/%3A/g, ':').replace(/%2C/g, ','));

export function parseAnnotation(line: string): Annotation | undefined {
  const match = /^::(error|warning|notice)( [^:]*)?::(.*)$/s.exec(line);
  if (!match) return undefined;
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? '').trim().split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    properties[pair.slice(0, at)] = unescapeProperty(pair.slice(at + 1));
  }
  return {
    level: match[1] as Annotation['level'],
    properties,
    message: unescapeData(match[3] ?? ''),
  };
}
