import { loadConfig } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { waitForGo } from './wait-for-go.js';

// One start opening the database of the environment at the signal (as main.ts does it).
await waitForGo();
const db = openDatabase(loadConfig(process.env));
await db.close();
