import { systemClock } from '../clock.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createJobQueue } from '../jobs/job-worker.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { runStorageCommand } from '../storage/storage-command.js';
import { runJobsCommand } from './jobs-command.js';
import { runProofsCommand } from './proofs.js';

// Operator commands: `npm run admin -- proofs list|accept <id> <ip>|reject <id> <ip> --reason <text>`,
// `npm run admin -- jobs list|retry <jobId>` and `npm run admin -- storage migrate`. Same
// configuration, database and store as the server; mail they cause is queued, and a
// running server's worker sends it.
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const log = {
  info: (details: Record<string, unknown>, message: string) => console.log(message, details),
  warn: (details: Record<string, unknown>, message: string) => console.warn(message, details),
};

function run(db: Db, args: readonly string[]) {
  if (args[0] === 'jobs') return runJobsCommand({ db: db.kysely, clock: systemClock }, args);
  const blobs = createBlobStore(config, db, systemClock, log);
  if (args[0] === 'storage') {
    return runStorageCommand(
      { db, store: blobs, dataDir: config.dataDir, publicUrl: config.publicUrl },
      args,
    );
  }
  return runProofsCommand(
    {
      db: db.kysely,
      blobs,
      jobs: createJobQueue(systemClock),
      clock: systemClock,
      productName: config.brand.productName,
      publicUrl: config.publicUrl,
    },
    args,
  );
}

const db = openDatabase(config);
try {
  await migrateToLatest(db.kysely);
  const result = await run(db, process.argv.slice(2));
  for (const line of result.lines) console.log(line);
  process.exitCode = result.exitCode;
} finally {
  await db.close();
}
