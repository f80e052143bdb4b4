/**
 * Which connection pool a request goes through. A proxy is for reaching the internet: loopback
 * is never proxied, so a plain-http request to this machine (the only plain http the action
 * allows) cannot leave it through `HTTP_PROXY`, whatever `NO_PROXY` says.
 *
 * undici is loaded on the first request, not when the action starts: it is most of the bundle,
 * and a run that makes no request (a fork's pull request without a key) never needs it.
 */
import type { Agent, Dispatcher } from 'undici';

export type DispatcherOptions = Agent.Options;

let undici: Promise<typeof import('undici')> | undefined;

/** undici, loaded on first use. */
export const loadUndici = () => (undici ??= import('undici'));

/** A pool made on first use; closing one never used loads nothing. */
export interface LazyDispatcher {
  get(): Promise<Dispatcher>;
  close(): Promise<void>;
}

/** 127.0.0.0/8, ::1 and localhost, as `URL.hostname` spells them. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]' || hostname === '::1') return true;
  const octets = hostname.split('.');
  return (
    octets.length === 4 &&
    octets[0] === '127' &&
    octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}

/** True for https, and for plain http to loopback: the only ways the action sends a credential. */
export function isSafeTransport(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** A direct pool for loopback; for anything else one that honours HTTP(S)_PROXY and NO_PROXY. */
export function createDispatcher(url: URL, options: DispatcherOptions = {}): LazyDispatcher {
  let made: Promise<Dispatcher> | undefined;
  return {
    get: () =>
      (made ??= loadUndici().then(({ Agent, EnvHttpProxyAgent }) =>
        // Self-hosted runners often reach the internet only through HTTP(S)_PROXY / NO_PROXY.
        isLoopbackHost(url.hostname) ? new Agent(options) : new EnvHttpProxyAgent(options),
      )),
    close: async () => {
      if (made) await (await made).close();
    },
  };
}
