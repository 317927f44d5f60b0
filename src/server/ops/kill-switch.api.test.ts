import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { ApplicationResponse } from '../../contract/apps.js';
import { OpsApiPaths, type AuditResponse } from '../../contract/ops.js';
import { PostbackMessages } from '../../contract/postbacks.js';
import {
  appFields,
  createApp,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import { askGateway, askUntilSettled, type CheckAnswer } from '../../../test/support/gateway.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { sendEvent, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let developer: SignedInDeveloper;
let support: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  t = await startTestApp({
    env: { ...SERVICE_TOKEN_ENV, GATEWAY_PORT: String(await freePort()), GATEWAY_REFRESH_MS: '20' },
  });
  developer = await signedInDeveloper(t);
  support = await signedInOperator(t, 'support');
  admin = await signedInOperator(t, 'admin');
});

afterAll(async () => {
  await t.close();
});

const REASON = 'Runaway orders flood the exchange';

const blockApp = (op: TestOperator, id: string, blocked: boolean, reason = REASON) =>
  op.client.json('POST', OpsApiPaths.applicationBlock(id), { json: { blocked, reason } });
const blockDeveloper = (op: TestOperator, id: string, blocked: boolean, reason = REASON) =>
  op.client.json('POST', OpsApiPaths.developerBlock(id), { json: { blocked, reason } });

async function lastMailTo(email: string) {
  await t.drainJobs();
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

const auditOf = async (action: string) =>
  (await admin.client.json<AuditResponse>('GET', `${OpsApiPaths.audit}?action=${action}`)).body
    .entries;

const ownView = async (id: string) =>
  (await developer.client.json<ApplicationResponse>('GET', ApiPaths.app(id))).body;

async function gatewayFor(ip: string) {
  const id = await createApp(developer.client, { ipRecords: ip });
  const headers = { 'x-api-key': await currentKeyOf(t, id), 'x-real-ip': ip };
  const until = async (isDone: (a: CheckAnswer) => boolean) =>
    await askUntilSettled(() => askGateway(t, headers), isDone);
  await until((a) => a.status === 200);
  return { id, until };
}

describe(`the kill switch (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('blocks one application: refused by the gateway, mailed, audited, logged; the developer cannot lift it', async () => {
    const { id, until } = await gatewayFor('203.0.113.40');
    // The block is logged after the creation, not in the same millisecond.
    t.clock.advance(1_000);
    expect((await blockApp(support, id, true)).status).toBe(200);

    const refused = await until((a) => a.status !== 200);
    expect([refused.status, refused.headers.get('x-deny-reason')]).toEqual([403, 'app_blocked']);
    expect(refused.body).toMatchObject({ message: `The provider blocked this app: ${REASON}` });

    expect((await ownView(id)).block).toMatchObject({ scope: 'application', reason: REASON });
    const mail = await lastMailTo(developer.email);
    expect(mail?.subject).toContain('blocked');
    expect(mail?.textBody).toContain(REASON);
    expect((await auditOf('application.blocked'))[0]).toMatchObject({
      operatorEmail: support.email,
      reason: REASON,
    });
    const log = (
      await developer.client.json<{ events: { kind: string }[] }>('GET', ApiPaths.activity)
    ).body.events;
    expect(log[0]?.kind).toBe('operator.app_blocked');

    expect(
      (
        await putApp(
          developer.client,
          id,
          appFields({ ipRecords: '203.0.113.40', isActive: 'true' }),
        )
      ).status,
    ).toBe(200);
    expect((await ownView(id)).block).toMatchObject({ reason: REASON });
    expect(
      (
        await sendEvent(t, {
          applicationId: id,
          eventId: 'evt-blocked',
          eventType: 'order.updated',
          payload: {},
        })
      ).body,
    ).toMatchObject({
      state: 'skipped',
      message: PostbackMessages.skipped,
    });
    expect((await blockApp(support, id, true)).status).toBe(409);

    expect((await blockApp(support, id, false, 'Fixed by the developer')).status).toBe(200);
    expect((await until((a) => a.status === 200)).status).toBe(200);
    expect((await ownView(id)).block).toBeNull();
    expect((await lastMailTo(developer.email))?.subject).toContain('no longer blocked');
    expect((await auditOf('application.unblocked'))[0]).toMatchObject({
      reason: 'Fixed by the developer',
    });
  });

  it('blocks every application of a developer, and lifts it', async () => {
    const { id, until } = await gatewayFor('203.0.113.41');
    expect((await blockDeveloper(admin, developer.id, true)).status).toBe(200);
    const refused = await until((a) => a.status !== 200);
    expect([refused.status, refused.headers.get('x-deny-reason')]).toEqual([
      403,
      'developer_blocked',
    ]);
    expect((await ownView(id)).block).toMatchObject({ scope: 'developer', reason: REASON });
    expect((await lastMailTo(developer.email))?.subject).toBe('Your applications were blocked');
    expect((await auditOf('developer.blocked'))[0]).toMatchObject({ reason: REASON });

    expect((await blockDeveloper(admin, developer.id, false, 'Cleared')).status).toBe(200);
    expect((await until((a) => a.status === 200)).status).toBe(200);
    expect((await auditOf('developer.unblocked'))[0]).toMatchObject({ reason: 'Cleared' });
  });

  it('needs the support or admin role and a reason', async () => {
    const reviewer = await signedInOperator(t, 'reviewer');
    const id = await createApp(developer.client);
    expect((await blockApp(reviewer, id, true)).status).toBe(403);
    expect((await blockDeveloper(reviewer, developer.id, true)).status).toBe(403);
    expect((await blockApp(support, id, true, ' ')).status).toBe(400);
    expect((await ownView(id)).block).toBeNull();
  });
});
