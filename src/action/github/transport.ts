/**
 * The `fetch` Octokit is given: every request it makes, pagination's `Link: rel="next"` and
 * redirects included, passes here. The token goes only to the API it was issued for (https, or
 * http to this machine), never to another origin or outside the API's base path, whatever a
 * `Link` header or a redirect says. Bodies are redacted just before sending; answers are read up
 * to a size cap. Loopback is reached directly, anything else through the runner's proxy.
 */
import { fetch as undiciFetch, Response, type Response as UndiciResponse } from 'undici';
import { createDispatcher, isSafeTransport } from '../../net/dispatcher.ts';
import { truncateText } from '../../text.ts';
import { RefusedRequest } from './errors.ts';

/**
 * The most of one answer's body that is read: GitHub's pages (100 files with their patches, 100
 * comments) are far smaller, and an endless answer must not exhaust a runner's memory.
 */
export const GITHUB_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface Transport {
  fetch: (url: string, init: RequestInit) => Promise<UndiciResponse>;
  /** Closes the kept-alive connections, which would otherwise hold the process open for seconds. */
  close(): Promise<void>;
}

/** `redact`: applied to every request body, and to each URL's path and query. */
export function createTransport(api: URL, redact?: (text: string) => string): Transport {
  const basePath = api.pathname.replace(/\/+$/, '');
  const baseUrl = api.origin + basePath;
  const dispatcher = createDispatcher(api);

  /** Redacts the path and query, then refuses any URL but the API's own. */
  const prepare = (url: URL): URL => {
    if (redact) {
      url.pathname = redact(url.pathname);
      url.search = redact(url.search);
    }
    const underBase = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
    if (url.origin !== api.origin || !underBase) {
      throw new RefusedRequest(
        `a request to ${truncateText(url.origin + url.pathname, 200)} was not sent: it is outside ` +
          `the API at ${baseUrl}, and the token goes nowhere else`,
      );
    }
    return url;
  };

  return {
    async fetch(url, init) {
      let next = prepare(new URL(url));
      let method = init.method ?? 'GET';
      // Octokit sends JSON bodies as strings.
      let body = init.body as string | undefined;
      if (redact && body !== undefined) body = redactBody(body, redact);
      for (let redirects = 0; ; redirects += 1) {
        const response = await undiciFetch(next, {
          ...(init as object),
          method,
          body,
          redirect: 'manual',
          dispatcher: dispatcher.get(),
        });
        if (response.status < 300 || response.status >= 400 || response.status === 304)
          return readCapped(response, `${method} ${truncateText(next.pathname, 200)}`);
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (location === null || redirects === MAX_REDIRECTS)
          throw new RefusedRequest(
            `GitHub answered ${response.status}; the redirect was not followed`,
          );
        next = prepare(new URL(location, next));
        // As fetch does: a 303, or a 301/302 after a POST, is followed with a GET.
        if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
      }
    },
    close: () => dispatcher.close(),
  };
}

/** Throws for an API URL the token must not travel to in clear: only https, or http to this machine. */
export function parseApiUrl(apiUrl: string): URL {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`The GitHub API URL is not a URL: ${truncateText(apiUrl, 200)}`);
  }
  if (!isSafeTransport(url)) {
    throw new Error(
      `The GitHub API URL ${url.origin} is neither https nor http to this machine: ` +
        'the token is not sent over it in clear, so GitHub is not called',
    );
  }
  return url;
}

/**
 * The answer with its body read whole, or a RefusedRequest once it passes
 * GITHUB_ANSWER_MAX_BYTES, holding no more than that. Read here because Octokit takes a body that
 * fails mid-read for an empty one.
 */
async function readCapped(response: UndiciResponse, what: string): Promise<UndiciResponse> {
  const { body } = response;
  if (body === null) return response;
  const tooLarge = () =>
    new RefusedRequest(
      `GitHub's answer to ${what} exceeded ${GITHUB_ANSWER_MAX_BYTES / 1024 / 1024} MiB`,
    );
  // Refused before reading: the bytes may be slow to come.
  if (Number(response.headers.get('content-length')) > GITHUB_ANSWER_MAX_BYTES) {
    await body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop cancels the stream, which closes the connection.
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > GITHUB_ANSWER_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const { status, statusText, headers } = response;
  return new Response(Buffer.concat(chunks, size), { status, statusText, headers });
}

/** Redacts each string of a JSON body, so the JSON stays valid; any other body as text. */
function redactBody(body: string, redact: (text: string) => string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return redact(body);
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
    return v;
  };
  return JSON.stringify(walk(value));
}
