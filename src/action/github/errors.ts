/**
 * How a GitHub request failed, in words a user can act on: a refusal for want of a permission
 * names the permission to add; anything else names the operation. The token is never in a message.
 */
import { truncateText } from '../../text.ts';

/** What to add to the job's `permissions:` for the operation that was refused. */
export type Permission =
  | 'checks: write'
  | 'checks: read'
  | 'pull-requests: write'
  | 'pull-requests: read'
  | 'actions: read'
  | 'contents: read';

/**
 * GitHub refused the operation for want of a permission: 403 (a read-only token on a fork's pull
 * request, or a `permissions:` block without it), or 404 where the repository itself cannot be
 * seen. Callers warn once, naming `permission`, and fall back.
 */
export class PermissionError extends Error {
  override name = 'PermissionError';
  readonly permission: Permission;
  readonly status: number;

  constructor(message: string, permission: Permission, status: number) {
    super(message);
    this.permission = permission;
    this.status = status;
  }
}

/**
 * A request the client would not send, or an answer it would not take (a redirect, or past the
 * size cap): never repeated.
 */
export class RefusedRequest extends Error {
  override name = 'RefusedRequest';
}

/** The request timed out: repeated like a server error. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/**
 * Runs one operation, turning GitHub's refusals into PermissionError and anything else into an
 * Error that names the operation. `notFoundIsPermission`: for a repository-level operation a
 * 404 means the token cannot see the repository; for one on a given object, that it is gone.
 */
export async function call<T>(
  operation: string,
  permission: Permission,
  notFoundIsPermission: boolean,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translateError(error, operation, permission, notFoundIsPermission);
  }
}

function translateError(
  error: unknown,
  operation: string,
  permission: Permission,
  notFoundIsPermission: boolean,
): Error {
  const status = statusOf(error);
  const raw = error instanceof Error ? error.message : String(error);
  const message = truncateText(raw.replace(/\s+/g, ' ').trim(), 300);
  const refused =
    (status === 403 && !isRateLimit(error)) ||
    (status === 404 && notFoundIsPermission) ||
    /resource not accessible by integration/i.test(message);
  if (refused) {
    return new PermissionError(
      `GitHub refused to ${operation} (${status}: ${message}). ` +
        `The token needs \`${permission}\`: add it to the job's permissions ` +
        '(pull requests from forks always get a read-only token).',
      permission,
      status,
    );
  }
  // Octokit reports a request that got no answer (refused, timed out) as status 500.
  const answered = (error as { response?: unknown } | null)?.response !== undefined;
  return new Error(
    `Could not ${operation} on GitHub${answered ? ` (HTTP ${status})` : ''}: ${message}`,
  );
}

/** A 403 for exhausting the rate limit is not a missing permission. */
export function isRateLimit(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return headersOf(error)['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message);
}

export function headersOf(error: unknown): Record<string, string | undefined> {
  return (
    (error as { response?: { headers?: Record<string, string> } } | null)?.response?.headers ?? {}
  );
}

export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}
