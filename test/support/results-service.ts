/**
 * A loopback stand-in of the runner's results service, cache and artifacts: Twirp JSON over HTTP
 * POST (`/twirp/github.actions.results.api.v1.<CacheService|ArtifactService>/<Method>`, fields in
 * snake_case, the run's token as a Bearer credential), handing out signed Azure Blob URLs that
 * lead to Azurite. The token is a JWT whose `scp` claim names the run and job
 * (`Actions.Results:<run>:<job>`), as `@actions/artifact` reads it. The toolkit's own
 * `@actions/cache` and `@actions/artifact` run unchanged against it. `fault` turns it hostile.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Azurite } from './azurite.ts';

const CONTAINER = 'actions-cache';
const ARTIFACTS = 'actions-artifacts';
const TWIRP = '/twirp/github.actions.results.api.v1.';

/** An artifact as a run uploaded it: its zip is the blob `blob` in Azurite. */
export interface StoredArtifact {
  id: number;
  /** The workflow run's id, as GitHub's REST API names it (from the token's backend run id). */
  runId: number;
  name: string;
  blob: string;
  size: number;
  /** `sha256:<hex>`, as FinalizeArtifact reported it. */
  digest: string | undefined;
  finalized: boolean;
  /** Past its retention (as GitHub's REST API lists it). */
  expired?: boolean;
}

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
  /** Artifacts uploaded (or being uploaded) through this service. */
  artifacts: StoredArtifact[];
  /** A signed URL reading an artifact's zip, as the blob store hands it out. */
  artifactUrl(artifact: StoredArtifact): string;
  /** Stores `zip` as a finalized artifact of run `runId`, as a run that uploaded it would have. */
  seedArtifact(runId: number, name: string, zip: Buffer): Promise<StoredArtifact>;
  fault: ResultsFault | undefined;
  /** Adds a finalized entry as another run would have left it (its archive is never read here). */
  seed(key: string, version: string): void;
  /** The runner's environment for the toolkit's clients to find this service, as run `runId`'s job. */
  env(runId?: number): Record<string, string>;
  close(): Promise<void>;
}

/** The run and job backend ids a runtime token names: `run-<id>` and `job-1`. */
export function runtimeToken(runId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { scp: `Actions.GenericRead Actions.Results:run-${runId}:job-1`, iss: 'stand-in' };
  return `${part({ typ: 'JWT', alg: 'none' })}.${part(claims)}.signature`;
}

/** The run a token names, or undefined when it names none. */
function runOf(authorization: string | undefined): number | undefined {
  const payload = authorization?.replace(/^Bearer /, '').split('.')[1] ?? '';
  try {
    const scp = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { scp?: string }).scp;
    const match = / Actions\.Results:run-(\d+):job-1$/.exec(scp ?? '');
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export async function startResultsService(azurite: Azurite): Promise<ResultsServiceStandIn> {
  await azurite.container(CONTAINER);
  await azurite.container(ARTIFACTS);
  const token = runtimeToken(42);
  let serial = 0;
  const entries: CacheEntry[] = [];
  const calls: string[] = [];
  const artifacts: StoredArtifact[] = [];
  const standIn: ResultsServiceStandIn = {
    url: '',
    token,
    entries,
    calls,
    artifacts,
    fault: undefined,
    seed(key, version) {
      entries.push({ key, version, blob: `seeded-${serial}`, finalized: true, serial: serial++ });
    },
    artifactUrl: (artifact) => azurite.signedUrl(ARTIFACTS, artifact.blob, 'r'),
    async seedArtifact(runId, name, zip) {
      const artifact: StoredArtifact = {
        id: 7000 + serial,
        runId,
        name,
        blob: `run-${runId}/${name}-${serial++}.zip`,
        size: zip.length,
        digest: `sha256:${createHash('sha256').update(zip).digest('hex')}`,
        finalized: true,
      };
      await azurite.put(ARTIFACTS, artifact.blob, zip, 'application/zip');
      artifacts.push(artifact);
      return artifact;
    },
    env: (runId = 42) => ({
      ACTIONS_RESULTS_URL: `${standIn.url}/`,
      ACTIONS_RUNTIME_TOKEN: runtimeToken(runId),
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

  const methods: Record<
    string,
    (request: Record<string, unknown>, runId: number) => [number, object]
  > = {
    'ArtifactService/CreateArtifact'(request, runId) {
      const { name, version } = request;
      if (!owns(request, runId) || typeof name !== 'string' || version !== 7)
        return [
          400,
          { code: 'invalid_argument', msg: 'backend ids, name and version 7 are required' },
        ];
      if (artifacts.some((each) => each.runId === runId && each.name === name))
        return [
          409,
          { code: 'already_exists', msg: `an artifact named ${name} exists in this run` },
        ];
      const artifact: StoredArtifact = {
        id: 7000 + serial,
        runId,
        name,
        blob: `run-${runId}/${name}-${serial++}.zip`,
        size: 0,
        digest: undefined,
        finalized: false,
      };
      artifacts.push(artifact);
      return [
        200,
        { ok: true, signed_upload_url: azurite.signedUrl(ARTIFACTS, artifact.blob, 'cw') },
      ];
    },
    'ArtifactService/FinalizeArtifact'(request, runId) {
      const artifact = artifacts.find(
        (each) => each.runId === runId && each.name === request['name'],
      );
      if (!owns(request, runId) || !artifact || artifact.finalized)
        return [404, { code: 'not_found', msg: 'no artifact of that name is being uploaded' }];
      artifact.size = Number(request['size']);
      artifact.digest = typeof request['hash'] === 'string' ? request['hash'] : undefined;
      artifact.finalized = true;
      return [200, { ok: true, artifact_id: String(artifact.id) }];
    },
    'ArtifactService/ListArtifacts'(request, runId) {
      const byName = request['name_filter'];
      const listed = artifacts.filter(
        (each) =>
          each.finalized && each.runId === runId && (byName === undefined || each.name === byName),
      );
      return [
        200,
        {
          artifacts: listed.map((each) => ({
            workflow_run_backend_id: `run-${each.runId}`,
            workflow_job_run_backend_id: 'job-1',
            database_id: String(each.id),
            name: each.name,
            size: String(each.size),
            ...(each.digest === undefined ? {} : { digest: each.digest }),
          })),
        },
      ];
    },
    'ArtifactService/DeleteArtifact'(request, runId) {
      const at = artifacts.findIndex(
        (each) => each.finalized && each.runId === runId && each.name === request['name'],
      );
      if (!owns(request, runId) || at < 0)
        return [404, { code: 'not_found', msg: 'no such artifact' }];
      const [deleted] = artifacts.splice(at, 1);
      return [200, { ok: true, artifact_id: String(deleted?.id) }];
    },
    'ArtifactService/GetSignedArtifactURL'(request, runId) {
      const artifact = artifacts.find(
        (each) => each.finalized && each.runId === runId && each.name === request['name'],
      );
      if (!artifact) return [404, { code: 'not_found', msg: 'no such artifact' }];
      return [200, { signed_url: azurite.signedUrl(ARTIFACTS, artifact.blob, 'r') }];
    },
    'CacheService/GetCacheEntryDownloadURL'({ key, restore_keys: restoreKeys, version }) {
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
    'CacheService/CreateCacheEntry'({ key, version }) {
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
    'CacheService/FinalizeCacheEntryUpload'({ key, version }) {
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
      const route = (request.url ?? '').startsWith(TWIRP)
        ? (request.url ?? '').slice(TWIRP.length)
        : '';
      const method = route.split('/')[1] ?? '';
      calls.push(method);
      if (standIn.fault?.kind === 'hang') return;
      if (request.method !== 'POST' || !(route in methods))
        return answer(response, 404, { code: 'bad_route', msg: `no such method: ${route}` });
      const runId = runOf(request.headers.authorization);
      if (runId === undefined)
        return answer(response, 401, { code: 'unauthenticated', msg: 'bad token' });
      if (standIn.fault?.kind === 'status')
        return answer(response, standIn.fault.status, { code: 'internal', msg: 'stand-in fault' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(response, 400, { code: 'malformed', msg: 'not JSON' });
      }
      const [status, result] = methods[route]!(body, runId);
      answer(response, status, result);
    });
  });
  /** A request names the backend ids its token holds, as the service checks. */
  function owns(request: Record<string, unknown>, runId: number): boolean {
    return (
      request['workflow_run_backend_id'] === `run-${runId}` &&
      request['workflow_job_run_backend_id'] === 'job-1'
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
