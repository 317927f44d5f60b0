import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import { startPortalChild, type PortalChild } from './portal-child.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { createTestDatabase, PRODUCTION_ENV } from './test-app.js';

/** Two portal processes on one fresh database, behind a round-robin balancer. */
export interface ProcessPair {
  readonly first: PortalChild;
  readonly second: PortalChild;
  readonly proxy: RoundRobinProxy;
  /** The instances' database, opened by the test to read what they stored. */
  readonly db: Db;
  close(): Promise<void>;
}

const SECRET_NAMES = [
  'ACCESS_TOKEN_SECRET',
  'XSRF_SECRET',
  'CODE_HASH_SECRET',
  'LINK_SIGNING_SECRET',
  'KEY_ENCRYPTION_SECRET',
] as const;

/**
 * Starts both processes at once, each with a data directory of its own (an instance keeps
 * nothing on its disk that another needs) and the same secrets, as the README's
 * load-balancer configuration gives them; `own` is each one's own environment (its ports).
 */
export async function startProcessPair(
  env: Record<string, string>,
  own: readonly [Record<string, string>, Record<string, string>] = [{}, {}],
): Promise<ProcessPair> {
  const dirs = await Promise.all(
    [0, 1].map(() => mkdtemp(path.join(tmpdir(), 'portal-instance-'))),
  );
  const [firstDir = '', secondDir = ''] = dirs;
  const database = await createTestDatabase(firstDir);
  const databaseUrl = database.options.databaseUrl;
  if (databaseUrl === undefined) throw new Error('two instances need PostgreSQL');
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, PRODUCTION_ENV[name]]));
  const shared = { ...secrets, DATABASE_URL: databaseUrl, ...env };
  const [first, second] = await Promise.all([
    startPortalChild({ ...shared, ...own[0], DATA_DIR: firstDir }),
    startPortalChild({ ...shared, ...own[1], DATA_DIR: secondDir }),
  ]);
  const proxy = await startRoundRobinProxy([first.baseUrl, second.baseUrl]);
  const db = openDatabase(database.options);
  return {
    first,
    second,
    proxy,
    db,
    async close() {
      await proxy.close();
      for (const instance of [first, second]) {
        instance.child.kill('SIGTERM');
        await instance.exit();
      }
      await db.close();
      await database.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
