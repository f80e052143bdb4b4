/**
 * What a dry run would send, per audit: each file under the name it is sent as, and for a
 * dependency the repository path it comes from. File names come from the checkout, so they are
 * escaped for the terminal.
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
    lines.push(
      '',
      `${escapeTerminal(upload.name)} (${escapeTerminal(upload.path)}): ` +
        `${upload.files.length - dependencies} file(s) to audit, ${dependencies} dependenc${dependencies === 1 ? 'y' : 'ies'}, ${formatBytes(bytes)}`,
    );
    for (const file of upload.files) {
      const name = escapeTerminal(file.relativePath);
      if (!file.dependency) lines.push(`  ${name}`);
      else lines.push(`  ${name}  (dependency, from ${escapeTerminal(file.repositoryPath)})`);
    }
  }
  return lines;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
