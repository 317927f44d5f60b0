import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedWithSignedIn } from './vite.chunks.js';
import { compileHints } from './vite.compile-hints.js';
import { buildAliases, precompress } from './vite.shared.js';

// The password field's show and hide icons are its own: apart they were one more file to wait
// on for every screen with a password field.
const SIGNED_OUT_FORMS =
  /src\/(?:web\/forms\/|web\/ui\/(?:TextField|PasswordField|auth-card)|web\/pages\/login\/use-finish-sign-in|contract\/(?:field-checks|messages-signed-out|rules)\.)|lucide-react\/dist\/esm\/icons\/eye(?:-off)?\.mjs$/;

// The chunks a page runs nearly whole before its first paint, beside the main script: the
// signed-in screens' and what they share with the signed-out ones (decisions 043 and 044).
const RUN_AT_FIRST_PAINT = new Set(['screens', 'shared']);

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    compileHints((chunk) => chunk.isEntry || RUN_AT_FIRST_PAINT.has(chunk.name)),
    precompress(),
  ],
  resolve: { alias: buildAliases(command) },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every signed-out form needs, in one file: as separate chunks their gzip
            // overhead alone pushed /login over its budget (decision 029).
            {
              name: 'signed-out-forms',
              test: SIGNED_OUT_FORMS,
              includeDependenciesRecursively: false,
            },
            // What the signed-in screens share with the signed-out ones, in one file: each
            // small chunk cost a round trip before the first paint (decisions 043 and 045).
            {
              name: (id, graph) => (sharedWithSignedIn(id, graph) ? 'shared' : null),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
