/**
 * The service's HTTP answers as plain values, and its one error shape:
 * `{"error": {"code": "...", "message": "..."}}`.
 */

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** Machine-readable codes, one per kind of refusal. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal_error';

export function errorReply(
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  return jsonReply(status, { error: { code, message } }, headers);
}
