import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildAliases, precompress } from './vite.shared.js';

/**
 * The operator console (issue 12, decision 036): a build of its own, so not one byte of it
 * reaches what the developers' pages load. It lands in dist/web/ops/ after the web app's
 * build (which empties dist/web/), its files under /ops/assets/.
 */
export default defineConfig(({ command }) => ({
  root: 'src/ops',
  base: '/ops/',
  publicDir: false,
  plugins: [react(), precompress()],
  resolve: { alias: buildAliases(command) },
  build: {
    outDir: '../../dist/web/ops',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
}));
