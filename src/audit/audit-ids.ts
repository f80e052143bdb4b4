/**
 * The `audit-id` output and input: one id for a run with one audit; with several, a JSON object
 * of ids by project folder (`{"packages/core": "a1", …}`), which the input takes back to resume
 * them all. JSON, because ids come from the service and may hold any character.
 */
import { ConfigurationError } from '../errors.ts';
import { sentenceStart, type Vocabulary } from '../vocabulary.ts';

const CONTROL = /[\p{Cc}\p{Cf}]/u;
const CONTROL_EVERYWHERE = new RegExp(CONTROL.source, 'gu');

export interface ProjectAuditId {
  /** The upload's name: `project-name`, and with several projects `/` and its folder. */
  name: string;
  /** The project's folder relative to the workspace, `.` for the workspace: the key. */
  path: string;
  auditId: string;
}

/** One id, or one per project folder. */
export type AuditIds = string | ReadonlyMap<string, string>;

/** `several`: the run has more than one project, however many of their audits have started. */
export function formatAuditIds(
  started: readonly ProjectAuditId[],
  several = started.length > 1,
): string {
  const [only] = started;
  if (!several && only !== undefined) return only.auditId;
  return JSON.stringify(Object.fromEntries(started.map((audit) => [audit.path, audit.auditId])));
}

/** `vocabulary`: the door's, in whose words a bad value is told. */
export function parseAuditIds(text: string, vocabulary: Vocabulary): AuditIds {
  if (!text.startsWith('{')) return text;
  const problem =
    `${sentenceStart(vocabulary.optionNamed('audit-id'))} starts with \`{\` but is not a JSON object of audit ids by project folder, ` +
    `as a run that audited several projects gives it for ${vocabulary.option('audit-id')} (\`{"packages/core": "<id>"}\`)`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigurationError(
      `${problem}. Pass ${vocabulary.idsOf('that run')} as it is, or a single id.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigurationError(`${problem}.`);
  const byPath = new Map<string, string>();
  // Folders are kept as written: they are compared with this checkout's, which the action wrote.
  for (const [folder, id] of Object.entries(value)) {
    const shown = JSON.stringify(folder.slice(0, 100)).replace(CONTROL_EVERYWHERE, '?');
    if (typeof id !== 'string' || id.trim() === '' || folder === '')
      throw new ConfigurationError(`${problem}: the entry for ${shown} is not a non-empty id.`);
    // JSON's escapes can spell what no id holds, and an id is sent in a URL: a control character.
    if (CONTROL.test(id))
      throw new ConfigurationError(`${problem}: the id for ${shown} holds a control character.`);
    byPath.set(folder, id.trim());
  }
  if (byPath.size === 0) throw new ConfigurationError(`${problem}: it is empty.`);
  return byPath;
}
