import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPayloads, publishCommitted } from '../../../test/support/change-feed.js';
import { freePort } from '../../../test/support/free-port.js';
import { startTogether } from '../../../test/support/start-together.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { createChangeFeed, untilLive } from './change-feed.js';
import { LISTENER_APPLICATION_NAME } from './postgres-listener.js';

// The change feed between processes: PostgreSQL only (embedded SQLite mode is one instance).

let t: TestApp;
const quiet = () => undefined;
const quietLog = { info: quiet, warn: quiet, error: quiet };

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function databaseUrl(): string {
  const url = t.dbOptions.databaseUrl;
  if (url === undefined) throw new Error('a PostgreSQL test');
  return url;
}

describe('change feed across instances (postgres)', () => {
  // Two Node processes start and load the server's modules: slow on a busy 2-core machine.
  it(
    "delivers what each of two processes publishes to both, the publisher's own included",
    {
      timeout: 60_000,
    },
    async () => {
      const env = { DATABASE_URL: databaseUrl(), PEERS: '2' };
      const outputs = await startTogether('change-feed-peer.ts', [
        { ...env, PUBLISH: 'from-a' },
        { ...env, PUBLISH: 'from-b' },
      ]);

      for (const output of outputs) {
        expect(output.trim().split('\n').sort()).toEqual(['from-a', 'from-b']);
      }
    },
  );

  it('comes back after PostgreSQL drops its connection, and asks its listeners to reload', async () => {
    const feed = t.app.changeFeed;
    const resynced = new Promise<void>((resolve) => {
      const stop = feed.onResync(() => {
        stop();
        resolve();
      });
    });
    const heard = collectPayloads(feed, 'session_revoked');
    const { rows } = await sql<{ terminated: boolean }>`
      select pg_terminate_backend(pid) as terminated from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
      t.db.kysely,
    );
    expect(rows).toEqual([{ terminated: true }]);

    await resynced;
    expect(feed.isLive()).toBe(true);
    await publishCommitted(t, 'session_revoked', 'after-reconnect');
    await heard.until(1);
    expect(heard.payloads).toEqual(['after-reconnect']);
    heard.stop();
  });

  it('is not live while PostgreSQL cannot be reached; a reachable one is once it listens', async () => {
    const away = createChangeFeed({
      db: t.db,
      databaseUrl: `postgres://portal@127.0.0.1:${String(await freePort())}/portal`,
      log: quietLog,
      reconnect: { firstMs: 10, maxMs: 20 },
    });
    expect(away.isLive()).toBe(false);
    await away.close();
    expect(away.isLive()).toBe(false);

    const reachable = createChangeFeed({ db: t.db, databaseUrl: databaseUrl(), log: quietLog });
    expect(reachable.isLive()).toBe(false);
    await untilLive(reachable);
    expect(reachable.isLive()).toBe(true);
    await reachable.close();
    expect(reachable.isLive()).toBe(false);
  });
});
