import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  POSTBACK_MAX_ATTEMPTS,
  POSTBACK_RETRY_DELAYS_MS,
  PostbackMessages,
} from '../../contract/postbacks.js';
import {
  signedInDeveloper,
  signInAgain,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import {
  startPostbackReceiver,
  type PostbackReceiver,
} from '../../../test/support/postback-receiver.js';
import {
  appPostingTo,
  attemptRows,
  eventRows,
  postbackSecretsOf,
  sendEvent,
  SERVICE_TOKEN_ENV,
} from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { postbackMessageId } from './postback-signing.js';
import { claimDueJobs } from '../jobs/jobs.repository.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;
let dev: SignedInDeveloper;
let receiver: PostbackReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: SERVICE_TOKEN_ENV });
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  receiver = await startPostbackReceiver(t.clock);
  // The clock moved on in earlier tests: past the access token's life.
  await signInAgain(dev);
});

afterEach(async () => {
  await receiver.close();
});

/** An application posting to the receiver, whose secret the receiver verifies with. */
async function appWithReceiver(): Promise<string> {
  return appPostingTo(t, dev.client, receiver);
}

async function queue(applicationId: string, eventId: string) {
  const res = await sendEvent(t, {
    applicationId,
    eventId,
    eventType: 'order.updated',
    payload: { orderId: eventId, status: 'COMPLETE' },
  });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

function failedMailsTo(email: string, applicationName: string) {
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .where('subject', '=', PostbackMessages.failedMailSubject(applicationName))
    .execute();
}

describe(`postback delivery (${DB})`, () => {
  it('delivers each event once, signed so the standardwebhooks library verifies it', async () => {
    const id = await appWithReceiver();
    const eventId = await queue(id, 'order-1');
    const sentAt = t.clock.now();

    await t.drainJobs();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.verified).toEqual({
      payload: {
        type: 'order.updated',
        timestamp: new Date(sentAt).toISOString(),
        data: { orderId: 'order-1', status: 'COMPLETE' },
      },
    });
    expect(delivery?.headers['webhook-id']).toBe(postbackMessageId(id, 'order-1'));
    expect(eventId).not.toBe(postbackMessageId(id, 'order-1'));
    expect(delivery?.headers['webhook-timestamp']).toBe(String(Math.floor(sentAt / 1000)));
    expect(delivery?.headers['content-type']).toBe('application/json');
    const [row] = (await eventRows(t, id)).filter((event) => event.id === eventId);
    expect(row).toMatchObject({
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      nextAttemptAt: null,
    });
    expect(await attemptRows(t, eventId)).toEqual([
      { number: 1, at: sentAt, responseStatus: 200, error: null },
    ]);
  });

  it('retries on the schedule: 500 three times, then 200 once more, and four attempts logged', async () => {
    const id = await appWithReceiver();
    receiver.answers = [500, 500, 500];
    const eventId = await queue(id, 'order-retry');
    const start = t.clock.now();

    await t.drainJobs();
    expect(receiver.received).toHaveLength(1);
    const [afterFirst] = (await eventRows(t, id)).filter((event) => event.id === eventId);
    expect(afterFirst).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: 500,
      nextAttemptAt: start + POSTBACK_RETRY_DELAYS_MS[0],
    });
    for (const [index, delay] of POSTBACK_RETRY_DELAYS_MS.slice(0, 3).entries()) {
      t.clock.advance(delay - 1);
      await t.drainJobs();
      expect(receiver.received).toHaveLength(index + 1);
      t.clock.advance(1);
      await t.drainJobs();
      expect(receiver.received).toHaveLength(index + 2);
    }
    t.clock.advance(24 * 60 * 60_000);
    await t.drainJobs();

    expect(receiver.received).toHaveLength(4);
    expect(receiver.received.every((delivery) => 'payload' in delivery.verified)).toBe(true);
    const attempts = await attemptRows(t, eventId);
    expect(attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 500, 500, 200]);
    expect(attempts.map((attempt) => attempt.at - start)).toEqual([0, 5_000, 305_000, 2_105_000]);
    await signInAgain(dev);
    const log = await dev.client.json('GET', AppSectionPaths.event(id, eventId));
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({
      event: { eventId, state: 'delivered', attempts: 4, lastStatus: 200, nextAttemptAt: null },
    });
  });

  it('marks the event failed after the eighth failure, mails the developer, and replays it', async () => {
    const id = await appWithReceiver();
    receiver.answers = Array.from({ length: POSTBACK_MAX_ATTEMPTS }, () => 503);
    const eventId = await queue(id, 'order-fails');

    await t.drainJobs();
    for (const delay of POSTBACK_RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      await t.drainJobs();
    }

    expect(receiver.received).toHaveLength(POSTBACK_MAX_ATTEMPTS);
    const [row] = (await eventRows(t, id)).filter((event) => event.id === eventId);
    expect(row).toMatchObject({
      state: 'failed',
      attempts: 8,
      lastStatus: 503,
      nextAttemptAt: null,
    });
    const mails = await failedMailsTo(dev.email, 'My Trading App');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(eventId);
    expect(mails[0]?.textBody).toContain('failed after 8 attempts');
    t.clock.advance(24 * 60 * 60_000);
    await t.drainJobs();
    expect(receiver.received).toHaveLength(POSTBACK_MAX_ATTEMPTS);

    await signInAgain(dev);
    const replay = await dev.client.json('POST', AppSectionPaths.replay(id, eventId));
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({
      status: 'success',
      message: PostbackMessages.replayed,
      state: 'pending',
    });
    await t.drainJobs();
    expect(receiver.received).toHaveLength(POSTBACK_MAX_ATTEMPTS + 1);
    const [replayed] = (await eventRows(t, id)).filter((event) => event.id === eventId);
    expect(replayed).toMatchObject({ state: 'delivered', attempts: 9, lastStatus: 200 });
  });

  it('fails the event and mails the developer when the lease runs out on the eighth try', async () => {
    const id = await appWithReceiver();
    receiver.answers = Array.from({ length: POSTBACK_MAX_ATTEMPTS }, () => 503);
    const eventId = await queue(id, 'order-lease-lost');
    await t.drainJobs();
    for (const delay of POSTBACK_RETRY_DELAYS_MS.slice(0, -1)) {
      t.clock.advance(delay);
      await t.drainJobs();
    }
    expect(receiver.received).toHaveLength(POSTBACK_MAX_ATTEMPTS - 1);

    // The eighth try is taken by an instance that dies before it sends anything. It claims
    // at the try's time before the app's clock gets there, so the app's own worker cannot
    // take the try first.
    const eighthAt = t.clock.now() + (POSTBACK_RETRY_DELAYS_MS.at(-1) ?? 0);
    const { leaseMs } = t.config.jobs;
    const claimed = await claimDueJobs(t.db.kysely, t.db.engine, 'crashed', eighthAt, leaseMs, 10);
    expect(claimed).toContainEqual(
      expect.objectContaining({ kind: 'postback.deliver', attempts: POSTBACK_MAX_ATTEMPTS }),
    );
    t.clock.advance(eighthAt - t.clock.now() + leaseMs);
    await t.drainJobs();

    expect(receiver.received).toHaveLength(POSTBACK_MAX_ATTEMPTS);
    const [row] = (await eventRows(t, id)).filter((event) => event.id === eventId);
    expect(row).toMatchObject({ state: 'failed', attempts: POSTBACK_MAX_ATTEMPTS });
    const mails = await failedMailsTo(dev.email, 'My Trading App');
    expect(mails.filter((mail) => mail.textBody.includes(eventId))).toHaveLength(1);
  });

  it('signs with the old and the new secret during a roll grace, either verifies', async () => {
    const id = await appWithReceiver();
    const oldSecret = receiver.secret ?? '';
    const roll = await dev.client.json('POST', AppSectionPaths.rollSecret(id), {
      json: { grace: '1h' },
    });
    expect(roll.status).toBe(200);
    const [newSecret] = await postbackSecretsOf(t, id);
    expect(newSecret).not.toBe(oldSecret);

    await queue(id, 'order-grace');
    await t.drainJobs();

    const [delivery] = receiver.received;
    const signatures = String(delivery?.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(delivery?.verified).toHaveProperty('payload');
    const headers = {
      'webhook-id': String(delivery?.headers['webhook-id']),
      'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
      'webhook-signature': String(delivery?.headers['webhook-signature']),
    };
    vi.spyOn(Date, 'now').mockReturnValue(t.clock.now());
    try {
      for (const secret of [oldSecret, newSecret ?? '']) {
        expect(new Webhook(secret).verify(delivery?.body ?? '', headers)).toHaveProperty('data');
      }
    } finally {
      vi.restoreAllMocks();
    }

    t.clock.advance(60 * 60_000);
    await queue(id, 'order-after-grace');
    await t.drainJobs();
    expect(String(receiver.received[1]?.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });
});
