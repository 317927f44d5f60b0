import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createMailboxMailer } from '../mail/mailbox-mailer.js';
import { createSmtpMailer } from '../mail/smtp-mailer.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { runStorageCommand } from '../storage/storage-command.js';
import { runProofsCommand } from './proofs.js';

// Operator commands: `npm run admin -- proofs list|accept <id> <ip>|reject <id> <ip>` and
// `npm run admin -- storage migrate`. Same configuration, database and store as the server.
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
  const log = {
    info: (details: Record<string, unknown>, message: string) => console.log(message, details),
    warn: (details: Record<string, unknown>, message: string) => console.warn(message, details),
  };
  const mailer =
    config.smtpUrl === undefined
      ? createMailboxMailer(db.kysely, systemClock, log)
      : createSmtpMailer(config.smtpUrl, config.mailFrom);
  const blobs = createBlobStore(config, db, systemClock, log);
  const args = process.argv.slice(2);
  const result =
    args[0] === 'storage'
      ? await runStorageCommand(
          { db, store: blobs, dataDir: config.dataDir, publicUrl: config.publicUrl },
          args,
        )
      : await runProofsCommand(
          {
            db: db.kysely,
            blobs,
            mailer,
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
