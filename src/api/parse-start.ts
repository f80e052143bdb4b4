/**
 * The answer to `POST /v1/audits`. Documented: `{"audit_id": "abc123", "status": "pending"}`;
 * tolerated: envelopes, other id names, and an id only in the `Location` header.
 */

import { ResponseFormatError } from '../errors.ts';
import { describeBody } from './excerpt.ts';
import {
  envelopeLevels,
  firstByAlias,
  firstInLevels,
  readJson,
  scalarText,
  text,
} from './json-fields.ts';

export const AUDIT_ID_FIELDS = ['audit_id', 'auditId', 'id', 'uuid', 'scan_id', 'job_id'] as const;
export const STATUS_FIELDS = ['status', 'state', 'scan_status'] as const;

export function parseStartAnswer(
  bodyText: string,
  locationHeader: string | undefined,
): { auditId: string; rawStatus: string | undefined } {
  const json = bodyText.trim() === '' ? undefined : readJson(bodyText);
  const levels = json?.ok ? envelopeLevels(json.value) : [];
  const rawStatus = firstInLevels(levels, STATUS_FIELDS, scalarText);
  const auditId =
    firstByAlias(levels, AUDIT_ID_FIELDS, scalarText) ?? lastPathSegment(locationHeader);
  if (auditId !== undefined) return { auditId, rawStatus };

  // The header's value is never quoted: messages may name a header, never show its contents.
  throw new ResponseFormatError(
    `The start-audit answer has no audit id: looked for ${AUDIT_ID_FIELDS.join(', ')} and a Location header (${describeBody(bodyText, json?.ok ?? false)})`,
  );
}

/** `https://host/v1/audits/abc123?x=1` or `/v1/audits/abc123/` -> `abc123`. */
function lastPathSegment(location: string | undefined): string | undefined {
  if (location === undefined || location.trim() === '') return undefined;
  let path: string;
  try {
    path = new URL(location.trim(), 'http://relative.invalid').pathname;
  } catch {
    return undefined;
  }
  const segment = path.split('/').filter(Boolean).at(-1);
  if (segment === undefined) return undefined;
  try {
    return text(decodeURIComponent(segment));
  } catch {
    return segment;
  }
}
