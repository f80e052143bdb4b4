/**
 * What the summary (and so the check run) says of results that came from a reused audit: which
 * audit, that the upload was byte-identical, when it was audited and by which run.
 */
import type { ProjectAudit, ReusedAudit } from '../audit/outcome.ts';
import { truncateText } from '../text.ts';
import { escapeMarkdown } from './escape.ts';
import { httpUrl } from './links.ts';

/** One line per reused audit: the run's own, or each project's of several. */
export function renderReuseNotes(
  reused: ReusedAudit | undefined,
  audits: readonly ProjectAudit[] | undefined,
): string[] {
  if (audits !== undefined && audits.length > 1) {
    return audits.flatMap((audit) =>
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
