import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appFields,
  createApp,
  ipRows,
  postApp,
  signedInDeveloper,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { up as foldMappedIps } from './migrations/0012-fold-mapped-ips.js';

const engine = process.env.TEST_DB ?? 'sqlite';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

/** Writes an IP the way the code before the IPv4-mapped fold stored it. */
async function storeAsBefore(appId: string, from: string, to: string): Promise<void> {
  await t.db.kysely
    .updateTable('ipRecords')
    .set({ ip: to })
    .where('applicationId', '=', appId)
    .where('ip', '=', from)
    .execute();
}

describe(`IPv4-mapped addresses stored before the fold (${engine})`, () => {
  it('are rewritten to IPv4, so the duplicate check finds them', async () => {
    const first = await signedInDeveloper(t);
    const appId = await createApp(first.client, { ipRecords: '20.0.0.9,20.0.0.10' });
    await storeAsBefore(appId, '20.0.0.9', '0:0:0:0:0:ffff:1400:9');

    await foldMappedIps(t.db.kysely.withoutPlugins());

    expect((await ipRows(t, appId)).map((row) => row.ip)).toEqual(['20.0.0.10', '20.0.0.9']);
    const second = await signedInDeveloper(t);
    const conflict = await postApp(second.client, appFields({ ipRecords: '20.0.0.9' }));
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ duplicateIPs: ['20.0.0.9'] });
  });

  it('drop a mapped row whose IPv4 spelling the application has too', async () => {
    const dev = await signedInDeveloper(t);
    const appId = await createApp(dev.client, { ipRecords: '20.0.1.1,20.0.1.2' });
    await storeAsBefore(appId, '20.0.1.2', '0:0:0:0:0:ffff:1400:101');

    await foldMappedIps(t.db.kysely.withoutPlugins());
    await foldMappedIps(t.db.kysely.withoutPlugins());

    expect((await ipRows(t, appId)).map((row) => row.ip)).toEqual(['20.0.1.1']);
  });
});
