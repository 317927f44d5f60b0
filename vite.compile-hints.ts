import type { Plugin, Rolldown } from 'vite';

/**
 * V8's magic comment (Chrome 136 and later): compile every function of the file eagerly, on
 * a background thread while the file downloads, instead of on the main thread at each
 * function's first call. Chrome documents it at the very top of a file (decision 044).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint at the top of the chunks `wanted` picks, above what Vite adds there.
 * The file names are hashed before this step, so the hash does not cover the hint.
 */
export function compileHints(wanted: (chunk: Rolldown.OutputChunk) => boolean): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !wanted(file)) continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
          moveMapDownALine(file, bundle);
        }
      },
    },
  };
}

/** The source map of a chunk that gained a first line: every mapping moves down one line. */
function moveMapDownALine(chunk: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle): void {
  if (chunk.map === null) return;
  chunk.map.mappings = `;${chunk.map.mappings}`;
  const mapFile = bundle[`${chunk.fileName}.map`];
  if (mapFile?.type === 'asset') mapFile.source = chunk.map.toString();
}
