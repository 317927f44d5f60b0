import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../src/server/auth/passwords.js';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { PASSWORD } from '../test/support/accounts.js';
import { GROWTH_SEED, seedGrowth } from './seed.repository.js';

// `npm run bench:seed -- postgres://...` (or DATABASE_URL): the growth bench's data in a
// database of your own. Seed developers sign in as seed-N@example.com with PASSWORD.
const url = process.argv[2] ?? process.env.DATABASE_URL;
if (url === undefined || !url.startsWith('postgres')) {
  console.error('usage: npm run bench:seed -- postgres://user:password@host:port/database');
  process.exit(1);
}
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-seed-'));
const db = openDatabase({ databaseUrl: url, dataDir });
try {
  await migrateToLatest(db.kysely);
  const started = performance.now();
  await seedGrowth(db.kysely, GROWTH_SEED, await hashPassword(PASSWORD), Date.now());
  const { developers, appsPerDeveloper, ipsPerApp } = GROWTH_SEED;
  console.log(
    `seeded ${String(developers)} developers, ${String(developers * appsPerDeveloper)} applications, ` +
      `${String(developers * appsPerDeveloper * ipsPerApp)} IP records in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
