/**
 * The reference audit service: a real HTTP server on 127.0.0.1 implementing the whole service
 * interface (service-api.md, PRODUCT.md §2) with a real Solidity analyzer behind it. Accounts and
 * keys with permissions, projects, asynchronous audits, upload limits, per-key rate limiting,
 * JSON error bodies, answers in several dialects and injectable faults. Used by the tests, the
 * demo and developers (`npm run service`); never bundled into dist/.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage } from './error-message.ts';
import {
  callerLabel,
  defaultGrants,
  identify,
  type ApiKeyGrant,
  type Caller,
  type DefaultKeys,
  type Permission,
} from './accounts.ts';
import { runAudit, type FindingsSource, type Overrides } from './analysis.ts';
import { createFaults, type Fault } from './faults.ts';
import { headerText, readBody, send, type RequestBody } from './http-io.ts';
import { notePolls, stageAt, type Timing } from './lifecycle.ts';
import { DEFAULT_LIMITS, type UploadLimits } from './limits.ts';
import { createWorkQueue, type Schedule } from './queue.ts';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  describeRateLimit,
  type RateLimit,
} from './rate-limit.ts';
import {
  renderAudit,
  renderProjects,
  renderStart,
  statusWord,
  type AuditData,
  type Dialect,
} from './render.ts';
import { errorReply, type Reply } from './replies.ts';
import { createStore, type StoredAudit, type UploadedFile } from './store.ts';
import { readUpload } from './upload.ts';

export { DEFAULT_ACCOUNT, OTHER_ACCOUNT, type ApiKeyGrant, type Permission } from './accounts.ts';
export type { FindingsSource } from './analysis.ts';
export type { Fault } from './faults.ts';
export { DIALECTS, type Dialect, type ServiceFinding } from './render.ts';
export type { StoredAudit, UploadedFile } from './store.ts';

/** Request headers as received, with the Authorization header taken out. */
export type RecordedHeaders = Record<string, string | string[] | undefined>;

export interface RecordedRequest {
  method: string;
  /** As on the wire, base path and query included. */
  path: string;
  headers: RecordedHeaders;
  /**
   * Which key the Authorization header carried, by its label (`api-key`, `read-only-key`,
   * `other-account-key`, or an extra key's), else `unknown-key` or `missing`. Never the key.
   */
  bearer: string;
  account: string | undefined;
}

export interface RecordedUpload {
  account: string;
  projectName: string;
  /** The `contracts` parts, in order. */
  files: UploadedFile[];
  /** Names of all parts, in order. */
  partNames: string[];
  idempotencyKey: string | undefined;
  headers: RecordedHeaders;
  /** The audit this upload started or, for a repeated Idempotency-Key, the one it matched. */
  auditId: string;
}

export interface AuditServiceOptions extends DefaultKeys, Partial<UploadLimits> {
  /** Default 0: any free port. */
  port?: number;
  /** A path prefix the service lives under, e.g. `/api`. */
  basePath?: string;
  dialect?: Dialect;
  /**
   * The first GET of an audit sees pending, GETs up to this one in_progress, the next the outcome
   * (default 2; 0: polls hold nothing back). With minDurationMs, each step waits for both: an
   * audit completes once enough polls came and enough time passed (lifecycle.ts).
   */
  pollsUntilDone?: number;
  /** Least time from start to outcome, the first half of it pending (default 0: none). */
  minDurationMs?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
  /** When queued audits are analysed; default the next turn of the event loop. */
  schedule?: Schedule;
  /** When set, audits end `failed` with this message. */
  failWith?: string;
  /** Instead of the analyzer's findings. */
  findings?: FindingsSource;
  /** Default 1,000 requests per minute per key. */
  rateLimit?: RateLimit;
  /** Audit ids; default `audit-<n>`. */
  nextId?: (n: number) => string;
  /** Keys beyond the default three, e.g. a third account or a key without permissions. */
  keys?: readonly ApiKeyGrant[];
  /** Told one line per answered request: method, path, status (never a key). */
  log?: (line: string) => void;
}

export interface AuditService {
  /** Base URL, base path included, no trailing slash. */
  url: string;
  port: number;
  /** The default account's read-write key. */
  apiKey: string;
  /** The default account's read-only key. */
  readOnlyKey: string;
  /** A read-write key of a second account. */
  otherAccountKey: string;
  requests: RecordedRequest[];
  uploads: RecordedUpload[];
  /** Every account's audits by id. */
  audits: Map<string, StoredAudit>;
  setFindings(findings: FindingsSource | undefined): void;
  setFailure(message: string | undefined): void;
  addFault(fault: Fault): void;
  close(): Promise<void>;
}

const AUDIT_PATH = /^\/v1\/audits\/([^/]+)$/;

export async function startAuditService(options: AuditServiceOptions = {}): Promise<AuditService> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const dialect = options.dialect ?? 'documented';
  const timing: Timing = {
    pollsUntilDone: options.pollsUntilDone ?? 2,
    minDurationMs: options.minDurationMs ?? 0,
  };
  const now = options.now ?? Date.now;
  const limits: UploadLimits = {
    maxFiles: options.maxFiles ?? DEFAULT_LIMITS.maxFiles,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_LIMITS.maxUploadBytes,
  };
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const grants = defaultGrants(options, options.keys);
  const overrides: Overrides = { findings: options.findings, failure: options.failWith };

  const requests: RecordedRequest[] = [];
  const uploads: RecordedUpload[] = [];
  const store = createStore(options.nextId ?? ((n: number) => `audit-${n}`));
  const queue = createWorkQueue(options.schedule);
  const limiter = createRateLimiter(rateLimit, now);
  const faults = createFaults();
  const timers = new Set<NodeJS.Timeout>();
  let url = '';

  function delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  function dataOf(audit: StoredAudit, time: number): AuditData {
    const { stage, startedAt, finishedAt } = stageAt(audit, time, timing);
    const view =
      stage === 'finished' ? (audit.failure === undefined ? 'completed' : 'failed') : stage;
    const iso = (ms: number | undefined) =>
      ms === undefined ? undefined : new Date(ms).toISOString();
    return {
      id: audit.id,
      projectName: audit.projectName,
      createdAt: new Date(audit.createdAt).toISOString(),
      startedAt: iso(startedAt),
      completedAt: iso(finishedAt),
      view,
      findings: view === 'completed' ? audit.findings : [],
      failure: view === 'failed' ? audit.failure : undefined,
    };
  }

  function startAudit(
    grant: ApiKeyGrant,
    request: IncomingMessage,
    body: RequestBody,
    headers: RecordedHeaders,
  ): Reply {
    const read = readUpload(request.headers['content-type'], body, limits);
    if (!read.ok) return read.reply;
    const { projectName, files, partNames } = read.upload;
    const idempotencyKey = headerText(request.headers['idempotency-key']);
    const { audit, created } = store.start({
      account: grant.account,
      projectName,
      files,
      idempotencyKey,
      createdAt: now(),
    });
    if (created) {
      notePolls(audit, audit.createdAt, timing);
      queue.add(() => runAudit(audit, overrides, now));
    }
    uploads.push({
      account: grant.account,
      projectName,
      files,
      partNames,
      idempotencyKey,
      headers,
      auditId: audit.id,
    });
    const auditPath = `${basePath}/v1/audits/${encodeURIComponent(audit.id)}`;
    return renderStart(dialect, dataOf(audit, now()), auditPath);
  }

  function getAudit(grant: ApiKeyGrant, id: string): Reply {
    const hidden = faults.hides(id);
    const audit = store.find(grant.account, id);
    if (!audit || hidden) return errorReply(404, 'not_found', `audit ${id} not found`);
    const time = now();
    audit.polls += 1;
    notePolls(audit, time, timing);
    return renderAudit(dialect, dataOf(audit, time), `${url}/reports/${encodeURIComponent(id)}`);
  }

  function listProjects(grant: ApiKeyGrant): Reply {
    const time = now();
    const rows = store.projects(grant.account).map((project) => {
      const last = project.audits.at(-1)!;
      return {
        project_name: project.name,
        audit_count: project.audits.length,
        last_audit_id: last.id,
        last_audit_status: statusWord(dialect, dataOf(last, time).view),
      };
    });
    return renderProjects(dialect, rows);
  }

  function route(
    caller: Caller,
    method: string,
    routePath: string,
    request: IncomingMessage,
    body: RequestBody,
    headers: RecordedHeaders,
  ): Reply {
    if (caller.kind !== 'known') {
      const why =
        caller.kind === 'missing'
          ? 'missing API key: send `Authorization: Bearer <key>`'
          : 'invalid API key';
      return errorReply(401, 'unauthorized', why, { 'www-authenticate': 'Bearer' });
    }
    const { grant } = caller;
    const decision = limiter.take(grant.key);
    if (!decision.allowed) {
      return errorReply(
        429,
        'rate_limited',
        `rate limit of ${describeRateLimit(rateLimit)} per key exceeded; retry in ${decision.retryAfterSeconds} s`,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }
    const needs = (permission: Permission): Reply | undefined =>
      grant.permissions.includes(permission)
        ? undefined
        : errorReply(403, 'forbidden', `this API key lacks ${permission} permission`);

    const auditMatch = AUDIT_PATH.exec(routePath);
    if (routePath === '/v1/audits') {
      if (method !== 'POST') return notAllowed(method, routePath, 'POST');
      return needs('write') ?? startAudit(grant, request, body, headers);
    }
    if (routePath === '/v1/projects') {
      if (method !== 'GET') return notAllowed(method, routePath, 'GET');
      return needs('read') ?? listProjects(grant);
    }
    if (auditMatch) {
      if (method !== 'GET') return notAllowed(method, routePath, 'GET');
      const id = decoded(auditMatch[1]!);
      if (id === undefined) return errorReply(400, 'bad_request', 'the audit id is not valid');
      return needs('read') ?? getAudit(grant, id);
    }
    return errorReply(404, 'not_found', `no route for ${method} ${routePath}`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const { authorization, ...headers } = request.headers;
    const caller = identify(authorization, grants);
    requests.push({
      method,
      path,
      headers,
      bearer: callerLabel(caller),
      account: caller.kind === 'known' ? caller.grant.account : undefined,
    });

    const pathOnly = path.split('?')[0]!;
    const routePath = pathOnly.startsWith(`${basePath}/`)
      ? pathOnly.slice(basePath.length)
      : undefined;
    const fault = faults.next(method, routePath ?? pathOnly);
    if (fault?.kind === 'reset') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'delay') await delay(fault.ms);
    const body = await readBody(request, limits.maxUploadBytes);

    let reply: Reply;
    if (fault?.kind === 'status') {
      reply = {
        status: fault.status,
        headers: {
          'content-type': 'application/json',
          ...(fault.retryAfter !== undefined && { 'retry-after': fault.retryAfter }),
          ...fault.headers,
        },
        body:
          fault.body ??
          JSON.stringify({ error: { code: 'injected', message: `injected HTTP ${fault.status}` } }),
      };
    } else if (routePath === undefined) {
      reply = errorReply(404, 'not_found', `no route for ${method} ${pathOnly}`);
    } else {
      reply = route(caller, method, routePath, request, body, headers);
    }
    send(response, reply, fault?.kind === 'truncate');
    options.log?.(`${method} ${path} → ${reply.status}${fault ? ` (injected ${fault.kind})` : ''}`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(
          response,
          errorReply(500, 'internal_error', `service failure: ${errorMessage(error)}`),
          false,
        );
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}${basePath}`;
  const keyOf = (label: string) => grants.find((grant) => grant.label === label)!.key;

  return {
    url,
    port,
    apiKey: keyOf('api-key'),
    readOnlyKey: keyOf('read-only-key'),
    otherAccountKey: keyOf('other-account-key'),
    requests,
    uploads,
    audits: store.audits,
    setFindings(findings) {
      overrides.findings = findings;
    },
    setFailure(message) {
      overrides.failure = message;
    },
    addFault(fault) {
      faults.add(fault);
    },
    async close() {
      queue.close();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function notAllowed(method: string, routePath: string, allowed: string): Reply {
  return errorReply(405, 'method_not_allowed', `${method} is not allowed on ${routePath}`, {
    allow: allowed,
  });
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
