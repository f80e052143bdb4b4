/**
 * Which connection pool a request goes through. A proxy is for reaching the internet: loopback
 * is never proxied, so a plain-http request to this machine (the only plain http the action
 * allows) cannot leave it through `HTTP_PROXY`, whatever `NO_PROXY` says.
 */
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

export type DispatcherOptions = Agent.Options;

/** A pool made on first use; closing one never used does nothing. */
export interface LazyDispatcher {
  get(): Dispatcher;
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
  let made: Dispatcher | undefined;
  return {
    // Self-hosted runners often reach the internet only through HTTP(S)_PROXY / NO_PROXY.
    get: () =>
      (made ??= isLoopbackHost(url.hostname) ? new Agent(options) : new EnvHttpProxyAgent(options)),
    close: async () => {
      await made?.close();
    },
  };
}
