import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase as KyselySqlite,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { switchToWal } from './switch-to-wal.js';
import { BACKSTOP_PAGES, startWalCheckpointer } from './wal-checkpointer.js';

const SQLITE_BUSY_TIMEOUT_MS = 5000;

export type Engine = 'sqlite' | 'postgres';

/** pg's pool at this moment: connections open, of them idle, and queries waiting for one. */
export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly engine: Engine;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The connection pool's use on PostgreSQL; undefined on SQLite (one connection). */
  poolUse(): PoolUse | undefined;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; when absent the SQLite file `portal.db` in dataDir is used. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly maxConnections?: number;
}

/** Times are epoch milliseconds in bigint columns: well inside Number's exact range. */
function bigintAsNumber(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, 'text', Number);
  return types;
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be run again, and the
 * portal's queries are few, so each SQL text is prepared once (least recently used out).
 */
export function withStatementCache(
  database: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): KyselySqlite {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = database.prepare(text);
        if (statements.size >= size) {
          const oldest = statements.keys().next();
          if (oldest.done !== true) statements.delete(oldest.value);
        }
      } else {
        statements.delete(text);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * SQLite's transactions take the write lock at their start (`begin immediate`). A deferred
 * transaction that read first and then writes after another process (the admin command
 * beside a running server) committed is refused at once ("database is locked": its
 * snapshot is stale, and no wait helps), which answered 500. Taking the lock first makes the
 * two processes wait for each other within busy_timeout instead. In the process the one
 * connection runs one transaction at a time anyway, so nothing waits longer than before.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export function openDatabase(options: DbOptions): Db {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      types: bigintAsNumber(),
    });
    // An idle connection that PostgreSQL drops (a restart, a failover) is an 'error' event
    // on the pool, which would kill the process unheard. pg discards that connection by
    // itself and the next query opens a new one; queries in flight fail on their own.
    pool.on('error', () => undefined);
    // A connection checked out of the pool has no such listener (pg-pool removes it while the
    // connection is lent), so one that drops in mid-transaction would kill the process the
    // same way. Its query fails on its own, and the pool drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return wrap(
      new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }),
      'postgres',
      () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const fileName = path.join(options.dataDir, 'portal.db');
  const file = new SqliteDatabase(fileName);
  // First, so that a second process opening the file at the same moment waits for the
  // switch to WAL instead of failing with SQLITE_BUSY.
  file.pragma(`busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`);
  switchToWal(file, SQLITE_BUSY_TIMEOUT_MS);
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma(`wal_autocheckpoint = ${String(BACKSTOP_PAGES)}`);
  const checkpointer = startWalCheckpointer(fileName);
  return wrap(
    new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(file) }),
      plugins,
    }),
    'sqlite',
    () => undefined,
    () => checkpointer.stop(),
  );
}

function wrap(
  kysely: Kysely<Database>,
  engine: Engine,
  poolUse: Db['poolUse'],
  beforeClose: () => Promise<void> = () => Promise.resolve(),
): Db {
  return {
    kysely,
    engine,
    poolUse,
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await beforeClose();
      await kysely.destroy();
    },
  };
}
