import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTBACK_RETRY_DELAYS_MS, PostbackLimits } from '../../contract/postbacks.js';
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
import { AppSectionPaths } from '../../contract/app-section-paths.js';

let t: TestApp;
let receiver: PostbackReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: SERVICE_TOKEN_ENV });
  receiver = await startPostbackReceiver(t.clock);
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe(`the postback log's retention (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('keeps the newest events, but never drops one before it is delivered', async () => {
    const dev = await signedInDeveloper(t);
    const id = await appPostingTo(t, dev.client, receiver);
    const burst = PostbackLimits.eventsKept + 5;
    // The receiver is down: every event waits for its retry, pending.
    receiver.answers = Array.from({ length: burst }, () => 500);
    for (let n = 1; n <= burst; n += 1) {
      const res = await sendEvent(t, {
        applicationId: id,
        eventId: `burst-${String(n)}`,
        eventType: 'order.updated',
        payload: { orderId: String(n) },
      });
      expect(res.status).toBe(202);
    }
    await t.drainJobs();
    const waiting = await eventRows(t, id);
    expect(waiting).toHaveLength(burst);
    expect(new Set(waiting.map((event) => event.state))).toEqual(new Set(['pending']));

    // Back up: at the retry every event is delivered.
    t.clock.advance(POSTBACK_RETRY_DELAYS_MS[0]);
    await t.drainJobs();
    expect(receiver.received).toHaveLength(2 * burst);
    const log = await dev.client.json('GET', AppSectionPaths.log(id));
    const events = (log.body as { events: { eventId: string; state: string }[] }).events;
    expect(events).toHaveLength(PostbackLimits.eventsKept);
    expect(events[0]?.eventId).toBe(waiting.at(-1)?.id);
    expect(new Set(events.map((event) => event.state))).toEqual(new Set(['delivered']));

    // The next event prunes what was delivered beyond the newest ones.
    await sendEvent(t, {
      applicationId: id,
      eventId: 'after',
      eventType: 'order.updated',
      payload: {},
    });
    expect(await eventRows(t, id)).toHaveLength(PostbackLimits.eventsKept);
  });
});
