import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostbackLimits, PostbackMessages } from '../../contract/postbacks.js';
import { signedInDeveloper } from '../../../test/support/apps.js';
import {
  startPostbackReceiver,
  type PostbackReceiver,
} from '../../../test/support/postback-receiver.js';
import {
  appPostingTo,
  eventRows,
  sendEvent,
  SERVICE_TOKEN_ENV,
} from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { postbackMessageId } from './postback-signing.js';

const DB = process.env.TEST_DB ?? 'sqlite';
const WINDOW_DAYS = 2;
const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
let receiver: PostbackReceiver;

beforeAll(async () => {
  t = await startTestApp({
    env: { ...SERVICE_TOKEN_ENV, POSTBACK_EVENT_ID_WINDOW_DAYS: String(WINDOW_DAYS) },
  });
  receiver = await startPostbackReceiver(t.clock);
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function appWithReceiver(): Promise<string> {
  const dev = await signedInDeveloper(t);
  return appPostingTo(t, dev.client, receiver);
}

function send(applicationId: string, eventId: string) {
  return sendEvent(t, {
    applicationId,
    eventId,
    eventType: 'order.updated',
    payload: { orderId: eventId },
  });
}

describe(`postback event ids (${DB})`, () => {
  it('answers an event id seen within the window as a duplicate after the log dropped it, and forgets it after', async () => {
    const id = await appWithReceiver();
    expect((await send(id, 'first')).status).toBe(202);
    await t.drainJobs();
    // Enough later events, each delivered, push the first out of the log.
    for (let n = 1; n <= PostbackLimits.eventsKept; n += 1) {
      expect((await send(id, `later-${String(n)}`)).status).toBe(202);
    }
    await t.drainJobs();
    const kept = await eventRows(t, id);
    expect(kept.map((event) => event.callerEventId)).not.toContain('first');
    const delivered = receiver.received.length;

    const again = await send(id, 'first');
    expect(again).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: PostbackMessages.duplicate,
        eventId: 'first',
        id: null,
        state: 'delivered',
      },
    });
    await t.drainJobs();
    expect(receiver.received).toHaveLength(delivered);

    // Past the window the hourly purge forgets the id: the same id is a new event again.
    t.clock.advance(WINDOW_DAYS * DAY_MS + 60 * 60_000);
    await t.drainJobs();
    const seen = await t.db.kysely
      .selectFrom('postbackEventIds')
      .select('callerEventId')
      .where('applicationId', '=', id)
      .where('callerEventId', '=', 'first')
      .execute();
    expect(seen).toEqual([]);
    expect((await send(id, 'first')).status).toBe(202);
    // A hundred intakes and deliveries, each synced to disk: slow on a busy machine.
  }, 60_000);

  it("gives every delivery of an event the same webhook-id, made from the application and the caller's event id", async () => {
    const id = await appWithReceiver();
    receiver.answers = [500];
    const res = await send(id, 'order-42');
    expect(res.status).toBe(202);
    await t.drainJobs();
    t.clock.advance(5_000);
    await t.drainJobs();

    const ids = receiver.received.slice(-2).map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([postbackMessageId(id, 'order-42'), postbackMessageId(id, 'order-42')]);
    expect(ids[0]).not.toBe(res.body.id);
  });
});
