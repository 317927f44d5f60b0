import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createJobQueue } from '../jobs/job-worker.js';
import { createFileStore } from '../storage/file-store.js';
import { runJobsCommand } from './jobs-command.js';
import { runProofsCommand } from './proofs.js';

// Operator commands: `npm run admin -- proofs list|accept <id> <ip>|reject <id> <ip>` and
// `npm run admin -- jobs list|retry <jobId>`. Same configuration, database and files as the
// server; mail they cause is queued, and a running server's worker sends it.
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const db = openDatabase(config);
try {
  await migrateToLatest(db.kysely);
  const args = process.argv.slice(2);
  const result =
    args[0] === 'jobs'
      ? await runJobsCommand({ db: db.kysely, clock: systemClock }, args)
      : await runProofsCommand(
          {
            db: db.kysely,
            files: createFileStore(config.dataDir),
            jobs: createJobQueue(systemClock),
            clock: systemClock,
            productName: config.brand.productName,
            publicUrl: config.publicUrl,
          },
          args,
        );
  for (const line of result.lines) console.log(line);
  process.exitCode = result.exitCode;
} finally {
  await db.close();
}
