import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres-copy.js';

const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

let privateDir: string | undefined;
let postgres: RunningPostgres | undefined;

afterEach(async () => {
  await postgres?.close();
  if (privateDir !== undefined) await rm(privateDir, { recursive: true, force: true });
});

/**
 * A checkout's node_modules inside a 0700 directory, as in root's home: the embedded-postgres
 * packages copied in (their binaries are what the `postgres` user must run), their own
 * dependencies linked.
 */
async function privateCheckout(): Promise<string> {
  privateDir = await mkdtemp(path.join(tmpdir(), 'portal-private-'));
  await chmod(privateDir, 0o700);
  const nodeModules = path.join(privateDir, 'checkout', 'node_modules');
  await mkdir(nodeModules, { recursive: true });
  for (const name of ['embedded-postgres', '@embedded-postgres']) {
    await cp(path.join(NODE_MODULES, name), path.join(nodeModules, name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  const manifest = JSON.parse(
    await readFile(path.join(NODE_MODULES, 'embedded-postgres', 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    await symlink(path.join(NODE_MODULES, name), path.join(nodeModules, name), 'dir');
  }
  return nodeModules;
}

// `npm test` from a fresh clone in a 0700 directory (README): the API suite's PostgreSQL
// must start from there, not only from a world-readable checkout.
it('starts PostgreSQL from a checkout inside a 0700 directory and answers a query', async () => {
  postgres = await startEmbeddedPostgres(await privateCheckout());
  const client = new pg.Client({ connectionString: postgres.adminUrl });
  await client.connect();
  const { rows } = await client.query<{ answer: number }>('select 1 as answer');
  await client.end();
  expect(rows).toEqual([{ answer: 1 }]);
}, 120_000);
