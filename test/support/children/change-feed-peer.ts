import { createChangeFeed, untilLive } from '../../../src/server/db/change-feed.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { waitForGo } from './wait-for-go.js';

// One instance's change feed on DATABASE_URL. Every peer listens before it says it is ready;
// after the signal the one with PUBLISH set publishes it. Each prints the first PEERS payloads
// it hears, one a line, and exits.
const databaseUrl = process.env.DATABASE_URL;
const peers = Number(process.env.PEERS);
const quiet = () => undefined;
const db = openDatabase({ databaseUrl, dataDir: '.' });
const feed = createChangeFeed({
  db,
  databaseUrl,
  log: { info: quiet, warn: quiet, error: (details) => console.error(details) },
});
const heard: string[] = [];
const allHeard = new Promise<void>((resolve) => {
  feed.subscribe('gateway_changed', (payload) => {
    heard.push(payload);
    if (heard.length === peers) resolve();
  });
});
await untilLive(feed);
await waitForGo();
const payload = process.env.PUBLISH;
if (payload !== undefined) {
  await db.kysely.transaction().execute((trx) => feed.publish(trx, 'gateway_changed', payload));
}
await allHeard;
process.stdout.write(heard.map((line) => `${line}\n`).join(''));
await feed.close();
await db.close();
