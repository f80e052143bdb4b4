/**
 * A stand-in for the hosted audit service: a real HTTP server on 127.0.0.1 that implements the
 * three operations, Bearer auth with a read-only key, audits that progress with each poll,
 * answers in several dialects, and injectable faults. Used by the tests and the demo.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { boundaryOf, MultipartSyntaxError, parseMultipart } from './audit-service-multipart.ts';
import {
  errorReply,
  renderAudit,
  renderProjects,
  renderStart,
  statusWord,
  type AuditData,
  type AuditView,
  type Dialect,
  type ProjectRow,
  type Reply,
  type ServiceFinding,
} from './audit-service-render.ts';

export { DIALECTS, type Dialect, type ServiceFinding } from './audit-service-render.ts';

export interface UploadedFile {
  filename: string;
  contentType: string | undefined;
  size: number;
  content: Buffer;
}

/** Request headers as received, with the Authorization header taken out. */
export type RecordedHeaders = Record<string, string | string[] | undefined>;

export interface RecordedRequest {
  method: string;
  /** As on the wire, base path and query included. */
  path: string;
  headers: RecordedHeaders;
  /** Which key the Authorization header carried; its value itself is never recorded. */
  bearer: 'api-key' | 'read-only-key' | 'unknown-key' | 'missing';
}

export interface RecordedUpload {
  projectName: string | undefined;
  /** The `contracts` parts, in order. */
  files: UploadedFile[];
  /** Names of all parts, in order. */
  partNames: string[];
  idempotencyKey: string | undefined;
  headers: RecordedHeaders;
  /** The audit this upload started or, for a repeated Idempotency-Key, the one it matched. */
  auditId: string;
}

export interface StoredAudit {
  id: string;
  projectName: string;
  files: UploadedFile[];
  createdAt: string;
  completedAt: string | undefined;
  /** Successful GETs of this audit so far. */
  polls: number;
  /** Fixed when the audit completes. */
  findings: ServiceFinding[];
  failure: string | undefined;
}

interface FaultMatch {
  method?: 'GET' | 'POST';
  /** Matched against the path below the base path, without the query (`/v1/audits`). */
  path?: string | RegExp;
  /** Fires on the nth matching request counted from when the fault was added (default 1). */
  nth?: number;
  /** How many consecutive matching requests it fires on (default 1). */
  times?: number;
}

export type Fault = FaultMatch &
  (
    | { kind: 'delay'; ms: number }
    /** Destroys the socket before answering. */
    | { kind: 'reset' }
    | {
        kind: 'status';
        status: number;
        retryAfter?: string;
        body?: string;
        headers?: Record<string, string>;
      }
    /** Announces the full Content-Length, sends half the answer, then closes. */
    | { kind: 'truncate' }
    /** The first `gets` GETs of each audit answer 404, as if the service were not consistent yet. */
    | { kind: 'notFoundUntil'; gets: number }
  );

export type FindingsSource = readonly ServiceFinding[] | ((audit: StoredAudit) => ServiceFinding[]);

export interface AuditServiceOptions {
  /** Default 0: any free port. */
  port?: number;
  /** A path prefix the service lives under, e.g. `/api`. */
  basePath?: string;
  dialect?: Dialect;
  /** GETs answered as not finished before an audit completes (pending, then in_progress). */
  pollsUntilDone?: number;
  /** When set, audits end `failed` with this message. */
  failWith?: string;
  /** Default: canned findings derived from the uploaded files. */
  findings?: FindingsSource;
  /** A larger upload is answered 413. */
  maxUploadBytes?: number;
  /** Audit ids; default `audit-<n>`. */
  nextId?: (n: number) => string;
  apiKey?: string;
  readOnlyKey?: string;
}

export interface AuditService {
  /** Base URL, base path included, no trailing slash. */
  url: string;
  port: number;
  apiKey: string;
  readOnlyKey: string;
  requests: RecordedRequest[];
  uploads: RecordedUpload[];
  audits: Map<string, StoredAudit>;
  setFindings(findings: FindingsSource | undefined): void;
  setFailure(message: string | undefined): void;
  addFault(fault: Fault): void;
  close(): Promise<void>;
}

interface ActiveFault {
  fault: Fault;
  seen: number;
}

export async function startAuditService(options: AuditServiceOptions = {}): Promise<AuditService> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const dialect = options.dialect ?? 'documented';
  const pollsUntilDone = options.pollsUntilDone ?? 2;
  const apiKey = options.apiKey ?? 'test-api-key-5f1c9a7e';
  const readOnlyKey = options.readOnlyKey ?? 'test-read-only-key-2b8d';
  const nextId = options.nextId ?? ((n: number) => `audit-${n}`);
  let findingsSource = options.findings;
  let failure = options.failWith;

  const requests: RecordedRequest[] = [];
  const uploads: RecordedUpload[] = [];
  const audits = new Map<string, StoredAudit>();
  const byIdempotencyKey = new Map<string, StoredAudit>();
  const faults: ActiveFault[] = [];
  const notFoundGets = new Map<string, number>();
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

  function nextFault(method: string, route: string): Fault | undefined {
    let fired: Fault | undefined;
    for (const active of faults) {
      const { fault } = active;
      if (fault.kind === 'notFoundUntil') continue;
      if (fault.method && fault.method !== method) continue;
      if (fault.path !== undefined && !matchesPath(fault.path, route)) continue;
      active.seen += 1;
      const first = fault.nth ?? 1;
      if (!fired && active.seen >= first && active.seen < first + (fault.times ?? 1)) fired = fault;
    }
    return fired;
  }

  function auditPath(id: string): string {
    return `${basePath}/v1/audits/${encodeURIComponent(id)}`;
  }

  function dataOf(audit: StoredAudit, view: AuditView): AuditData {
    return {
      id: audit.id,
      projectName: audit.projectName,
      createdAt: audit.createdAt,
      completedAt: audit.completedAt,
      view,
      findings: audit.findings,
      failure: view === 'failed' ? audit.failure : undefined,
    };
  }

  /** Each successful GET moves the audit on: pending, in_progress, ..., then its outcome. */
  function poll(audit: StoredAudit): AuditView {
    audit.polls += 1;
    if (audit.polls <= pollsUntilDone) return audit.polls === 1 ? 'pending' : 'in_progress';
    if (audit.completedAt === undefined) {
      audit.completedAt = new Date().toISOString();
      audit.failure = failure;
      if (failure === undefined) {
        audit.findings =
          typeof findingsSource === 'function'
            ? findingsSource(audit)
            : [...(findingsSource ?? cannedFindings(audit))];
      }
    }
    return audit.failure === undefined ? 'completed' : 'failed';
  }

  function viewOf(audit: StoredAudit): AuditView {
    if (audit.completedAt === undefined) return audit.polls <= 1 ? 'pending' : 'in_progress';
    return audit.failure === undefined ? 'completed' : 'failed';
  }

  function startAudit(body: Buffer, request: IncomingMessage, headers: RecordedHeaders): Reply {
    if (options.maxUploadBytes !== undefined && body.length > options.maxUploadBytes) {
      return errorReply(
        413,
        `upload of ${body.length} bytes exceeds the limit of ${options.maxUploadBytes}`,
      );
    }
    const boundary = boundaryOf(request.headers['content-type']);
    if (!boundary) return errorReply(400, 'expected multipart/form-data with a boundary');
    let parts;
    try {
      parts = parseMultipart(body, boundary);
    } catch (error) {
      if (error instanceof MultipartSyntaxError)
        return errorReply(400, `malformed multipart body: ${error.message}`);
      throw error;
    }
    const projectName = parts
      .find((part) => part.name === 'project_name')
      ?.content.toString('utf8');
    const files = parts
      .filter((part) => part.name === 'contracts')
      .map((part) => ({
        filename: part.filename ?? '',
        contentType: part.contentType,
        size: part.content.length,
        content: Buffer.from(part.content),
      }));
    const idempotencyKey = headerText(request.headers['idempotency-key']);
    if (!projectName) return errorReply(400, 'project_name is required');
    if (files.length === 0 || files.some((file) => file.filename === '')) {
      return errorReply(400, 'at least one contracts file with a filename is required');
    }
    let audit = idempotencyKey === undefined ? undefined : byIdempotencyKey.get(idempotencyKey);
    if (!audit) {
      audit = {
        id: nextId(audits.size + 1),
        projectName,
        files,
        createdAt: new Date().toISOString(),
        completedAt: undefined,
        polls: 0,
        findings: [],
        failure: undefined,
      };
      audits.set(audit.id, audit);
      if (idempotencyKey !== undefined) byIdempotencyKey.set(idempotencyKey, audit);
    }
    uploads.push({
      projectName,
      files,
      partNames: parts.map((part) => part.name),
      idempotencyKey,
      headers,
      auditId: audit.id,
    });
    return renderStart(dialect, dataOf(audit, 'pending'), auditPath(audit.id));
  }

  function getAudit(id: string): Reply {
    const audit = audits.get(id);
    const gets = (notFoundGets.get(id) ?? 0) + 1;
    notFoundGets.set(id, gets);
    const hidden = faults.some(({ fault }) => fault.kind === 'notFoundUntil' && gets <= fault.gets);
    if (!audit || hidden) return errorReply(404, `audit ${id} not found`);
    return renderAudit(
      dialect,
      dataOf(audit, poll(audit)),
      `${url}/reports/${encodeURIComponent(id)}`,
    );
  }

  function listProjects(): Reply {
    const rows = new Map<string, ProjectRow>();
    for (const audit of audits.values()) {
      const row = rows.get(audit.projectName);
      rows.set(audit.projectName, {
        project_name: audit.projectName,
        audit_count: (row?.audit_count ?? 0) + 1,
        last_audit_id: audit.id,
        last_audit_status: statusWord(dialect, viewOf(audit)),
      });
    }
    return renderProjects(dialect, [...rows.values()]);
  }

  function route(
    method: string,
    routePath: string,
    body: Buffer,
    request: IncomingMessage,
    headers: RecordedHeaders,
    bearer: RecordedRequest['bearer'],
  ): Reply {
    if (bearer === 'missing' || bearer === 'unknown-key') {
      return errorReply(401, 'invalid or missing API key', { 'www-authenticate': 'Bearer' });
    }
    if (method === 'POST' && routePath === '/v1/audits') {
      if (bearer === 'read-only-key') return errorReply(403, 'this API key lacks write permission');
      return startAudit(body, request, headers);
    }
    if (method === 'GET' && routePath === '/v1/projects') return listProjects();
    const auditMatch = /^\/v1\/audits\/([^/]+)$/.exec(routePath);
    if (method === 'GET' && auditMatch) return getAudit(decodeURIComponent(auditMatch[1]!));
    return errorReply(404, `no route for ${method} ${routePath}`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const { authorization, ...headers } = request.headers;
    const bearer = bearerOf(authorization, apiKey, readOnlyKey);
    requests.push({ method, path, headers, bearer });

    const pathOnly = path.split('?')[0]!;
    const routePath = pathOnly.startsWith(`${basePath}/`)
      ? pathOnly.slice(basePath.length)
      : undefined;
    const fault = nextFault(method, routePath ?? pathOnly);
    if (fault?.kind === 'reset') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'delay') await delay(fault.ms);
    const body = await readBody(request);

    let reply: Reply;
    if (fault?.kind === 'status') {
      reply = {
        status: fault.status,
        headers: {
          'content-type': 'application/json',
          ...(fault.retryAfter !== undefined && { 'retry-after': fault.retryAfter }),
          ...fault.headers,
        },
        body: fault.body ?? JSON.stringify({ error: `injected HTTP ${fault.status}` }),
      };
    } else if (routePath === undefined) {
      reply = errorReply(404, `no route for ${method} ${pathOnly}`);
    } else {
      reply = route(method, routePath, body, request, headers, bearer);
    }
    send(response, reply, fault?.kind === 'truncate');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, errorReply(500, `stand-in failure: ${String(error)}`), false);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}${basePath}`;

  return {
    url,
    port,
    apiKey,
    readOnlyKey,
    requests,
    uploads,
    audits,
    setFindings(findings) {
      findingsSource = findings;
    },
    setFailure(message) {
      failure = message;
    },
    addFault(fault) {
      faults.push({ fault, seen: 0 });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Per contract file, three findings of different severities on real lines of that file, so
 * annotations and reports can be checked against the source.
 */
export function cannedFindings(audit: Pick<StoredAudit, 'id' | 'files'>): ServiceFinding[] {
  return audit.files.flatMap((file, index) => {
    const lines = file.content.toString('utf8').split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    const count = lines.length;
    if (count === 0) return [];
    const pragma = lines.findIndex((line) => /^\s*pragma\b/.test(line)) + 1 || 1;
    const middle = Math.ceil(count / 2);
    const base = `${audit.id}-f${index + 1}`;
    return [
      {
        id: `${base}-1`,
        severity: 'high',
        title: 'Reentrancy in state-changing function',
        swc_id: 'SWC-107',
        description: 'External call before the state update allows reentrancy.',
        recommendation: 'Apply checks-effects-interactions or a reentrancy guard.',
        file: file.filename,
        start_line: middle,
        end_line: Math.min(count, middle + 2),
      },
      {
        id: `${base}-2`,
        severity: 'medium',
        title: 'Floating pragma',
        swc_id: 'SWC-103',
        description: 'The compiler version is not locked.',
        recommendation: 'Pin the compiler version.',
        file: file.filename,
        start_line: pragma,
        end_line: pragma,
      },
      {
        id: `${base}-3`,
        severity: 'low',
        title: 'Missing event for parameter change',
        swc_id: undefined,
        description: 'A critical parameter changes without an event.',
        recommendation: undefined,
        file: file.filename,
        start_line: count,
        end_line: count,
      },
    ];
  });
}

function send(response: ServerResponse, reply: Reply, truncate: boolean): void {
  const body = Buffer.from(reply.body);
  response.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  if (!truncate) {
    response.end(body);
    return;
  }
  response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function bearerOf(
  authorization: string | undefined,
  apiKey: string,
  readOnlyKey: string,
): RecordedRequest['bearer'] {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  if (!match) return 'missing';
  if (match[1] === apiKey) return 'api-key';
  if (match[1] === readOnlyKey) return 'read-only-key';
  return 'unknown-key';
}

function matchesPath(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
