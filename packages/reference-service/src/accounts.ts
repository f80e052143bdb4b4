/**
 * API keys and the accounts they belong to. A key carries permissions: `read` to fetch audits and
 * list projects, `write` to start audits. Whatever a key can see is its account's, never another's.
 */

export type Permission = 'read' | 'write';

export interface ApiKeyGrant {
  /** How requests made with this key are recorded; the key itself never is. */
  label: string;
  key: string;
  account: string;
  permissions: readonly Permission[];
}

export const DEFAULT_ACCOUNT = 'acme';
export const OTHER_ACCOUNT = 'globex';

export interface DefaultKeys {
  apiKey?: string;
  readOnlyKey?: string;
  otherAccountKey?: string;
}

/**
 * One account with a write key and a read-only key, and a second account for isolation tests;
 * `extra` grants add keys or accounts.
 */
export function defaultGrants(
  keys: DefaultKeys,
  extra: readonly ApiKeyGrant[] = [],
): ApiKeyGrant[] {
  return [
    {
      label: 'api-key',
      key: keys.apiKey ?? 'test-api-key-5f1c9a7e',
      account: DEFAULT_ACCOUNT,
      permissions: ['read', 'write'],
    },
    {
      label: 'read-only-key',
      key: keys.readOnlyKey ?? 'test-read-only-key-2b8d',
      account: DEFAULT_ACCOUNT,
      permissions: ['read'],
    },
    {
      label: 'other-account-key',
      key: keys.otherAccountKey ?? 'test-other-account-key-9e4a',
      account: OTHER_ACCOUNT,
      permissions: ['read', 'write'],
    },
    ...extra,
  ];
}

export type Caller =
  { kind: 'missing' } | { kind: 'unknown' } | { kind: 'known'; grant: ApiKeyGrant };

export function identify(
  authorization: string | undefined,
  grants: readonly ApiKeyGrant[],
): Caller {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  if (!match) return { kind: 'missing' };
  const grant = grants.find((candidate) => candidate.key === match[1]);
  return grant ? { kind: 'known', grant } : { kind: 'unknown' };
}

/** The label a request is recorded under. */
export function callerLabel(caller: Caller): string {
  switch (caller.kind) {
    case 'missing':
      return 'missing';
    case 'unknown':
      return 'unknown-key';
    case 'known':
      return caller.grant.label;
  }
}
