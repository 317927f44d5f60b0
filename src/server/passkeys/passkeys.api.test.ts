import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { StepUpLimits } from '../../contract/step-up.js';
import type { AuthResponse } from '../../contract/auth.js';
import { PasskeyPaths } from '../../contract/passkey-paths.js';
import type { PasskeyListResponse } from '../../contract/passkeys.js';
import type { SignInChallenge } from '../../contract/two-factor.js';
import { createDeveloper, developerRow, primedClient } from '../../../test/support/accounts.js';
import { activityOf } from '../../../test/support/activity.js';
import { createApp } from '../../../test/support/apps.js';
import { exchangeInBrowser, flowIdentity, tokenFromForm } from '../../../test/support/flow.js';
import { TestPasskey } from '../../../test/support/passkey-authenticator.js';
import { addPasskey, optionsOf, passkeyStep } from '../../../test/support/passkeys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import {
  enrollTotp,
  passwordStep,
  signedInClient,
  subjectsTo,
} from '../../../test/support/two-factor.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { DEVELOPER_PASSKEY_SIGNIN: 'on' } });
});

afterAll(async () => {
  await t.close();
});

async function passkeyDeveloper() {
  const dev = await createDeveloper(t);
  const client = await signedInClient(t, dev);
  const { passkey, res } = await addPasskey(t, client);
  if (res.status !== 200) throw new Error(`add failed: ${JSON.stringify(res.body)}`);
  return { dev, client, passkey, recoveryCodes: res.body.recoveryCodes ?? [] };
}

describe(`passkeys on the account screen (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('adds a first passkey: stored, ten recovery codes once, second factor on, logged and mailed', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);

    const { passkey, res } = await addPasskey(t, client, 'Work laptop');

    expect(res.status).toBe(200);
    expect(res.body.passkey).toEqual({
      credentialId: passkey.credentialId,
      name: 'Work laptop',
      createdAt: t.clock.now(),
      lastUsedAt: null,
    });
    expect(res.body.recoveryCodes).toHaveLength(10);
    const row = await t.db.kysely
      .selectFrom('developerPasskeys')
      .selectAll()
      .where('developerId', '=', dev.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      credentialId: passkey.credentialId,
      counter: 0,
      name: 'Work laptop',
    });
    expect(JSON.parse(row.transports)).toEqual(['internal']);
    expect((await developerRow(t, dev.email))?.secondFactorAt).toBe(t.clock.now());
    const added = (await activityOf(t, dev.id)).find((e) => e.kind === 'passkey.added');
    expect(added?.details).toEqual({ name: 'Work laptop' });
    expect(await subjectsTo(t, dev.email)).toContain(
      'A passkey was added to your Acme Trade developer account',
    );
  });

  it('adds several, listed by name; a later one gives no new recovery codes', async () => {
    const { client } = await passkeyDeveloper();
    t.clock.advance(1000);

    const second = await addPasskey(t, client, 'Security key');

    expect(second.res.status).toBe(200);
    expect(second.res.body.recoveryCodes).toBeNull();
    const list = await client.json<PasskeyListResponse>('GET', PasskeyPaths.list);
    expect(list.body.passkeys.map((p) => p.name)).toEqual(['Work laptop', 'Security key']);
  });

  it('gives no recovery codes to a passkey added after the authenticator app', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    await enrollTotp(t, client);

    const { res } = await addPasskey(t, client);

    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toBeNull();
  });

  it('takes each challenge once and for five minutes only', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    const passkey = new TestPasskey(t.config.publicUrl);
    const options = await optionsOf(client, PasskeyPaths.registerOptions);
    const credential = passkey.register(options);
    const first = await client.json('POST', PasskeyPaths.register, {
      json: { name: 'One', credential },
    });
    expect(first.status).toBe(200);

    const again = await client.json('POST', PasskeyPaths.register, {
      json: { name: 'Two', credential: new TestPasskey(t.config.publicUrl).register(options) },
    });
    const late = await optionsOf(client, PasskeyPaths.registerOptions);
    t.clock.advance(5 * 60_000);
    const expired = await client.json('POST', PasskeyPaths.register, {
      json: { name: 'Three', credential: new TestPasskey(t.config.publicUrl).register(late) },
    });

    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'code_invalid' });
    expect(expired.status).toBe(400);
    const list = await client.json<PasskeyListResponse>('GET', PasskeyPaths.list);
    expect(list.body.passkeys.map((p) => p.name)).toEqual(['One']);
  });

  it('refuses a passkey made for another origin', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    const options = await optionsOf(client, PasskeyPaths.registerOptions);
    const credential = new TestPasskey(t.config.publicUrl).register(options, 'https://evil.test');

    const res = await client.json('POST', PasskeyPaths.register, {
      json: { name: 'Phish', credential },
    });

    expect(res.status).toBe(400);
    expect((await developerRow(t, dev.email))?.secondFactorAt).toBeNull();
  });

  it('removes a passkey with the password and a passkey; the last one clears the factor', async () => {
    const { dev, client, passkey } = await passkeyDeveloper();
    const options = await optionsOf(client, PasskeyPaths.removeOptions);

    const res = await client.json('POST', PasskeyPaths.remove, {
      json: {
        credentialId: passkey.credentialId,
        password: dev.password,
        assertion: passkey.assert(options),
      },
    });

    expect(res.status).toBe(200);
    const left = await t.db.kysely
      .selectFrom('developerPasskeys')
      .select('credentialId')
      .where('developerId', '=', dev.id)
      .execute();
    expect(left).toEqual([]);
    expect((await developerRow(t, dev.email))?.secondFactorAt).toBeNull();
    const codes = await t.db.kysely
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('developerId', '=', dev.id)
      .execute();
    expect(codes).toEqual([]);
    const removed = (await activityOf(t, dev.id)).find((e) => e.kind === 'passkey.removed');
    expect(removed?.details).toEqual({ name: 'Work laptop' });
    expect(await subjectsTo(t, dev.email)).toContain(
      'A passkey was removed from your Acme Trade developer account',
    );
  });

  it('removes one with a recovery code, keeping the factor while another passkey is left', async () => {
    const { dev, client, passkey, recoveryCodes } = await passkeyDeveloper();
    await addPasskey(t, client, 'Second');

    const res = await client.json('POST', PasskeyPaths.remove, {
      json: { credentialId: passkey.credentialId, password: dev.password, code: recoveryCodes[0] },
    });

    expect(res.status).toBe(200);
    expect((await developerRow(t, dev.email))?.secondFactorAt).not.toBeNull();
    const list = await client.json<PasskeyListResponse>('GET', PasskeyPaths.list);
    expect(list.body.passkeys.map((p) => p.name)).toEqual(['Second']);
  });

  it('refuses a removal without a second factor, or with a wrong password, and keeps the passkey', async () => {
    const { dev, client, passkey } = await passkeyDeveloper();

    const bare = await client.json('POST', PasskeyPaths.remove, {
      json: { credentialId: passkey.credentialId, password: dev.password },
    });
    const wrongPassword = await client.json('POST', PasskeyPaths.remove, {
      json: {
        credentialId: passkey.credentialId,
        password: 'not-it',
        assertion: passkey.assert(await optionsOf(client, PasskeyPaths.removeOptions)),
      },
    });

    expect(bare.status).toBe(400);
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toMatchObject({ code: 'password_wrong' });
    const list = await client.json<PasskeyListResponse>('GET', PasskeyPaths.list);
    expect(list.body.passkeys).toHaveLength(1);
  });
});

describe(`adding a passkey asks the step-up (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('asks the password without a factor, then a code or a passkey once one is set up', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    client.stepUpProof = undefined;

    const refused = await client.json('POST', PasskeyPaths.registerOptions);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'step_up_required',
      stepUpWith: 'password',
      passkey: false,
    });
    await client.stepUp({ password: dev.password });
    const first = await addPasskey(t, client, 'Work laptop');
    expect(first.res.status).toBe(200);

    t.clock.advance(StepUpLimits.grantMs);
    const again = await client.json('POST', PasskeyPaths.registerOptions);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ stepUpWith: 'code', passkey: true });
    const proved = await client.json('POST', PasskeyPaths.stepUp, {
      json: {
        credential: first.passkey.assert(await optionsOf(client, PasskeyPaths.stepUpOptions)),
      },
    });
    expect(proved.status).toBe(200);
    const second = await addPasskey(t, client, 'Security key');
    expect(second.res.status).toBe(200);
    const list = await client.json<PasskeyListResponse>('GET', PasskeyPaths.list);
    expect(list.body.passkeys.map((p) => p.name)).toEqual(['Work laptop', 'Security key']);
  });

  it('asks nothing of a hand-off account, which has no password to prove', async () => {
    const browser = await primedClient(t);
    const signedIn = await exchangeInBrowser(t, await tokenFromForm(t, flowIdentity()), browser);
    expect(signedIn.status).toBe(200);
    browser.bearer = signedIn.body.user_status.AuthenticationResult.AccessToken;

    const { res } = await addPasskey(t, browser);

    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
  });
});

describe(`signing in with a passkey (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('asks WEB_AUTHN after the password and signs in with the passkey', async () => {
    const { dev, passkey } = await passkeyDeveloper();
    const browser = await primedClient(t);
    const step = await browser.json<SignInChallenge>('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password },
    });
    expect(step.body.user_status).toMatchObject({
      ChallengeName: 'WEB_AUTHN',
      AvailableChallenges: ['WEB_AUTHN', 'SOFTWARE_TOKEN_MFA'],
    });
    t.clock.advance(1000);

    const res = await passkeyStep(browser, step.body.user_status.Session, passkey);

    expect(res.status).toBe(200);
    expect(res.body.user_status.AuthenticationResult.AccessToken).toEqual(expect.any(String));
    const row = await t.db.kysely
      .selectFrom('developerPasskeys')
      .select(['counter', 'lastUsedAt'])
      .where('credentialId', '=', passkey.credentialId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ counter: 1, lastUsedAt: t.clock.now() });
    const signIns = (await activityOf(t, dev.id)).filter((e) => e.kind === 'sign_in.succeeded');
    expect(signIns.at(-1)?.details).toEqual({ method: 'passkey' });
  });

  it('keeps SOFTWARE_TOKEN_MFA first when the authenticator app is set up too', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    await enrollTotp(t, client);
    await addPasskey(t, client);
    const browser = await primedClient(t);

    const step = await browser.json<SignInChallenge>('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password },
    });

    expect(step.body.user_status.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(step.body.user_status.AvailableChallenges).toEqual(['WEB_AUTHN', 'SOFTWARE_TOKEN_MFA']);
  });

  it('refuses a replayed assertion and a counter gone back, logging the failures', async () => {
    const { dev, passkey } = await passkeyDeveloper();
    const browser = await primedClient(t);
    const session = await passwordStep(browser, dev);
    const options = await optionsOf(browser, PasskeyPaths.secondFactorOptions, { session });
    const credential = passkey.assert(options);
    const ok = await browser.json('POST', PasskeyPaths.secondFactor, {
      json: { session, credential },
    });
    expect(ok.status).toBe(200);

    const replay = await browser.json('POST', PasskeyPaths.secondFactor, {
      json: { session, credential },
    });
    passkey.counter = 1;
    const cloned = await passkeyStep(browser, await passwordStep(browser, dev), passkey);

    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'code_invalid' });
    expect(cloned.status).toBe(400);
    const failures = (await activityOf(t, dev.id)).filter((e) => e.kind === 'sign_in.failed');
    expect(failures.map((e) => e.details)).toEqual([
      { reason: 'bad_passkey' },
      { reason: 'bad_passkey' },
    ]);
  });

  it('counts refused passkeys against the sign-in lockout', async () => {
    const { dev } = await passkeyDeveloper();
    const stranger = new TestPasskey(t.config.publicUrl);
    const browser = await primedClient(t);
    const session = await passwordStep(browser, dev);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await passkeyStep(browser, session, stranger)).status);
    }

    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it('signs in with a user-verified passkey alone, and not without verification', async () => {
    const { dev, passkey } = await passkeyDeveloper();
    const browser = await primedClient(t);
    // Later than the set-up's sign-in, so the log's order tells the two apart.
    t.clock.advance(1000);

    const unverified = await browser.json('POST', PasskeyPaths.signIn, {
      json: {
        credential: passkey.assert(await optionsOf(browser, PasskeyPaths.signInOptions), {
          userVerified: false,
        }),
      },
    });
    const res = await browser.json<AuthResponse>('POST', PasskeyPaths.signIn, {
      json: { credential: passkey.assert(await optionsOf(browser, PasskeyPaths.signInOptions)) },
    });

    expect(unverified.status).toBe(401);
    expect(unverified.body).toMatchObject({ code: 'bad_credentials' });
    expect(res.status).toBe(200);
    expect(res.body.profile.UserAttributes).toContainEqual({ Name: 'email', Value: dev.email });
    const signIns = (await activityOf(t, dev.id)).filter((e) => e.kind === 'sign_in.succeeded');
    expect(signIns.at(-1)?.details).toEqual({ method: 'passkey_only' });
  });
});

describe(`DEVELOPER_PASSKEY_SIGNIN=off (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('refuses the sign-in by passkey alone', async () => {
    const off = await startTestApp({ sameDatabaseAs: t });
    try {
      const browser = await primedClient(off);
      const res = await browser.json('POST', PasskeyPaths.signInOptions);
      expect(res.status).toBe(403);
    } finally {
      await off.close();
    }
  });
});

describe(`the step-up by passkey (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('grants the session five minutes for a verified passkey of its developer, and not for another', async () => {
    const { client } = await passkeyDeveloper();
    client.stepUpProof = undefined;
    const id = await createApp(client);
    // The add's own step-up has run out.
    t.clock.advance(StepUpLimits.grantMs);
    const reveal = () => client.json('POST', ApiPaths.revealKeys(id), { json: {} });
    const refused = await reveal();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'step_up_required',
      stepUpWith: 'code',
      passkey: true,
    });

    const stranger = new TestPasskey(t.config.publicUrl);
    const wrong = await client.json('POST', PasskeyPaths.stepUp, {
      json: { credential: stranger.assert(await optionsOf(client, PasskeyPaths.stepUpOptions)) },
    });
    expect(wrong.status).toBe(400);
    expect((await reveal()).status).toBe(403);

    const { passkey } = await passkeyDeveloper();
    const other = await client.json('POST', PasskeyPaths.stepUp, {
      json: { credential: passkey.assert(await optionsOf(client, PasskeyPaths.stepUpOptions)) },
    });
    expect(other.status).toBe(400);
    expect((await reveal()).status).toBe(403);
  });

  it("takes the developer's own passkey: the guarded call then answers", async () => {
    const { client, passkey } = await passkeyDeveloper();
    client.stepUpProof = undefined;
    const id = await createApp(client);
    t.clock.advance(StepUpLimits.grantMs);
    expect((await client.json('POST', ApiPaths.revealKeys(id), { json: {} })).status).toBe(403);
    const options = await optionsOf(client, PasskeyPaths.stepUpOptions);

    const granted = await client.json('POST', PasskeyPaths.stepUp, {
      json: { credential: passkey.assert(options) },
    });

    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      status: 'success',
      message: StepUpMessages.granted,
      stepUpUntil: new Date(t.clock.now() + StepUpLimits.grantMs).toISOString(),
    });
    expect((await client.json('POST', ApiPaths.revealKeys(id), { json: {} })).status).toBe(200);
  });

  it('offers no passkey to a developer without one, whose options call answers 404', async () => {
    const dev = await createDeveloper(t);
    const client = await signedInClient(t, dev);
    await enrollTotp(t, client);
    client.stepUpProof = undefined;
    const id = await createApp(client);
    // The set-up's own step-up has run out.
    t.clock.advance(StepUpLimits.grantMs);

    const refused = await client.json('POST', ApiPaths.revealKeys(id), { json: {} });

    expect(refused.body).toMatchObject({ stepUpWith: 'code', passkey: false });
    const options = await client.json('POST', PasskeyPaths.stepUpOptions, { json: {} });
    expect(options.status).toBe(404);
  });
});
