import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres-copy.js';
import { startPortalChild, type PortalChild } from './portal-child.js';

export interface PortalOnOwnPostgres {
  readonly postgres: RunningPostgres;
  readonly portal: PortalChild;
  close(): Promise<void>;
}

/**
 * The real entry point on a PostgreSQL of the test's own, for tests that stop it (the shared
 * one of the api-postgres project must not stop).
 */
export async function startPortalOnOwnPostgres(
  env: Record<string, string> = {},
): Promise<PortalOnOwnPostgres> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-own-postgres-'));
  const postgres = await startEmbeddedPostgres();
  await postgres.createDatabase('portal');
  const portal = await startPortalChild({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.urlOf('portal'),
    ...env,
  });
  return {
    postgres,
    portal,
    async close() {
      if (portal.child.exitCode === null) {
        portal.child.kill('SIGTERM');
        await portal.exit();
      }
      await postgres.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
