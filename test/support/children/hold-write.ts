import { openDatabase, type DbOptions } from '../../../src/server/db/database.js';

// Another process in the middle of a write transaction, as a running server is: it says
// "opened" once it has the database, writes a row, says "held", keeps the transaction open for argv[3] ms, then commits. On SQLite it
// holds the write lock meanwhile; the test process is free to act (its driver is synchronous).
const options = JSON.parse(process.argv[2] ?? '{}') as DbOptions;
const holdMs = Number(process.argv[3] ?? '0');
const db = openDatabase(options);
process.stdout.write('opened\n');
await db.kysely.transaction().execute(async (trx) => {
  await trx
    .insertInto('rateLimits')
    .values({ key: `held ${String(process.pid)}`, hits: 1, resetsAt: 0 })
    .execute();
  process.stdout.write('held\n');
  await new Promise((resolve) => setTimeout(resolve, holdMs));
});
await db.close();
