import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  appCount,
  appFields,
  appRow,
  createApp,
  icon,
  ipRows,
  putApp,
  signedInDeveloper,
  signInAgain,
  storedBlobs,
  uniqueIcon,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let dev: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

const engine = process.env.TEST_DB ?? 'sqlite';

describe(`PUT ${ApiPaths.createApp}/{id} (${engine})`, () => {
  it('updates every field and keeps the records of IPs that stay', async () => {
    const id = await createApp(dev.client, { ipRecords: '10.1.0.1,10.1.0.2' });
    const res = await putApp(dev.client, id, {
      ...appFields({
        name: 'Renamed',
        callbackUrl: 'https://example.org/cb',
        postbackUrl: 'https://example.org/pb',
        allowedUsers: 'CLIENT2',
        description: 'New words',
        isActive: 'false',
        algo_id: 'a-1',
        ipRecords: '10.1.0.2, 10.1.0.1',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.apps.updated,
      applicationId: id,
    });
    expect(await appRow(t, id)).toMatchObject({
      name: 'Renamed',
      callbackUrl: 'https://example.org/cb',
      postbackUrl: 'https://example.org/pb',
      allowedUsers: 'CLIENT2',
      description: 'New words',
      isActive: 0,
      algoId: 'a-1',
      ipsChangedAt: null,
    });
    expect((await ipRows(t, id)).map((r) => r.ip)).toEqual(['10.1.0.1', '10.1.0.2']);
  });

  it('replaces the icon with the logo-upload variant and removes the old blob', async () => {
    const id = await createApp(dev.client, { file: uniqueIcon() });
    const before = await appRow(t, id);
    const res = await putApp(dev.client, id, {
      ...appFields(),
      isActive: 'true',
      ip_address: '',
      file: uniqueIcon(),
    });
    expect(res.status).toBe(200);
    const after = await appRow(t, id);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.apps.logoUploaded,
      applicationId: id,
      logoUrl: after?.logoUrl,
    });
    expect(after?.logoKey).not.toBe(before?.logoKey);
    const logos = await storedBlobs(t, 'logos');
    expect(logos).toContain(after?.logoKey);
    expect(logos).not.toContain(before?.logoKey);

    const wrong = await putApp(dev.client, id, {
      ...appFields(),
      ip_address: '',
      file: icon(56, 55),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: Messages.apps.iconWrongSize });
    expect(await storedBlobs(t, 'logos')).toEqual(logos);
    expect((await appRow(t, id))?.logoKey).toBe(after?.logoKey);
  });

  it('resets to the default icon when the form sends the default logoUrl', async () => {
    const id = await createApp(dev.client, { file: uniqueIcon() });
    const key = (await appRow(t, id))?.logoKey;
    const res = await putApp(dev.client, id, {
      ...appFields(),
      logoUrl: t.config.brand.defaultAppIconUrl,
    });
    expect(res.status).toBe(200);
    expect(await appRow(t, id)).toMatchObject({
      logoKey: null,
      logoUrl: t.config.brand.defaultAppIconUrl,
    });
    expect(await storedBlobs(t, 'logos')).not.toContain(key);
  });

  it('locks an algo id equal to the product name', async () => {
    const product = t.config.brand.productName;
    const id = await createApp(dev.client, { algo_id: product });
    const res = await putApp(dev.client, id, appFields({ algo_id: 'other' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.apps.algoIdLocked(product),
    });
    expect((await appRow(t, id))?.algoId).toBe(product);
    const same = await putApp(dev.client, id, appFields({ algo_id: product, name: 'Kept' }));
    expect(same.status).toBe(200);
  });

  it('rejects invalid input and changes nothing', async () => {
    const id = await createApp(dev.client, { ipRecords: '10.2.0.1' });
    const before = await appRow(t, id);
    for (const [values, status, message] of [
      [appFields({ description: 'x'.repeat(201) }), 400, Messages.app.descriptionTooLong],
      [appFields({ ipRecords: '2001:db8::1' }), 400, Messages.apps.invalidIp('2001:db8::1')],
      [
        appFields({ ipRecords: '1.0.0.1,1.0.0.2,1.0.0.3,1.0.0.4,1.0.0.5,1.0.0.6' }),
        400,
        Messages.ips.maxIps,
      ],
      [appFields({ callbackUrl: 'http://example.com' }), 400, Messages.app.redirectUrlInvalid],
    ] as const) {
      const res = await putApp(dev.client, id, values);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ status: 'error', message });
    }
    expect(await appRow(t, id)).toEqual(before);
    expect((await ipRows(t, id)).map((r) => r.ip)).toEqual(['10.2.0.1']);
  });

  it('saves an app whose stored client id no longer has the client-code shape, but refuses a new such id', async () => {
    const id = await createApp(dev.client);
    const legacy = 'legacy client-7';
    await t.db.kysely
      .updateTable('applications')
      .set({ allowedUsers: legacy })
      .where('id', '=', id)
      .execute();
    const kept = await putApp(dev.client, id, appFields({ allowedUsers: legacy, name: 'Kept' }));
    expect(kept.status).toBe(200);
    expect(await appRow(t, id)).toMatchObject({ allowedUsers: legacy, name: 'Kept' });
    const changed = await putApp(dev.client, id, appFields({ allowedUsers: 'other client-8' }));
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({
      message: Messages.app.clientIdInvalid,
      field: 'allowedUsers',
    });
    expect((await appRow(t, id))?.allowedUsers).toBe(legacy);
  });
});

describe(`the IP change cooldown (${engine})`, () => {
  it('allows a change of the IP set once every 15 days, exactly at the boundary', async () => {
    const id = await createApp(dev.client, { ipRecords: '10.3.0.1' });
    // Creation starts no clock: the first change is allowed at once.
    const first = await putApp(dev.client, id, appFields({ ipRecords: '10.3.0.1,10.3.0.2' }));
    expect(first.status).toBe(200);
    const changedAt = t.clock.now();
    expect((await appRow(t, id))?.ipsChangedAt).toBe(changedAt);

    // The same set in another order and spelling is not a change.
    const same = await putApp(dev.client, id, appFields({ ipRecords: ' 10.3.0.2 ,10.3.0.1' }));
    expect(same.status).toBe(200);

    t.clock.advance(15 * DAY - 60_000);
    await signInAgain(dev);
    const early = await putApp(dev.client, id, appFields({ ipRecords: '10.3.0.1' }));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      status: 'error',
      code: 'ip_change_cooldown',
      message: Messages.ips.updateCooldown,
      nextIpChangeAt: new Date(changedAt + 15 * DAY).toISOString(),
    });
    expect((await ipRows(t, id)).map((r) => r.ip)).toEqual(['10.3.0.1', '10.3.0.2']);

    t.clock.advance(60_000);
    const onTime = await putApp(dev.client, id, appFields({ ipRecords: '10.3.0.1' }));
    expect(onTime.status).toBe(200);
    expect((await ipRows(t, id)).map((r) => r.ip)).toEqual(['10.3.0.1']);
    expect((await appRow(t, id))?.ipsChangedAt).toBe(t.clock.now());
  });
});

describe(`DELETE ${ApiPaths.createApp}/{id} (${engine})`, () => {
  it('refuses to delete the only application, then deletes with its rows and blobs', async () => {
    const owner = await signedInDeveloper(t);
    const only = await createApp(owner.client, { file: uniqueIcon(), ipRecords: '10.4.0.1' });
    const refused = await owner.client.json('DELETE', ApiPaths.app(only));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'error',
      code: 'only_application',
      message: Messages.app.cannotDeleteOnlyApp,
    });
    expect(await appCount(t, owner.id)).toBe(1);

    await createApp(owner.client);
    const logoKey = (await appRow(t, only))?.logoKey;
    const res = await owner.client.json('DELETE', ApiPaths.app(only));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.app.deleted });
    expect(await appRow(t, only)).toBeUndefined();
    expect(await ipRows(t, only)).toEqual([]);
    expect(await storedBlobs(t, 'logos')).not.toContain(logoKey);
  });
});

describe(`another developer's application (${engine})`, () => {
  it('answers 404 on every route and nothing changes', async () => {
    const owner = await signedInDeveloper(t);
    const id = await createApp(owner.client, { ipRecords: '10.5.0.1', file: icon() });
    await createApp(owner.client);
    const before = await appRow(t, id);
    const logos = await storedBlobs(t, 'logos');
    const other = await signedInDeveloper(t);
    await createApp(other.client);
    await createApp(other.client);

    const get = await other.client.json('GET', ApiPaths.app(id));
    expect(get.status).toBe(404);
    expect(get.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: Messages.apps.notFound,
    });
    const put = await putApp(other.client, id, appFields({ name: 'Stolen', ipRecords: '' }));
    expect(put.status).toBe(404);
    const bad = await putApp(other.client, id, appFields({ name: '' }));
    expect(bad.status).toBe(404);
    const del = await other.client.json('DELETE', ApiPaths.app(id));
    expect(del.status).toBe(404);
    const list = await other.client.json<{ applicationId: string }[]>('GET', ApiPaths.apps);
    expect(list.body.map((app) => app.applicationId)).not.toContain(id);

    expect(await appRow(t, id)).toEqual(before);
    expect((await ipRows(t, id)).map((r) => r.ip)).toEqual(['10.5.0.1']);
    expect(await storedBlobs(t, 'logos')).toEqual(logos);
    const missing = await other.client.json('GET', ApiPaths.app('app_doesnotexist'));
    expect(missing.status).toBe(404);
  });
});
