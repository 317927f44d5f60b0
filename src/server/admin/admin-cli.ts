import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createMailboxMailer } from '../mail/mailbox-mailer.js';
import { createSmtpMailer } from '../mail/smtp-mailer.js';
import { createFileStore } from '../storage/file-store.js';
import { runProofsCommand } from './proofs.js';

// Operator commands: `npm run admin -- proofs list|accept <id> <ip>|reject <id> <ip>`.
// Same configuration, database and files as the server.
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
  };
  const mailer =
    config.smtpUrl === undefined
      ? createMailboxMailer(db.kysely, systemClock, log)
      : createSmtpMailer(config.smtpUrl, config.mailFrom);
  const result = await runProofsCommand(
    {
      db: db.kysely,
      files: createFileStore(config.dataDir),
      mailer,
      clock: systemClock,
      productName: config.brand.productName,
      publicUrl: config.publicUrl,
    },
    process.argv.slice(2),
  );
  for (const line of result.lines) console.log(line);
  process.exitCode = result.exitCode;
} finally {
  await db.close();
}
