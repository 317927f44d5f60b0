import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createChangeFeed } from './db/change-feed.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { modeNotice } from './run-mode.js';
import { loadSecrets } from './secrets.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { importDataDirFiles } from './storage/data-dir-import.js';
import { trustProxyWarning } from './trust-proxy.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const db = openDatabase(config);
await migrateToLatest(db.kysely);
const secrets = await loadSecrets(config);
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const app = await buildApp({
  config,
  db,
  secrets,
  clock: systemClock,
  webRoot,
  openChangeFeed: (log) => createChangeFeed({ db, databaseUrl: config.databaseUrl, log }),
});
// Files older versions kept under DATA_DIR move into the shared store once.
const moved = await importDataDirFiles({
  db,
  store: createBlobStore(config, db, systemClock, app.log),
  dataDir: config.dataDir,
  publicUrl: config.publicUrl,
});
if (moved.icons + moved.documents > 0) app.log.info(moved, 'moved DATA_DIR files into the store');

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, config.shutdownGraceMs);
  force.unref();
  await app.close();
  await db.close();
  app.log.info('closed');
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    mode: config.mode,
    engine: db.engine,
    mail: config.smtpUrl === undefined ? 'embedded mailbox (/dev/mail)' : 'smtp',
    url: config.publicUrl,
  },
  'portal ready',
);
const notice = modeNotice(config.mode, config.embeddedAllowRemote);
if (config.mode === 'embedded') app.log.warn(notice);
else app.log.info(notice);
const proxyWarning = trustProxyWarning(config.trustProxy);
if (proxyWarning !== undefined) app.log.warn(proxyWarning);
