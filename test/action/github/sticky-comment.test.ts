import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/audit/findings.ts';
import { allActive } from '../../support/triage.ts';
import type { GitHubClient } from '../../../src/action/github/client.ts';
import type { IssueComment } from '../../../src/action/github/resources.ts';
import { PermissionError } from '../../../src/action/github/errors.ts';
import {
  stickyCandidates,
  upsertStickyComment,
} from '../../../src/action/github/sticky-comment.ts';
import {
  commentMarker,
  readPreviousFindings,
  type PreviousRun,
} from '../../../src/report/comment-memory.ts';
import { COMMENT_MAX_CHARS, renderPrComment } from '../../../src/report/pr-comment.ts';
import type { GitHubApiOptions } from '../../support/github-api.ts';
import { makeFinding } from '../../support/findings.ts';
import { useGitHubApi } from '../../support/github-client.ts';
import { reportOf } from '../../support/report.ts';

const setUp = useGitHubApi();

const PR = 17;

/** The comment as publishing renders it, given what the comment being replaced remembered. */
function renderer(findings: Finding[], projectName = 'vault') {
  const triaged = allActive(findings);
  return (previous: PreviousRun | undefined) =>
    renderPrComment({
      ...reportOf({
        projectName,
        verdict: 'fail',
        reason: 'findings at or above high',
        findings: triaged,
        links: {
          serverUrl: 'https://github.com',
          repository: 'octo-org/contracts',
          sha: 'abcdef1',
        },
      }),
      previous,
    });
}

/** The project's marker, and a body renderer fed what the replaced comment remembered. */
function sticky(
  projectName: string,
  render: (previous: PreviousRun | undefined) => string,
): { marker: string; render: (previousBody: string | undefined) => string } {
  return {
    marker: commentMarker(projectName),
    render: (body) => render(body === undefined ? undefined : readPreviousFindings(body)),
  };
}

/** Comments on `first`, then on `second`; returns what the second run read of the first. */
async function commentTwice(
  client: GitHubClient,
  first: Finding[],
  second: Finding[],
): Promise<PreviousRun | undefined> {
  await upsertStickyComment(client, {
    issueNumber: PR,
    ...sticky('vault', renderer(first)),
  });
  let seen: PreviousRun | undefined;
  await upsertStickyComment(client, {
    issueNumber: PR,
    ...sticky('vault', (previous) => {
      seen = previous;
      return renderer(second)(previous);
    }),
  });
  return seen;
}

describe('upsertStickyComment', () => {
  it('creates the comment on the first run and updates it in place on the second', async () => {
    const { api, client } = await setUp();
    const others = api.seedComments(PR, [
      { body: 'LGTM', login: 'alice' },
      { body: 'please fix', login: 'bob' },
    ]);
    const first = await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([makeFinding({ title: 'Reentrancy' })])),
    });
    expect(first).toMatchObject({ action: 'created', requests: 2 });

    const second = await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([])),
    });
    expect(second).toEqual({ action: 'updated', url: first.url, requests: 2 });

    const comments = api.comments(PR);
    expect(comments).toHaveLength(3);
    expect(comments.slice(0, 2)).toEqual(others);
    expect(comments[2]?.body.startsWith(commentMarker('vault'))).toBe(true);
    expect(comments[2]?.body).toContain('#### ✅ Fixed since the previous run (1)');
    expect(api.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
  });

  it('finds its comment pages away, among many others', async () => {
    const { api, client } = await setUp();
    api.seedComments(
      PR,
      Array.from({ length: 230 }, (_, i) => ({ body: `comment ${i}` })),
    );
    await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([])),
    });
    api.seedComments(
      PR,
      Array.from({ length: 150 }, (_, i) => ({ body: `later ${i}` })),
    );
    api.requests.length = 0;

    const result = await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([])),
    });
    expect(result).toMatchObject({ action: 'updated', requests: 5 });
    expect(api.requests.map((r) => `${r.method} ${r.path.replace(/^.*\/issues/, '')}`)).toEqual([
      'GET /17/comments?per_page=100',
      'GET /17/comments?per_page=100&page=2',
      'GET /17/comments?per_page=100&page=3',
      'GET /17/comments?per_page=100&page=4',
      expect.stringMatching(/^PATCH \/comments\/\d+$/),
    ]);
    expect(api.comments(PR).filter((c) => c.body.includes(commentMarker('vault')))).toHaveLength(1);
  });

  it('keeps one comment per project', async () => {
    const { api, client } = await setUp();
    for (const projectName of ['vault', 'token', 'vault', 'token']) {
      await upsertStickyComment(client, {
        issueNumber: PR,
        ...sticky(projectName, renderer([], projectName)),
      });
    }
    expect(api.comments(PR).map((c) => c.body.split('\n')[0])).toEqual([
      commentMarker('vault'),
      commentMarker('token'),
    ]);
  });

  it('reports new and fixed findings across two runs, by fingerprint', async () => {
    const { api, client } = await setUp();
    const kept = makeFinding({ severity: 'high', title: 'Kept', fingerprint: 'kept' });
    const fixed = makeFinding({ severity: 'medium', title: 'Fixed one', fingerprint: 'fixed' });
    const added = makeFinding({ severity: 'critical', title: 'Added one', fingerprint: 'added' });
    const seen = await commentTwice(client, [kept, fixed], [{ ...kept, startLine: 99 }, added]);
    expect(seen?.findings.map((p) => p.title)).toEqual(['Kept', 'Fixed one']);
    const body = api.comments(PR)[0]!.body;
    expect(body).toMatch(
      /#### 🆕 New since the previous run \(1\)\n\n.*\n.*\n\| 🔴 Critical \| Added one \|/,
    );
    expect(body).toMatch(
      /#### ✅ Fixed since the previous run \(1\)\n\n.*\n.*\n\| 🟡 Medium \| Fixed one \|/,
    );
    expect(body).not.toMatch(/New since[^#]*Kept/);
  });

  it('stores a comment cut to 65,536 characters whose hidden data the next run still reads', async () => {
    const { api, client } = await setUp();
    const findings = Array.from({ length: 2_500 }, (_, i) =>
      makeFinding({ title: `${'<'.repeat(200)} ${i}`, file: `c/${'<'.repeat(100)}/F${i}.sol` }),
    );
    // Every finding replaced by a new, more severe one: long new and fixed lists.
    const seen = await commentTwice(
      client,
      findings,
      findings.map((f) => ({ ...f, severity: 'critical', fingerprint: `new-${f.fingerprint}` })),
    );
    const body = api.comments(PR)[0]!.body;
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toContain("Cut here to fit GitHub's limit for comments.");
    expect(seen?.findings.length).toBeGreaterThan(1_500);
    expect(readPreviousFindings(body)?.findings.length).toBe(seen?.findings.length);
    expect(body).toContain(`#### ✅ Fixed since the previous run (${seen?.findings.length})`);
    expect(body).toContain('#### 🆕 New since the previous run (2500)');
  });

  it.each<[string, GitHubApiOptions]>([
    ['without pull-requests: write', { forbid: ['issue-comments'] }],
    ['with a read-only token', { readOnly: true }],
  ])('throws PermissionError %s', async (_, options) => {
    const { api, client } = await setUp(options);
    const error = await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([])),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ permission: 'pull-requests: write', status: 403 });
    expect(api.comments(PR)).toHaveLength(0);
  });
});

describe('stickyCandidates', () => {
  const marker = commentMarker('vault');
  const comment = (id: number, body: string, isBot: boolean): IssueComment => ({
    id,
    url: `u${id}`,
    body,
    author: { login: isBot ? 'github-actions[bot]' : 'mallory', isBot },
  });

  it("takes bots' comments with the marker, newest first, never a person's pasting it", () => {
    const comments = [
      comment(1, `${marker}\nold`, true),
      comment(2, `${marker}\nnewer`, true),
      comment(3, `quoting ${marker}`, false),
      comment(4, commentMarker('vault2'), true),
    ];
    expect(stickyCandidates(comments, marker).map((c) => c.id)).toEqual([2, 1]);
    // Anyone can paste the marker: adopting it would let them author or block the report.
    expect(stickyCandidates(comments.slice(2), marker)).toEqual([]);
    expect(stickyCandidates([comment(5, 'no marker', true)], marker)).toEqual([]);
  });
});

describe("another app's comment with the marker", () => {
  it('is never adopted: the token updates its own, older comment, and leaves the decoy alone', async () => {
    const { api, client } = await setUp();
    await upsertStickyComment(client, { issueNumber: PR, ...sticky('vault', renderer([])) });
    const [ours] = api.comments(PR);
    const [decoy] = api.seedComments(PR, [
      { body: `${commentMarker('vault')}\nforged`, login: 'other-app[bot]', type: 'Bot' },
    ]);
    const result = await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([makeFinding({ title: 'Reentrancy' })])),
    });
    expect(result.action).toBe('updated');
    expect(api.comments(PR).find((c) => c.id === ours!.id)?.body).toContain('Reentrancy');
    expect(api.comments(PR).find((c) => c.id === decoy!.id)?.body).toContain('forged');
  });

  it('alone, leads to a comment of its own rather than a report stuck unedited', async () => {
    const { api, client } = await setUp();
    api.seedComments(PR, [
      { body: `${commentMarker('vault')}\nforged`, login: 'other-app[bot]', type: 'Bot' },
    ]);
    const result = await upsertStickyComment(client, {
      issueNumber: PR,
      ...sticky('vault', renderer([])),
    });
    expect(result.action).toBe('created');
    expect(api.comments(PR)).toHaveLength(2);
    expect(api.comments(PR)[1]?.user.login).toBe('github-actions[bot]');
  });
});
