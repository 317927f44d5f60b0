import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPortal } from './portal-process.js';
import { E2E_ENV } from './server-env.js';

/** One portal for the whole run, on a free port with a fresh data directory. */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const portal = await startPortal({ ...E2E_ENV, DATA_DIR: dataDir });
  process.env.E2E_BASE_URL = portal.baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
