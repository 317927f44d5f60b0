import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StepUpLimits } from '../../contract/step-up.js';
import {
  PostbackMessages,
  RevealPostbackSecretResponseSchema,
  RollPostbackSecretResponseSchema,
} from '../../contract/postbacks.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { keyCryptoOf } from '../../../test/support/keys.js';
import { postbackSecretsOf } from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { purgeExpired } from '../auth/purge-job.js';
import { maskPostbackSecret } from './postback-signing.js';
import { AppSectionPaths } from '../../contract/app-section-paths.js';

const DB = process.env.TEST_DB ?? 'sqlite';
const HOUR_MS = 60 * 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function reveal(dev: SignedInDeveloper, id: string, body: Record<string, string> = {}) {
  return dev.client.json('POST', AppSectionPaths.revealSecret(id), { json: body });
}

function activityOf(developerId: string, kind: string) {
  return t.db.kysely
    .selectFrom('activityEvents')
    .select(['applicationId', 'at', 'ip', 'details'])
    .where('developerId', '=', developerId)
    .where('kind', '=', kind)
    .execute();
}

describe(`POST ${AppSectionPaths.revealSecretPattern} (${DB})`, () => {
  it('reveals a Standard Webhooks secret after a step-up, sealed at rest, and records it', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const now = t.clock.now();

    const res = await reveal(dev, id);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = RevealPostbackSecretResponseSchema.parse(res.body);
    const [secret] = body.secrets;
    expect(secret?.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret?.secret.slice(6) ?? '', 'base64')).toHaveLength(32);
    expect(body).toEqual({
      status: 'success',
      message: PostbackMessages.secretRevealed,
      secrets: [
        {
          id: expect.any(String) as string,
          masked: maskPostbackSecret(secret?.secret ?? ''),
          expiresAt: null,
          secret: secret?.secret,
        },
      ],
      revealedUntil: new Date(now + StepUpLimits.grantMs).toISOString(),
    });
    const rows = await t.db.kysely
      .selectFrom('postbackSecrets')
      .select('sealedSecret')
      .where('applicationId', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealedSecret).not.toContain(secret?.secret.slice(6, 20));
    // The API keys' sealing does not open it: another purpose, another additional data.
    expect(() => keyCryptoOf(t).open(id, rows[0]?.sealedSecret ?? '')).toThrow();
    expect(await activityOf(dev.id, 'postback_secret.revealed')).toEqual([
      {
        applicationId: id,
        at: now,
        ip: '127.0.0.1',
        details: JSON.stringify({ applicationName: 'My Trading App' }),
      },
    ]);
  });

  it('refuses a body with a password (the step-up is the proof) and records nothing', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const res = await reveal(dev, id, { password: dev.password });
    expect(res.status).toBe(400);
    expect(await activityOf(dev.id, 'postback_secret.revealed')).toEqual([]);
  });
});

describe(`POST ${AppSectionPaths.rollSecretPattern} (${DB})`, () => {
  it('makes a new secret and keeps the old one signing for the grace period', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    const revealed = RevealPostbackSecretResponseSchema.parse((await reveal(dev, id)).body);
    const oldSecret = revealed.secrets[0]?.secret ?? '';
    const now = t.clock.now();

    const res = await dev.client.json('POST', AppSectionPaths.rollSecret(id), {
      json: { grace: '24h' },
    });

    expect(res.status).toBe(200);
    const body = RollPostbackSecretResponseSchema.parse(res.body);
    const [newSecret, stillSigning] = await postbackSecretsOf(t, id);
    expect(stillSigning).toBe(oldSecret);
    const stopsAt = new Date(now + 24 * HOUR_MS).toISOString();
    expect(body).toEqual({
      status: 'success',
      message: PostbackMessages.secretRolled,
      secrets: [
        {
          id: expect.any(String) as string,
          masked: maskPostbackSecret(newSecret ?? ''),
          expiresAt: null,
        },
        {
          id: expect.any(String) as string,
          masked: maskPostbackSecret(oldSecret),
          expiresAt: stopsAt,
        },
      ],
    });
    expect(await activityOf(dev.id, 'postback_secret.rolled')).toEqual([
      {
        applicationId: id,
        at: now,
        ip: '127.0.0.1',
        details: JSON.stringify({
          applicationName: 'My Trading App',
          grace: '24h',
          oldSecretStopsAt: stopsAt,
        }),
      },
    ]);

    // Past the grace the old secret is gone from every answer, and the purge deletes it.
    // Rows are counted before the clock passes the grace: from then on the app's worker may
    // run a due purge at any poll.
    const storedRows = () =>
      t.db.kysely
        .selectFrom('postbackSecrets')
        .select('id')
        .where('applicationId', '=', id)
        .execute();
    expect(await storedRows()).toHaveLength(2);
    t.clock.advance(24 * HOUR_MS);
    expect(await postbackSecretsOf(t, id)).toEqual([newSecret]);
    await purgeExpired(t.db.kysely, t.clock.now());
    expect(await storedRows()).toHaveLength(1);
  });

  it('stops the old secret at once with grace "now" and refuses an unknown grace', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    await reveal(dev, id);
    const res = await dev.client.json('POST', AppSectionPaths.rollSecret(id), {
      json: { grace: 'now' },
    });
    expect(res.body).toMatchObject({ message: PostbackMessages.secretRolledNow });
    expect(RollPostbackSecretResponseSchema.parse(res.body).secrets).toHaveLength(1);
    const bad = await dev.client.json('POST', AppSectionPaths.rollSecret(id), {
      json: { grace: '2d' },
    });
    expect(bad.status).toBe(400);
  });
});
