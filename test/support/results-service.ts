/**
 * A loopback stand-in of the runner's results service, cache half: Twirp JSON over HTTP POST
 * (`/twirp/github.actions.results.api.v1.CacheService/<Method>`, fields in snake_case, the run's
 * token as a Bearer credential), handing out signed Azure Blob URLs that lead to Azurite. The
 * toolkit's own `@actions/cache` runs unchanged against it. `fault` turns it hostile.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Azurite } from './azurite.ts';

const CONTAINER = 'actions-cache';
const SERVICE = '/twirp/github.actions.results.api.v1.CacheService/';

export interface CacheEntry {
  key: string;
  version: string;
  blob: string;
  finalized: boolean;
  /** Order of creation: the newest match of a restore key wins. */
  serial: number;
}

/** How the service misbehaves: every call answered with this HTTP status, or reads refused. */
export type ResultsFault =
  | { kind: 'status'; status: number }
  | { kind: 'deny-reads' }
  | { kind: 'deny-writes' }
  /** Takes the request and never answers. */
  | { kind: 'hang' };

export interface ResultsServiceStandIn {
  url: string;
  token: string;
  entries: CacheEntry[];
  /** Twirp method of every call, in order. */
  calls: string[];
  fault: ResultsFault | undefined;
  /** Adds a finalized entry as another run would have left it (its archive is never read here). */
  seed(key: string, version: string): void;
  /** The runner's environment for the toolkit's clients to find this service. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startResultsService(azurite: Azurite): Promise<ResultsServiceStandIn> {
  await azurite.container(CONTAINER);
  const token = 'runtime-token-stand-in';
  let serial = 0;
  const entries: CacheEntry[] = [];
  const calls: string[] = [];
  const standIn: ResultsServiceStandIn = {
    url: '',
    token,
    entries,
    calls,
    fault: undefined,
    seed(key, version) {
      entries.push({ key, version, blob: `seeded-${serial}`, finalized: true, serial: serial++ });
    },
    env: () => ({
      ACTIONS_RESULTS_URL: `${standIn.url}/`,
      ACTIONS_RUNTIME_TOKEN: token,
      ACTIONS_CACHE_SERVICE_V2: 'true',
      GITHUB_SERVER_URL: 'https://github.com',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const methods: Record<string, (request: Record<string, unknown>) => [number, object]> = {
    GetCacheEntryDownloadURL({ key, restore_keys: restoreKeys, version }) {
      if (standIn.fault?.kind === 'deny-reads')
        return [403, { code: 'permission_denied', msg: 'cache read denied: no readable scope' }];
      const usable = entries.filter((entry) => entry.finalized && entry.version === version);
      const exact = usable.find((entry) => entry.key === key);
      const prefixes = Array.isArray(restoreKeys) ? (restoreKeys as string[]) : [];
      const byPrefix = prefixes
        .map((prefix) =>
          usable
            .filter((entry) => entry.key.startsWith(prefix))
            .sort((a, b) => b.serial - a.serial)
            .at(0),
        )
        .find((entry) => entry !== undefined);
      const match = exact ?? byPrefix;
      if (!match) return [200, { ok: false, signed_download_url: '', matched_key: '' }];
      return [
        200,
        {
          ok: true,
          signed_download_url: azurite.signedUrl(CONTAINER, match.blob, 'r'),
          matched_key: match.key,
        },
      ];
    },
    CreateCacheEntry({ key, version }) {
      if (standIn.fault?.kind === 'deny-writes')
        return [403, { code: 'permission_denied', msg: 'cache write denied: read-only scope' }];
      if (typeof key !== 'string' || typeof version !== 'string')
        return [400, { code: 'invalid_argument', msg: 'key and version are required' }];
      if (entries.some((entry) => entry.key === key && entry.version === version))
        return [200, { ok: false, signed_upload_url: '', message: 'cache entry already exists' }];
      const blob = `entry-${serial}`;
      entries.push({ key, version, blob, finalized: false, serial: serial++ });
      return [200, { ok: true, signed_upload_url: azurite.signedUrl(CONTAINER, blob, 'cw') }];
    },
    FinalizeCacheEntryUpload({ key, version }) {
      const entry = entries.find((each) => each.key === key && each.version === version);
      if (!entry) return [200, { ok: false, entry_id: '0' }];
      entry.finalized = true;
      return [200, { ok: true, entry_id: String(entry.serial + 1) }];
    },
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = (request.url ?? '').startsWith(SERVICE)
        ? (request.url ?? '').slice(SERVICE.length)
        : '';
      calls.push(method);
      if (standIn.fault?.kind === 'hang') return;
      if (request.method !== 'POST' || !(method in methods))
        return answer(response, 404, { code: 'bad_route', msg: `no such method: ${method}` });
      if (request.headers.authorization !== `Bearer ${token}`)
        return answer(response, 401, { code: 'unauthenticated', msg: 'bad token' });
      if (standIn.fault?.kind === 'status')
        return answer(response, standIn.fault.status, { code: 'internal', msg: 'stand-in fault' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(response, 400, { code: 'malformed', msg: 'not JSON' });
      }
      const [status, result] = methods[method]!(body);
      answer(response, status, result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
