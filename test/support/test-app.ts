import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import type { Clock } from '../../src/server/clock.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createChangeFeed } from '../../src/server/db/change-feed.js';
import { openDatabase, type Db, type DbOptions } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { Mailer } from '../../src/server/mail/mailer.js';
import { recordLogLine } from './error-log.js';
import { loadSecrets, type Secrets } from '../../src/server/secrets.js';
import { OPS_DIR, OPS_HEAD_PLACEHOLDER } from '../../src/server/spa/ops-console.js';
import { HEAD_PLACEHOLDER } from '../../src/server/spa/web-app.js';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = Date.UTC(2026, 0, 15, 9, 0, 0)) {}
  now() {
    return this.current;
  }
  advance(ms: number) {
    this.current += ms;
  }
}

export interface TestApp {
  readonly app: App;
  readonly db: Db;
  /** How `db` was opened: another instance opens the same database with these. */
  readonly dbOptions: DbOptions;
  readonly config: Config;
  readonly secrets: Secrets;
  readonly clock: TestClock;
  readonly baseUrl: string;
  readonly dataDir: string;
  /** Runs every due job (mail included) and resolves when none is left: no sleeps. */
  drainJobs(): Promise<void>;
  close(): Promise<void>;
}

const OPS_FIXTURE = `<!doctype html><html lang="en"><head>${OPS_HEAD_PLACEHOLDER}<script type="module" src="/ops/assets/ops-1.js"></script></head><body><div id="root"></div></body></html>`;
const WEB_FIXTURE = `<!doctype html><html lang="en"><head>${HEAD_PLACEHOLDER}</head><body><div id="root"></div></body></html>`;

/**
 * A fresh, empty database for one test file: SQLite in its data dir, or a new PostgreSQL
 * database. `drop` removes the PostgreSQL one.
 */
export async function createTestDatabase(
  dataDir: string,
): Promise<{ options: DbOptions; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    return { options: { databaseUrl: undefined, dataDir }, drop: () => Promise.resolve() };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.toString(), dataDir, maxConnections: 20 },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestAppOptions {
  /** Configuration variables, as the environment would give them. */
  env?: Record<string, string>;
  clock?: TestClock;
  /** A fake mailer; absent, the app builds the configured one (SMTP or the mailbox). */
  mailer?: Mailer;
  /** Built web files besides index.html, by path under the web root (e.g. `assets/x.js`). */
  webFiles?: Readonly<Record<string, string | Buffer>>;
  /** Adds test-only routes (e.g. a probe behind `app.authenticate`) before listening. */
  extend?: (app: App) => void;
  /**
   * Another instance of the portal: this app takes that app's secrets and works on that
   * app's database (which that app keeps and drops; close this app first). On PostgreSQL it
   * opens its own pool. On SQLite it borrows that app's one connection, as the embedded mode
   * runs one process per file: a second connection in the same thread would wait for the
   * first one's write lock in busy_timeout while holding the thread the first one needs.
   */
  sameDatabaseAs?: TestApp;
  /** An existing PostgreSQL database, used as it is and kept (the growth bench's). */
  databaseUrl?: string;
  /**
   * Collects every line of the server's log here (tests of what is logged); without it only
   * error lines are logged, and a test fails on one it did not expect.
   */
  logLines?: string[];
  /**
   * Logs as production does (LOG_LEVEL's default, every request's line) into a sink that
   * drops each line: the benches measure the logger's work, not the disk's.
   */
  discardLog?: boolean;
}

/**
 * The configuration of a production start, for `startTestApp`: the harness opens its own test
 * database and a test gives its own mailer, so the production URLs are never dialled.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused.invalid/portal',
  SMTP_URL: 'smtp://unused.invalid:25',
  ACCESS_TOKEN_SECRET: 'a'.repeat(32),
  XSRF_SECRET: 'b'.repeat(32),
  CODE_HASH_SECRET: 'c'.repeat(32),
  LINK_SIGNING_SECRET: 'd'.repeat(32),
  KEY_ENCRYPTION_SECRET: 'e'.repeat(32),
};

/**
 * Builds the real server on a real database and listens on a free loopback port, so tests
 * talk real HTTP. `env` overrides configuration variables as the environment would; the
 * per-IP rate limit and the creates per developer are high unless a test sets
 * RATE_LIMIT_PER_MINUTE or APP_CREATES_PER_HOUR to prove them.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const webRoot = path.join(dataDir, 'web');
  await mkdir(webRoot, { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), WEB_FIXTURE);
  await mkdir(path.join(webRoot, OPS_DIR), { recursive: true });
  await writeFile(path.join(webRoot, OPS_DIR, 'index.html'), OPS_FIXTURE);
  for (const [name, content] of Object.entries(options.webFiles ?? {})) {
    await mkdir(path.dirname(path.join(webRoot, name)), { recursive: true });
    await writeFile(path.join(webRoot, name), content);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    APP_CREATES_PER_HOUR: '100000',
    // Test receivers listen on 127.0.0.1, while PUBLIC_URL's host (the default) is localhost.
    LOCAL_TEST_HOST: '127.0.0.1',
    // Only errors are judged (test/support/error-log.ts) unless a test reads the whole log.
    ...(options.logLines === undefined && options.discardLog !== true
      ? { LOG_LEVEL: 'error' }
      : {}),
    ...options.env,
  });
  const kept = (databaseOptions: DbOptions) => ({
    options: databaseOptions,
    drop: () => Promise.resolve(),
  });
  const { options: dbOptions, drop } =
    options.sameDatabaseAs !== undefined
      ? kept(options.sameDatabaseAs.dbOptions)
      : options.databaseUrl !== undefined
        ? kept({ databaseUrl: options.databaseUrl, dataDir, maxConnections: 20 })
        : await createTestDatabase(dataDir);
  const db =
    options.sameDatabaseAs !== undefined && dbOptions.databaseUrl === undefined
      ? { ...options.sameDatabaseAs.db, close: () => Promise.resolve() }
      : openDatabase(dbOptions);
  await migrateToLatest(db.kysely);
  const secrets = options.sameDatabaseAs?.secrets ?? (await loadSecrets(config));
  const clock = options.clock ?? new TestClock();
  const app = await buildApp({
    config,
    db,
    secrets,
    clock,
    webRoot,
    openChangeFeed: (log) => createChangeFeed({ db, databaseUrl: dbOptions.databaseUrl, log }),
    logStream:
      options.discardLog === true
        ? { write: () => undefined }
        : {
            write: (line: string) => {
              options.logLines?.push(line);
              recordLogLine(line);
            },
          },
    ...(options.mailer === undefined ? {} : { mailer: options.mailer }),
  });
  options.extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    app,
    db,
    dbOptions,
    config,
    secrets,
    clock,
    dataDir,
    baseUrl: `http://127.0.0.1:${address.port}`,
    drainJobs: () => app.jobs.drain(),
    async close() {
      await app.close();
      await db.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
