/**
 * run() in process on a pull request with `wait: false`: each audit polled once, an audit still
 * running leaves the run pending (exit 0) and the check run in progress on the head commit with
 * a sealed record of what finishing it needs; one already finished is reported at once.
 */
import type { AuditService } from '@contract-audit/reference-service';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { SEVERITIES } from '../../src/audit/findings.ts';
import { pendingRecordOn } from '../support/pending-record.ts';
import { recorded, resetCore } from '../support/core.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { useResultsService } from '../support/runner-services.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const HEAD = 'e'.repeat(40);
// Before any import of src/: @actions/github reads the run's context when first imported.
const github = await vi.hoisted(async () => {
  const { prepareRunContext } = await import('../support/in-process-run.ts');
  const { pullRequestEvent } = await import('../support/scenarios.ts');
  return prepareRunContext('pull_request', pullRequestEvent(5, 'e'.repeat(40)));
});
const setUp = useInProcessRun(github);
const results = useResultsService();

beforeEach(() => {
  // The toolkit writes its own lines with the real @actions/core.
  vi.spyOn(process.stdout, 'write').mockReturnValue(true);
  github.checkRuns.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A checkout of two Foundry projects, packages/core and packages/tokens. */
const twoProjects = () =>
  workspaceWith({
    'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
    'packages/core/src/Vault.sol': CONTRACT,
    'packages/tokens/foundry.toml': "[profile.default]\nsrc = 'src'\n",
    'packages/tokens/src/Token.sol': CONTRACT,
  });

/** Markdown as read: without the backslashes that escape it. */
const unescaped = (markdown: string) => markdown.replace(/\\(.)/g, '$1');

/** The service's reads of an audit's results. */
const polls = (service: AuditService, auditId: string) =>
  service.requests.filter(
    (request) => request.method === 'GET' && request.path === `/v1/audits/${auditId}`,
  ).length;

describe('run() with wait: false', () => {
  it('polls once, ends pending and passing, and leaves the check run in progress with its record', async () => {
    const service = await setUp({ wait: 'false', 'fail-on': 'medium', scope: 'changed-files' });
    await run();

    expect(recorded.failed).toEqual([]);
    expect(recorded.outputs).toMatchObject({ verdict: 'pending', 'audit-id': 'audit-1' });
    expect(polls(service, 'audit-1')).toBe(1);
    // No count reads as 0 (a clean result) while the audit runs.
    const counts = Object.entries(recorded.outputs).filter(([name]) => name.endsWith('-count'));
    expect(counts.map(([name]) => name).sort()).toEqual(
      ['findings-count', 'in-scope-count', ...SEVERITIES.map((s) => `${s}-count`)].sort(),
    );
    expect(new Set(counts.map(([, value]) => value))).toEqual(new Set(['pending']));

    expect(github.checkRuns).toHaveLength(1);
    const [checkRun] = github.checkRuns;
    expect(checkRun).toMatchObject({
      name: 'Smart contract audit',
      head_sha: HEAD,
      status: 'in_progress',
      conclusion: null,
    });
    expect(checkRun?.output.title).toBe('Pending: the audit is still running');
    expect(recorded.outputs['check-run-url']).toMatch(/\/runs\/\d+$/);

    const where = {
      apiKey: service.apiKey,
      headSha: HEAD,
      checkName: 'Smart contract audit',
      serviceUrl: service.url,
    };
    const record = pendingRecordOn(checkRun, where);
    expect(record).toMatchObject({
      audits: [{ path: '.', auditId: 'audit-1' }],
      several: false,
      failOn: 'medium',
      scope: 'changed-files',
      timeoutMinutes: 30,
      pullRequest: 5,
    });
    expect(typeof record !== 'string' && Date.parse(record.startedAt)).toBeLessThanOrEqual(
      Date.now(),
    );
    // Sealed for this commit and check name only.
    expect(pendingRecordOn(checkRun, { ...where, headSha: 'f'.repeat(40) })).toMatch(
      /not written with this API key/,
    );
    expect(checkRun?.external_id).not.toContain(service.apiKey);

    expect(recorded.summary).toContain('The audit is still running');
    expect(recorded.summary).toContain(
      'by hand without uploading again, run with \\`audit\\-id: audit\\-1\\`',
    );
    expect(checkRun?.output.summary).toContain('The audit is still running');
    expect(github.comments(5).at(-1)?.body).toContain('The audit is still running');
    // A pending audit is never recorded for reuse.
    expect(results().entries).toEqual([]);
  });

  it('reports an audit already finished at its one poll, as a waiting run would', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 0 });
    await run();
    expect(polls(service, 'audit-1')).toBe(1);
    expect(recorded.outputs['verdict']).toBe('fail');
    expect(recorded.failed).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(results().entries).toHaveLength(1);
  });

  it('reads a recorded audit of the same upload once, waiting out no Retry-After, then uploads again', async () => {
    const service = await setUp({ wait: 'false' }, { pollsUntilDone: 0 });
    await run();
    expect(results().entries).toHaveLength(1);
    service.addFault({
      kind: 'status',
      status: 503,
      retryAfter: '600',
      method: 'GET',
      path: '/v1/audits/audit-1',
    });
    resetCore({ ...recorded.inputs });
    await run();
    expect(polls(service, 'audit-1')).toBe(2);
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs).toMatchObject({ reused: 'false', 'audit-id': 'audit-2' });
    expect(recorded.log).toContainEqual(
      expect.stringMatching(/^The recorded audit audit-1 of this upload cannot be read \(.*503/),
    );
  });

  it('collects a pending audit by hand with the audit id it gave, without uploading again', async () => {
    const service = await setUp({ wait: 'false' });
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    resetCore({ ...recorded.inputs, wait: 'true', 'audit-id': 'audit-1' });
    await run();
    expect(service.uploads).toHaveLength(1);
    expect(recorded.outputs['verdict']).toBe('fail');
  });

  it('refuses a project-name the record would not keep when the inputs are read, uploading nothing', async () => {
    const service = await setUp({ wait: 'false', 'project-name': 'Vaults 👩\u200d💻' });
    await run();
    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed).toHaveLength(1);
    expect(recorded.failed[0]).toMatch(
      /Input `project-name` holds the invisible character U\+200D: .*Remove it from `project-name`, or run with `wait: true`\. Nothing was uploaded\./,
    );
    expect(service.uploads).toEqual([]);
    expect(service.requests).toEqual([]);
    expect(github.checkRuns).toEqual([]);
  });

  it('leaves no record a finishing run would refuse (a project named past 300 characters with its folder): the run is an error, and every channel says why and how to collect the audits', async () => {
    await setUp({ wait: 'false', 'project-name': 'v'.repeat(290) });
    vi.stubEnv('GITHUB_WORKSPACE', await twoProjects());
    await run();
    const why =
      "This pending run's record cannot be kept on the check run (the record has a project with no usable name or folder), so no finishing run could complete it.";
    // The two audits start at once: which gets which id varies.
    const ids = recorded.outputs['audit-id'];
    expect(JSON.parse(ids ?? '')).toEqual({
      'packages/core': expect.stringMatching(/^audit-[12]$/),
      'packages/tokens': expect.stringMatching(/^audit-[12]$/),
    });
    const collect =
      "To collect every project's results by hand without uploading again, run with " +
      `\`audit-id: '${ids}'\`.`;

    expect(recorded.outputs['verdict']).toBe('error');
    expect(recorded.failed).toEqual([
      expect.stringMatching(/^Verdict: error\. This pending run's/),
    ]);
    expect(recorded.failed[0]).toContain(why);
    expect(recorded.log).toContain(`The audits go on at the service. ${collect}`);
    expect(github.checkRuns).toHaveLength(1);
    const [checkRun] = github.checkRuns;
    expect(checkRun).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(checkRun?.external_id).not.toMatch(/^\{"v":/);
    expect(checkRun?.output.title).toBe('Error: no complete results');
    const comment = github.comments(5).at(-1)?.body ?? '';
    expect(comment).toMatch(/^### ⚠️ Error: smart contract audit of /m);
    for (const [channel, text] of [
      ['summary', recorded.summary],
      ['check run', checkRun?.output.summary ?? ''],
      ['comment', comment],
    ]) {
      const plain = unescaped(text ?? '');
      expect(plain, channel).toContain(why);
      expect(plain, channel).not.toMatch(/finish-pending|is updated when|stays in progress/);
    }
    for (const text of [recorded.summary, checkRun?.output.summary ?? ''])
      expect(unescaped(text)).toContain(collect);
  });

  it('says no later run can finish it when the token may not write check runs, and still passes', async () => {
    github.failNext({ method: 'POST', path: /\/check-runs$/, status: 403, times: 5 });
    await setUp({ wait: 'false' });
    await run();
    expect(recorded.outputs['verdict']).toBe('pending');
    expect(recorded.failed).toEqual([]);
    expect(github.checkRuns).toEqual([]);
    const warnings = recorded.annotations.filter((each) => each.level === 'warning');
    expect(warnings.map((each) => each.message)).toContainEqual(
      expect.stringMatching(/^The check run holds no record of this pending audit/),
    );
  });
});
