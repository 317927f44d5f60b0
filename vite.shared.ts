// What the portal's two Vite builds share: the web app (vite.config.ts) and the operator
// console (vite.ops.config.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text the browser loads: images are compressed already, source maps are fetched only by
// developer tools, and index.html is not served as a file (the server fills in its head).
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` copies beside each compressible built file, once at build time, so
 * the server picks one by Accept-Encoding without compressing per request (decision 015).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const file of files) {
        if (!file.isFile() || !COMPRESSIBLE.test(file.name)) continue;
        const filePath = path.join(file.parentPath, file.name);
        const raw = await readFile(filePath);
        if (raw.length < MIN_BYTES) continue;
        const copies: readonly [string, Buffer][] = [
          [
            '.br',
            await brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
          ],
          ['.gz', await gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION })],
        ];
        for (const [extension, compressed] of copies) {
          if (compressed.length < raw.length) await writeFile(filePath + extension, compressed);
        }
      }
    },
  };
}

// React Router's package exports only its development build (warnings and their texts); the
// production build ships beside it, and a production bundle should carry that one.
const REACT_ROUTER_PRODUCTION = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production/index.mjs',
);

/** The aliases of a `vite build` (production React Router); none for the dev server. */
export function buildAliases(command: 'build' | 'serve') {
  return command === 'build'
    ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }]
    : [];
}
