import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { AuthResponse, RefreshResponse } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import {
  PLACE_HEADER,
  type SessionsResponse,
  type SignOutOthersResponse,
} from '../../contract/sessions.js';
import {
  createDeveloper,
  primedClient,
  type TestDeveloper,
} from '../../../test/support/accounts.js';
import { flowIdentity, startHandOff, tokenFromForm } from '../../../test/support/flow.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

let t: TestApp;

beforeAll(async () => {
  // The test's requests come from loopback: trusting it lets X-Forwarded-For name the client.
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});

afterAll(async () => {
  await t.close();
});

interface Device {
  readonly client: HttpClient;
  readonly tokens: AuthResponse['user_status']['AuthenticationResult'];
}

async function signInFrom(
  dev: TestDeveloper,
  headers: Record<string, string> = {},
): Promise<Device> {
  const client = await primedClient(t);
  const res = await client.json<AuthResponse>('POST', ApiPaths.signin, {
    json: { email: dev.email, password: dev.password },
    headers: { 'user-agent': CHROME_LINUX, ...headers },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  const tokens = res.body.user_status.AuthenticationResult;
  client.bearer = tokens.AccessToken;
  return { client, tokens };
}

function list(device: Device) {
  return device.client.json<SessionsResponse>('GET', ApiPaths.sessions);
}

async function refresh(device: Device, dev: TestDeveloper) {
  const client = await primedClient(t);
  return client.json<RefreshResponse>('POST', ApiPaths.refresh, {
    json: { refresh_token: device.tokens.RefreshToken, id: dev.id },
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

describe(`account sessions (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('lists each sign-in with browser, client IP, place, first sign-in and last use', async () => {
    const dev = await createDeveloper(t);
    const signedInAt = t.clock.now();
    const laptop = await signInFrom(dev, {
      'x-forwarded-for': '203.0.113.7',
      [PLACE_HEADER]: 'Asia/Kolkata',
    });
    t.clock.advance(60_000);
    const phone = await signInFrom(dev, {
      'user-agent': FIREFOX_WINDOWS,
      'x-forwarded-for': '198.51.100.20',
    });

    const res = await list(laptop);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.sessions.listed,
      sessions: [
        {
          id: expect.any(String) as string,
          browser: 'Firefox on Windows',
          ip: '198.51.100.20',
          place: null,
          signedInAt: iso(signedInAt + 60_000),
          lastUsedAt: iso(signedInAt + 60_000),
          isCurrent: false,
        },
        {
          id: expect.any(String) as string,
          browser: 'Chrome on Linux',
          ip: '203.0.113.7',
          place: 'Asia/Kolkata',
          signedInAt: iso(signedInAt),
          lastUsedAt: iso(signedInAt),
          isCurrent: true,
        },
      ],
    });
    const fromPhone = await list(phone);
    expect(fromPhone.body.sessions.map((s) => s.isCurrent)).toEqual([true, false]);
  });

  it('records the last use on refresh and keeps marking the refreshed device', async () => {
    const dev = await createDeveloper(t);
    const device = await signInFrom(dev);
    const signedInAt = t.clock.now();
    t.clock.advance(20 * 60_000);
    const res = await refresh(device, dev);
    expect(res.status).toBe(200);
    const renewed = res.body.user_status.AuthenticationResult;
    device.client.bearer = renewed.AccessToken;
    const [only] = (await list(device)).body.sessions;
    expect(only).toMatchObject({
      signedInAt: iso(signedInAt),
      lastUsedAt: iso(signedInAt + 20 * 60_000),
      isCurrent: true,
    });
  });

  it('drops a place header that is not a time zone, and still signs in', async () => {
    const dev = await createDeveloper(t);
    const device = await signInFrom(dev, { [PLACE_HEADER]: 'Mars/Olympus_Mons' });
    const [only] = (await list(device)).body.sessions;
    expect(only?.place).toBeNull();
    const rows = await t.db.kysely
      .selectFrom('sessions')
      .select(['place', 'browser'])
      .where('developerId', '=', dev.id)
      .execute();
    expect(rows).toEqual([{ place: null, browser: 'Chrome on Linux' }]);
  });

  it('records a hand-off login as a session too', async () => {
    const token = await tokenFromForm(t, flowIdentity());
    const browser = new HttpClient(t.baseUrl);
    const state = await startHandOff(browser);
    const res = await browser.json<AuthResponse>(
      'GET',
      `${ApiPaths.loginWithFlow}?${new URLSearchParams({ auth: token, state }).toString()}`,
      { headers: { 'user-agent': FIREFOX_WINDOWS, [PLACE_HEADER]: 'Europe/Berlin' } },
    );
    expect(res.status).toBe(200);
    const client = new HttpClient(t.baseUrl);
    client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
    const listed = await client.json<SessionsResponse>('GET', ApiPaths.sessions);
    expect(listed.body.sessions).toEqual([
      expect.objectContaining({
        browser: 'Firefox on Windows',
        place: 'Europe/Berlin',
        ip: '127.0.0.1',
        isCurrent: true,
      }),
    ]);
  });

  it('signs out one other device: its refresh token stops working and it leaves the list', async () => {
    const dev = await createDeveloper(t);
    const here = await signInFrom(dev);
    const there = await signInFrom(dev);
    const thereId = (await list(there)).body.sessions.find((s) => s.isCurrent)?.id ?? '';

    const res = await here.client.json('DELETE', ApiPaths.session(thereId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: Messages.sessions.signedOut });
    expect((await refresh(there, dev)).status).toBe(401);
    expect((await list(here)).body.sessions.map((s) => s.isCurrent)).toEqual([true]);

    const again = await here.client.json('DELETE', ApiPaths.session(thereId));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: Messages.sessions.notFound,
    });
    expect((await refresh(here, dev)).status).toBe(200);
  });

  it("answers another developer's session with 404 and changes nothing", async () => {
    const owner = await createDeveloper(t);
    const intruder = await createDeveloper(t);
    const ownerDevice = await signInFrom(owner);
    const intruderDevice = await signInFrom(intruder);
    const before = (await list(ownerDevice)).body.sessions;
    const ownerSessionId = before[0]?.id ?? '';

    const res = await intruderDevice.client.json('DELETE', ApiPaths.session(ownerSessionId));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: Messages.sessions.notFound,
    });
    expect((await list(intruderDevice)).body.sessions.map((s) => s.id)).not.toContain(
      ownerSessionId,
    );
    expect((await list(ownerDevice)).body.sessions).toEqual(before);
    expect((await refresh(ownerDevice, owner)).status).toBe(200);
  });

  it('signs out every other device and keeps this one', async () => {
    const dev = await createDeveloper(t);
    const other = await createDeveloper(t);
    const here = await signInFrom(dev);
    const others = [await signInFrom(dev), await signInFrom(dev)];
    const stranger = await signInFrom(other);

    const res = await here.client.json<SignOutOthersResponse>(
      'POST',
      ApiPaths.signOutOtherSessions,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      status: 'success',
      message: Messages.sessions.othersSignedOut(2),
      ended: 2,
    });
    for (const device of others) expect((await refresh(device, dev)).status).toBe(401);
    expect((await list(here)).body.sessions.map((s) => s.isCurrent)).toEqual([true]);
    expect((await refresh(here, dev)).status).toBe(200);
    expect((await refresh(stranger, other)).status).toBe(200);

    const none = await here.client.json<SignOutOthersResponse>(
      'POST',
      ApiPaths.signOutOtherSessions,
    );
    expect(none.body).toMatchObject({ message: Messages.sessions.othersSignedOut(0), ended: 0 });
  });

  it('does not list a session that was logged out', async () => {
    const dev = await createDeveloper(t);
    const here = await signInFrom(dev);
    const gone = await signInFrom(dev);
    const logout = await (
      await primedClient(t)
    ).json('POST', ApiPaths.logout, {
      json: { refresh_token: gone.tokens.RefreshToken },
    });
    expect(logout.status).toBe(200);
    expect((await list(here)).body.sessions).toHaveLength(1);
  });

  it.each([
    ['GET', ApiPaths.sessions],
    ['DELETE', ApiPaths.session('x')],
    ['POST', ApiPaths.signOutOtherSessions],
  ])('refuses %s %s without a bearer token', async (method, path) => {
    const client = await primedClient(t);
    const res = await client.json(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 'error',
      code: 'unauthorized',
      message: Messages.session.unauthorized,
    });
  });

  it('answers 400 for a session id that is too long', async () => {
    const dev = await createDeveloper(t);
    const here = await signInFrom(dev);
    const res = await here.client.json('DELETE', ApiPaths.session('x'.repeat(65)));
    expect(res.status).toBe(400);
  });
});
