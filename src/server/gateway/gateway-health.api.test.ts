import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// docs/gateway.md, "When the database is away": /healthz and the metrics say how current
// the check's state is; once it is older than GATEWAY_STALE_MAX_S the instance is unhealthy.

const DB = process.env.TEST_DB ?? 'sqlite';
const STALE_MAX_S = 30;
const METRICS_TOKEN = 'metrics-token-0123456789abcdef-0123456789';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: { GATEWAY_STALE_MAX_S: String(STALE_MAX_S), GATEWAY_REFRESH_MS: '20', METRICS_TOKEN },
  });
});

afterAll(async () => {
  await t.close();
});

const health = () => new HttpClient(t.baseUrl).json('GET', '/healthz');

async function renameChangeLog(from: string, to: string) {
  await sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(t.db.kysely);
}

describe(`/healthz and the gateway state (${DB})`, () => {
  it('says stale, then expired with 503, while the change log cannot be read', async () => {
    expect((await health()).body).toMatchObject({ gateway: { state: 'fresh', ageSeconds: 0 } });

    await renameChangeLog('gateway_changes', 'gateway_changes_away');
    try {
      await vi.waitFor(
        async () => expect((await health()).body).toMatchObject({ gateway: { state: 'stale' } }),
        { timeout: 5000, interval: 50 },
      );
      t.clock.advance(10_000);
      expect((await health()).body).toMatchObject({
        status: 'success',
        gateway: { state: 'stale', ageSeconds: 10 },
      });
      t.clock.advance(STALE_MAX_S * 1000);
      expect(await health()).toMatchObject({
        status: 503,
        body: {
          status: 'error',
          code: 'unavailable',
          message: 'gateway state expired',
          database: 'up',
          load: 'normal',
          gateway: { state: 'expired', ageSeconds: STALE_MAX_S + 10 },
        },
      });
      const metrics = await fetch(`${t.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(await metrics.text()).toMatch(/^portal_gateway_state_age_seconds 40$/m);
    } finally {
      await renameChangeLog('gateway_changes_away', 'gateway_changes');
    }
    await vi.waitFor(
      async () =>
        expect(await health()).toMatchObject({
          status: 200,
          body: { gateway: { state: 'fresh', ageSeconds: 0 } },
        }),
      { timeout: 5000, interval: 50 },
    );
  });
});
