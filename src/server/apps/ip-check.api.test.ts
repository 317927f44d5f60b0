import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { Application, ApplicationResponse } from '../../contract/apps.js';
import { IpCheckLimits } from '../../contract/ip-check.js';
import { Messages } from '../../contract/messages.js';
import { runProofsCommand } from '../admin/proofs.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appFields,
  createApp,
  putApp,
  signedInDeveloper,
  signInAgain,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdf } from '../../../test/support/png.js';
import { testProofsDeps } from '../../../test/support/proofs.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let proxied: TestApp;
let dev: SignedInDeveloper;
let other: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
  dev = await signedInDeveloper(t);
  other = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
  await proxied.close();
});

const check = (who: SignedInDeveloper, json: unknown, headers: Record<string, string> = {}) =>
  who.client.json('POST', ApiPaths.ipCheck, { json, headers });

describe(`POST ${ApiPaths.ipCheck} (${engine})`, () => {
  it('says for each entry whether it is invalid, repeated or needs a proof, saving nothing', async () => {
    await createApp(other.client, { ipRecords: '30.0.0.1' });
    await createApp(dev.client, { ipRecords: '30.0.0.9' });
    const before = await t.db.kysely.selectFrom('ipRecords').select(['ip']).execute();
    const res = await check(dev, {
      ips: ['30.0.0.1', '30.0.0.2', '300.1.1.1', ' 30.0.0.2 ', '0:0:0:0:0:ffff:1e00:1', '30.0.0.9'],
    });
    expect(res.status).toBe(200);
    // Nothing names the other developer or their application.
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.ips.checked,
      results: [
        { entry: '30.0.0.1', state: 'proofNeeded' },
        { entry: '30.0.0.2', state: 'available' },
        { entry: '300.1.1.1', state: 'invalid' },
        { entry: ' 30.0.0.2 ', state: 'duplicate' },
        { entry: '0:0:0:0:0:ffff:1e00:1', state: 'duplicate' },
        // The developer's own other application needs no proof, as on save.
        { entry: '30.0.0.9', state: 'available' },
      ],
    });
    expect(await t.db.kysely.selectFrom('ipRecords').select(['ip']).execute()).toEqual(before);
  });

  it("answers the application's stored IPs as stored, and 404 for another's application", async () => {
    await createApp(other.client, { ipRecords: '31.0.0.2' });
    const id = await createApp(dev.client, { ipRecords: '31.0.0.1' });
    const res = await check(dev, { ips: ['31.0.0.1', '31.0.0.2'], applicationId: id });
    expect(res.body.results).toEqual([
      { entry: '31.0.0.1', state: 'stored' },
      { entry: '31.0.0.2', state: 'proofNeeded' },
    ]);
    const foreign = await check(other, { ips: ['31.0.0.1'], applicationId: id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: Messages.apps.notFound,
    });
  });

  it('refuses an unsigned call and more entries than the limit', async () => {
    const bearer = dev.client.bearer;
    dev.client.bearer = undefined;
    const unsigned = await check(dev, { ips: ['1.1.1.1'] });
    dev.client.bearer = bearer;
    expect(unsigned.status).toBe(401);
    const many = Array.from({ length: IpCheckLimits.maxEntries + 1 }, (_, n) => `32.0.0.${n}`);
    expect((await check(dev, { ips: many })).status).toBe(400);
  });

  it('is limited per client IP and minute', async () => {
    const caller = await signedInDeveloper(proxied);
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const statuses: number[] = [];
    for (let n = 0; n <= IpCheckLimits.checksPerMinute; n++) {
      statuses.push((await check(caller, { ips: ['1.1.1.1'] }, from)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect(
      (await check(caller, { ips: ['1.1.1.1'] }, { 'x-forwarded-for': '198.51.100.78' })).status,
    ).toBe(200);
  });
});

describe(`GET ${ApiPaths.myIp} (${engine})`, () => {
  it('answers the address the portal sees, through the trusted proxy only', async () => {
    const direct = await dev.client.json('GET', ApiPaths.myIp, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(direct.body).toEqual({
      status: 'success',
      message: Messages.ips.myIpFound,
      ip: '127.0.0.1',
    });
    const caller = await signedInDeveloper(proxied);
    const behindProxy = await caller.client.json('GET', ApiPaths.myIp, {
      headers: { 'x-forwarded-for': '10.1.1.1, 203.0.113.7' },
    });
    expect(behindProxy.body).toEqual({
      status: 'success',
      message: Messages.ips.myIpFound,
      ip: '203.0.113.7',
    });
    caller.client.bearer = undefined;
    expect((await caller.client.json('GET', ApiPaths.myIp)).status).toBe(401);
  });
});

describe(`ipChangeAllowedAt (${engine})`, () => {
  it('is null until the IPs change, then the end of the 15 days, then null again', async () => {
    const owner = await signedInDeveloper(t);
    const id = await createApp(owner.client, { ipRecords: '33.0.0.1' });
    const read = async () => {
      const one = await owner.client.json<ApplicationResponse>('GET', ApiPaths.app(id));
      const list = await owner.client.json<Application[]>('GET', ApiPaths.apps);
      return [one.body.ipChangeAllowedAt, list.body[0]?.ipChangeAllowedAt];
    };
    expect(await read()).toEqual([null, null]);
    expect((await putApp(owner.client, id, appFields({ ipRecords: '33.0.0.2' }))).status).toBe(200);
    const allowedAt = new Date(t.clock.now() + 15 * DAY).toISOString();
    expect(await read()).toEqual([allowedAt, allowedAt]);
    t.clock.advance(15 * DAY);
    await signInAgain(owner);
    expect(await read()).toEqual([null, null]);
  });
});

describe(`a rejected proof on the IP's row (${engine})`, () => {
  it('shows the reason until a new document is sent', async () => {
    const holder = await signedInDeveloper(t);
    const claimant = await signedInDeveloper(t);
    await createApp(holder.client, { ipRecords: '34.0.0.1' });
    const pdf = { bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' };
    const id = await createApp(claimant.client, {
      ipRecords: '34.0.0.1',
      ipAddressDuplicateSkip: 'true',
      [ipFieldName('34.0.0.1')]: pdf,
    });
    const reason = 'The document does not show the same address.';
    const done = await runProofsCommand(testProofsDeps(t), [
      'proofs',
      'reject',
      id,
      '34.0.0.1',
      '--reason',
      reason,
    ]);
    expect(done.exitCode).toBe(0);
    const rejected = await claimant.client.json<ApplicationResponse>('GET', ApiPaths.app(id));
    expect(rejected.body.ipRecordsWithFamilyPending).toEqual([
      {
        ip: '34.0.0.1',
        familyPending: true,
        adminAccept: false,
        documentUrl: null,
        rejectionReason: reason,
      },
    ]);
    // A new document for the kept IP is no IP change: the 15-day rule does not apply.
    const resent = await putApp(
      claimant.client,
      id,
      appFields({ ipRecords: '34.0.0.1', [ipFieldName('34.0.0.1')]: pdf }),
    );
    expect(resent.status).toBe(200);
    const stored = await t.db.kysely
      .selectFrom('ipRecords')
      .select(['rejectionReason', 'documentKey'])
      .where('applicationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.rejectionReason).toBeNull();
    expect(stored.documentKey).not.toBeNull();
  });
});
