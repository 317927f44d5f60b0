import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stageEmbeddedPostgres } from '../test/support/embedded-postgres-copy.js';
import { freePort } from '../test/support/free-port.js';

/** A throwaway PostgreSQL server for one harness run, from any checkout location. */
export async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const staged = await stageEmbeddedPostgres();
  const databaseDir = await mkdtemp(path.join(tmpdir(), 'portal-proof-pg-'));
  const port = await freePort();
  const password = 'portal-proof';
  const server = new staged.EmbeddedPostgres({
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
    url: `postgres://postgres:${password}@127.0.0.1:${String(port)}/postgres`,
    async stop() {
      await server.stop();
      await staged.remove();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
