import { mkdtemp, writeFile } from 'node:fs/promises';
import { EOL, tmpdir } from 'node:os';
import path from 'node:path';
import * as github from '@actions/github';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyPullRequest, readRunContext as readContext } from '../../src/action/context.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** @actions/github's own Context, made afresh from exactly these runner variables. */
const Context = github.context.constructor as new () => typeof github.context;
const RUNNER_VARIABLES = [
  'GITHUB_EVENT_NAME',
  'GITHUB_EVENT_PATH',
  'GITHUB_ACTOR',
  'GITHUB_SHA',
  'GITHUB_SERVER_URL',
  'GITHUB_API_URL',
  'GITHUB_REPOSITORY',
  'GITHUB_RUN_ID',
  'GITHUB_ACTION_REPOSITORY',
];
function readRunContext(env: Record<string, string>) {
  for (const name of RUNNER_VARIABLES) vi.stubEnv(name, env[name]);
  return readContext(new Context(), env);
}

const pullRequest = (head: string | null) => ({
  pull_request: { number: 1, head: { repo: head === null ? null : { full_name: head } } },
  repository: { full_name: 'acme/vaults', name: 'vaults', owner: { login: 'acme' } },
});

describe('classifyPullRequest', () => {
  it('recognises a pull request from a fork, even a deleted one', () => {
    expect(classifyPullRequest('pull_request', pullRequest('stranger/vaults'), 'stranger')).toBe(
      'fork',
    );
    expect(classifyPullRequest('pull_request', pullRequest(null), 'stranger')).toBe('fork');
  });

  it('recognises Dependabot, on pull requests and on the pushes of its branches', () => {
    expect(classifyPullRequest('pull_request', pullRequest('acme/vaults'), 'dependabot[bot]')).toBe(
      'dependabot',
    );
    expect(classifyPullRequest('push', {}, 'dependabot[bot]')).toBe('dependabot');
  });

  it("expects the key on the events GitHub does not restrict for Dependabot: workflow_run (workflow B) has the repository's secrets", () => {
    expect(classifyPullRequest('workflow_run', {}, 'dependabot[bot]')).toBeUndefined();
    expect(classifyPullRequest('create', {}, 'dependabot[bot]')).toBe('dependabot');
  });

  it('trusts a branch of the same repository, pull_request_target and other events', () => {
    expect(
      classifyPullRequest('pull_request', pullRequest('acme/vaults'), 'octocat'),
    ).toBeUndefined();
    expect(
      classifyPullRequest('pull_request_target', pullRequest('stranger/vaults'), 'stranger'),
    ).toBeUndefined();
    expect(classifyPullRequest('push', {}, 'octocat')).toBeUndefined();
  });
});

describe('readRunContext', () => {
  const forkPullRequest = {
    pull_request: {
      number: 12,
      changed_files: 3,
      head: { sha: 'f'.repeat(40), repo: { full_name: 'stranger/vaults' } },
    },
    repository: { full_name: 'acme/vaults' },
  };

  async function eventFile(payload: unknown): Promise<string> {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'event-')), 'event.json');
    await writeFile(file, JSON.stringify(payload));
    return file;
  }

  const runner = {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_ACTOR: 'stranger',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_SERVER_URL: 'https://ghe.example.com',
    GITHUB_API_URL: 'https://ghe.example.com/api/v3',
    GITHUB_REPOSITORY: 'acme/vaults',
    GITHUB_RUN_ID: '42',
    GITHUB_ACTION_REPOSITORY: 'auditors/audit-action',
  };

  it("reads the runner's variables and the pull request from the event file", async () => {
    const context = readRunContext({
      ...runner,
      GITHUB_EVENT_PATH: await eventFile(forkPullRequest),
    });
    expect(context).toEqual({
      eventName: 'pull_request',
      actor: 'stranger',
      serverUrl: 'https://ghe.example.com',
      repository: 'acme/vaults',
      sha: 'a'.repeat(40),
      apiUrl: 'https://ghe.example.com/api/v3',
      actionRepository: 'auditors/audit-action',
      runUrl: 'https://ghe.example.com/acme/vaults/actions/runs/42',
      pullRequest: { number: 12, headSha: 'f'.repeat(40), changedFiles: 3 },
      untrustedPullRequest: 'fork',
    });
  });

  it("reads a workflow_run event's triggering run: its id, commit, head and the pull requests of this repository GitHub lists", async () => {
    const event = {
      workflow_run: {
        id: 501,
        event: 'pull_request',
        head_sha: 'c'.repeat(40),
        head_branch: 'feature',
        head_repository: { full_name: 'stranger/vaults', owner: { login: 'stranger' } },
        pull_requests: [
          { number: 9, head: { sha: 'c'.repeat(40) }, base: { repo: { id: 7 } } },
          // GitHub also lists pull requests of other repositories from the same head branch.
          { number: 1, head: { sha: 'c'.repeat(40) }, base: { repo: { id: 8 } } },
          { number: 3, head: { sha: 'c'.repeat(40) } },
          { number: 'x', base: { repo: { id: 7 } } },
          null,
        ],
      },
      repository: { id: 7, full_name: 'acme/vaults' },
    };
    const context = readRunContext({
      ...runner,
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_ACTOR: 'maintainer',
      GITHUB_EVENT_PATH: await eventFile(event),
    });
    expect(context.workflowRun).toEqual({
      id: 501,
      event: 'pull_request',
      headSha: 'c'.repeat(40),
      headBranch: 'feature',
      headOwner: 'stranger',
      headRepository: 'stranger/vaults',
      pullRequests: [{ number: 9, headSha: 'c'.repeat(40) }],
    });
    // workflow_run has secrets: it is not a fork's run, and no pull request comes from its payload.
    expect(context.untrustedPullRequest).toBeUndefined();
    expect(context.pullRequest).toBeUndefined();
  });

  it('has no triggering run when the workflow_run payload lacks its id or commit, or on other events', async () => {
    const read = async (eventName: string, payload: unknown) =>
      readRunContext({
        ...runner,
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: await eventFile(payload),
      }).workflowRun;
    expect(
      await read('workflow_run', { workflow_run: { id: '501', head_sha: 'c' } }),
    ).toBeUndefined();
    expect(await read('workflow_run', { workflow_run: { id: 501 } })).toBeUndefined();
    expect(await read('push', { workflow_run: { id: 501, head_sha: 'c' } })).toBeUndefined();
  });

  it('reads a sparse workflow_run payload as GitHub facts missing, never as facts: no branch, owner or pull request', async () => {
    const context = readRunContext({
      ...runner,
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: await eventFile({
        workflow_run: { id: 502, head_sha: 'd'.repeat(40), pull_requests: 'not a list' },
      }),
    });
    expect(context.workflowRun).toEqual({
      id: 502,
      event: '',
      headSha: 'd'.repeat(40),
      headBranch: '',
      headOwner: '',
      headRepository: '',
      pullRequests: [],
    });
    const noRepository = readRunContext({
      ...runner,
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: await eventFile({
        workflow_run: {
          id: 503,
          head_sha: 'd'.repeat(40),
          pull_requests: [{ number: 4, head: { sha: 'd'.repeat(40) }, base: { repo: { id: 7 } } }],
        },
      }),
    });
    // Without the repository's id, no listed pull request can be told to be this repository's.
    expect(noRepository.workflowRun?.pullRequests).toEqual([]);
  });

  it('falls back to github.com and to GITHUB_SHA outside a pull request, and has no run link without a run', async () => {
    const push = { repository: { full_name: 'acme/vaults' } };
    const context = readRunContext({
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: 'b'.repeat(40),
      GITHUB_REPOSITORY: 'acme/vaults',
      GITHUB_EVENT_PATH: await eventFile(push),
    });
    expect(context).toMatchObject({
      serverUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
      actionRepository: undefined,
      runUrl: undefined,
      pullRequest: undefined,
      untrustedPullRequest: undefined,
    });
  });

  it('takes the head commit from GITHUB_SHA when the event does not name it, and ignores fields of the wrong type', async () => {
    const event = { pull_request: { number: 3, changed_files: '3', head: { sha: 7 } } };
    const context = readRunContext({ ...runner, GITHUB_EVENT_PATH: await eventFile(event) });
    expect(context.pullRequest).toEqual({
      number: 3,
      headSha: 'a'.repeat(40),
      changedFiles: undefined,
    });
    const noNumber = { pull_request: { number: '3' } };
    expect(
      readRunContext({ ...runner, GITHUB_EVENT_PATH: await eventFile(noNumber) }).pullRequest,
    ).toBeUndefined();
    expect(
      readRunContext({ ...runner, GITHUB_EVENT_PATH: await eventFile(null) }).pullRequest,
    ).toBeUndefined();
  });

  it('outside Actions has empty facts; a missing event file is said and read as empty', () => {
    expect(readRunContext({})).toEqual({
      eventName: '',
      actor: '',
      serverUrl: 'https://github.com',
      repository: '',
      sha: '',
      apiUrl: 'https://api.github.com',
      actionRepository: undefined,
      runUrl: undefined,
      pullRequest: undefined,
      untrustedPullRequest: undefined,
    });
    const write = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    const missing = path.join(tmpdir(), 'no-such-dir', 'event.json');
    expect(readRunContext({ ...runner, GITHUB_EVENT_PATH: missing }).pullRequest).toBeUndefined();
    expect(write).toHaveBeenCalledWith(`GITHUB_EVENT_PATH ${missing} does not exist${EOL}`);
  });

  it('throws on an event file that is not JSON', async () => {
    const file = await eventFile('');
    await writeFile(file, '{');
    expect(() => readRunContext({ ...runner, GITHUB_EVENT_PATH: file })).toThrow(SyntaxError);
  });
});
