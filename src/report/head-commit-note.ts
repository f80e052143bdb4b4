/**
 * What the Markdown reports say of a `workflow_run` audit: the head commit that was judged, and
 * the triggering run's artifact files that were refused. The commit id is GitHub's; the refused
 * paths are the artifact's own, so they are escaped like any untrusted text.
 */
import { Buffer } from 'node:buffer';
import type { JudgedCommit } from '../audit/result.ts';
import { removeInvisibleCharacters, truncateText } from '../text.ts';
import { escapeMarkdown } from './escape.ts';
import { commitUrl, shortCommit, type SourceLinks } from './links.ts';

/** Refused files listed in one report; the results file has them all. */
const LIST_LIMIT = 20;
/** With every row at its longest and escaped, 20 rows would crowd the check run's 65,535 characters. */
const LIST_MAX_BYTES = 8_000;
const PATH_MAX_CHARS = 200;
const REASON_MAX_CHARS = 300;

/** The note's lines: which commit was judged, then the refused files, at most LIST_LIMIT. */
export function renderHeadCommitNote(
  headCommit: JudgedCommit,
  links: SourceLinks | undefined,
): string[] {
  const lines = [`> 🔎 ${judged(headCommit.sha, links)}`];
  const { refused } = headCommit;
  if (refused.length === 0) return [...lines, ''];
  const files = refused.length === 1 ? '1 file' : `${refused.length} files`;
  lines.push(
    '>',
    `> ⚠️ **${files} of the triggering run's artifact ${refused.length === 1 ? 'was' : 'were'} refused** ` +
      'and not sent: where the head commit holds the path, its own file was audited instead.',
    '',
    '| Refused file | Why |',
    '| --- | --- |',
  );
  let budget = LIST_MAX_BYTES;
  let shown = 0;
  for (const file of refused.slice(0, LIST_LIMIT)) {
    const row =
      `| ${escapeMarkdown(truncateText(removeInvisibleCharacters(file.path), PATH_MAX_CHARS)) || '—'} ` +
      `| ${escapeMarkdown(truncateText(removeInvisibleCharacters(file.reason), REASON_MAX_CHARS)) || '—'} |`;
    budget -= Buffer.byteLength(row, 'utf8');
    if (budget < 0) break;
    lines.push(row);
    shown += 1;
  }
  lines.push('');
  // A table goes on over any line that follows it: the count stands after a blank line.
  if (shown < refused.length)
    lines.push(`…and ${refused.length - shown} more, listed in the results file.`, '');
  return lines;
}

function judged(sha: string, links: SourceLinks | undefined): string {
  const short = shortCommit(sha);
  const url = short === undefined || links === undefined ? undefined : commitUrl(links, sha);
  const name =
    short === undefined
      ? escapeMarkdown(truncateText(removeInvisibleCharacters(sha), 100))
      : `\`${short}\``;
  return (
    `**Audited commit ${url === undefined ? name : `[${name}](${url})`}**, the head of the run that ` +
    'triggered this one, as GitHub serves it: this workflow chooses its contracts, and only that ' +
    "commit's bytes are sent for them. The triggering run's artifact supplies only files that " +
    'match it, and dependencies.'
  );
}
