/**
 * What the summary (and so the check run) says of results that came from a reused audit: which
 * audit, that the upload was byte-identical, when it was audited and by which run.
 */
import type { ReusedAudit } from '../audit/result.ts';
import { truncateText } from '../text.ts';
import { escapeMarkdown } from './escape.ts';
import { httpUrl } from './links.ts';
import type { Report } from './model.ts';

/** One line per reused audit: the run's own, or each project's of several. */
export function renderReuseNotes({
  reused,
  several,
  projects,
}: Pick<Report, 'reused' | 'several' | 'projects'>): string[] {
  if (several) {
    return projects.flatMap((audit) =>
      audit.reused === undefined
        ? []
        : [`- ${escapeMarkdown(truncateText(audit.name, 200))}: ${sentence(audit.reused)}`],
    );
  }
  return reused === undefined ? [] : [`> ♻️ ${sentence(reused)}`];
}

function sentence({ auditId, auditedAt, runUrl }: ReusedAudit): string {
  const when = `${auditedAt.slice(0, 10)} ${auditedAt.slice(11, 16)} UTC`;
  const link = runUrl === undefined ? undefined : httpUrl(runUrl);
  return (
    `Reused audit ${escapeMarkdown(truncateText(auditId, 200))}: the upload is byte-identical to the one audited on ${when}` +
    (link === undefined ? '' : ` by [the run that started it](${link})`) +
    '; nothing was uploaded, and the results were read from the service again.'
  );
}
