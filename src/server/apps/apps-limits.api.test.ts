import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../contract/messages.js';
import { ApiPaths } from '../../contract/api-paths.js';
import {
  appCount,
  appFields,
  createApp,
  iconField,
  ipRows,
  postApp,
  putApp,
  signedInDeveloper,
  signInAgain,
  storedBlobs,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;

// A portal run with other app and IP limits than docs/product.md section 9's defaults.
beforeAll(async () => {
  t = await startTestApp({
    env: { MAX_IPS_PER_APP: '3', IP_CHANGE_COOLDOWN_DAYS: '30', MAX_APPS_PER_DEVELOPER: '2' },
  });
});

afterAll(async () => {
  await t.close();
});

describe(`configured IP limits (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('caps the IPs at the configured count and says so', async () => {
    const dev = await signedInDeveloper(t);
    const refused = await postApp(
      dev.client,
      appFields({ ipRecords: '10.9.0.1,10.9.0.2,10.9.0.3,10.9.0.4' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(Messages.ips.maxIpsFor(3));
    const id = await createApp(dev.client, { ipRecords: '10.9.0.1,10.9.0.2,10.9.0.3' });
    expect(await ipRows(t, id)).toHaveLength(3);
  });

  it('holds IP changes for the configured days and names them in the message', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client, { ipRecords: '10.9.1.1' });
    expect((await putApp(dev.client, id, appFields({ ipRecords: '10.9.1.2' }))).status).toBe(200);
    const changedAt = t.clock.now();
    t.clock.advance(15 * DAY);
    await signInAgain(dev);
    const early = await putApp(dev.client, id, appFields({ ipRecords: '10.9.1.3' }));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      status: 'error',
      code: 'ip_change_cooldown',
      message: Messages.ips.updateCooldownFor(30),
      nextIpChangeAt: new Date(changedAt + 30 * DAY).toISOString(),
    });
    expect((await ipRows(t, id)).map((r) => r.ip)).toEqual(['10.9.1.2']);
  });
});

describe(`configured applications per developer (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses one more application with 409, storing no row and no icon', async () => {
    const dev = await signedInDeveloper(t);
    const first = await createApp(dev.client);
    await createApp(dev.client);
    const logosBefore = await storedBlobs(t, 'logos');

    const refused = await postApp(dev.client, appFields(iconField()));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'error',
      code: 'too_many_applications',
      message: Messages.apps.tooManyApps(2),
    });
    expect(await appCount(t, dev.id)).toBe(2);
    expect(await storedBlobs(t, 'logos')).toEqual(logosBefore);

    const other = await signedInDeveloper(t);
    await createApp(other.client);
    const deleted = await dev.client.json('DELETE', ApiPaths.app(first));
    expect(deleted.status).toBe(200);
    await createApp(dev.client);
    expect(await appCount(t, dev.id)).toBe(2);
  });
});
