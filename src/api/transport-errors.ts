/**
 * What a connection-level error means for a request to the service: whether any byte of it was
 * sent, whether the service may have acted on it, and whether a repeat may cure it.
 */

export interface TransportJudgement {
  reason: string;
  retryable: boolean;
  mayHaveActed: boolean;
  neverSent: boolean;
}

/** Connection failures a repeat may cure, where no byte of the request reached the service. */
const NOT_SENT_TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);
/**
 * Failures before any byte was sent that a repeat will not cure: an unknown host, a refused
 * TLS handshake, a header undici will not send (a key with a line break or beyond Latin-1).
 */
const NOT_SENT_LASTING_CODES = new Set(['ENOTFOUND', 'UND_ERR_INVALID_ARG']);
/** Failures mid-exchange that a repeat may cure. */
const TRANSIENT_CODES = new Set([
  ...NOT_SENT_TRANSIENT_CODES,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** What a connection-level error means: whether anything was sent, and whether to try again. */
export function judgeTransportError(error: unknown, idempotent: boolean): TransportJudgement {
  const code = errorCode(error);
  const reason = `${describeCode(code)}${error instanceof Error ? `: ${error.message}` : ''}`;
  const neverSent =
    code !== undefined &&
    (NOT_SENT_TRANSIENT_CODES.has(code) || NOT_SENT_LASTING_CODES.has(code) || isTlsCode(code));
  const transient = code !== undefined && TRANSIENT_CODES.has(code);
  return {
    reason,
    retryable: transient && (idempotent || neverSent),
    mayHaveActed: !idempotent && !neverSent,
    neverSent,
  };
}

/** The error's code, looking through undici's and Node's wrappers. */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') return code;
    // Happy-eyeballs connects fail with an AggregateError of per-address errors.
    e = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return /CERT|SELF_SIGNED|TLS|SSL/.test(code);
}

function describeCode(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'connection closed unexpectedly';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not resolved';
    case 'UND_ERR_INVALID_ARG':
      return 'the request was never sent';
    case undefined:
      return 'request failed';
    default:
      return isTlsCode(code) ? `TLS handshake failed (${code})` : code;
  }
}
