/**
 * What a run loads, recorded by a module hook in the child: a run that needs no network loads
 * neither undici nor Octokit nor a config parser, and a run that does loads them when it needs
 * them. The bundle keeps those imports lazy and gives each chunk the names the sources take from
 * it, so a Brownie project (YAML) uploads the same from dist/ as from the sources.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutWorkspace } from './support/layouts.ts';
import { BUNDLE_ENTRY, repositoryRoot, runAction, SOURCE_ENTRY } from './support/run-action.ts';
import { forkPullRequestEvent } from './support/scenarios.ts';
import { useAuditService } from './support/service.ts';

const serve = useAuditService();
const demo = path.join(repositoryRoot, 'examples/foundry-demo');
const LAZY = /\/node_modules\/(undici|@octokit\/[^/]+|yaml|smol-toml)\//;

/**
 * Node options that append the URL of every module the child loads to the file, and at exit
 * Node's own modules as `builtin:<name>` (process.getBuiltinModule passes no hook).
 */
async function loadRecorder(): Promise<{ nodeArgs: string[]; file: string }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'loads-')), 'loads.txt');
  const hook =
    "import { registerHooks } from 'node:module'; import { appendFileSync } from 'node:fs';" +
    `registerHooks({ load(url, context, next) { appendFileSync(${JSON.stringify(file)}, url + '\\n'); return next(url, context); } });` +
    `process.on('exit', () => appendFileSync(${JSON.stringify(file)}, process.moduleLoadList.flatMap((entry) => entry.startsWith('NativeModule ') ? ['builtin:' + entry.slice(13) + '\\n'] : []).join('')));`;
  return { nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(hook)}`], file };
}

/** The packages of LAZY the child loaded. */
async function lazyPackagesLoaded(file: string): Promise<string[]> {
  const urls = (await readFile(file, 'utf8')).split('\n');
  return [...new Set(urls.flatMap((url) => LAZY.exec(url)?.[1] ?? []))].sort();
}

describe('what a run loads', () => {
  it('loads no HTTP client and no Octokit on a fork pull request without a key', async () => {
    const recorder = await loadRecorder();
    const run = await runAction({
      nodeArgs: recorder.nodeArgs,
      workspace: demo,
      eventName: 'pull_request',
      event: forkPullRequestEvent(7),
      inputs: { 'base-url': 'https://audit.example.test' },
    });
    expect(run.outputs['verdict']).toBe('skipped');
    const loaded = await readFile(recorder.file, 'utf8');
    expect(loaded).toContain('/src/runner.ts\n');
    // Nor the service's client, nor what audits projects: nothing is uploaded.
    expect(loaded).not.toContain('/src/api/client.ts\n');
    expect(loaded).not.toContain('/src/project-audits.ts\n');
    // Only the TOML parser, for the `projects` output every run sets from foundry.toml.
    expect(await lazyPackagesLoaded(recorder.file)).toEqual(['smol-toml']);
    // Nothing it does needs a hash or secret randomness; node:crypto costs a tenth of its start.
    expect(loaded).toContain('builtin:fs\n');
    expect(loaded).not.toMatch(/^builtin:(crypto|internal\/crypto\/.*)$/m);
  });

  it('loads undici for the first request and the TOML parser for foundry.toml', async () => {
    const service = await serve();
    const recorder = await loadRecorder();
    const run = await runAction({
      nodeArgs: recorder.nodeArgs,
      workspace: demo,
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.url,
        'github-token': '',
        'poll-interval-seconds': '0.02',
      },
    });
    expect(run.outputs['verdict']).toBe('fail');
    expect(await lazyPackagesLoaded(recorder.file)).toEqual(['smol-toml', 'undici']);
    expect(await readFile(recorder.file, 'utf8')).toContain('builtin:crypto\n');
  });
});

describe('dist/index.js', () => {
  it('reads a Brownie config (YAML) as the sources do', async () => {
    const service = await serve();
    const uploads = [];
    for (const entry of [SOURCE_ENTRY, BUNDLE_ENTRY]) {
      const run = await runAction({
        entry,
        workspace: await layoutWorkspace('brownie-vyper'),
        inputs: {
          'api-key': service.apiKey,
          'base-url': service.url,
          'github-token': '',
          'poll-interval-seconds': '0.02',
        },
      });
      expect(run.stderr).toBe('');
      // The remapping comes from brownie-config.yaml.
      expect(run.stdout).toContain('its remapping leads to OpenZeppelin/openzeppelin-contracts');
      uploads.push(service.uploads.at(-1)?.files.map((file) => file.filename));
    }
    expect(uploads[0]).toEqual([
      'contracts/LiquidityGauge.vy',
      'contracts/StableSwap.vy',
      'contracts/Zap.sol',
      'interfaces/IStableSwap.vy',
    ]);
    expect(uploads[1]).toEqual(uploads[0]);
  });
});
