/**
 * Servers on 127.0.0.1 that misbehave on purpose, for the transport tests: any handler on a
 * real socket, and a forward proxy that records what it is asked and forwards nothing.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  url: string;
  port: number;
  /** `METHOD path` of every request, in order. */
  requests: string[];
  /** TCP connections accepted, including ones that never became an HTTP request. */
  connections: () => number;
  close(): Promise<void>;
}

export async function startServer(handler: RequestListener): Promise<TestServer> {
  const requests: string[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  server.on('connection', () => {
    connections += 1;
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    close: () => close(server),
  };
}

export interface RecordingProxy {
  url: string;
  /** `CONNECT host:port` for tunnels, `METHOD absolute-url` for plain requests. */
  seen: string[];
  close(): Promise<void>;
}

/** A forward proxy that records every request and refuses it: nothing reaches a server through it. */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(502).end();
  });
  server.on('connect', (request, socket) => {
    seen.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, seen, close: () => close(server) };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
