import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTBACK_RETRY_DELAYS_MS, PostbackMessages } from '../../contract/postbacks.js';
import { signedInDeveloper, type SignedInDeveloper } from '../../../test/support/apps.js';
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
import { AppSectionPaths } from '../../contract/app-section-paths.js';

let t: TestApp;
let dev: SignedInDeveloper;
let receiver: PostbackReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: SERVICE_TOKEN_ENV });
  dev = await signedInDeveloper(t);
  receiver = await startPostbackReceiver(t.clock);
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function appWithEvent(eventId: string) {
  const id = await appPostingTo(t, dev.client, receiver);
  const res = await sendEvent(t, {
    applicationId: id,
    eventId,
    eventType: 'order.updated',
    payload: { orderId: eventId },
  });
  expect(res.status).toBe(202);
  return { id, eventId: res.body.id as string };
}

describe(`postback replay and pause (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses to replay an event whose own retry is waiting, and changes nothing', async () => {
    receiver.answers = [500];
    const { id, eventId } = await appWithEvent('waiting');
    await t.drainJobs();
    const before = await eventRows(t, id);
    expect(before).toMatchObject([{ state: 'pending', attempts: 1 }]);

    const replay = await dev.client.json('POST', AppSectionPaths.replay(id, eventId));
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual({
      status: 'error',
      code: 'postback_pending',
      message: PostbackMessages.stillPending,
    });
    expect(await eventRows(t, id)).toEqual(before);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'postback.deliver')
      .where('payload', 'like', `%${eventId}%`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('replays a pending event whose delivery job ended (its lease ran out on the last try)', async () => {
    receiver.answers = [500];
    const { id, eventId } = await appWithEvent('stuck');
    await t.drainJobs();
    // What the queue leaves when a worker dies during the last try: the job failed, the
    // event still pending.
    await t.db.kysely
      .updateTable('jobs')
      .set({ failedAt: t.clock.now() })
      .where('payload', 'like', `%${eventId}%`)
      .execute();
    const replay = await dev.client.json('POST', AppSectionPaths.replay(id, eventId));
    expect(replay.status).toBe(202);
    await t.drainJobs();
    expect(await eventRows(t, id)).toMatchObject([{ state: 'delivered', attempts: 2 }]);
  });

  it('sends nothing more for an event of an application paused while it waits for a retry', async () => {
    receiver.answers = [500];
    const { id } = await appWithEvent('paused-later');
    await t.drainJobs();
    const deliveries = () =>
      receiver.received.filter(
        (request) => request.headers['webhook-id'] === postbackMessageId(id, 'paused-later'),
      );
    expect(deliveries()).toHaveLength(1);
    await t.db.kysely
      .updateTable('applications')
      .set({ isActive: 0 })
      .where('id', '=', id)
      .execute();
    t.clock.advance(POSTBACK_RETRY_DELAYS_MS[0]);
    await t.drainJobs();
    expect(deliveries()).toHaveLength(1);
    expect(await eventRows(t, id)).toMatchObject([{ state: 'failed', attempts: 1 }]);
  });
});
