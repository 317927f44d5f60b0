import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../test/support/embedded-postgres-copy.js';
import { freePort } from '../../test/support/free-port.js';
import { E2E_DATABASE } from './e2e-database-choice.js';
import { startPortal } from './portal-process.js';
import { E2E_ENV } from './server-env.js';

/**
 * The database the portal runs on: its SQLite file in the data directory, or with
 * E2E_DATABASE=postgres a real PostgreSQL (embedded-postgres). DATABASE_URL is set in this
 * process's environment, so the server and the specs' own database calls share it.
 */
async function startDatabase(): Promise<() => Promise<void>> {
  if (E2E_DATABASE === 'sqlite') return () => Promise.resolve();
  const postgres = await startEmbeddedPostgres();
  await postgres.createDatabase('portal_e2e');
  process.env.DATABASE_URL = postgres.urlOf('portal_e2e');
  return () => postgres.close();
}

/** One portal for the whole run, on a free port with a fresh data directory. */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const stopDatabase = await startDatabase();
  // The gateway check on a port of its own, as in production (docs/gateway.md): the usage
  // spec calls it as a broker's gateway would.
  const gatewayPort = String(await freePort());
  const portal = await startPortal({ ...E2E_ENV, DATA_DIR: dataDir, GATEWAY_PORT: gatewayPort });
  process.env.E2E_BASE_URL = portal.baseUrl;
  process.env.E2E_GATEWAY_URL = `http://127.0.0.1:${gatewayPort}`;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await portal.stop();
    await stopDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
}
