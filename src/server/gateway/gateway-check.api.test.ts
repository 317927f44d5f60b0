import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths, InternalPaths } from '../../contract/api-paths.js';
import {
  createApp,
  putApp,
  appFields,
  signedInDeveloper,
  signInAgain,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import {
  askGateway,
  askUntil,
  askUntilSettled,
  type CheckAnswer,
} from '../../../test/support/gateway.js';
import { currentKeyOf, keyRows, keyCryptoOf } from '../../../test/support/keys.js';
import { parseSamples, valueOf } from '../../../test/support/prometheus.js';
import { signedInOperator } from '../../../test/support/operators.js';
import { SERVICE_TOKEN, SERVICE_TOKEN_ENV } from '../../../test/support/postbacks.js';
import { OpsApiPaths } from '../../contract/ops.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef-0123456789';
const GATEWAY_TOKEN = 'gateway-token-0123456789abcdef-0123456789';

let t: TestApp;
let dev: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      ...SERVICE_TOKEN_ENV,
      GATEWAY_PORT: String(await freePort()),
      GATEWAY_TOKEN,
      GATEWAY_REFRESH_MS: '20',
      METRICS_TOKEN,
      // The worker runs only the jobs the app nudges: a due hourly purge would otherwise
      // delete a rolled key the moment its grace ends, before the check is asked about it.
      JOBS_POLL_INTERVAL_MS: '3600000',
    },
  });
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

function ask(headers: Record<string, string>, options?: { method?: string; path?: string }) {
  return askGateway(t, { 'x-gateway-token': GATEWAY_TOKEN, ...headers }, options);
}

/**
 * The check's answer once it reflects the database: the refresh runs every 20 ms here, and
 * the wait allows for a loaded machine.
 */
async function settled(headers: Record<string, string>, isDone: (a: CheckAnswer) => boolean) {
  return askUntilSettled(() => ask(headers), isDone);
}

async function newApp(ips: string) {
  const id = await createApp(dev.client, { ipRecords: ips });
  return { id, key: await currentKeyOf(t, id) };
}

const reasonOf = (answer: CheckAnswer) => answer.headers.get('x-deny-reason');

describe(`the gateway check (${engine})`, () => {
  it('lets a known key from a listed address through with the headers to pass upstream', async () => {
    const { id, key } = await newApp('203.0.113.10');
    await putApp(dev.client, id, appFields({ ipRecords: '203.0.113.10', algo_id: 'algo-7' }));
    const answer = await settled(
      { 'x-api-key': key, 'x-real-ip': '203.0.113.10' },
      (a) => a.headers.get('x-algo-id') === 'algo-7',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-application-id')).toBe(id);
    expect(answer.headers.get('x-developer-id')).toBe(dev.id);
    expect(answer.headers.get('x-client-code')).toBe(
      (
        await t.db.kysely
          .selectFrom('developers')
          .select('clientCode')
          .where('id', '=', dev.id)
          .executeTakeFirstOrThrow()
      ).clientCode ?? '',
    );
    expect(answer.headers.get('x-key-grace-until')).toBeNull();
    expect(answer.body).toMatchObject({ status: 'success', applicationId: id, algoId: 'algo-7' });
  });

  it("reads Kite's Authorization: token api_key:access_token, any method, under any path", async () => {
    const { id, key } = await newApp('203.0.113.11');
    const answer = await askUntil(
      () =>
        ask(
          { authorization: `token ${key}:some-access-token`, 'x-real-ip': '203.0.113.11' },
          { method: 'POST', path: '/orders/regular' },
        ),
      (a) => a.status === 200,
      1000,
    );
    expect(answer.answer.status).toBe(200);
    expect(answer.answer.headers.get('x-application-id')).toBe(id);
  });

  it('refuses with 401 and a reason an unknown key, a missing key and a wrong gateway token', async () => {
    const unknown = await ask({ 'x-api-key': 'not-a-key', 'x-real-ip': '203.0.113.10' });
    expect(unknown.status).toBe(401);
    expect(reasonOf(unknown)).toBe('key_unknown');
    expect(unknown.body).toEqual({
      status: 'error',
      code: 'key_unknown',
      message: 'This API key is not known',
    });
    const missing = await ask({ 'x-real-ip': '203.0.113.10' });
    expect([missing.status, reasonOf(missing)]).toEqual([401, 'key_missing']);
    const { key } = await newApp('203.0.113.12');
    const noToken = await askGateway(t, { 'x-api-key': key, 'x-real-ip': '203.0.113.12' });
    expect([noToken.status, reasonOf(noToken)]).toEqual([401, 'gateway_token']);
  });

  it('refuses with 403 an address not on the list, naming it, and a call without an address', async () => {
    const { key } = await newApp('203.0.113.13');
    await settled({ 'x-api-key': key, 'x-real-ip': '203.0.113.13' }, (a) => a.status === 200);
    const other = await ask({ 'x-api-key': key, 'x-real-ip': '203.0.113.9' });
    expect(other.status).toBe(403);
    expect(reasonOf(other)).toBe('address_not_allowed');
    expect(other.body.message).toBe("203.0.113.9 is not on this app's list");
    const none = await ask({ 'x-api-key': key });
    expect([none.status, reasonOf(none)]).toEqual([403, 'address_missing']);
  });

  it('refuses a paused app, and lets it through again once active', async () => {
    const { id, key } = await newApp('203.0.113.14');
    const headers = { 'x-api-key': key, 'x-real-ip': '203.0.113.14' };
    await settled(headers, (a) => a.status === 200);
    expect(
      (await putApp(dev.client, id, appFields({ ipRecords: '203.0.113.14', isActive: 'false' })))
        .status,
    ).toBe(200);
    const paused = await settled(headers, (a) => a.status !== 200);
    expect([paused.status, reasonOf(paused)]).toEqual([403, 'app_paused']);
  });

  it("refuses an app an operator held as app_held, the operator's reason in the body only", async () => {
    const { id, key } = await newApp('203.0.113.21');
    const headers = { 'x-api-key': key, 'x-real-ip': '203.0.113.21' };
    await settled(headers, (a) => a.status === 200);
    const support = await signedInOperator(t, 'support');
    const hold = await support.client.json('POST', OpsApiPaths.applicationStatus(id), {
      json: { isActive: false, reason: 'Orders breach the exchange rules' },
    });
    expect(hold.status).toBe(200);
    const held = await settled(headers, (a) => a.status !== 200);
    expect([held.status, reasonOf(held)]).toEqual([403, 'app_held']);
    expect(held.body).toEqual({
      status: 'error',
      code: 'app_held',
      message: 'An operator paused this app: Orders breach the exchange rules',
    });
    expect([...held.headers.values()].join(' ')).not.toContain('exchange rules');
  });

  it('refuses an IP whose family proof is pending or rejected', async () => {
    const { id, key } = await newApp('203.0.113.15');
    const headers = { 'x-api-key': key, 'x-real-ip': '203.0.113.15' };
    await settled(headers, (a) => a.status === 200);
    const records = t.db.kysely.updateTable('ipRecords').where('applicationId', '=', id);
    await records.set({ familyPending: 1, adminAccept: 0 }).execute();
    const pending = await settled(headers, (a) => a.status !== 200);
    expect([pending.status, reasonOf(pending)]).toEqual([403, 'proof_pending']);
    await records.set({ rejectionReason: 'Not a family member' }).execute();
    const rejected = await settled(headers, (a) => reasonOf(a) !== 'proof_pending');
    expect([rejected.status, reasonOf(rejected)]).toEqual([403, 'proof_rejected']);
    await records.set({ adminAccept: 1, rejectionReason: null }).execute();
    expect((await settled(headers, (a) => a.status === 200)).status).toBe(200);
  });

  it('lets an old key through in its roll grace, saying until when, and refuses it after', async () => {
    const { id, key } = await newApp('203.0.113.16');
    const headers = { 'x-api-key': key, 'x-real-ip': '203.0.113.16' };
    await settled(headers, (a) => a.status === 200);
    const roll = await dev.client.json('POST', ApiPaths.rollKey(id), { json: { grace: '1h' } });
    expect(roll.status).toBe(200);
    const inGrace = await settled(headers, (a) => a.headers.get('x-key-grace-until') !== null);
    expect(inGrace.status).toBe(200);
    expect(inGrace.headers.get('x-key-grace-until')).toBe(
      new Date(t.clock.now() + 60 * 60_000).toISOString(),
    );
    const fresh = await settled(
      { 'x-api-key': await currentKeyOf(t, id), 'x-real-ip': '203.0.113.16' },
      (a) => a.status === 200,
    );
    expect(fresh.headers.get('x-key-grace-until')).toBeNull();
    t.clock.advance(60 * 60_000);
    const over = await ask(headers);
    expect([over.status, reasonOf(over)]).toEqual([401, 'key_expired']);
    expect((await keyRows(t, id)).length).toBe(2);
    await signInAgain(dev);
  });

  it('forgets a deleted app at once', async () => {
    const { id, key } = await newApp('203.0.113.17');
    const headers = { 'x-api-key': key, 'x-real-ip': '203.0.113.17' };
    await settled(headers, (a) => a.status === 200);
    expect((await dev.client.json('DELETE', ApiPaths.app(id))).status).toBe(200);
    const gone = await settled(headers, (a) => a.status !== 200);
    expect([gone.status, reasonOf(gone)]).toEqual([401, 'key_unknown']);
  });

  it('counts every answer by outcome and reason for Prometheus', async () => {
    const decisions = async () => {
      const res = await fetch(`${t.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const samples = parseSamples(await res.text());
      return {
        allowed: valueOf(samples, 'portal_gateway_decisions_total', { outcome: 'allowed' }) ?? 0,
        unknown:
          valueOf(samples, 'portal_gateway_decisions_total', {
            outcome: 'refused',
            reason: 'key_unknown',
          }) ?? 0,
      };
    };
    const before = await decisions();
    const { key } = await newApp('203.0.113.20');
    await settled({ 'x-api-key': key, 'x-real-ip': '203.0.113.20' }, (a) => a.status === 200);
    await ask({ 'x-api-key': 'unknown-key', 'x-real-ip': '203.0.113.20' });
    const after = await decisions();
    expect(after.allowed - before.allowed).toBe(1);
    expect(after.unknown - before.unknown).toBeGreaterThanOrEqual(1);
  });

  it('never stores or compares the key whole: the state holds its keyed hash', async () => {
    const { id, key } = await newApp('203.0.113.18');
    const [row] = await keyRows(t, id);
    expect(row?.lookupHash).toBe(keyCryptoOf(t).lookupHash(key));
  });
});

describe(`POST ${InternalPaths.authorize} (${engine})`, () => {
  function authorize(body: unknown, token = SERVICE_TOKEN) {
    return fetch(`${t.baseUrl}${InternalPaths.authorize}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('answers as the check does, with JSON in and out', async () => {
    const { id, key } = await newApp('203.0.113.19');
    const allowed = await askUntil(
      async () => {
        const res = await authorize({ apiKey: key, ip: '203.0.113.19' });
        return {
          status: res.status,
          headers: res.headers,
          body: (await res.json()) as Record<string, unknown>,
        };
      },
      (a) => a.status === 200,
      1000,
    );
    expect(allowed.answer.body).toMatchObject({ status: 'success', applicationId: id });
    const refused = await authorize({ apiKey: key, ip: '198.51.100.1' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-deny-reason')).toBe('address_not_allowed');
    expect(await refused.json()).toEqual({
      status: 'error',
      code: 'address_not_allowed',
      message: "198.51.100.1 is not on this app's list",
    });
  });

  it('is in the internal OpenAPI document', async () => {
    const res = await fetch(`${t.baseUrl}${InternalPaths.openApi}`);
    const doc = (await res.json()) as { paths: Record<string, { post?: { operationId: string } }> };
    expect(doc.paths[InternalPaths.authorize]?.post?.operationId).toBe('authorizeTradingCall');
  });

  it('refuses a caller without the service token', async () => {
    const res = await authorize({ apiKey: 'x', ip: '203.0.113.19' }, 'wrong');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
  });
});
