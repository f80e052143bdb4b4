/**
 * The audit service's three operations, and what each failure tells the user to fix.
 * Transport and retries live in http.ts; reading bodies lives in the parse-* modules.
 */
import { randomUUID } from 'node:crypto';
import type { AuditSnapshot } from '../audit/findings.ts';
import type { Deadline } from '../deadline.ts';
import { ResponseFormatError, ServiceError } from '../errors.ts';
import type { Log } from '../log.ts';
import { Redactor } from '../redaction.ts';
import type { Vocabulary } from '../vocabulary.ts';
import { bodyExcerpt } from './excerpt.ts';
import { headerValue } from './answer-body.ts';
import { HttpSession, type DeadlineStop, type HttpAnswer, type HttpOutcome } from './http.ts';
import { createMultipartBody } from './multipart.ts';
import { parseAuditAnswer } from './parse-audit.ts';
import { serviceErrorText } from './parse-error.ts';
import { parseProjectsAnswer, type ServiceProject } from './parse-projects.ts';
import { parseStartAnswer } from './parse-start.ts';
import { parseRetryAfter } from './retry-after.ts';

export interface ContractUpload {
  absolutePath: string;
  /** POSIX path relative to the workspace; sent as the part's filename. */
  relativePath: string;
  size: number;
}

export interface AuditClientOptions {
  baseUrl: URL;
  apiKey: string;
  userAgent: string;
  sleep: (ms: number) => Promise<void>;
  /** Jitter source; default Math.random. */
  random?: () => number;
  /**
   * When the run's time limit ends: no request starts, runs or retries past it, and a
   * `Retry-After` that would end after it ends the request at once. Its clock is the client's
   * (HTTP-date `Retry-After` values too); without one, Date.now and no limit.
   */
  deadline?: Deadline;
  /** Per request; default 5. */
  maxAttempts?: number;
  /** Per attempt, from sending to the last byte of the answer; default 60 s. */
  requestTimeoutMs?: number;
  log?: Log;
  /** The door's words, in which messages name the settings to check. */
  vocabulary: Vocabulary;
}

export interface StartedAudit {
  auditId: string;
  rawStatus: string | undefined;
  retryAfterMs: number | undefined;
}

export interface AuditAnswer {
  snapshot: AuditSnapshot;
  retryAfterMs: number | undefined;
}

const NO_LOG: Log = { debug() {}, info() {}, warning() {} };

/** What each operation is called in messages, and the permission it needs. */
interface Operation {
  name: string;
  permission: string;
  notFound: string;
}

export class AuditClient {
  readonly #http: HttpSession;
  readonly #now: () => number;
  readonly #deadline: Deadline | undefined;
  /** Finds the API key in what the service sends, in any spelling. */
  readonly #apiKey = new Redactor();
  /** What in the key no HTTP header can carry, if anything: then no request can be sent. */
  readonly #keyFlaw: string | undefined;
  /** Said with every "check the base URL": the most common mistake is to include the version. */
  readonly #baseUrlHint: string;
  readonly #words: Vocabulary;

  constructor(options: AuditClientOptions) {
    this.#words = options.vocabulary;
    this.#now = options.deadline?.now ?? Date.now;
    this.#deadline = options.deadline;
    this.#apiKey.add(options.apiKey);
    this.#keyFlaw = headerFlaw(options.apiKey);
    this.#baseUrlHint = /\/v\d+\/*$/.test(options.baseUrl.pathname)
      ? ` (/v1 is added to ${options.vocabulary.option('base-url')} on every request: leave it out)`
      : '';
    this.#http = new HttpSession({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      userAgent: options.userAgent,
      sleep: options.sleep,
      random: options.random ?? Math.random,
      now: this.#now,
      maxAttempts: options.maxAttempts ?? 5,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      log: options.log ?? NO_LOG,
    });
  }

  async listProjects(): Promise<ServiceProject[]> {
    const operation: Operation = {
      name: 'list projects',
      permission: 'listing projects needs a key with read permission',
      notFound: `the service has no /v1/projects (HTTP 404) — check ${this.#words.option('base-url')}${this.#baseUrlHint}`,
    };
    const answer = this.#expectSuccess(
      operation,
      await this.#http.send({
        method: 'GET',
        path: '/v1/projects',
        idempotent: true,
        retryUntil: this.#deadline?.at,
      }),
    );
    return parseProjectsAnswer(answer.text);
  }

  async startAudit(projectName: string, files: readonly ContractUpload[]): Promise<StartedAudit> {
    const operation: Operation = {
      name: 'start the audit',
      permission: 'starting an audit needs a key with write permission',
      notFound: `the service has no /v1/audits (HTTP 404) — check ${this.#words.option('base-url')}${this.#baseUrlHint}`,
    };
    const body = createMultipartBody(
      [{ name: 'project_name', value: projectName }],
      files.map((file) => ({
        field: 'contracts',
        filename: file.relativePath,
        absolutePath: file.absolutePath,
        size: file.size,
      })),
    );
    const outcome = await this.#http.send({
      method: 'POST',
      path: '/v1/audits',
      // One key for all attempts: a service that honours it will not start the audit twice.
      headers: { 'idempotency-key': randomUUID() },
      body,
      idempotent: false,
      retryUntil: this.#deadline?.at,
    });
    if (!outcome.ok && outcome.mayHaveActed) {
      const ErrorClass = outcome.unreadable ? ResponseFormatError : ServiceError;
      throw new ErrorClass(
        `could not start the audit: ${this.#failureText(outcome)}. ` +
          'The request reached the service, so it may have created the audit anyway — check the ' +
          "project's audits on the service before rerunning; a rerun starts another audit.",
        outcome.answer?.status,
      );
    }
    const answer = this.#expectSuccess(operation, outcome, { accept303: true });
    let started: ReturnType<typeof parseStartAnswer>;
    try {
      started = parseStartAnswer(answer.text, headerValue(answer.headers.location));
    } catch (error) {
      if (!(error instanceof ResponseFormatError)) throw error;
      throw new ResponseFormatError(
        `${error.message}. The service accepted the upload (HTTP ${answer.status}), so an audit ` +
          'may have been created — check the service before rerunning.',
        answer.status,
        { cause: error },
      );
    }
    // Reports, outputs and URLs carry the id: one holding the key would spread it everywhere.
    if (this.#apiKey.appearsIn(started.auditId)) {
      throw new ServiceError(
        'the service answered the start of the audit with an audit id that contains the API key; ' +
          'the id is neither used nor shown. An audit may have been created — check the service ' +
          'before rerunning.',
        answer.status,
      );
    }
    return { ...started, retryAfterMs: this.#retryAfter(answer) };
  }

  /**
   * `retryUntil` (on the deadline's clock; default the deadline): the request ends there, e.g. at
   * the poll's deadline. `once`: one attempt, no retry and no `Retry-After` waited out.
   */
  async getAudit(
    auditId: string,
    knownFiles?: readonly string[],
    { retryUntil, once = false }: { retryUntil?: number; once?: boolean } = {},
  ): Promise<AuditAnswer> {
    // The id may come from the service: shown as one bounded line.
    const shownId = bodyExcerpt(auditId, 100);
    const operation: Operation = {
      name: `read audit ${shownId}`,
      permission: 'reading an audit needs a key with read permission',
      notFound: `audit ${shownId} not found (HTTP 404) — check ${this.#words.option('base-url')}${this.#words.takes('audit-id') ? ` and ${this.#words.option('audit-id')}` : ''}${this.#baseUrlHint}`,
    };
    const answer = this.#expectSuccess(
      operation,
      await this.#http.send({
        method: 'GET',
        path: `/v1/audits/${pathSegment(auditId)}`,
        idempotent: true,
        retryUntil: earliest(retryUntil, this.#deadline?.at),
        maxAttempts: once ? 1 : undefined,
      }),
    );
    const retryAfterMs = this.#retryAfter(answer);
    // 202 with no body: accepted, not finished; the poller decides how long to wait.
    if (answer.text.trim() === '' && (answer.status === 202 || answer.status === 204)) {
      return { snapshot: pendingSnapshot(auditId), retryAfterMs };
    }
    try {
      const snapshot = parseAuditAnswer(
        answer.text,
        auditId,
        knownFiles ? { knownFiles } : undefined,
      );
      return { snapshot: this.#withoutKey(snapshot), retryAfterMs };
    } catch (error) {
      // Reading findings recurses: JSON nested deep enough overflows the stack. Asking again
      // would bring the same answer.
      if (!(error instanceof RangeError)) throw error;
      throw new ResponseFormatError(
        `the answer for audit ${shownId} is nested too deeply to read`,
        answer.status,
        { cause: error },
      );
    }
  }

  /** Releases pooled connections, so the process can exit at once. */
  async close(): Promise<void> {
    await this.#http.close();
  }

  /**
   * The snapshot with the key taken out of every text the service sent, once parsing has
   * decoded and cleaned it. Outputs are redacted again where they leave the action; this also
   * covers what reports encode on the way (the pull-request comment's hidden data is base64).
   * The texts are looked through at once first: a snapshot without the key is not copied.
   */
  #withoutKey(snapshot: AuditSnapshot): AuditSnapshot {
    if (!this.#apiKey.appearsInAny(serviceTexts(snapshot))) return snapshot;
    const redact = (text: string) => this.#apiKey.redact(text);
    return {
      ...mapTexts(snapshot, SNAPSHOT_TEXTS, redact),
      findings: snapshot.findings?.map((finding) => mapTexts(finding, FINDING_TEXTS, redact)),
    };
  }

  /** The 2xx answer, or the error that says what went wrong and what to fix. */
  #expectSuccess(
    operation: Operation,
    outcome: HttpOutcome,
    { accept303 = false } = {},
  ): HttpAnswer {
    if (!outcome.ok) {
      const { answer } = outcome;
      const status = answer && answer.status < 300 ? undefined : answer?.status;
      const what = outcome.attempts <= 1 ? ':' : ` after ${outcome.attempts} attempts; last:`;
      const ErrorClass = outcome.unreadable ? ResponseFormatError : ServiceError;
      throw new ErrorClass(
        `could not ${operation.name}${what} ${this.#failureText(outcome)}`,
        status,
      );
    }
    const { answer } = outcome;
    const { status } = answer;
    if ((status >= 200 && status < 300) || (accept303 && status === 303)) return answer;
    throw new ServiceError(this.#failureMessage(operation, answer), status);
  }

  #failureMessage(operation: Operation, answer: HttpAnswer): string {
    const { status } = answer;
    const text = this.#serviceText(answer);
    switch (status) {
      case 400:
        return `the service rejected the request to ${operation.name} (HTTP 400)${text || ': no reason given'}`;
      case 401:
        return `the service rejected the API key (HTTP 401) — check the key in ${this.#words.keyName}`;
      case 403:
        return `the API key lacks the permission for this operation (HTTP 403): ${operation.permission}`;
      case 404:
        return operation.notFound;
      case 413:
        return `the upload is too large for the service (HTTP 413)${text} — audit fewer or smaller files`;
    }
    if (status >= 300 && status < 400) {
      return (
        `the service answered the request to ${operation.name} with a redirect (HTTP ${status}); ` +
        `redirects are not followed, so the API key goes nowhere else — set ${this.#words.option('base-url')} to the ` +
        "service's final address"
      );
    }
    return `could not ${operation.name}: the service answered HTTP ${status}${text}`;
  }

  /** The failure, the service's explanation, and how `timeout-minutes` ended it. */
  #failureText(outcome: Extract<HttpOutcome, { ok: false }>): string {
    const keyText =
      outcome.neverSent && this.#keyFlaw
        ? ` (the API key holds ${this.#keyFlaw}, which no HTTP header can carry — check the key ` +
          `in ${this.#words.keyName})`
        : '';
    return `${outcome.reason}${keyText}${this.#serviceText(outcome.answer)}${deadlineText(outcome.deadline, this.#words.option('timeout-minutes'))}`;
  }

  /** The service's own explanation as `: <text>`; masked where it leaves the action. */
  #serviceText(answer: HttpAnswer | undefined): string {
    if (!answer) return '';
    const text = serviceErrorText(answer.text);
    return text === undefined ? '' : `: ${text}`;
  }

  #retryAfter(answer: HttpAnswer): number | undefined {
    return parseRetryAfter(headerValue(answer.headers['retry-after']), this.#now);
  }
}

/** The texts of a snapshot and of its findings that come from the service. */
const SNAPSHOT_TEXTS = ['rawStatus', 'message', 'incomplete', 'reportUrl'] as const;
const FINDING_TEXTS = [
  'serviceId',
  'severityLabel',
  'title',
  'ruleId',
  'swcId',
  'cweId',
  'description',
  'recommendation',
  'file',
] as const;

function* serviceTexts(snapshot: AuditSnapshot): Generator<string> {
  for (const key of SNAPSHOT_TEXTS) yield snapshot[key] ?? '';
  for (const finding of snapshot.findings ?? []) {
    for (const key of FINDING_TEXTS) yield finding[key] ?? '';
  }
}

/** A copy of the record with `map` applied to the texts named. */
function mapTexts<T extends object>(
  record: T,
  keys: readonly (keyof T)[],
  map: (text: string) => string,
): T {
  const copy = { ...record };
  for (const key of keys) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = map(value) as T[keyof T];
  }
  return copy;
}

/** `limit`: the time limit's setting, in the door's words. */
function deadlineText(stop: DeadlineStop | undefined, limit: string): string {
  switch (stop?.kind) {
    case undefined:
      return '';
    case 'passed':
      return ` — ${limit} had ended`;
    case 'attempt':
      return ` — ${limit} ended while it was under way`;
    case 'wait':
      return stop.askedMs === undefined
        ? ` — the next attempt would come after ${limit} ends`
        : ` — the service asked to wait ${Math.ceil(stop.askedMs / 1000)} s (Retry-After) before ` +
            `trying again, and ${limit} ends before then`;
  }
}

/** Why undici would refuse the key in a header value (tab, printable ASCII and Latin-1 pass). */
function headerFlaw(key: string): string | undefined {
  if (/[\r\n]/.test(key)) return 'a line break';
  if (/[^\t\x20-\x7e\x80-\xff]/.test(key)) return 'a control character or one beyond Latin-1';
  return undefined;
}

/** The earlier of two optional times. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

function pendingSnapshot(auditId: string): AuditSnapshot {
  return {
    auditId,
    state: 'pending',
    rawStatus: 'accepted',
    message: undefined,
    reportUrl: undefined,
    findings: undefined,
    incomplete: undefined,
  };
}

/** The id as one path segment; `.` and `..` are encoded too, or a proxy would resolve them. */
function pathSegment(id: string): string {
  const encoded = encodeURIComponent(id);
  return /^\.{1,2}$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}
