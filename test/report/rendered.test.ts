/**
 * The Markdown reports as a GFM renderer shows them (marked, with GitHub's autolink extension):
 * hostile service text in every field renders as text — no link, image, tag or block of its own.
 */
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { reportOf } from '../support/report.ts';
import { renderPrComment } from '../../src/report/pr-comment.ts';
import { renderSummary } from '../../src/report/summary.ts';
import { makeFinding } from '../support/findings.ts';
import { allActive } from '../support/triage.ts';
import { HEAD_SHA, hostileRefusals, judgedCommit } from '../support/head-commit.ts';

const EVIL = 'https://evil.example/login';
/** Each way service text could make GitHub render something of its own. */
const PAYLOAD = [
  `Visit ${EVIL} or www.evil.example/x`,
  `[click](${EVIL}) ![pixel](${EVIL}.png) <${EVIL}>`,
  '<img src=x onerror=alert(1)> <a href="https://evil.example">a</a>',
  '\n\n# Heading\n\n| injected | table |\n| --- | --- |\n\n```\ncode\n```\n',
  'admin@evil.example',
].join(' ');

const hostile = allActive([
  makeFinding({
    severity: 'unknown',
    severityLabel: PAYLOAD,
    title: PAYLOAD,
    ruleId: PAYLOAD,
    file: `src/${PAYLOAD}.sol`,
    description: PAYLOAD,
    recommendation: PAYLOAD,
  }),
]);

function html(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false });
}

/** What the rendered HTML links to, shows or starts, beyond our own tags. */
function linksAndImages(rendered: string): string[] {
  return [...rendered.matchAll(/<(?:a|img)\b[^>]*>|<h1|<pre|<code>code/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes('evil') || !tag.startsWith('<a'));
}

describe('rendered with GFM', () => {
  it('the job summary links and shows nothing the service sent', () => {
    const markdown = renderSummary(
      reportOf({
        verdict: 'fail',
        reason: PAYLOAD,
        auditId: PAYLOAD,
        rawStatus: PAYLOAD,
        findings: hostile,
        scopeNote: PAYLOAD,
        resumeHint: PAYLOAD,
        fileCount: 1,
      }),
    );
    const rendered = html(markdown);
    expect(rendered).toContain('evil.example');
    expect(linksAndImages(rendered)).toEqual([]);
  });

  it('the pull-request comment links and shows nothing the service sent', () => {
    const markdown = renderPrComment({
      ...reportOf({ verdict: 'fail', reason: PAYLOAD, findings: hostile, auditId: PAYLOAD }),
      previous: undefined,
    });
    const rendered = html(markdown);
    expect(rendered).toContain('evil.example');
    expect(linksAndImages(rendered)).toEqual([]);
  });

  it('the refused files of a workflow_run render as text, the commit link the only link', () => {
    const headCommit = judgedCommit([...hostileRefusals(), { path: PAYLOAD, reason: PAYLOAD }]);
    const links = { serverUrl: 'https://github.com', repository: 'octo/vault', sha: HEAD_SHA };
    const common = reportOf({
      reason: 'no findings',
      links,
      auditId: 'a',
      rawStatus: undefined,
      fileCount: 1,
      headCommit,
    });
    const summary = renderSummary(common);
    const comment = renderPrComment({ ...common, previous: undefined });
    for (const markdown of [summary, comment]) {
      const rendered = html(markdown);
      expect(rendered).toContain('evil.example');
      expect(linksAndImages(rendered)).toEqual([]);
      expect([...rendered.matchAll(/<a\b[^>]*>/g)].map((m) => m[0])).toEqual([
        `<a href="https://github.com/octo/vault/commit/${HEAD_SHA}">`,
      ]);
      expect(rendered).not.toMatch(/<(script|img|b|h1)\b|<\/details/);
    }
  });
});
