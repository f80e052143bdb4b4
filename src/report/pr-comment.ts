/**
 * The sticky pull request comment: verdict, counts, what changed since the previous run and the
 * most severe findings, found again next run by a hidden marker. The findings of this run are
 * kept in the comment itself, hidden and compact, so the next run can tell new from fixed.
 * Everything from the service is escaped; the whole fits GitHub's 65,536 characters.
 */
import { severityRank, shownSeverities, type Finding, type Severity } from '../audit/findings.ts';
import { hasResults } from '../audit/gate.ts';
import {
  inReportOrder,
  describeNotCounted,
  STATUS_REASONS,
  type TriagedFinding,
} from '../audit/triage.ts';
import {
  commentMarker,
  encodeMemory,
  findingKey,
  type PreviousFinding,
  type PreviousRun,
} from './comment-memory.ts';
import { escapeMarkdown } from './escape.ts';
import { groupFindings } from './finding-groups.ts';
import { renderHeadCommitNote } from './head-commit-note.ts';
import { removeInvisibleCharacters, truncateText } from '../text.ts';
import { SEVERITY_LABELS, VERDICT_ICONS, VERDICT_WORDS } from './labels.ts';
import { locationCell, locationText, safeHttpUrl, shortCommit } from './links.ts';
import type { ProjectReport, Report } from './model.ts';

/** The report, and what the comment it replaces remembers of the previous run. */
export type PrCommentInput = Report & {
  /** Undefined on the first run. */
  previous: PreviousRun | undefined;
};

export const COMMENT_MAX_CHARS = 65_536;
const LIST_LIMIT = 20;

export function renderPrComment(input: PrCommentInput, maxChars = COMMENT_MAX_CHARS): string {
  const results = hasResults(input.verdict);
  // A hash per finding, made at most once: the remembered findings' are kept for the
  // comparison, which hashes the others only as far as it needs to.
  const keys = new Map<TriagedFinding, string>();
  const remember = (entry: TriagedFinding): PreviousFinding => {
    const key = findingKey(entry.finding.fingerprint);
    keys.set(entry, key);
    return toPrevious(entry.finding, key);
  };
  const keyOf = (entry: TriagedFinding): string =>
    keys.get(entry) ?? findingKey(entry.finding.fingerprint);
  const data = results
    ? encodeMemory(input.findings, remember, false)
    : // No results this run: keep the last real ones for the next comparison.
      encodeMemory(input.previous?.findings ?? [], (p) => p, input.previous?.partial === true);

  // Projects that did report are shown even when another did not; without every project's
  // results there is nothing to compare, and the last complete ones are kept for the next run.
  const partial =
    !results &&
    input.several &&
    (input.findings.length > 0 || input.projects.some((project) => hasResults(project.verdict)));
  const head = [
    commentMarker(input.projectName),
    ...renderHead(input, results || partial, partial),
    '',
  ].join('\n');
  const sections = results
    ? renderSections(input, keyOf)
    : partial
      ? renderFindings(input, () => false).join('\n')
      : '';
  const footer = renderFooter(input);
  const tail = `\n${footer}\n\n${data}\n`;
  const room = maxChars - head.length - tail.length;
  return head + fitSections(sections, room) + tail;
}

function toPrevious(finding: Finding, key: string): PreviousFinding {
  return {
    key,
    severity: finding.severity,
    title: finding.title,
    location: locationText(finding),
  };
}

function renderHead(input: PrCommentInput, results: boolean, partial = false): string[] {
  const name = escapeMarkdown(truncateText(input.projectName, 200));
  const verdict = `${VERDICT_ICONS[input.verdict]} ${VERDICT_WORDS[input.verdict]}`;
  const lines = [
    `### ${verdict}: smart contract audit of ${name}`,
    '',
    escapeMarkdown(truncateText(input.reason, 2_000)),
    '',
  ];
  if (input.headCommit !== undefined)
    lines.push(...renderHeadCommitNote(input.headCommit, input.links));
  if (input.several) lines.push(...projectsTable(input.projects));
  if (partial) {
    lines.push(
      '> ⚠️ **Not every project has results**, so this run says nothing about those that have none. ' +
        'The findings below are those of the projects that reported; nothing is compared with the previous run.',
      '',
    );
  }
  if (!results) {
    lines.push(
      input.verdict === 'skipped'
        ? '> No audit was run, so there are no results.'
        : input.verdict === 'pending'
          ? '> ⏳ **The audit is still running**, so there are no results yet. ' +
            'This comment is updated when they are collected.'
          : '> ⚠️ **No complete results were obtained**, so this run says nothing about the code. ' +
            'It is not a clean result.',
      '',
    );
    return lines;
  }
  const counts = input.counts.counted;
  const columns = shownSeverities(counts);
  lines.push(
    `| ${columns.map((s) => SEVERITY_LABELS[s]).join(' | ')} |`,
    `|${' ---: |'.repeat(columns.length)}`,
    `| ${columns.map((s) => String(counts[s])).join(' | ')} |`,
    '',
  );
  const { byStatus } = input.counts;
  const others = describeNotCounted(byStatus, STATUS_REASONS);
  if (others.length > 0) lines.push(`Not counted for the gate: ${others.join(', ')}.`, '');
  return lines;
}

function renderSections(input: PrCommentInput, keyOf: (entry: TriagedFinding) => string): string {
  const previous = input.previous;
  const ordered = inReportOrder(input.findings);
  const lines: string[] = [];

  let isNew: (entry: TriagedFinding) => boolean = () => false;
  if (previous === undefined) {
    lines.push('_First run on this pull request: nothing to compare with yet._', '');
  } else {
    const previousKeys = new Set(previous.findings.map((p) => p.key));
    // When the previous run's list was cut, only severities above the cut can be compared.
    const floor = previous.partial ? previous.findings.at(-1)?.severity : undefined;
    const comparable = (severity: Severity) =>
      floor === undefined || severityRank(severity) > severityRank(floor);
    // One pass, each finding keyed once: whether it is new, and which previous keys are still
    // here. A finding that cannot be new needs no key once every previous key has been seen.
    const news = new Set<TriagedFinding>();
    const kept = new Set<string>();
    for (const entry of input.findings) {
      const canBeNew = comparable(entry.finding.severity);
      if (!canBeNew && kept.size === previousKeys.size) continue;
      const key = previousKeys.size === 0 ? undefined : keyOf(entry);
      if (key !== undefined && previousKeys.has(key)) kept.add(key);
      else if (canBeNew) news.add(entry);
    }
    isNew = (entry) => news.has(entry);
    const added = ordered.filter(isNew);
    const fixed = previous.findings.filter((p) => !kept.has(p.key));

    lines.push(`#### 🆕 New since the previous run (${added.length})`, '');
    if (added.length === 0) lines.push('None.', '');
    else
      lines.push(
        ...findingTable(added.slice(0, LIST_LIMIT), input, () => false),
        ...more(added.length),
      );
    lines.push(`#### ✅ Fixed since the previous run (${fixed.length})`, '');
    if (fixed.length === 0) lines.push('None.', '');
    else lines.push(...fixedTable(fixed.slice(0, LIST_LIMIT)), ...more(fixed.length));
    if (floor !== undefined) {
      lines.push(
        `_The previous run had more findings than this comment can remember: ${floor} and less ` +
          'severe findings were not compared._',
        '',
      );
    }
  }

  lines.push(...renderFindings(input, isNew));
  return lines.join('\n');
}

/** The most severe findings of each project, then those in dependencies. */
function renderFindings(
  input: PrCommentInput,
  isNew: (entry: TriagedFinding) => boolean,
): string[] {
  const ordered = inReportOrder(input.findings);
  const lines: string[] = [];
  if (ordered.length === 0) lines.push(`#### Findings (0)`, '', 'No findings.', '');
  for (const group of groupFindings(
    ordered,
    input.several ? input.projects.map((project) => project.name) : [],
  )) {
    const what = group.dependencies
      ? 'in dependencies, never counted'
      : group.project === undefined
        ? undefined
        : `of ${escapeMarkdown(truncateText(removeInvisibleCharacters(group.project), 200))}`;
    const shown = group.entries.slice(0, LIST_LIMIT);
    lines.push(
      shown.length < group.entries.length
        ? `#### Most severe findings${what ? ` ${what}` : ''} (${shown.length} of ${group.entries.length})`
        : `#### Findings${what ? ` ${what}` : ''} (${group.entries.length})`,
      '',
      ...findingTable(shown, input, isNew),
    );
  }
  return lines;
}

/** Each project's verdict, in one line each. */
function projectsTable(audits: readonly ProjectReport[]): string[] {
  return [
    '| Project | Verdict | Findings that count |',
    '| --- | --- | ---: |',
    ...audits.map(
      (audit) =>
        `| ${escapeMarkdown(truncateText(removeInvisibleCharacters(audit.name), 200))} | ${VERDICT_ICONS[audit.verdict]} ${VERDICT_WORDS[audit.verdict]} | ` +
        `${hasResults(audit.verdict) ? audit.counts.byStatus.active : '—'} |`,
    ),
    '',
  ];
}

function findingTable(
  entries: readonly TriagedFinding[],
  input: PrCommentInput,
  isNew: (entry: TriagedFinding) => boolean,
): string[] {
  return [
    '| Severity | Finding | Location | Note |',
    '| --- | --- | --- | --- |',
    ...entries.map((entry) => {
      const { finding } = entry;
      const notes: string[] = [];
      if (isNew(entry)) notes.push('🆕 new');
      const note = entry.note?.trim();
      const shown = note ? escapeMarkdown(truncateText(note, 100)) : undefined;
      if (entry.status !== 'active') {
        notes.push(STATUS_REASONS[entry.status] + (shown ? `: ${shown}` : ''));
      } else if (shown) notes.push(shown);
      return `| ${[
        SEVERITY_LABELS[finding.severity],
        escapeMarkdown(truncateText(finding.title, 150)) || '—',
        locationCell(finding, input, 150),
        notes.join('; '),
      ].join(' | ')} |`;
    }),
    '',
  ];
}

function fixedTable(entries: readonly PreviousFinding[]): string[] {
  return [
    '| Severity | Finding | Was at |',
    '| --- | --- | --- |',
    ...entries.map(
      (p) =>
        `| ${SEVERITY_LABELS[p.severity]} | ${escapeMarkdown(p.title ?? '') || '—'} | ` +
        `${p.location === undefined ? '—' : escapeMarkdown(p.location)} |`,
    ),
    '',
  ];
}

function more(total: number): string[] {
  return total > LIST_LIMIT ? [`…and ${total - LIST_LIMIT} more.`, ''] : [];
}

function renderFooter(input: PrCommentInput): string {
  const parts: string[] = [];
  // With several projects, each one's id is in the summary's table.
  if (input.auditId !== undefined && !input.several)
    parts.push(`Audit ID: ${escapeMarkdown(truncateText(input.auditId, 200))}`);
  const report = input.reportUrl === undefined ? undefined : safeHttpUrl(input.reportUrl);
  if (report !== undefined) parts.push(`[Full report](${report})`);
  const run = input.runUrl === undefined ? undefined : safeHttpUrl(input.runUrl);
  if (run !== undefined) parts.push(`[Workflow run](${run})`);
  const commit = input.links === undefined ? undefined : shortCommit(input.links.sha);
  if (commit !== undefined) parts.push(`Commit ${commit}`);
  return parts.length > 0 ? `<sub>${parts.join(' · ')}</sub>` : '';
}

const CUT_NOTE =
  "\n\n> ✂️ Cut here to fit GitHub's limit for comments. The job summary of the workflow run " +
  'lists every finding.\n';

/** Whole lines only, so no table row or link is split. */
function fitSections(sections: string, room: number): string {
  if (sections.length <= room) return sections;
  const lineEnd = sections.lastIndexOf('\n', room - CUT_NOTE.length);
  return (lineEnd > 0 ? sections.slice(0, lineEnd) : '') + CUT_NOTE;
}
