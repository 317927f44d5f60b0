import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { ApplicationResponseSchema } from '../../contract/apps.js';
import { RevealKeysResponseSchema, RollKeyResponseSchema } from '../../contract/keys.js';
import { StepUpLimits } from '../../contract/step-up.js';
import { Messages } from '../../contract/messages.js';
import { maskApiKey } from '../../contract/rules.js';
import {
  createApp,
  signedInDeveloper,
  signInAgain,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { currentKeyOf, keyCryptoOf, keyRows } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { purgeExpired } from '../auth/purge-job.js';

const HOUR_MS = 60 * 60_000;
const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function roll(dev: SignedInDeveloper, id: string, grace: string) {
  return dev.client.json('POST', ApiPaths.rollKey(id), { json: { grace } });
}

function reveal(dev: SignedInDeveloper, id: string) {
  return dev.client.json('POST', ApiPaths.revealKeys(id), { json: {} });
}

async function getApp(dev: SignedInDeveloper, id: string) {
  const res = await dev.client.json('GET', ApiPaths.app(id));
  expect(res.status).toBe(200);
  return ApplicationResponseSchema.parse(res.body);
}

function activityOf(developerId: string, kind: string) {
  return t.db.kysely
    .selectFrom('activityEvents')
    .select(['applicationId', 'kind', 'at', 'ip', 'device', 'details'])
    .where('developerId', '=', developerId)
    .where('kind', '=', kind)
    .execute();
}

/** The mails sent to `email`, once the queue has run every due job (mail.send). */
async function mailsTo(email: string) {
  await t.drainJobs();
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .where('subject', 'like', 'The API key of %')
    .execute();
}

describe(`POST ${ApiPaths.rollKeyPattern} (${DB})`, () => {
  it('makes a new key now and keeps the old one working for the grace period', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const oldKey = await currentKeyOf(t, id);
    const now = t.clock.now();

    const res = await roll(dev, id, '1h');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = RollKeyResponseSchema.parse(res.body);
    const newKey = await currentKeyOf(t, id);
    expect(newKey).not.toBe(oldKey);
    const stopsAt = new Date(now + HOUR_MS).toISOString();
    expect(body).toEqual({
      status: 'success',
      message: Messages.keys.rolled,
      secret: newKey,
      keys: [
        { id: expect.any(String) as string, masked: maskApiKey(newKey), expiresAt: null },
        { id: expect.any(String) as string, masked: maskApiKey(oldKey), expiresAt: stopsAt },
      ],
    });
    // Stored sealed, never plain; each found by its keyed hash.
    const rows = await keyRows(t, id);
    expect(rows.map((row) => row.expiresAt)).toEqual([now + HOUR_MS, null]);
    const crypto = keyCryptoOf(t);
    for (const [row, key] of [
      [rows[0], oldKey],
      [rows[1], newKey],
    ] as const) {
      expect(row?.sealedKey).not.toContain(key);
      expect(row?.lookupHash).toBe(crypto.lookupHash(key));
    }
    const app = await getApp(dev, id);
    expect(app.secret).toBe(newKey);
    expect(app.keys).toEqual(body.keys);
    // The list (cached per developer, decision 023) shows the roll at once.
    const list = await dev.client.json<{ applicationId: string; secret: string }[]>(
      'GET',
      ApiPaths.apps,
    );
    expect(list.body.find((one) => one.applicationId === id)?.secret).toBe(newKey);

    expect(await activityOf(dev.id, 'key.rolled')).toEqual([
      {
        applicationId: id,
        kind: 'key.rolled',
        at: now,
        ip: '127.0.0.1',
        device: expect.any(String) as string,
        details: JSON.stringify({
          applicationName: 'My Trading App',
          grace: '1h',
          oldKeyStopsAt: stopsAt,
        }),
      },
    ]);
    const [mail, ...more] = await mailsTo(dev.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('The API key of My Trading App was rolled');
    expect(mail?.textBody).toContain(
      `The old key keeps working until ${new Date(now + HOUR_MS).toUTCString()}, then it stops.`,
    );
    expect(mail?.textBody).not.toContain(oldKey);
    expect(mail?.textBody).not.toContain(newKey);
  });

  it('drops the old key once the clock passes its grace, and the hourly purge deletes it', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    expect((await roll(dev, id, '1h')).status).toBe(200);
    const newKey = await currentKeyOf(t, id);

    t.clock.advance(HOUR_MS - 1);
    await signInAgain(dev);
    expect((await getApp(dev, id)).keys).toHaveLength(2);
    // Counted before the grace ends: from then on the app's worker may run a due purge.
    expect(await keyRows(t, id)).toHaveLength(2);
    t.clock.advance(1);
    const app = await getApp(dev, id);
    expect(app.secret).toBe(newKey);
    expect(app.keys).toEqual([
      { id: expect.any(String) as string, masked: maskApiKey(newKey), expiresAt: null },
    ]);

    await purgeExpired(t.db.kysely, t.clock.now());
    expect((await keyRows(t, id)).map((row) => row.expiresAt)).toEqual([null]);
  });

  it('stops the old key at once for "now" and says so', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const res = await roll(dev, id, 'now');
    expect(res.status).toBe(200);
    const body = RollKeyResponseSchema.parse(res.body);
    expect(body.message).toBe(Messages.keys.rolledNow);
    expect(body.keys).toEqual([
      { id: expect.any(String) as string, masked: maskApiKey(body.secret), expiresAt: null },
    ]);
    const [mail] = await mailsTo(dev.email);
    expect(mail?.textBody).toContain('The old key has stopped working.');
  });

  it('refuses a grace period not offered, and another developer’s app as not found', async () => {
    const dev = await signedInDeveloper(t);
    const other = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const before = await keyRows(t, id);

    const bad = await roll(dev, id, '2h');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'error', field: 'grace' });

    const foreign = await roll(other, id, '1h');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: Messages.apps.notFound,
    });
    expect(await keyRows(t, id)).toEqual(before);
    expect(await activityOf(other.id, 'key.rolled')).toEqual([]);
    expect(await mailsTo(other.email)).toEqual([]);
  });
});

describe(`POST ${ApiPaths.revealKeysPattern} (${DB})`, () => {
  it('answers the whole live keys after a step-up, until the step-up ends', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const oldKey = await currentKeyOf(t, id);
    await roll(dev, id, '24h');
    const newKey = await currentKeyOf(t, id);
    const now = t.clock.now();
    const steppedUpAt = now - 1_000;
    await t.db.kysely
      .updateTable('sessions')
      .set({ stepUpAt: steppedUpAt })
      .where('developerId', '=', dev.id)
      .execute();

    const res = await reveal(dev, id);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(RevealKeysResponseSchema.parse(res.body)).toEqual({
      status: 'success',
      message: Messages.keys.revealed,
      keys: [
        {
          id: expect.any(String) as string,
          masked: maskApiKey(newKey),
          expiresAt: null,
          key: newKey,
        },
        {
          id: expect.any(String) as string,
          masked: maskApiKey(oldKey),
          expiresAt: new Date(now + 24 * HOUR_MS).toISOString(),
          key: oldKey,
        },
      ],
      revealedUntil: new Date(steppedUpAt + StepUpLimits.grantMs).toISOString(),
    });
    expect(await activityOf(dev.id, 'key.revealed')).toEqual([
      {
        applicationId: id,
        kind: 'key.revealed',
        at: now,
        ip: '127.0.0.1',
        device: expect.any(String) as string,
        details: JSON.stringify({ applicationName: 'My Trading App' }),
      },
    ]);
  });

  it('refuses a body with a password: the step-up is the proof', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const res = await dev.client.json('POST', ApiPaths.revealKeys(id), {
      json: { password: dev.password },
    });
    expect(res.status).toBe(400);
    expect(await activityOf(dev.id, 'key.revealed')).toEqual([]);
  });

  it('answers another developer’s app as not found, after their own step-up', async () => {
    const dev = await signedInDeveloper(t);
    const other = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const res = await reveal(other, id);
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('keys');
  });
});

describe(`keys stored plain by an older version (${DB})`, () => {
  it('are sealed when a server starts, and keep working', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    // As migration 0009 leaves a key of an older version: plain, waiting to be sealed.
    const legacy = 'legacy-key-0123456789-abcdefghijklmnopqrstuvwxyz';
    await t.db.kysely.deleteFrom('apiKeys').where('applicationId', '=', id).execute();
    await t.db.kysely
      .insertInto('plainApiKeys')
      .values({ applicationId: id, apiKey: legacy })
      .execute();

    const next = await startTestApp({ sameDatabaseAs: t });
    await next.close();

    expect(await t.db.kysely.selectFrom('plainApiKeys').select('applicationId').execute()).toEqual(
      [],
    );
    const [row] = await keyRows(t, id);
    expect(row?.sealedKey).not.toContain(legacy);
    expect(row?.lookupHash).toBe(keyCryptoOf(t).lookupHash(legacy));
    expect((await getApp(dev, id)).secret).toBe(legacy);
  });
});
