import { loadConfig } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { waitForGo } from './wait-for-go.js';

// One start's migration step, on the database of the environment (as main.ts does it).
const db = openDatabase(loadConfig(process.env));
await waitForGo();
try {
  process.stdout.write(JSON.stringify(await migrateToLatest(db.kysely)));
} finally {
  await db.close();
}
