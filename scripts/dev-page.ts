import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Connect, Plugin, ViteDevServer } from 'vite';

/**
 * What the portal server answers itself (not `/api` alone: src/web/api/ holds modules the
 * dev server serves). Proxied, so the browser sees one origin, as in production.
 */
const SERVER_PATHS = /^\/(api\/v1|dev|healthz|uploads)(\/|\?|$)/;

/** Vite writes this into its tags; each page answer swaps in a fresh nonce. */
const NONCE_PLACEHOLDER = 'portal-dev-nonce';

/** Headers that describe the server's body, not the one this page sends. */
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/**
 * The server's CSP with the page's nonce added to script-src and style-src: Vite's dev
 * client injects styles and React Refresh an inline preamble, each carrying the nonce.
 * Anything else inline is still refused, as in production.
 */
function cspWithNonce(csp: string, nonce: string): string {
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .map((directive) =>
      /^(script-src|style-src)\s/.test(directive) ? `${directive} 'nonce-${nonce}'` : directive,
    )
    .join(';');
}

async function sendServerPage(
  vite: ViteDevServer,
  serverUrl: string,
  req: Connect.IncomingMessage,
  res: ServerResponse,
) {
  const pageUrl = req.originalUrl ?? '/';
  const answer = await fetch(new URL(pageUrl, serverUrl), {
    method: req.method ?? 'GET',
    headers: { accept: req.headers.accept ?? '*/*', cookie: req.headers.cookie ?? '' },
  });
  const nonce = randomBytes(16).toString('base64');
  const body = await answer.text();
  const isPage = answer.headers.get('content-type')?.startsWith('text/html') === true;
  const html =
    isPage && body !== '' ? await vite.transformIndexHtml('/index.html', body, pageUrl) : body;
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) {
    if (DROPPED_HEADERS.has(name) || name === 'set-cookie') continue;
    res.setHeader(name, name === 'content-security-policy' ? cspWithNonce(value, nonce) : value);
  }
  res.setHeader('set-cookie', answer.headers.getSetCookie());
  res.end(req.method === 'HEAD' ? undefined : html.replaceAll(NONCE_PLACEHOLDER, nonce));
}

/**
 * `npm run dev`: pages come from the running server (route meta, brand settings, security
 * headers) and pass through Vite's HTML transform for hot reload; server paths are proxied.
 */
export function portalDevPage(serverUrl: string): Plugin {
  return {
    name: 'portal-dev-page',
    apply: 'serve',
    config: () => ({
      html: { cspNonce: NONCE_PLACEHOLDER },
      // xfwd: the server sees the browser's address, so /dev stays loopback-only.
      server: { proxy: { [SERVER_PATHS.source]: { target: serverUrl, xfwd: true } } },
    }),
    configureServer(vite) {
      // Runs after Vite's own middlewares: its SPA fallback has turned a page request into
      // /index.html, keeping the path asked for in originalUrl.
      return () => {
        vite.middlewares.use((req, res, next) => {
          if (req.url !== '/index.html') {
            next();
            return;
          }
          sendServerPage(vite, serverUrl, req, res).catch(next);
        });
      };
    },
  };
}
