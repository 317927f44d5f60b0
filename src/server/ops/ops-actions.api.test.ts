import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityResponse } from '../../contract/activity.js';
import { ApiPaths } from '../../contract/api-paths.js';
import type { ApplicationResponse } from '../../contract/apps.js';
import {
  OpsApiPaths,
  type AuditResponse,
  type OpsApplicationResponse,
  type OpsDeveloperResponse,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { createDeveloper, primedClient, signIn } from '../../../test/support/accounts.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let developer: SignedInDeveloper;
let support: TestOperator;
let admin: TestOperator;
let applicationId: string;

beforeAll(async () => {
  t = await startTestApp();
  developer = await signedInDeveloper(t);
  support = await signedInOperator(t, 'support');
  admin = await signedInOperator(t, 'admin');
  applicationId = await createApp(developer.client, { ipRecords: '73.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

async function lastMailTo(email: string) {
  await t.drainJobs();
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

const developerActivity = async (client = developer.client) =>
  (await client.json<ActivityResponse>('GET', ApiPaths.activity)).body.events;

const auditOf = async (action: string) =>
  (await admin.client.json<AuditResponse>('GET', `${OpsApiPaths.audit}?action=${action}`)).body
    .entries;

describe(`support's pages and actions (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('shows the developer with applications, IPs, sessions, and their activity log', async () => {
    const page = await support.client.json<OpsDeveloperResponse>(
      'GET',
      OpsApiPaths.developer(developer.id),
    );
    expect(page.body.developer).toMatchObject({
      id: developer.id,
      email: developer.email,
      isVerified: true,
      lockedUntil: null,
    });
    expect(page.body.applications).toEqual([
      expect.objectContaining({
        id: applicationId,
        isActive: true,
        ips: [{ ip: '73.0.0.1', proofState: 'none', rejectionReason: null }],
      }),
    ]);
    expect(page.body.sessions).toHaveLength(1);
    const activity = await support.client.json<ActivityResponse>(
      'GET',
      OpsApiPaths.developerActivity(developer.id),
    );
    expect(activity.body.events.map((event) => event.kind)).toContain('app.created');
    const missing = await support.client.json('GET', OpsApiPaths.developer('nobody'));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: OpsMessages.developer.notFound });
  });

  it('shows the application with its masked keys and owner', async () => {
    const page = await support.client.json<OpsApplicationResponse>(
      'GET',
      OpsApiPaths.application(applicationId),
    );
    const own = await developer.client.json<ApplicationResponse>(
      'GET',
      ApiPaths.app(applicationId),
    );
    expect(page.body.developer).toMatchObject({ id: developer.id, email: developer.email });
    expect(page.body.application.keys).toEqual([
      { masked: own.body.keys[0]?.masked, expiresAt: null },
    ]);
    expect(JSON.stringify(page.body)).not.toContain(own.body.secret);
  });

  it('pauses with a required reason: mailed, in the developer log, audited; then resumes', async () => {
    const noReason = await support.client.json(
      'POST',
      OpsApiPaths.applicationStatus(applicationId),
      {
        json: { isActive: false, reason: ' ' },
      },
    );
    expect(noReason.status).toBe(400);
    const reason = 'Orders from this app breach the exchange rules.';
    // Later than the app's creation: the developer's log is newest first, ties by random id.
    t.clock.advance(1000);
    const paused = await support.client.json('POST', OpsApiPaths.applicationStatus(applicationId), {
      json: { isActive: false, reason },
    });
    expect(paused.body).toEqual({ message: OpsMessages.application.pausedDone });
    const own = await developer.client.json<ApplicationResponse>(
      'GET',
      ApiPaths.app(applicationId),
    );
    expect(own.body.isActive).toBe(false);
    const mail = await lastMailTo(developer.email);
    expect(mail?.subject).toContain('paused');
    expect(mail?.textBody).toContain(reason);
    expect((await developerActivity())[0]).toMatchObject({
      kind: 'operator.app_paused',
      applicationId,
      ip: null,
      details: expect.objectContaining({ reason }) as unknown,
    });
    expect((await auditOf('application.paused'))[0]).toMatchObject({
      operatorEmail: support.email,
      applicationId,
      developerId: developer.id,
      reason,
    });
    const twice = await support.client.json('POST', OpsApiPaths.applicationStatus(applicationId), {
      json: { isActive: false, reason },
    });
    expect(twice.status).toBe(409);
    t.clock.advance(1000);

    const resumed = await support.client.json(
      'POST',
      OpsApiPaths.applicationStatus(applicationId),
      {
        json: { isActive: true, reason: 'Cleared by compliance.' },
      },
    );
    expect(resumed.body).toEqual({ message: OpsMessages.application.resumedDone });
    expect((await lastMailTo(developer.email))?.subject).toContain('active again');
    expect((await developerActivity())[0]?.kind).toBe('operator.app_resumed');
  });

  it('unlocks a locked account: the developer signs in again', async () => {
    const locked = await createDeveloper(t);
    const client = await primedClient(t);
    for (let n = 0; n < 6; n++) await signIn(client, locked.email, 'Wrong!Pass1');
    expect((await signIn(client, locked.email, locked.password)).status).toBe(429);
    const page = await support.client.json<OpsDeveloperResponse>(
      'GET',
      OpsApiPaths.developer(locked.id),
    );
    expect(page.body.developer.lockedUntil).not.toBeNull();

    const unlocked = await support.client.json('POST', OpsApiPaths.unlock(locked.id), {
      json: { reason: 'Caller verified by phone.' },
    });
    expect(unlocked.body).toEqual({ message: OpsMessages.developer.unlocked });
    const again = await signIn(client, locked.email, locked.password);
    expect(again.status).toBe(200);
    client.bearer = again.body.user_status.AuthenticationResult.AccessToken;
    expect((await developerActivity(client)).map((event) => event.kind)).toContain(
      'operator.account_unlocked',
    );
    expect((await auditOf('developer.unlocked'))[0]).toMatchObject({
      developerId: locked.id,
      reason: 'Caller verified by phone.',
    });
  });

  it("ends the developer's sessions: the bearer and the refresh token stop working", async () => {
    const leaving = await signedInDeveloper(t);
    t.clock.advance(1000);
    const ended = await support.client.json('POST', OpsApiPaths.endSessions(leaving.id), {
      json: {},
    });
    expect(ended.body).toEqual({ message: OpsMessages.developer.sessionsEnded });
    expect((await leaving.client.json('GET', ApiPaths.apps)).status).toBe(401);
    const page = await support.client.json<OpsDeveloperResponse>(
      'GET',
      OpsApiPaths.developer(leaving.id),
    );
    expect(page.body.sessions).toEqual([]);
    expect((await auditOf('developer.sessions_ended'))[0]).toMatchObject({
      developerId: leaving.id,
      reason: null,
    });
  });

  it('resends the verification e-mail to an unverified developer only', async () => {
    const waiting = await createDeveloper(t, { verified: false });
    t.clock.advance(61_000);
    const resent = await support.client.json('POST', OpsApiPaths.resendVerification(waiting.id), {
      json: {},
    });
    expect(resent.body).toEqual({ message: OpsMessages.developer.verificationResent });
    const codes = await t.db.kysely
      .selectFrom('oneTimeCodes')
      .select('id')
      .where('developerId', '=', waiting.id)
      .execute();
    expect(codes).toHaveLength(2);
    const verified = await support.client.json(
      'POST',
      OpsApiPaths.resendVerification(developer.id),
      {
        json: {},
      },
    );
    expect(verified.status).toBe(409);
    expect(verified.body).toMatchObject({ message: OpsMessages.developer.alreadyVerified });
  });

  it('filters the audit and exports it as CSV', async () => {
    const bySupport = await admin.client.json<AuditResponse>(
      'GET',
      `${OpsApiPaths.audit}?operator=${encodeURIComponent(support.email.toUpperCase())}`,
    );
    expect(bySupport.body.entries.length).toBeGreaterThan(3);
    expect(new Set(bySupport.body.entries.map((e) => e.operatorEmail))).toEqual(
      new Set([support.email]),
    );
    const csv = await admin.client.request(
      'GET',
      `${OpsApiPaths.auditCsv}?action=application.paused`,
    );
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain(OpsMessages.audit.csvFileName);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time,operator,action,action_code,target,developer_id,application_id,reason,ip',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Orders from this app breach the exchange rules.');
    const bad = await admin.client.json('GET', `${OpsApiPaths.audit}?cursor=abc`);
    expect(bad.status).toBe(400);
  });
});
