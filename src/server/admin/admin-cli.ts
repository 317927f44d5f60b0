import { userInfo } from 'node:os';
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createJobQueue } from '../jobs/job-worker.js';
import { createKeyCrypto } from '../keys/key-crypto.js';
import { sealPlainKeys } from '../keys/seal-plain-keys.js';
import { loadSecrets } from '../secrets.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { runStorageCommand } from '../storage/storage-command.js';
import { runGatewayCommand } from './gateway-command.js';
import { runJobsCommand } from './jobs-command.js';
import { runKeysCommand } from './keys-command.js';
import { createOperatorAccounts } from '../ops/operator-accounts.js';
import { runOperatorsCommand } from './operators-command.js';
import { runProofsCommand } from './proofs.js';
import { readSecretLine } from './read-secret.js';

// Operator commands: `npm run admin -- proofs list|accept <id> <ip>|reject <id> <ip> --reason <text>`,
// `npm run admin -- jobs list|retry <jobId>`, `npm run admin -- keys find` (the key from stdin) and
// `npm run admin -- storage migrate`, `npm run admin -- operators add EMAIL --role ROLE|list|disable
// EMAIL|reset EMAIL` (the operator console's accounts), `npm run admin -- gateway lookup-key` (the
// allowlist's lookup key for a gateway's own copy). Same configuration, database and store as the server;
// mail they cause is queued, and a running server's worker sends it.
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

// The audit names the command line's decisions by the user who ran it.
const actor = { operator: { id: 'cli', email: `cli:${userInfo().username}` }, ip: 'local' };

async function run(db: Db, args: readonly string[]) {
  if (args[0] === 'jobs') return runJobsCommand({ db: db.kysely, clock: systemClock }, args);
  if (args[0] === 'gateway') {
    return runGatewayCommand(
      { keyEncryptionSecret: (await loadSecrets(config)).keyEncryptionSecret },
      args,
    );
  }
  if (args[0] === 'keys') {
    const crypto = createKeyCrypto((await loadSecrets(config)).keyEncryptionSecret);
    // Keys a database upgraded since the last server start still holds plain are found too.
    await sealPlainKeys(db.kysely, crypto);
    const readKey = () => readSecretLine(process.stdin, process.stderr, 'API key: ');
    return runKeysCommand({ db: db.kysely, clock: systemClock, crypto, readKey }, args);
  }
  if (args[0] === 'operators') {
    const crypto = createKeyCrypto((await loadSecrets(config)).keyEncryptionSecret);
    const accounts = createOperatorAccounts({
      db: db.kysely,
      clock: systemClock,
      crypto,
      publicUrl: config.publicUrl,
      issuer: config.brand.productName,
    });
    return runOperatorsCommand({ db: db.kysely, accounts, actor }, args);
  }
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
      actor,
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
