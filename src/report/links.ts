/**
 * Where a finding is, for the Markdown reports: its `path:line` text and a link to the lines at
 * the audited commit. URLs that arrive from outside (the service, the run's context) are used
 * only when they are plain http(s) without credentials.
 */
import type { Finding } from '../audit/findings.ts';
import { escapeMarkdown } from './escape.ts';
import { truncateText } from '../text.ts';

/** Where the audited commit's files can be browsed. */
export interface SourceLinks {
  serverUrl: string;
  repository: string;
  sha: string;
}

export interface LinkContext {
  /** Undefined when no file links can be made. */
  links: SourceLinks | undefined;
}

/** The location as Markdown: escaped text, linked to the file when there is a link. */
export function locationCell(finding: Finding, context: LinkContext, maxChars: number): string {
  const location = locationText(finding);
  if (location === undefined) return '—';
  const text = escapeMarkdown(truncateText(location, maxChars));
  const url = fileUrl(finding, context);
  return url === undefined ? text : `[${text}](${url})`;
}

/** `packages/core/contracts/A.sol:12-14`, relative to the repository like the annotations. */
export function locationText(finding: Finding): string | undefined {
  const path = finding.file;
  if (path === undefined) return undefined;
  const { startLine, endLine } = finding;
  if (startLine === undefined) return path;
  return endLine !== undefined && endLine > startLine
    ? `${path}:${startLine}-${endLine}`
    : `${path}:${startLine}`;
}

/** `…/blob/<sha>/<path>#Lstart-Lend`, safe as a Markdown link destination. */
export function fileUrl(finding: Finding, context: LinkContext): string | undefined {
  const path = finding.file;
  if (context.links === undefined || path === undefined) return undefined;
  const server = safeHttpUrl(context.links.serverUrl);
  // A `.` or `..` segment would move the link off the file.
  if (server === undefined || path.split('/').some((s) => s === '.' || s === '..'))
    return undefined;
  const { startLine, endLine } = finding;
  const fragment =
    startLine === undefined
      ? ''
      : endLine !== undefined && endLine > startLine
        ? `#L${startLine}-L${endLine}`
        : `#L${startLine}`;
  return (
    `${server.replace(/\/+$/, '')}/${encodePath(context.links.repository)}` +
    `/blob/${encodeSegment(context.links.sha)}/${encodePath(path)}${fragment}`
  );
}

/** A git commit id: SHA-1 or SHA-256, abbreviated or not. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;

/** `0123abc`, as GitHub shortens a commit id; undefined for anything that is not one. */
export function shortCommit(sha: string): string | undefined {
  return COMMIT_ID.test(sha) ? sha.slice(0, 7) : undefined;
}

/** `…/commit/<sha>` on the repository of `links`, safe as a Markdown link destination. */
export function commitUrl(links: SourceLinks, sha: string): string | undefined {
  const server = safeHttpUrl(links.serverUrl);
  if (server === undefined) return undefined;
  return `${server.replace(/\/+$/, '')}/${encodePath(links.repository)}/commit/${encodeSegment(sha)}`;
}

/** The URL, if it is http(s) and carries no credentials. */
export function httpUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    return undefined;
  return url.href;
}

/** The URL as a Markdown link destination, if it is http(s) and carries no credentials. */
export function safeHttpUrl(raw: string): string | undefined {
  // Parentheses would end a Markdown link, a pipe a table cell; the URL parser keeps all three.
  return httpUrl(raw)?.replace(/[()|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function encodePath(path: string): string {
  return path.split('/').map(encodeSegment).join('/');
}

/** encodeURIComponent leaves `( ) ! * '`; parentheses would end a Markdown link. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[()!*']/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
