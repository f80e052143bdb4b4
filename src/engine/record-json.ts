/**
 * A sealed record's text read as the hostile JSON it may be (a reuse record, a pending record):
 * bounded in size before it is parsed, and an object, before its seal or any field is looked at.
 */

/** The record's JSON object, or why it is none (one line for the log). */
export function readRecordObject(text: string, maxBytes: number): Record<string, unknown> | string {
  // Stryker disable next-line StringLiteral: Buffer.byteLength reads an empty encoding as UTF-8
  if (Buffer.byteLength(text, 'utf8') > maxBytes)
    return `the record is larger than ${maxBytes} bytes`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the record is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the record is not a JSON object';
  return value as Record<string, unknown>;
}
