import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

// `npm run db:migrate`: the same migrations the server runs at start.
const config = loadConfig();
const db = openDatabase(config);
try {
  const applied = await migrateToLatest(db.kysely);
  console.log(
    applied.length === 0
      ? `${db.engine}: schema already up to date`
      : `${db.engine}: applied ${applied.join(', ')}`,
  );
} finally {
  await db.close();
}
