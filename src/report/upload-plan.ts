/**
 * A dry run's last word: what an audit would send, per audit. The files themselves are named once,
 * by the search's own narration above it (the files to audit, the dependencies and where each comes
 * from, what was left out and why); this adds how they would be grouped into audits and named.
 * Names come from the checkout, so they are escaped for the terminal.
 */
import type { ProjectUpload } from '../project/find-contracts.ts';
import { escapeTerminal } from './escape.ts';

/** The plan's lines, without line ends. */
export function renderUploadPlan(uploads: readonly ProjectUpload[]): string[] {
  const files = uploads.reduce((sum, upload) => sum + upload.files.length, 0);
  const lines = [
    `Dry run: nothing was sent. An audit would send ${files} file(s) in ${uploads.length} audit(s):`,
  ];
  for (const upload of uploads) {
    const dependencies = upload.files.filter((file) => file.dependency).length;
    const bytes = upload.files.reduce((sum, file) => sum + file.size, 0);
    const names = upload.path === '.' ? '' : `, named from ${escapeTerminal(upload.path)}/`;
    lines.push(
      `  ${escapeTerminal(upload.name)} (${escapeTerminal(upload.path)}): ` +
        `${upload.files.length - dependencies} file(s) to audit, ${dependencies} dependenc${dependencies === 1 ? 'y' : 'ies'}, ${formatBytes(bytes)}${names}`,
    );
  }
  return lines;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
