import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../contract/messages.js';
import {
  appFields,
  createApp,
  ipRows,
  postApp,
  putApp,
  signedInDeveloper,
  signInAgain,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const engine = process.env.TEST_DB ?? 'sqlite';

describe(`IP rules under concurrency (${engine})`, () => {
  it('20 parallel IP additions on an app with 4 IPs leave exactly 5', async () => {
    const dev = await signedInDeveloper(t);
    const four = ['60.0.0.1', '60.0.0.2', '60.0.0.3', '60.0.0.4'];
    const id = await createApp(dev.client, { ipRecords: four.join(',') });
    await dev.client.stepUp();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        putApp(dev.client, id, appFields({ ipRecords: [...four, `60.0.1.${n + 1}`].join(',') })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await ipRows(t, id)).toHaveLength(5);
  });

  it('10 parallel IP changes after the cooldown let exactly one through', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client, { ipRecords: '61.0.0.1' });
    expect((await putApp(dev.client, id, appFields({ ipRecords: '61.0.0.2' }))).status).toBe(200);
    t.clock.advance(15 * DAY);
    await signInAgain(dev);
    await dev.client.stepUp();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        putApp(dev.client, id, appFields({ ipRecords: `61.0.1.${n + 1}` })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.message).toBe(Messages.ips.updateCooldown);
    expect(await ipRows(t, id)).toHaveLength(1);
  });

  it('two developers racing for one IP: exactly one gets it without a proof', async () => {
    const [a, b] = await Promise.all([signedInDeveloper(t), signedInDeveloper(t)]);
    const results = await Promise.all(
      [a, b].flatMap((dev) =>
        Array.from({ length: 3 }, () => postApp(dev.client, appFields({ ipRecords: '62.0.0.1' }))),
      ),
    );
    const rows = await t.db.kysely
      .selectFrom('ipRecords')
      .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
      .select(['applications.ownerId', 'ipRecords.familyPending'])
      .where('ipRecords.ip', '=', '62.0.0.1')
      .execute();
    const owners = new Set(rows.map((row) => row.ownerId));
    expect(owners.size).toBe(1);
    expect(rows.every((row) => row.familyPending === 0)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });
});
