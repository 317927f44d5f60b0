import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A trading client's application as Connect sees it: a small HTTP server on this computer
 * whose /callback is the registered redirect URL (plain http on 127.0.0.1, the test host
 * {host}). It answers every request with a page and keeps each /callback's query.
 */
export interface ClientApp {
  readonly redirectUri: string;
  /** The query strings /callback received, oldest first. */
  readonly callbacks: URLSearchParams[];
  close(): Promise<void>;
}

const PAGE = [
  '<!doctype html>',
  '<html lang="en"><head><meta charset="utf-8">',
  // Named so Chromium does not ask for /favicon.ico.
  '<link rel="icon" href="data:,">',
  '<title>Client app</title></head>',
  '<body><main><h1>Back at the client app</h1></main></body></html>',
].join('\n');

export async function startClientApp(): Promise<ClientApp> {
  const callbacks: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') callbacks.push(url.searchParams);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${String(port)}/callback`,
    callbacks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
