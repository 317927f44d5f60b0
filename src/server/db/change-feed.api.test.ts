import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPayloads, publishCommitted } from '../../../test/support/change-feed.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { MAX_CHANGE_PAYLOAD_BYTES } from './change-feed-channels.js';
import { expectErrorLog } from '../../../test/support/error-log.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

class Rollback extends Error {}

describe(`change feed on one instance (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('is live once the app listens, and delivers a committed payload to its subscribers', async () => {
    expect(t.app.changeFeed.isLive()).toBe(true);
    const first = collectPayloads(t.app.changeFeed, 'session_revoked');
    const second = collectPayloads(t.app.changeFeed, 'session_revoked');

    await publishCommitted(t, 'session_revoked', 'session-1');

    await Promise.all([first.until(1), second.until(1)]);
    expect(first.payloads).toEqual(['session-1']);
    expect(second.payloads).toEqual(['session-1']);
    first.stop();
    second.stop();
  });

  it('never delivers a payload whose transaction rolled back', async () => {
    const heard = collectPayloads(t.app.changeFeed, 'session_revoked');
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await t.app.changeFeed.publish(trx, 'session_revoked', 'rolled-back');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);

    await publishCommitted(t, 'session_revoked', 'committed');

    // Delivered in commit order: had the rolled-back one come, it would be first.
    await heard.until(1);
    expect(heard.payloads).toEqual(['committed']);
    heard.stop();
  });

  it('delivers in commit order, each payload only on its own channel', async () => {
    const revoked = collectPayloads(t.app.changeFeed, 'session_revoked');
    const gateway = collectPayloads(t.app.changeFeed, 'gateway_changed');

    await t.db.kysely.transaction().execute(async (trx) => {
      await t.app.changeFeed.publish(trx, 'gateway_changed', 'g-1');
      await t.app.changeFeed.publish(trx, 'session_revoked', 's-1');
      await t.app.changeFeed.publish(trx, 'gateway_changed', 'g-2');
    });
    await publishCommitted(t, 'session_revoked', 's-2');

    await Promise.all([gateway.until(2), revoked.until(2)]);
    expect(gateway.payloads).toEqual(['g-1', 'g-2']);
    expect(revoked.payloads).toEqual(['s-1', 's-2']);
    revoked.stop();
    gateway.stop();
  });

  it('stops calling a listener once it unsubscribed, and one failing listener stops no other', async () => {
    expectErrorLog(/^a change feed listener failed$/);
    const gone = collectPayloads(t.app.changeFeed, 'gateway_changed');
    const stays = collectPayloads(t.app.changeFeed, 'gateway_changed');
    const stopThrowing = t.app.changeFeed.subscribe('gateway_changed', () => {
      throw new Error('a listener that fails');
    });
    gone.stop();

    await publishCommitted(t, 'gateway_changed', 'after-stop');

    await stays.until(1);
    expect(stays.payloads).toEqual(['after-stop']);
    expect(gone.payloads).toEqual([]);
    stopThrowing();
    stays.stop();
  });

  it('refuses a payload PostgreSQL could not carry, and the transaction with it', async () => {
    const heard = collectPayloads(t.app.changeFeed, 'session_revoked');
    await expect(
      t.db.kysely
        .transaction()
        .execute((trx) =>
          t.app.changeFeed.publish(
            trx,
            'session_revoked',
            'x'.repeat(MAX_CHANGE_PAYLOAD_BYTES + 1),
          ),
        ),
    ).rejects.toThrow(/at most 7999 bytes/);

    const longest = 'y'.repeat(MAX_CHANGE_PAYLOAD_BYTES);
    await publishCommitted(t, 'session_revoked', longest);

    await heard.until(1);
    expect(heard.payloads).toEqual([longest]);
    heard.stop();
  });
});
