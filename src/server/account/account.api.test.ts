import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordChangeResponse, ProfileResponse } from '../../contract/account.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { KeyLimits } from '../../contract/keys.js';
import { Messages } from '../../contract/messages.js';
import {
  createDeveloper,
  developerRow,
  PASSWORD,
  primedClient,
  signIn,
  type TestDeveloper,
} from '../../../test/support/accounts.js';
import type { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'N3w!Secret';
const DB = process.env.TEST_DB ?? 'sqlite';

interface Session {
  readonly client: HttpClient;
  readonly accessToken: string;
  readonly refreshToken: string;
}

async function session(dev: TestDeveloper, password = dev.password): Promise<Session> {
  const client = await primedClient(t);
  const res = await signIn(client, dev.email, password);
  expect(res.status).toBe(200);
  const result = res.body.user_status.AuthenticationResult;
  client.bearer = result.AccessToken;
  client.stepUpProof = { password };
  return { client, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
}

function changePassword(s: Session, body: Record<string, unknown>) {
  return s.client.json<PasswordChangeResponse>('POST', ApiPaths.accountPassword, {
    json: {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      refresh_token: s.refreshToken,
      ...body,
    },
  });
}

async function refresh(dev: TestDeveloper, refreshToken: string) {
  const client = await primedClient(t);
  return client.json('POST', ApiPaths.refresh, {
    json: { refresh_token: refreshToken, id: dev.id },
  });
}

function mailsTo(email: string) {
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody', 'htmlBody'])
    .where('toAddress', '=', email)
    .orderBy('createdAt')
    .execute();
}

describe(`GET and PUT ${ApiPaths.accountProfile} (${DB})`, () => {
  it('answers 401 without a bearer token', async () => {
    const client = await primedClient(t);
    expect((await client.json('GET', ApiPaths.accountProfile)).status).toBe(401);
    const put = await client.json('PUT', ApiPaths.accountProfile, {
      json: { name: 'X', mobile: '+919876543210', state: 'Goa' },
    });
    expect(put.status).toBe(401);
  });

  it("answers the signed-in developer's profile", async () => {
    const dev = await createDeveloper(t);
    const s = await session(dev);
    const res = await s.client.json<ProfileResponse>('GET', ApiPaths.accountProfile);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.account.profileFound,
      profile: { email: dev.email, name: 'Asha Rao', mobile: '+919876543210', state: 'Goa' },
    });
  });

  it('stores name, mobile and state, keeps the e-mail, and touches no other developer', async () => {
    const dev = await createDeveloper(t);
    const other = await createDeveloper(t);
    const s = await session(dev);
    const res = await s.client.json<ProfileResponse>('PUT', ApiPaths.accountProfile, {
      json: { name: 'Asha K-Rao', mobile: '+919000000001', state: 'Kerala' },
    });
    expect(res.status).toBe(200);
    const profile = {
      email: dev.email,
      name: 'Asha K-Rao',
      mobile: '+919000000001',
      state: 'Kerala',
    };
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.account.profileSaved,
      profile,
    });
    const row = await developerRow(t, dev.email);
    expect(row).toMatchObject({ ...profile, updatedAt: t.clock.now() });
    expect(
      (await s.client.json<ProfileResponse>('GET', ApiPaths.accountProfile)).body.profile,
    ).toEqual(profile);
    expect(await developerRow(t, other.email)).toMatchObject({ name: 'Asha Rao', state: 'Goa' });
  });

  it.each([
    [{ name: ' Asha', mobile: '+919000000001', state: 'Goa' }, 'name', Messages.signup.nameInvalid],
    [{ name: '', mobile: '+919000000001', state: 'Goa' }, 'name', Messages.signup.nameRequired],
    [{ name: 'Asha', mobile: '9000000001', state: 'Goa' }, 'mobile', Messages.signup.mobileInvalid],
    [{ name: 'Asha', mobile: '', state: 'Goa' }, 'mobile', Messages.signup.mobileRequired],
    [
      { name: 'Asha', mobile: '+919000000001', state: 'Delhi' },
      'state',
      Messages.signup.stateRequired,
    ],
    [{ name: 'Asha', mobile: '+919000000001' }, 'state', Messages.signup.stateRequired],
  ])(
    'refuses %j with 400 on %s, the sign-up message, and changes nothing',
    async (body, field, message) => {
      const dev = await createDeveloper(t);
      const before = await developerRow(t, dev.email);
      const s = await session(dev);
      const res = await s.client.json('PUT', ApiPaths.accountProfile, { json: body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', code: 'bad_request', message, field });
      expect(await developerRow(t, dev.email)).toEqual(before);
    },
  );

  it('refuses an e-mail or any other unknown field with 400 and changes nothing', async () => {
    const dev = await createDeveloper(t);
    const before = await developerRow(t, dev.email);
    const s = await session(dev);
    const res = await s.client.json('PUT', ApiPaths.accountProfile, {
      json: { name: 'Asha', mobile: '+919000000001', state: 'Goa', email: 'new@example.com' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error' });
    expect(await developerRow(t, dev.email)).toEqual(before);
  });
});

describe(`POST ${ApiPaths.accountPassword} (${DB})`, () => {
  it('sets the new password, ends every other session, keeps this one and mails a notice', async () => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    const other = await session(dev);
    await t.drainJobs();
    const mailsBefore = (await mailsTo(dev.email)).length;
    t.clock.advance(1000);

    const res = await changePassword(current, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      status: 'success',
      message: Messages.account.passwordChanged,
    });
    const renewed = res.body.user_status.AuthenticationResult;
    expect(renewed).toMatchObject({ ExpiresIn: 900, TokenType: 'Bearer' });

    const row = await developerRow(t, dev.email);
    expect(await verify(row?.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    expect(row?.tokensValidAfter).toBe(t.clock.now());

    // Earlier access tokens stop; the new one works; only this session's refresh token lives.
    expect((await current.client.json('GET', ApiPaths.accountProfile)).status).toBe(401);
    expect((await other.client.json('GET', ApiPaths.accountProfile)).status).toBe(401);
    current.client.bearer = renewed.AccessToken;
    expect((await current.client.json('GET', ApiPaths.accountProfile)).status).toBe(200);
    expect((await refresh(dev, other.refreshToken)).status).toBe(401);
    expect((await refresh(dev, current.refreshToken)).status).toBe(200);

    const client = await primedClient(t);
    expect((await signIn(client, dev.email, PASSWORD)).status).toBe(401);
    expect((await signIn(client, dev.email, NEW_PASSWORD)).status).toBe(200);

    await t.drainJobs();
    const mails = (await mailsTo(dev.email)).slice(mailsBefore);
    // The notice, and the new-device notice of the sign-in from a fresh browser above: the
    // queue runs due jobs side by side, so in either order.
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'New sign-in to your Acme Trade developer account',
      'Your Acme Trade developer password was changed',
    ]);
    const notice = mails.find((m) => m.subject.includes('password was changed'));
    expect(notice?.textBody).toContain(`${t.config.publicUrl}/account#sessions`);
    expect(notice?.htmlBody).toContain(`href="${t.config.publicUrl}/account#sessions"`);
  });

  it('keeps the session whose refresh token was rotated since the form was sent', async () => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    const rotated = await refresh(dev, current.refreshToken);
    expect(rotated.status).toBe(200);
    const successor = (
      rotated.body as { user_status: { AuthenticationResult: { RefreshToken: string } } }
    ).user_status.AuthenticationResult.RefreshToken;
    t.clock.advance(1000);

    expect((await changePassword(current, {})).status).toBe(200);
    expect((await refresh(dev, successor)).status).toBe(200);
  });

  it('refuses a wrong current password with 400 on currentPassword and changes nothing', async () => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    const other = await session(dev);
    await t.drainJobs();
    const before = await developerRow(t, dev.email);
    const mailsBefore = (await mailsTo(dev.email)).length;

    const res = await changePassword(current, { currentPassword: 'Wr0ng!Pass' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'bad_request',
      message: Messages.account.currentPasswordWrong,
      field: 'currentPassword',
    });
    expect(await developerRow(t, dev.email)).toEqual(before);
    expect((await other.client.json('GET', ApiPaths.accountProfile)).status).toBe(200);
    expect((await refresh(dev, other.refreshToken)).status).toBe(200);
    await t.drainJobs();
    expect(await mailsTo(dev.email)).toHaveLength(mailsBefore);
  });

  it('allows a few wrong current passwords per window, then 429 even for the right one', async () => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    // The password of the step-up before the first change is one try of the same count.
    for (let n = 0; n < KeyLimits.revealTries - 1; n++) {
      expect(
        (await changePassword(current, { currentPassword: `Wr0ng!${String(n)}` })).status,
      ).toBe(400);
    }
    const before = await developerRow(t, dev.email);
    const refused = await changePassword(current, {});
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await developerRow(t, dev.email)).toEqual(before);

    t.clock.advance(KeyLimits.revealWindowMs);
    const again = await session(dev);
    expect((await changePassword(again, {})).status).toBe(200);
  });

  it('records each wrong current password in the activity log', async () => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    const at = t.clock.now();
    expect((await changePassword(current, { currentPassword: 'Wr0ng!Pass' })).status).toBe(400);
    const rows = await t.db.kysely
      .selectFrom('activityEvents')
      .select(['kind', 'at', 'ip', 'applicationId'])
      .where('developerId', '=', dev.id)
      .where('kind', '=', 'password.change_failed')
      .execute();
    expect(rows).toEqual([
      { kind: 'password.change_failed', at, ip: '127.0.0.1', applicationId: null },
    ]);
  });

  it.each([
    [{ newPassword: 'short1!A' }, 'newPassword', Messages.signup.passwordPolicy],
    [{ newPassword: 'nouppercase1!' }, 'newPassword', Messages.signup.passwordPolicy],
    [{ currentPassword: '' }, 'currentPassword', Messages.account.currentPasswordRequired],
  ])('refuses %j with 400 and the sign-up rule, changing nothing', async (body, field, message) => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    const before = await developerRow(t, dev.email);
    const res = await changePassword(current, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 'bad_request', message, field });
    expect(await developerRow(t, dev.email)).toEqual(before);
  });

  it("refuses another developer's refresh token with 401 and changes nothing", async () => {
    const dev = await createDeveloper(t);
    const stranger = await createDeveloper(t);
    const current = await session(dev);
    const theirs = await session(stranger);
    const before = await developerRow(t, dev.email);
    const res = await changePassword(current, { refresh_token: theirs.refreshToken });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 'error',
      code: 'unauthorized',
      message: Messages.auth.sessionExpired,
    });
    expect(await developerRow(t, dev.email)).toEqual(before);
    expect((await refresh(stranger, theirs.refreshToken)).status).toBe(200);
  });

  it('refuses a session that was logged out, and changes nothing', async () => {
    const dev = await createDeveloper(t);
    const current = await session(dev);
    const out = await current.client.json('POST', ApiPaths.logout, {
      json: { refresh_token: current.refreshToken },
    });
    expect(out.status).toBe(200);
    const before = await developerRow(t, dev.email);
    const res = await changePassword(current, {});
    expect(res.status).toBe(401);
    expect(await developerRow(t, dev.email)).toEqual(before);
  });
});
