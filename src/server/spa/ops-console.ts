import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OpsClientPaths } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';

/** Where the console's index.html (src/ops/index.html) takes its head tags. */
export const OPS_HEAD_PLACEHOLDER = '<!--ops-head-->';

/** The console's build (vite.ops.config.ts), inside the web app's folder. */
export const OPS_DIR = 'ops';

/** Its files: served by the web app's static files (registerWebApp), never as a page. */
const OPS_ASSETS = `${OpsClientPaths.root}/assets/`;

/**
 * Answers every GET under /ops with the operator console's page (decision 036); its
 * router decides what to show, the API under /api/v1/ops decides what the operator may see.
 * The page is the build's index.html with its title, kept out of search engines. Its assets
 * come with the rest of the build's files (hashed, brotli or gzip copies), so a path under
 * /ops/assets/ that is not a file is a 404, not the page.
 */
export async function registerOpsConsole(app: FastifyInstance, webRoot: string): Promise<void> {
  const templatePath = path.join(webRoot, OPS_DIR, 'index.html');
  const template = await readFile(templatePath, 'utf8').catch((error: unknown) => {
    // `npm run dev` serves the web app's sources, where no console is built (decision 036).
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  });
  if (template === null) {
    app.log.warn({ templatePath }, 'no operator console build: /ops answers 404');
    return;
  }
  if (!template.includes(OPS_HEAD_PLACEHOLDER)) {
    throw new Error(`${webRoot}/${OPS_DIR}/index.html lacks ${OPS_HEAD_PLACEHOLDER}`);
  }
  const page = template.replace(
    OPS_HEAD_PLACEHOLDER,
    [`<title>${OpsMessages.title}</title>`, '<meta name="robots" content="noindex">'].join(
      '\n    ',
    ),
  );
  for (const route of [OpsClientPaths.root, `${OpsClientPaths.root}/*`]) {
    app.get(route, (request, reply) => {
      if (request.url.startsWith(OPS_ASSETS)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    });
  }
}
