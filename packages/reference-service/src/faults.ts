/**
 * Trouble the service can be told to cause, so the action's resilience is tested over real HTTP:
 * delays, connection resets, injected status codes, truncated bodies, and audits that are not
 * visible yet right after they were started.
 */

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

export type RequestFault = Exclude<Fault, { kind: 'notFoundUntil' }>;

export interface Faults {
  add(fault: Fault): void;
  /** The fault this request triggers, if any; every matching fault counts the request. */
  next(method: string, path: string): RequestFault | undefined;
  /** Whether this GET of the audit is to be answered as if the audit did not exist yet. */
  hides(auditId: string): boolean;
}

export function createFaults(): Faults {
  const active: { fault: Fault; seen: number }[] = [];
  const gets = new Map<string, number>();
  return {
    add(fault) {
      active.push({ fault, seen: 0 });
    },
    next(method, path) {
      let fired: RequestFault | undefined;
      for (const entry of active) {
        const { fault } = entry;
        if (fault.kind === 'notFoundUntil') continue;
        if (fault.method && fault.method !== method) continue;
        if (fault.path !== undefined && !matches(fault.path, path)) continue;
        entry.seen += 1;
        const first = fault.nth ?? 1;
        if (!fired && entry.seen >= first && entry.seen < first + (fault.times ?? 1)) fired = fault;
      }
      return fired;
    },
    hides(auditId) {
      const count = (gets.get(auditId) ?? 0) + 1;
      gets.set(auditId, count);
      return active.some(({ fault }) => fault.kind === 'notFoundUntil' && count <= fault.gets);
    },
  };
}

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}
