/**
 * The engine driven as a door drives it: plain settings, a plain logger, a clock and two
 * callbacks, no Actions object in sight, against the reference audit service over HTTP.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { AuditService } from '@contract-audit/reference-service';
import {
  audit,
  findCheckoutProjects,
  type AuditStarted,
  type EngineDependencies,
} from '../../src/engine/audit.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { CLI_VOCABULARY } from '../../src/cli/vocabulary.ts';
import { DeadlineError } from '../../src/errors.ts';
import { readSettings, type Settings } from '../../src/engine/settings.ts';
import { buildReport } from '../../src/report/model.ts';
import { recordingLogger } from '../support/logger.ts';
import { DEMO_WORKSPACE } from '../support/in-process-run.ts';
import { useAuditService } from '../support/service.ts';

const serve = useAuditService();

/** Settings as a door reads them: by action.yml's input names. */
async function settingsFor(
  service: AuditService,
  inputs: Record<string, string> = {},
  workspace = DEMO_WORKSPACE,
): Promise<Settings> {
  const values: Record<string, string> = {
    'api-key': service.apiKey,
    'base-url': service.url,
    'poll-interval-seconds': '0.02',
    ...inputs,
  };
  const env = {
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: await mkdtemp(path.join(tmpdir(), 'engine-')),
  };
  return readSettings({ get: (name) => values[name] ?? '', vocabulary: ACTION_VOCABULARY }, env, {
    warning: () => undefined,
  });
}

function dependencies(overrides: Partial<EngineDependencies> = {}) {
  const { log, lines } = recordingLogger();
  const started: AuditStarted[] = [];
  const deps: EngineDependencies = {
    log,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random: () => 0.5,
    userAgent: 'engine-test',
    changedFiles: vi.fn(async () => undefined),
    auditStarted: (event) => started.push(event),
    ...overrides,
  };
  return { deps, lines, started };
}

/** The engine's result, as the report the doors build of it. */
async function auditWith(settings: Settings, deps: EngineDependencies) {
  const deadline = { at: Date.now() + 60_000, now: Date.now };
  const detection = await findCheckoutProjects(settings, deps.log, deadline);
  return buildReport(await audit(settings, detection, deadline, deps), settings);
}

describe('the engine, driven with plain options', () => {
  it('uploads, waits and triages into one outcome, telling the door each audit id', async () => {
    const service = await serve();
    const { deps, lines, started } = dependencies();
    const outcome = await auditWith(await settingsFor(service), deps);
    expect(outcome).toMatchObject({
      verdict: 'fail',
      auditId: 'audit-1',
      fileCount: 5,
      detectedProjects: [{ name: 'foundry-demo', path: '.', frameworks: ['Foundry'] }],
    });
    expect(outcome.counts.total).toBe(21);
    expect(started).toEqual([
      { auditId: 'audit-1', auditIds: 'audit-1', first: true, message: 'Audit started: audit-1' },
    ]);
    expect(lines).toContain(`info: Sending 5 file(s) to ${new URL(service.url).origin}.`);
    // With `scope: all` the door is never asked for the pull request's files.
    expect(deps.changedFiles).not.toHaveBeenCalled();
  });

  it('asks the door for the changed files once, and falls back to scope `all` when it has none', async () => {
    const service = await serve();
    const { deps } = dependencies();
    const outcome = await auditWith(await settingsFor(service, { scope: 'changed-lines' }), deps);
    expect(deps.changedFiles).toHaveBeenCalledTimes(1);
    expect(outcome.scope).toBe('all');
    expect(outcome.verdict).toBe('fail');
  });

  it('counts only the changed lines when the door gives the changed files', async () => {
    const service = await serve();
    const { deps } = dependencies({
      changedFiles: async () => [
        { path: 'README.md', status: 'modified', additions: 1, patch: '@@ -1 +1 @@\n-a\n+b' },
      ],
    });
    const outcome = await auditWith(await settingsFor(service, { scope: 'changed-lines' }), deps);
    expect(outcome.scope).toBe('changed-lines');
    // No contract changed: none of the project's findings counts.
    expect(outcome.findings.filter((entry) => entry.status === 'active')).toEqual([]);
    expect(outcome.findings.some((entry) => entry.status === 'outside-change')).toBe(true);
    expect(outcome.verdict).toBe('pass');
  });

  it('is skipped, sending nothing, when no contract matches and that is allowed', async () => {
    const service = await serve();
    const { deps, started } = dependencies();
    const empty = await mkdtemp(path.join(tmpdir(), 'empty-'));
    const settings = await settingsFor(service, { 'if-no-files-found': 'ignore' }, empty);
    const outcome = await auditWith(settings, deps);
    expect(outcome).toMatchObject({ verdict: 'skipped', fileCount: 0 });
    expect(service.requests).toHaveLength(0);
    expect(started).toEqual([]);
  });

  it('ends in an error outcome, uploading nothing, when the baseline cannot be read', async () => {
    const service = await serve();
    const workspace = await mkdtemp(path.join(tmpdir(), 'baseline-'));
    await writeFile(path.join(workspace, 'Vault.sol'), 'pragma solidity 0.8.24;\ncontract V {}\n');
    await writeFile(path.join(workspace, 'baseline.json'), '{ not json');
    const { deps } = dependencies();
    const outcome = await auditWith(
      await settingsFor(service, { baseline: 'baseline.json' }, workspace),
      deps,
    );
    expect(outcome.verdict).toBe('error');
    expect(outcome.reason).toContain('baseline');
    expect(outcome.detectedProjects).toHaveLength(1);
    expect(service.uploads).toHaveLength(0);
  });

  it('ends in verdict timeout naming discovery, uploading nothing, when the deadline passes while the files are searched', async () => {
    const service = await serve();
    const settings = await settingsFor(service);
    const { deps } = dependencies();
    const at = Date.now() + 60_000;
    const detection = await findCheckoutProjects(settings, deps.log, { at, now: Date.now });
    // The clock has passed the deadline by the time the files are searched.
    const outcome = buildReport(
      await audit(settings, detection, { at, now: () => at + 1 }, deps),
      settings,
    );
    expect(outcome.verdict).toBe('timeout');
    expect(outcome.reason).toBe(
      'The time limit (`timeout-minutes`) ran out during discovery, while listing the contract files: nothing was uploaded. ' +
        'Raise `timeout-minutes`, or narrow the search (`working-directory`, `contracts`, `exclude`, or the project config).',
    );
    expect(outcome.detectedProjects).toHaveLength(1);
    expect(service.uploads).toHaveLength(0);
  });

  it('stops finding the projects once the deadline has passed', async () => {
    const service = await serve();
    const { deps } = dependencies();
    await expect(
      findCheckoutProjects(await settingsFor(service), deps.log, { at: 0, now: () => 1 }),
    ).rejects.toThrow(/ran out during discovery, while looking for project configs/);
  });

  it("says a search cut short by the deadline in the door's words", async () => {
    const service = await serve();
    const { deps } = dependencies();
    const settings = await settingsFor(service);
    const passed = { at: 0, now: () => 1 };
    await expect(findCheckoutProjects(settings, deps.log, passed)).rejects.toThrow(
      new DeadlineError(
        'The time limit (`timeout-minutes`) ran out during discovery, while looking for project configs: nothing was uploaded. ' +
          'Raise `timeout-minutes`, or narrow the search (`working-directory`, `contracts`, `exclude`, or the project config).',
      ),
    );
    const command = { ...settings, vocabulary: CLI_VOCABULARY };
    await expect(findCheckoutProjects(command, deps.log, passed)).rejects.toThrow(
      new DeadlineError(
        'The time limit (--timeout-minutes) ran out during discovery, while looking for project configs: nothing was uploaded. ' +
          'Raise --timeout-minutes, or narrow the search (--working-directory, --contracts, --exclude, or the project config).',
      ),
    );
  });

  it('ends in an error outcome that keeps the file count when the service refuses the key', async () => {
    const service = await serve();
    const { deps } = dependencies();
    const settings = await settingsFor(service, { 'api-key': 'k-not-a-key-of-this-service' });
    const outcome = await auditWith(settings, deps);
    expect(outcome).toMatchObject({ verdict: 'error', fileCount: 5, auditId: undefined });
    expect(outcome.reason).toMatch(/^The audit service: /);
    expect(service.uploads).toHaveLength(0);
  });

  it('resumes an audit by its id without uploading, and refuses an id for a folder it does not have', async () => {
    const service = await serve();
    const first = dependencies();
    await auditWith(await settingsFor(service), first.deps);
    const resumed = dependencies();
    const outcome = await auditWith(
      await settingsFor(service, { 'audit-id': 'audit-1' }),
      resumed.deps,
    );
    expect(outcome).toMatchObject({ verdict: 'fail', auditId: 'audit-1', fileCount: undefined });
    expect(resumed.started[0]?.message).toBe(
      'Resuming audit audit-1 (input `audit-id`); nothing is uploaded.',
    );
    expect(service.uploads).toHaveLength(1);

    const elsewhere = await auditWith(
      await settingsFor(service, { 'audit-id': '{"packages/gone": "audit-1"}' }),
      dependencies().deps,
    );
    expect(elsewhere.verdict).toBe('error');
    expect(elsewhere.reason).toContain('names the project folder "packages/gone"');
  });
});
