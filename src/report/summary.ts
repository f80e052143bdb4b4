/**
 * The job summary (GitHub-flavoured Markdown). Everything from the service is escaped; the
 * whole stays under a byte budget, because GitHub rejects a step summary over 1 MiB.
 */
import { Buffer } from 'node:buffer';
import { shownSeverities, type Finding, type Severity } from '../audit/findings.ts';
import { hasResults, isBlocking } from '../audit/gate.ts';
import {
  inReportOrder,
  describeNotCounted,
  STATUS_REASONS,
  STATUS_WORDS,
  type TriagedFinding,
} from '../audit/triage.ts';
import type { AnnotationLevel } from './annotations.ts';
import { MAX_CHECK_RUN_ANNOTATIONS } from './check-run-output.ts';
import type { ProjectReport, Report } from './model.ts';
import { escapeHtml, escapeHtmlLines, escapeMarkdown } from './escape.ts';
import { groupFindings, groupKey } from './finding-groups.ts';
import { renderHeadCommitNote } from './head-commit-note.ts';
import { removeInvisibleCharacters, truncateText } from '../text.ts';
import { SEVERITY_LABELS, VERDICT_ICONS, VERDICT_WORDS } from './labels.ts';
import { fileUrl, locationCell, locationText, safeHttpUrl } from './links.ts';
import { renderReuseNotes } from './reuse-note.ts';

/** Under GitHub's 1 MiB (1,048,576 bytes) per step, with room for anything else the step adds. */
const DEFAULT_MAX_BYTES = 1_000_000;
const DETAILS_TEXT_MAX_CHARS = 10_000;

/** `notAnnotated`: findings the log's annotations had no room for, by level. */
export function renderSummary(
  report: Report,
  maxBytes: number = DEFAULT_MAX_BYTES,
  notAnnotated: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 },
): string {
  const findings = inReportOrder(report.findings);
  const reportUrl = report.reportUrl === undefined ? undefined : safeHttpUrl(report.reportUrl);
  const head = renderHead(report, findings, reportUrl, notAnnotated);
  if (findings.length === 0) {
    const results = hasResults(report.verdict) ? '### Findings\n\nNo findings.\n' : '';
    return fitBytes(head + results, maxBytes);
  }

  // The status column appears only when a finding of the audited files does not count, or
  // counts with a note (the baseline accepted it at a lower severity).
  const withStatus = findings.some(
    (entry) =>
      (entry.status !== 'active' && entry.status !== 'dependency') ||
      (entry.status === 'active' && entry.note !== undefined),
  );
  const projects = report.several ? report.projects.map((project) => project.name) : [];
  const groupSizes = new Map<string, number>();
  for (const entry of findings)
    groupSizes.set(groupKey(entry), (groupSizes.get(groupKey(entry)) ?? 0) + 1);
  const opening = (entry: TriagedFinding) =>
    groupOpening(entry, report.several, withStatus, groupSizes.get(groupKey(entry)) ?? 0);
  const heading = '### Findings\n\n';
  const detailsHeading = '\n### Details\n\n';
  // Room for the longest note the cuts below could need.
  const noteReserve = Math.max(
    bytes(omissionNote(findings.length, findings.length, findings.length, reportUrl)),
    bytes(omissionNote(0, findings.length, findings.length, reportUrl)),
  );
  let budget = maxBytes - bytes(head) - bytes(heading) - noteReserve;
  if (budget < 0) {
    const allCut = omissionNote(findings.length, findings.length, findings.length, reportUrl);
    return fitBytes(head + heading + allCut, maxBytes);
  }

  // Cut the least severe first: details go before any table row does. Rows are chosen in report
  // order while they fit, then listed by group, so a list far over the limit costs what the
  // summary can show.
  const rows = new Map<TriagedFinding, string>();
  const opened = new Set<string>();
  for (const entry of findings) {
    const row = renderRow(entry, report, withStatus && entry.status !== 'dependency');
    const key = groupKey(entry);
    const size = bytes(row) + (opened.has(key) ? 0 : bytes(opening(entry)) + 1);
    if (size > budget) break;
    budget -= size;
    opened.add(key);
    rows.set(entry, row);
  }
  const rowsShown = rows.size;
  const details: string[] = [];
  if (rowsShown === findings.length && budget > bytes(detailsHeading)) {
    budget -= bytes(detailsHeading);
    for (const entry of findings) {
      const block = renderDetails(entry, report);
      const size = bytes(block);
      if (size > budget) break;
      budget -= size;
      details.push(block);
    }
  }

  const note = omissionNote(
    findings.length - rowsShown,
    findings.length - details.length,
    findings.length,
    reportUrl,
  );
  const tables = groupFindings([...rows.keys()], projects)
    .map((group) => {
      const [first] = group.entries;
      if (first === undefined) return '';
      return opening(first) + group.entries.map((entry) => rows.get(entry) ?? '').join('');
    })
    .join('\n');
  const detailsSection = details.length > 0 ? detailsHeading + details.join('') : '';
  return fitBytes(head + heading + note + tables + detailsSection, maxBytes);
}

/** A group's heading, when the run has more than one group to tell apart, and its table header. */
function groupOpening(
  first: TriagedFinding,
  several: boolean,
  withStatus: boolean,
  size: number,
): string {
  if (first.status === 'dependency') {
    return (
      `#### In dependencies (${size})\n\n` +
      'Files uploaded only because the audited files import them: their findings never count.\n\n' +
      TABLE_HEADER
    );
  }
  const header = withStatus ? TABLE_HEADER_WITH_STATUS : TABLE_HEADER;
  if (!several || first.project === undefined) return header;
  return `#### ${escapeMarkdown(truncateText(removeInvisibleCharacters(first.project), 200))} (${size})\n\n${header}`;
}

const TABLE_HEADER = '| Severity | Rule | Title | Location |\n| --- | --- | --- | --- |\n';
const TABLE_HEADER_WITH_STATUS =
  '| Severity | Rule | Title | Location | Status |\n| --- | --- | --- | --- | --- |\n';

function renderHead(
  report: Report,
  findings: readonly TriagedFinding[],
  reportUrl: string | undefined,
  notAnnotated: Record<AnnotationLevel, number>,
): string {
  const lines = [
    `## Smart contract audit: ${escapeMarkdown(truncateText(report.projectName, 200))}`,
    '',
    `${VERDICT_ICONS[report.verdict]} **${VERDICT_WORDS[report.verdict]}**: ` +
      escapeMarkdown(truncateText(report.reason, 2_000)),
    '',
  ];
  lines.push(...verdictNotes(report, findings.length > 0));
  if (report.headCommit !== undefined)
    lines.push(...renderHeadCommitNote(report.headCommit, report.links));
  const reuseNotes = renderReuseNotes(report);
  if (reuseNotes.length > 0) lines.push(...reuseNotes, '');

  const facts: string[] = [];
  if (report.auditId !== undefined && !report.several)
    facts.push(`- **Audit ID:** ${escapeMarkdown(truncateText(report.auditId, 200))}`);
  if (report.rawStatus !== undefined)
    facts.push(`- **Status:** ${escapeMarkdown(truncateText(report.rawStatus, 100))}`);
  facts.push(`- **Fail on:** \`${report.failOn}\``);
  if (report.scopeNote !== undefined)
    facts.push(`- **Scope:** ${escapeMarkdown(truncateText(report.scopeNote, 500))}`);
  if (report.fileCount !== undefined) facts.push(`- **Files uploaded:** ${report.fileCount}`);
  if (reportUrl !== undefined) facts.push(`- **Report:** [open the full report](${reportUrl})`);
  lines.push(...facts, '');
  if (report.several) lines.push(...projectsTable(report.projects), '');

  if (hasResults(report.verdict) || findings.length > 0) lines.push(...countsTable(report), '');
  const repeats = report.repeatedDependencyFindings;
  if (repeats > 0) lines.push(repeatsNote(repeats), '');
  const annotationNote = renderNotAnnotatedNote(notAnnotated);
  if (annotationNote !== undefined) lines.push(annotationNote, '');
  return `${lines.join('\n')}\n`;
}

/** Each project's audit, in one line: a run of several is read project by project. */
function projectsTable(audits: readonly ProjectReport[]): string[] {
  return [
    '| Project | Verdict | Findings that count | Files uploaded | Audit ID |',
    '| --- | --- | ---: | ---: | --- |',
    ...audits.map((audit) => {
      const id =
        audit.auditId === undefined ? '—' : escapeMarkdown(truncateText(audit.auditId, 100));
      const url = audit.reportUrl === undefined ? undefined : safeHttpUrl(audit.reportUrl);
      return `| ${[
        escapeMarkdown(truncateText(removeInvisibleCharacters(audit.name), 200)),
        `${VERDICT_ICONS[audit.verdict]} ${VERDICT_WORDS[audit.verdict]}`,
        hasResults(audit.verdict) ? String(audit.counts.byStatus.active) : '—',
        audit.fileCount === undefined ? '—' : String(audit.fileCount),
        url === undefined ? id : `[${id}](${url})`,
      ].join(' | ')} |`;
    }),
  ];
}

/** An error or timeout must never read as a clean result. */
function verdictNotes(report: Report, hasFindings: boolean): string[] {
  const notes: string[] = [];
  if (report.verdict === 'error' || report.verdict === 'timeout') {
    if (hasFindings) {
      notes.push('> ⚠️ **The run did not complete:** the findings below may be incomplete.');
    } else {
      const why =
        report.verdict === 'timeout'
          ? 'The audit did not finish in time'
          : 'The audit did not complete';
      notes.push(
        `> ⚠️ **No results were obtained.** ${why}, so this run says nothing about the code. This is not a clean result.`,
      );
    }
  } else if (report.verdict === 'skipped') {
    notes.push('> ⏭️ **No audit was run**, so there are no results.');
  } else if (report.verdict === 'pending') {
    const someFinished = report.several && report.projects.some((p) => p.verdict !== 'pending');
    notes.push(
      someFinished
        ? '> ⏳ **Not every audit has finished**, so the run has no verdict yet: it is given once every project has results. ' +
            (hasFindings ? 'The findings below are those of the projects that finished. ' : '') +
            'This run says nothing about the code of the others until theirs are collected.'
        : '> ⏳ **The audit is still running**, so there are no results yet: this run says nothing about the code until they are collected.',
    );
  }
  if (report.resumeHint !== undefined) {
    notes.push(
      `${notes.length > 0 ? '>\n' : ''}> ${escapeMarkdown(truncateText(report.resumeHint, 10_000))}`,
    );
  }
  return notes.length > 0 ? [notes.join('\n'), ''] : [];
}

/** Every finding by severity; when some do not count, how many do, and why the rest do not. */
function countsTable({
  counts,
  failOn,
  vocabulary,
}: Pick<Report, 'counts' | 'failOn' | 'vocabulary'>): string[] {
  const { bySeverity, counted, byStatus, total } = counts;
  const gate = vocabulary.setting('fail-on', failOn);
  const fails = (s: Severity) => (isBlocking(s, failOn) ? 'yes' : 'no');
  if (byStatus.active === total) {
    return [
      `| Severity | Findings | Fails the job (${gate}) |`,
      '| --- | ---: | --- |',
      ...shownSeverities(bySeverity).map(
        (s) => `| ${SEVERITY_LABELS[s]} | ${bySeverity[s]} | ${fails(s)} |`,
      ),
      `| **Total** | **${total}** | |`,
    ];
  }
  const reasons = describeNotCounted(byStatus, STATUS_REASONS);
  return [
    `| Severity | Findings | Counted | Fails the job (${gate}) |`,
    '| --- | ---: | ---: | --- |',
    ...shownSeverities(bySeverity).map(
      (s) => `| ${SEVERITY_LABELS[s]} | ${bySeverity[s]} | ${counted[s]} | ${fails(s)} |`,
    ),
    `| **Total** | **${total}** | **${byStatus.active}** | |`,
    '',
    `Only counted findings can fail the job. Not counted: ${reasons.join(', ')}.`,
  ];
}

/** Said wherever the findings of several projects are listed together. */
export function repeatsNote(repeats: number): string {
  return (
    `ℹ️ ${repeats} more finding${repeats === 1 ? '' : 's'} in dependencies ${repeats === 1 ? 'repeats' : 'repeat'} another finding of this run ` +
    '(in a file that several projects import, or that a project of this run audits itself) and ' +
    `${repeats === 1 ? 'is' : 'are'} listed once.`
  );
}

export function renderNotAnnotatedNote(
  notAnnotated: Record<AnnotationLevel, number>,
): string | undefined {
  const parts = (['error', 'warning', 'notice'] as const)
    .filter((level) => notAnnotated[level] > 0)
    .map((level) => `${notAnnotated[level]} ${level}${notAnnotated[level] === 1 ? '' : 's'}`);
  if (parts.length === 0) return undefined;
  const total = notAnnotated.error + notAnnotated.warning + notAnnotated.notice;
  return (
    `ℹ️ GitHub shows only 10 annotations of each level per step, so ${total} ` +
    `finding${total === 1 ? ' was' : 's were'} not annotated in the log (${parts.join(', ')}). ` +
    'They are counted here and written to the results file.'
  );
}

/** Findings the check run does not annotate, past its cap or after GitHub refused more. */
export function renderCheckRunNotAnnotatedNote(count: number): string {
  return (
    `ℹ️ ${count} finding${count === 1 ? ' is' : 's are'} not annotated on the check run: it carries ` +
    `the most severe ones, at most ${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')}. ` +
    'They are counted here and written to the results file.'
  );
}

function omissionNote(
  rowsOmitted: number,
  detailsOmitted: number,
  total: number,
  reportUrl: string | undefined,
): string {
  if (rowsOmitted === 0 && detailsOmitted === 0) return '';
  const elsewhere =
    'Every finding is in the results file written by this step' +
    (reportUrl === undefined ? '.' : ` and in the [full report](${reportUrl}).`);
  const what =
    rowsOmitted > 0
      ? `**${rowsOmitted} of ${total} findings not shown here**, and no details,`
      : `**Details of ${detailsOmitted} of ${total} findings not shown here**,`;
  return `> ✂️ ${what} to stay within GitHub's job summary size limit. ${elsewhere}\n\n`;
}

function renderRow(entry: TriagedFinding, report: Report, withStatus: boolean): string {
  const { finding } = entry;
  const rule = ruleText(finding);
  const cells = [
    SEVERITY_LABELS[finding.severity],
    rule === undefined ? '—' : escapeMarkdown(truncateText(rule, 100)),
    escapeMarkdown(truncateText(finding.title, 200)) || '—',
    locationCell(finding, report, 200),
  ];
  if (withStatus) cells.push(statusCell(entry));
  return `| ${cells.join(' | ')} |\n`;
}

function statusCell(entry: TriagedFinding): string {
  const mark = STATUS_WORDS[entry.status];
  // Notes on findings that count say why the baseline no longer accepts them.
  if (entry.status !== 'accepted' && entry.status !== 'active') return mark;
  if (!entry.note?.trim()) return mark;
  return `${mark}: ${escapeMarkdown(truncateText(entry.note.trim(), 100))}`;
}

function renderDetails(entry: TriagedFinding, report: Report): string {
  const { finding } = entry;
  const location = locationText(finding);
  const summary = [
    `${SEVERITY_LABELS[finding.severity]}`,
    `<b>${escapeHtml(truncateText(finding.title, 200))}</b>`,
    ...(location === undefined ? [] : [escapeHtml(truncateText(location, 200))]),
    ...(entry.status === 'active' ? [] : [`<i>${STATUS_WORDS[entry.status]}</i>`]),
  ].join(' · ');

  const facts: string[] = [];
  const status = statusDetail(entry);
  if (status !== undefined) facts.push(status);
  const url = fileUrl(finding, report);
  if (location !== undefined) {
    const text = escapeHtml(truncateText(location, 200));
    facts.push(
      url === undefined
        ? `Location: ${text}`
        : `Location: <a href="${escapeHtml(url)}">${text}</a>`,
    );
  }
  for (const [label, value] of [
    ['Rule', finding.ruleId],
    ['SWC', finding.swcId],
    ['CWE', finding.cweId],
  ] as const) {
    if (value !== undefined) facts.push(`${label}: ${escapeHtml(truncateText(value, 100))}`);
  }
  if (!sameSeverityWord(finding.severityLabel, finding.severity)) {
    facts.push(`Reported severity: ${escapeHtml(truncateText(finding.severityLabel, 50))}`);
  }
  facts.push(`Fingerprint: <code>${escapeHtml(truncateText(finding.fingerprint, 100))}</code>`);

  // One raw-HTML block: no blank line inside, so Markdown never starts inside it.
  const lines = [
    `<details><summary>${summary}</summary>`,
    `<p>${htmlText(finding.description) || '<i>No description given.</i>'}</p>`,
  ];
  if (finding.recommendation?.trim()) {
    lines.push(`<p><b>Recommendation:</b> ${htmlText(finding.recommendation)}</p>`);
  }
  lines.push(`<p>${facts.join(' · ')}</p>`, '</details>', '', '');
  return lines.join('\n');
}

/** Why a finding does not count, in one line of HTML. */
function statusDetail(entry: TriagedFinding): string | undefined {
  const note = entry.note?.trim() ? escapeHtml(truncateText(entry.note.trim(), 500)) : undefined;
  switch (entry.status) {
    case 'active':
      return note === undefined ? undefined : `Counts: ${note}`;
    case 'outside-change':
      return `Not counted: outside the change${note === undefined ? '' : ` (${note})`}`;
    case 'accepted':
      return `Not counted: accepted in the baseline${note === undefined ? '' : ` (${note})`}`;
    case 'suppressed':
      return `Not counted: suppressed${note === undefined ? '' : ` by <code>${note}</code>`}`;
    case 'dependency':
      return 'Not counted: in a dependency (uploaded because an audited file imports it)';
  }
}

/** Whether the service's word is just a spelling of ours ("H", "Informational"), not worth showing. */
function sameSeverityWord(label: string, severity: Severity): boolean {
  const word = label.trim().toLowerCase();
  return word !== '' && (word.startsWith(severity) || severity.startsWith(word));
}

/** Untrusted text as HTML on a single line, its line breaks kept as `<br>`. */
function htmlText(text: string): string {
  return escapeHtmlLines(truncateText(text.trim(), DETAILS_TEXT_MAX_CHARS));
}

function ruleText(finding: Finding): string | undefined {
  const { ruleId, swcId } = finding;
  if (ruleId !== undefined && swcId !== undefined && ruleId !== swcId)
    return `${ruleId} (${swcId})`;
  return ruleId ?? swcId;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Last resort when even the head does not fit: cut at a character boundary. */
function fitBytes(text: string, maxBytes: number): string {
  if (bytes(text) <= maxBytes) return text;
  const buffer = Buffer.from(text, 'utf8');
  let end = Math.max(0, maxBytes);
  // Back up from a continuation byte to the start of its character.
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}
