import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BRAND_ELEMENT_ID, type Brand } from '../../contract/brand.js';
import { RouteMetas, resolveMeta, routeOfPath, type ClientRoute } from '../../contract/routes.js';
import { OPS_DIR } from './ops-console.js';
import { readManifest, routePreloads, type Manifest } from './route-preloads.js';

/** Marks where index.html takes the page's head tags and the brand settings. */
export const HEAD_PLACEHOLDER = '<!--portal-head-->';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** JSON safe inside a <script> element: no `</script>`, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The head links that fetch the route's chunks beside the main script (none without a manifest). */
function preloadLinks(manifest: Manifest | undefined, route: ClientRoute | 'notFound'): string[] {
  if (manifest === undefined) return [];
  const { scripts, styles } = routePreloads(manifest, route);
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`,
    ),
  ];
}

export function renderPage(
  template: string,
  brand: Brand,
  pathname: string,
  manifest?: Manifest,
): string {
  const route = routeOfPath(pathname) ?? 'notFound';
  const meta = resolveMeta(RouteMetas[route], brand.productName, brand.publicUrl, pathname);
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta name="title" content="${escapeHtml(meta.title)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`,
    // A data block, not a script: the CSP's script-src does not apply to it.
    `<script type="application/json" id="${BRAND_ELEMENT_ID}">${scriptJson(brand)}</script>`,
  ].join('\n    ');
  // The preloads go last in the head, after the main script and stylesheet the build put
  // there: over HTTP/1.1's six connections the main script must not queue behind them.
  const preloads = preloadLinks(manifest, route).map((link) => `    ${link}\n`);
  return template
    .replace(HEAD_PLACEHOLDER, head)
    .replace('</head>', `${preloads.join('')}  </head>`);
}

export interface WebApp {
  /** Answers a deep link with the web app: 200 for a route of docs/product.md section 2, else 404. */
  sendPage(reply: FastifyReply, pathname: string): FastifyReply;
}

/** The build's compressed copies (vite.config.ts): chosen by Accept-Encoding, never asked for. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;
/** Vite's build manifest: read by the server, not served. */
const BUILD_METADATA = /^\/\.vite\//;

/**
 * Serves the built web app: hashed assets cached for a year, every other file for an hour,
 * each as its brotli or gzip copy when the client accepts one (with `Vary: Accept-Encoding`),
 * index.html only through `sendPage` so the head always carries the route's meta.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  brand: Brand,
): Promise<WebApp> {
  const template = await readFile(path.join(webRoot, 'index.html'), 'utf8');
  if (!template.includes(HEAD_PLACEHOLDER)) {
    throw new Error(`${webRoot}/index.html lacks ${HEAD_PLACEHOLDER}`);
  }
  const manifest = await readManifest(webRoot);
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    // One route per built file; every other path reaches the not-found handler.
    wildcard: false,
    preCompressed: true,
    allowedPath: (pathname) =>
      // The pages are sent by sendPage and the console's route (ops-console.ts), never as files.
      pathname !== '/index.html' &&
      pathname !== `/${OPS_DIR}/index.html` &&
      !COMPRESSED_COPY.test(pathname) &&
      !BUILD_METADATA.test(pathname),
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(assetsDir)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  return {
    sendPage(reply, pathname) {
      return reply
        .status(routeOfPath(pathname) === undefined ? 404 : 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(renderPage(template, brand, pathname, manifest));
    },
  };
}
