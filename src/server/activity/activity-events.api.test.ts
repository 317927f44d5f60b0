import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { PasswordChangeResponse } from '../../contract/account.js';
import { ipFieldName } from '../../contract/rules.js';
import { activityKindsOf, activityOf, FIREFOX_ON_LINUX } from '../../../test/support/activity.js';
import {
  createDeveloper,
  PASSWORD,
  primedClient,
  signIn,
  uniqueEmail,
} from '../../../test/support/accounts.js';
import { appFields, createApp, putApp, signedInDeveloper } from '../../../test/support/apps.js';
import { makePdf } from '../../../test/support/png.js';
import {
  NEW_PASSWORD,
  withResetCode,
  resetPassword,
} from '../../../test/support/password-reset.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Every security-relevant event is written in the transaction of its change.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const asFirefox = { 'user-agent': FIREFOX_ON_LINUX };

async function mailTo(email: string, subjectPart: string) {
  await t.drainJobs();
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .where('subject', 'like', `%${subjectPart}%`)
    .executeTakeFirst();
}

describe(`activity events (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('records sign-in success and failure with IP and device, for known accounts only', async () => {
    const dev = await createDeveloper(t);
    const client = await primedClient(t);
    const wrong = await client.json('POST', ApiPaths.signin, {
      json: { email: dev.email, password: 'Wr0ng!Pass' },
      headers: asFirefox,
    });
    expect(wrong.status).toBe(401);
    t.clock.advance(1000);
    const right = await client.json('POST', ApiPaths.signin, {
      json: { email: dev.email, password: dev.password },
      headers: asFirefox,
    });
    expect(right.status).toBe(200);
    const countAll = async () =>
      (await t.db.kysely.selectFrom('activityEvents').select('id').execute()).length;
    const before = await countAll();
    const unknown = await signIn(client, uniqueEmail(), PASSWORD);
    expect(unknown.status).toBe(401);
    // An unknown address has no developer to record it for.
    expect(await countAll()).toBe(before);

    expect(await activityOf(t, dev.id)).toEqual([
      {
        kind: 'sign_in.failed',
        applicationId: null,
        at: t.clock.now() - 1000,
        ip: '127.0.0.1',
        device: 'Firefox on Linux',
        details: { reason: 'bad_credentials' },
      },
      {
        kind: 'sign_in.succeeded',
        applicationId: null,
        at: t.clock.now(),
        ip: '127.0.0.1',
        device: 'Firefox on Linux',
        details: {},
      },
    ]);
  });

  it('records an unverified account signing in as a failure', async () => {
    const dev = await createDeveloper(t, { verified: false });
    const res = await signIn(await primedClient(t), dev.email, dev.password);
    expect(res.status).toBe(403);
    expect(await activityOf(t, dev.id)).toEqual([
      expect.objectContaining({ kind: 'sign_in.failed', details: { reason: 'unverified' } }),
    ]);
  });

  it('records a password change, and the other sessions it ended are not counted twice', async () => {
    const dev = await signedInDeveloper(t);
    const session = await signIn(await primedClient(t), dev.email, dev.password);
    const refreshToken = session.body.user_status.AuthenticationResult.RefreshToken;
    const wrong = await dev.client.json('POST', ApiPaths.accountPassword, {
      json: {
        currentPassword: 'Wr0ng!Pass',
        newPassword: NEW_PASSWORD,
        refresh_token: refreshToken,
      },
    });
    expect(wrong.status).toBe(400);
    expect(await activityKindsOf(t, dev.id)).not.toContain('password.changed');
    t.clock.advance(1000);
    const changed = await dev.client.json<PasswordChangeResponse>(
      'POST',
      ApiPaths.accountPassword,
      {
        json: {
          currentPassword: dev.password,
          newPassword: NEW_PASSWORD,
          refresh_token: refreshToken,
        },
        headers: asFirefox,
      },
    );
    expect(changed.status).toBe(200);
    expect((await activityOf(t, dev.id)).at(-1)).toEqual(
      expect.objectContaining({ kind: 'password.changed', device: 'Firefox on Linux' }),
    );
  });

  it('records a password reset', async () => {
    const dev = await withResetCode(t);
    expect((await resetPassword(t, dev.email, dev.code)).status).toBe(200);
    expect(await activityKindsOf(t, dev.id)).toEqual(['password.reset']);
  });

  it('records sessions ended, one or all others, and nothing when none ended', async () => {
    const dev = await signedInDeveloper(t);
    await signIn(await primedClient(t), dev.email, dev.password);
    await signIn(await primedClient(t), dev.email, dev.password);
    const listed = await dev.client.json<{ sessions: { id: string; isCurrent: boolean }[] }>(
      'GET',
      ApiPaths.sessions,
    );
    const other = listed.body.sessions.find((session) => !session.isCurrent);
    expect(other).toBeDefined();
    const one = await dev.client.json('DELETE', ApiPaths.session(other?.id ?? ''));
    expect(one.status).toBe(200);
    expect((await dev.client.json('DELETE', ApiPaths.session(other?.id ?? ''))).status).toBe(404);
    const rest = await dev.client.json('POST', ApiPaths.signOutOtherSessions);
    expect(rest.status).toBe(200);
    expect((await dev.client.json('POST', ApiPaths.signOutOtherSessions)).status).toBe(200);
    const ended = (await activityOf(t, dev.id)).filter((row) => row.kind === 'sessions.ended');
    expect(ended.map((row) => row.details)).toEqual([{ count: 1 }, { count: 1 }]);
  });

  it('records create, update (which fields), IP and status changes, proofs and delete', async () => {
    const dev = await signedInDeveloper(t);
    const owner = await signedInDeveloper(t);
    await createApp(owner.client, { ipRecords: '80.0.0.9' });
    const first = await createApp(dev.client, { ipRecords: '80.0.0.1' });
    t.clock.advance(1000);
    const id = await createApp(dev.client, { name: 'Second', ipRecords: '80.0.0.2' });
    t.clock.advance(1000);
    const updated = await putApp(dev.client, id, {
      ...appFields({
        name: 'Second renamed',
        description: 'Changed',
        ipRecords: '80.0.0.2,80.0.0.3,80.0.0.9',
        ipAddressDuplicateSkip: 'true',
        isActive: 'false',
      }),
      [ipFieldName('80.0.0.9')]: { bytes: makePdf(), name: 'proof.pdf' },
    });
    expect(updated.status).toBe(200);
    t.clock.advance(1000);
    expect((await dev.client.json('DELETE', ApiPaths.app(first))).status).toBe(200);

    const events = (await activityOf(t, dev.id)).filter((row) => row.kind !== 'sign_in.succeeded');
    const applicationName = 'Second renamed';
    expect(
      events.map(({ kind, applicationId, details }) => ({ kind, applicationId, details })),
    ).toEqual([
      { kind: 'app.created', applicationId: first, details: { applicationName: 'My Trading App' } },
      { kind: 'app.created', applicationId: id, details: { applicationName: 'Second' } },
      {
        kind: 'app.ips_changed',
        applicationId: id,
        details: {
          applicationName,
          before: ['80.0.0.2'],
          after: ['80.0.0.2', '80.0.0.3', '80.0.0.9'],
        },
      },
      {
        kind: 'app.status_changed',
        applicationId: id,
        details: { applicationName, isActive: false },
      },
      {
        kind: 'app.updated',
        applicationId: id,
        details: { applicationName, fields: ['applicationName', 'description'] },
      },
      { kind: 'proof.sent', applicationId: id, details: { applicationName, ip: '80.0.0.9' } },
      { kind: 'app.deleted', applicationId: first, details: { applicationName: 'My Trading App' } },
    ]);
    const mail = await mailTo(dev.email, 'IP allowlist');
    expect(mail?.subject).toBe('The IP allowlist of "Second renamed" was changed');
    expect(mail?.textBody).toContain('Previous IPs: 80.0.0.2');
    expect(mail?.textBody).toContain('New IPs: 80.0.0.2, 80.0.0.3, 80.0.0.9');
  });

  it('writes nothing for a refused change: the 15-day lock, an only app, another developer', async () => {
    const dev = await signedInDeveloper(t);
    const stranger = await signedInDeveloper(t);
    const id = await createApp(dev.client, { ipRecords: '81.0.0.1' });
    expect((await putApp(dev.client, id, appFields({ ipRecords: '81.0.0.2' }))).status).toBe(200);
    const before = await activityOf(t, dev.id);
    const locked = await putApp(dev.client, id, appFields({ ipRecords: '81.0.0.3', name: 'X' }));
    expect(locked.status).toBe(409);
    expect((await dev.client.json('DELETE', ApiPaths.app(id))).status).toBe(409);
    expect((await putApp(stranger.client, id, appFields({ name: 'Mine' }))).status).toBe(404);
    expect(await activityOf(t, dev.id)).toEqual(before);
    expect(await activityKindsOf(t, stranger.id)).toEqual(['sign_in.succeeded']);
  });

  it('writes no app.updated when nothing but the form was sent again', async () => {
    const dev = await signedInDeveloper(t);
    t.clock.advance(1000);
    const id = await createApp(dev.client, { ipRecords: '82.0.0.1' });
    expect((await putApp(dev.client, id, appFields({ ipRecords: '82.0.0.1' }))).status).toBe(200);
    expect(await activityKindsOf(t, dev.id)).toEqual(['sign_in.succeeded', 'app.created']);
  });
});
