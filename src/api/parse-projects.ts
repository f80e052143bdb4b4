/**
 * The answer to `GET /v1/projects`, whose body is undocumented: a list of projects, bare or
 * wrapped, each named by `project_name` (documented) or `name`.
 */

import { ResponseFormatError } from '../errors.ts';
import { describeBody } from './excerpt.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import {
  envelopeLevels,
  field,
  firstInLevels,
  firstOf,
  readJson,
  scalarText,
  text,
} from './json-fields.ts';
import { AUDIT_ID_FIELDS, STATUS_FIELDS } from './parse-start.ts';

export interface ServiceProject {
  name: string;
  auditCount: number | undefined;
  lastAuditId: string | undefined;
  lastAuditStatus: string | undefined;
}

const LIST_FIELDS = ['projects', 'items', 'data', 'results'];
const NAME_FIELDS = ['project_name', 'projectName', 'name', 'title'];
const COUNT_FIELDS = [
  'audit_count',
  'auditCount',
  'audits_count',
  'auditsCount',
  'num_audits',
  'audits',
];
const LAST_AUDIT_FIELDS = ['last_audit', 'lastAudit', 'latest_audit', 'latestAudit'];
const LAST_AUDIT_ID_FIELDS = ['last_audit_id', 'lastAuditId', 'latest_audit_id', 'latestAuditId'];
const LAST_STATUS_FIELDS = [
  'last_audit_status',
  'lastAuditStatus',
  'latest_audit_status',
  'latestAuditStatus',
];

/** Entries without any name are left out: there is nothing to show for them. */
export function parseProjectsAnswer(bodyText: string): ServiceProject[] {
  const json = readJson(bodyText);
  const list = json.ok
    ? Array.isArray(json.value)
      ? json.value
      : firstInLevels(envelopeLevels(json.value), LIST_FIELDS, (v) =>
          Array.isArray(v) ? v : undefined,
        )
    : undefined;
  if (list === undefined) {
    throw new ResponseFormatError(
      `The projects answer has no project list: looked for a JSON array and ${LIST_FIELDS.join(', ')} (${describeBody(bodyText, json.ok)})`,
    );
  }
  return list.flatMap((entry: unknown) => {
    const summary =
      typeof entry === 'string'
        ? namedOnly(entry)
        : isRecord(entry)
          ? readProject(entry)
          : undefined;
    return summary === undefined ? [] : [summary];
  });
}

function namedOnly(name: string): ServiceProject | undefined {
  const trimmed = text(name);
  return trimmed === undefined
    ? undefined
    : { name: trimmed, auditCount: undefined, lastAuditId: undefined, lastAuditStatus: undefined };
}

function readProject(project: JsonRecord): ServiceProject | undefined {
  const name = firstOf(project, NAME_FIELDS, scalarText);
  if (name === undefined) return undefined;
  const lastAudit = LAST_AUDIT_FIELDS.map((key) => field(project, key)).find(isRecord);
  return {
    name,
    auditCount: firstOf(project, COUNT_FIELDS, count),
    lastAuditId:
      firstOf(project, LAST_AUDIT_ID_FIELDS, scalarText) ??
      (lastAudit === undefined ? undefined : firstOf(lastAudit, AUDIT_ID_FIELDS, scalarText)),
    lastAuditStatus:
      firstOf(project, LAST_STATUS_FIELDS, scalarText) ??
      (lastAudit === undefined ? undefined : firstOf(lastAudit, STATUS_FIELDS, scalarText)),
  };
}

/** A non-negative integer, or the length of an embedded list of audits. */
function count(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
