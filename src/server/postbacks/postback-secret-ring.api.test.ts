import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { createKeyCrypto } from '../keys/key-crypto.js';
import { createPostbackSecretRing } from './postback-secret-ring.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe(`postback secret ring (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('opens a secret again from memory, but never under another application', async () => {
    const dev = await signedInDeveloper(t);
    const [first, second] = [await createApp(dev.client), await createApp(dev.client)];
    const ring = createPostbackSecretRing(createKeyCrypto(t.secrets.keyEncryptionSecret));
    const now = t.clock.now();
    await t.db.kysely.transaction().execute((trx) => ring.ensure(trx, first, now));
    const [opened] = await ring.live(t.db.kysely, first, now);
    expect((await ring.live(t.db.kysely, first, now))[0]?.secret).toBe(opened?.secret);

    // The first application's sealed secret copied onto the second: it must not open there.
    const { sealedSecret } = await t.db.kysely
      .selectFrom('postbackSecrets')
      .select('sealedSecret')
      .where('applicationId', '=', first)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('postbackSecrets')
      .values({
        id: 'copied',
        applicationId: second,
        sealedSecret,
        createdAt: now,
        expiresAt: null,
      })
      .execute();
    await expect(ring.live(t.db.kysely, second, now)).rejects.toThrow();
  });
});
