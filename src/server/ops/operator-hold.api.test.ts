import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { ApplicationResponse } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { OpsApiPaths } from '../../contract/ops.js';
import { PostbackMessages } from '../../contract/postbacks.js';
import {
  appFields,
  appRow,
  createApp,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { sendEvent, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let developer: SignedInDeveloper;
let support: TestOperator;

beforeAll(async () => {
  t = await startTestApp({ env: SERVICE_TOKEN_ENV });
  developer = await signedInDeveloper(t);
  support = await signedInOperator(t, 'support');
});

afterAll(async () => {
  await t.close();
});

const REASON = 'Orders from this app breach the exchange rules.';

const setStatus = (id: string, isActive: boolean, reason: string) =>
  support.client.json('POST', OpsApiPaths.applicationStatus(id), { json: { isActive, reason } });

const ownView = async (id: string) =>
  (await developer.client.json<ApplicationResponse>('GET', ApiPaths.app(id))).body;

const event = (applicationId: string, eventId: string) => ({
  applicationId,
  eventId,
  eventType: 'order.updated',
  payload: { orderId: 'O-1' },
});

describe(`an operator's hold (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it("holds the application: the developer's save cannot make it active again", async () => {
    const id = await createApp(developer.client);
    t.clock.advance(1000);
    expect((await setStatus(id, false, REASON)).status).toBe(200);
    const heldAt = t.clock.now();

    const held = await ownView(id);
    expect(held.isActive).toBe(false);
    expect(held.operatorHold).toEqual({ reason: REASON, since: new Date(heldAt).toISOString() });
    expect(await appRow(t, id)).toMatchObject({
      isActive: 0,
      operatorHoldReason: REASON,
      operatorHoldAt: heldAt,
    });

    const undo = await putApp(developer.client, id, appFields({ isActive: 'true' }));
    expect(undo.status).toBe(409);
    expect(undo.body).toMatchObject({
      status: 'error',
      code: 'application_held',
      message: Messages.apps.heldByOperator,
    });
    expect((await ownView(id)).isActive).toBe(false);

    // The rest of the form still saves while the toggle stays as the operator left it.
    const rename = await putApp(
      developer.client,
      id,
      appFields({ name: 'Renamed while held', isActive: 'false' }),
    );
    expect(rename.status).toBe(200);
    expect(await ownView(id)).toMatchObject({
      applicationName: 'Renamed while held',
      isActive: false,
      operatorHold: { reason: REASON },
    });
  });

  it('skips postbacks for a held application, as for a paused one', async () => {
    const id = await createApp(developer.client);
    await setStatus(id, false, REASON);
    await putApp(developer.client, id, appFields({ isActive: 'true' }));
    const answer = await sendEvent(t, event(id, 'evt-held'));
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ state: 'skipped', message: PostbackMessages.skipped });
    expect(
      await t.db.kysely
        .selectFrom('postbackEvents')
        .select('id')
        .where('applicationId', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it("the operator's resume lifts the hold; then the developer's toggle works again", async () => {
    const id = await createApp(developer.client);
    await setStatus(id, false, REASON);
    expect((await setStatus(id, true, 'Cleared by compliance.')).status).toBe(200);
    expect(await ownView(id)).toMatchObject({ isActive: true, operatorHold: null });
    expect(await appRow(t, id)).toMatchObject({ operatorHoldReason: null, operatorHoldAt: null });

    expect((await putApp(developer.client, id, appFields({ isActive: 'false' }))).status).toBe(200);
    expect((await putApp(developer.client, id, appFields({ isActive: 'true' }))).status).toBe(200);
    expect((await ownView(id)).isActive).toBe(true);
    expect((await sendEvent(t, event(id, 'evt-resumed'))).body).toMatchObject({
      state: 'pending',
    });
  });

  it('holds an application the developer had paused, and the list carries the hold', async () => {
    const id = await createApp(developer.client, { isActive: 'false' });
    expect((await setStatus(id, false, REASON)).status).toBe(200);
    expect((await setStatus(id, false, REASON)).status).toBe(409);
    const list = await developer.client.json<ApplicationResponse[]>('GET', ApiPaths.apps);
    expect(list.body.find((app) => app.applicationId === id)?.operatorHold).toMatchObject({
      reason: REASON,
    });
  });
});
